"""``bumtable create``: a table made at a real server from the terminal, with its links printed; bad input is said
before anything is sent, and a refusal or an unreachable server in one line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import httpx
from server_fixtures import ON_SQLITE
from server_helpers import Server, free_port

ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}


def create(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "create", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )


@ON_SQLITE
def test_create_makes_the_table_described_and_prints_a_link_per_seat(server: Server) -> None:
    made = create(
        "bum-game",
        "--server",
        server.http,
        "--people",
        "2",
        "--bots",
        "random,heuristic",
        "--target",
        "8",
        "--clock",
        "600+5",
        "--away-after",
        "30",
        "--seed",
        "7",
        "--listed",
        "--wait",
        "--pace",
        "1.5",
        "--chat-spectators",
    )
    assert made.returncode == 0, made.stderr
    links = re.findall(r"http://\S+/t/[0-9a-f]+\S*", made.stdout)
    seat_links = [link for link in links if "token=" in link]
    assert len(seat_links) == 2 and sum("join=" in link for link in links) == 1
    table = re.search(r"/t/([0-9a-f]+)", links[0])
    assert table is not None
    info = httpx.get(f"{server.http}/api/tables/{table.group(1)}", timeout=10).json()
    assert [(s["kind"], s["bot"]) for s in info["seats"]] == [
        ("person", None),
        ("person", None),
        ("bot", "random"),
        ("bot", "heuristic"),
    ]
    assert info["rules"]["target"] == 8 and info["rules"]["rounds"] == 0
    assert info["settings"] == {
        "away_after": 30.0,
        "stand_in": "heuristic",
        "clock": {"bank": 600.0, "increment": 5.0},
        "listed": True,
        "seeded": True,
        "wait": True,
        "pace": 1.5,
        "chat_spectators": True,
    }
    assert info["seats"][0]["claimed"] and not info["seats"][1]["claimed"]  # seat 0 is the maker's
    alone = create("president", "--server", server.http, "--people", "1")
    assert alone.returncode == 0 and "token=" in alone.stdout
    assert (
        "join=" not in alone.stdout and "any free seat" not in alone.stdout
    )  # no seat for the join link to give
    as_json = create("president", "--server", server.http, "--people", "4", "--no-host", "--json")
    assert as_json.returncode == 0 and len(json.loads(as_json.stdout)["tokens"]) == 4


def test_bad_input_is_said_in_one_line_before_anything_is_sent() -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    for args, said in [
        (("no-such-game", "--server", nowhere), "no-such-game"),
        (("bum-game", "--server", nowhere, "--people", "9"), "--people 9"),
        (("bum-game", "--server", nowhere, "--clock", "soon"), "--clock"),
        (("bum-game", "--server", nowhere, "--bots", "genius"), "unknown bot"),
        (
            ("bum-game", "-n", "4", "--server", nowhere, "--people", "2", "--bots", "easy,medium,hard"),
            "3 bots for the 2 seats left to bots: name at most 2",
        ),
        (("bum-game", "--server", nowhere), "cannot reach the table server"),
    ]:
        made = create(*args)
        assert made.returncode != 0 and said in made.stderr, (args, made.stderr)
        assert "Traceback" not in made.stderr

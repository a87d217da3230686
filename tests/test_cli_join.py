"""``bumtable join``: two people play a whole match at a real server's table from two terminals, while a third
terminal watches; through real ``bumtable join`` processes with piped input, on SQLite and PostgreSQL."""

from __future__ import annotations

import difflib
import io
import re
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from rich.console import Console
from server_fixtures import ON_SQLITE
from server_helpers import Server
from test_cli_play import ENV

from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.families import face_for
from bumtable.rules import GameRecord, get
from bumtable.rules.climbing.plays import PASS
from bumtable.server.store import Store, TableRecord

SEATS = [
    {"kind": "person"},
    {"kind": "person"},
    {"kind": "bot", "bot": "heuristic"},
    {"kind": "bot", "bot": "random"},
]
NOTE = re.compile(
    r"^(P\d is called .*|\S+ (sat down at seat \d+|is at the table|left the table; .*|is away: .*|is back: .*))\.?$"
)
"""A line that tells who came to the table or left it (they come between the game's lines as they happen)."""
ALWAYS_ONE = "1\n" * 3000
"""Option 1 at every turn (and the first reading when a line has several): as the play tests type."""
MADE_BY = {
    "auto": "auto-played",
    "stand-in": "played by the stand-in",
    "clock": "the clock ran out: the stand-in played",
}
"""What the narration of a move adds when the server's log says it was not made by the seat's own player or bot."""


def join(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``bumtable join ARGS`` in a new process, its input piped."""
    return subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "join", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=ENV,
        encoding="utf-8",
    )


def table_when(server: Server, table: str, ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The table's public information once ``ready`` holds for it (asked again every 20 ms, for 20 s at most)."""
    deadline = time.monotonic() + 20
    while True:
        info: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
        if ready(info):
            return info
        assert time.monotonic() < deadline, f"the table never got there: {info}"
        time.sleep(0.02)


def difference(expected: str, story: str) -> str:
    """Where ``story`` first departs from ``expected`` (from the first line of ``expected`` on)."""
    want, start = expected.splitlines(), story.find(expected.splitlines()[0])
    got = story[start:].splitlines() if start >= 0 else []
    lines = difflib.unified_diff(want, got, "public story", "spectator's output", n=4, lineterm="")
    return "\n".join(list(lines)[:40])


def stored(server: Server, table: str) -> TableRecord:
    """The table as the server's database holds it."""
    store = Store(server.database)
    try:
        return next(t for t in store.load_tables() if t.id == table)
    finally:
        store.close()


def with_maker(told: str, by: str) -> str:
    """The rendered narration of a move, its first line saying who made it (from the server's log) where that
    was not the seat's own player or bot: ``P1 passes (auto-played).``"""
    if by not in MADE_BY or not told:
        return told
    first, _, rest = told.partition("\n")
    stop = "." if first.endswith(".") else ""
    first = f"{first.removesuffix('.')} ({MADE_BY[by]}){stop}"
    assert len(first) <= 100, first  # one line still, as the client renders it
    return f"{first}\n{rest}"


def public_story(
    record: GameRecord, by: list[str], names: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """What a spectator is told of each action of the match (the face's narration of the public events, with who
    made the move where ``by``, the server's log, says it was not the seat's player; rendered as the join process
    renders it: 100 columns, no colour, suit symbols)."""
    monkeypatch.setattr(common, "fancy", lambda: True)
    rules = record.rules
    state = rules.new_state(record.seed, chance=record.chance)
    face, seats = face_for(rules), Seats(names)
    told, seen = [], len(state.events(None))
    for text, maker in zip(record.actions, by, strict=True):
        before = state.observe(None)
        state.apply(rules.parse_action(text))
        events = state.events(None, seen)
        seen += len(events)
        out = io.StringIO()
        console = Console(file=out, width=100, no_color=True, highlight=False, emoji=False)
        for line in face.narrate(before, events, state.observe(None), seats):
            console.print(line)
        told.append(with_maker(out.getvalue(), maker))
    assert state.is_over()
    return told


@ON_SQLITE
def test_two_terminals_play_a_whole_match_with_two_bots_while_a_third_watches(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=23, options={"target": 8})
    links = created["links"]
    # the spectator comes in once the bots have played up to a person's turn, before anyone else is there
    came_in = table_when(server, created["id"], lambda t: t["turn"] in (0, 1))["actions"]
    with ThreadPoolExecutor(max_workers=3) as pool:
        watching = pool.submit(join, links["watch"])
        table_when(server, created["id"], lambda t: t["spectators"] == 1)
        ann = pool.submit(join, links["seats"]["0"], "--name", "Ann", stdin=ALWAYS_ONE)
        bob = pool.submit(join, links["seats"]["1"], "--name", "Bob", stdin=ALWAYS_ONE)
        runs = {"Ann": ann.result(), "Bob": bob.result(), "watch": watching.result()}
    for who, run in runs.items():
        assert run.returncode == 0, f"{who}: {run.stderr}\n{run.stdout[-3000:]}"
        assert "Traceback" not in run.stdout + run.stderr
    board = httpx.get(f"{server.http}/api/tables/{created['id']}/scoreboard", timeout=10).json()
    assert board["status"] == "over" and max(board["totals"]) >= 8
    winner = board["outcome"]["winners"][0]

    for me, other in (("Ann", "Bob"), ("Bob", "Ann")):
        out = runs[me].stdout
        seat = 0 if me == "Ann" else 1
        assert f"You are seat {seat} at table {created['id']}" in out
        assert out.count("Your play: 1") > 10  # asked turn after turn, and typed option 1
        assert "You play " in out and f"{other} plays " in out  # told by name, as the other chose it
        assert "Your only move, played for you: pass." in out  # the server's auto-play, said
        assert "\nYou pass (auto-played).\n" in out  # and told
        assert f"{other} passes (auto-played)" not in out  # told to its own seat only: it means no choice
        assert "Hand 2 result" in out
        name = "You" if winner == seat else ["Ann", "Bob", "P2", "P3"][winner]
        won = f"{name} {'win' if winner == seat else 'wins'} the match with {board['totals'][winner]} points"
        assert out.count(won) == 1  # told once, as it happened
        scoreboard = out.split("Final standings")[1]
        assert f"{len(board['rows'])} hands" in scoreboard.splitlines()[0]
        you = next(line.split() for line in scoreboard.splitlines() if " You " in line)
        assert you[2:] == [str(board["totals"][seat]), *(str(r["gains"][seat]) for r in board["rows"])]
        assert "left the table" not in out

    # the spectator: exactly the public story from where it came in, never a hand
    watched = runs["watch"].stdout
    assert "You are watching at table" in watched and "Your play" not in watched
    assert "Your hand" not in watched and "holds" not in watched
    record = GameRecord.from_dict(
        httpx.get(f"{server.http}/api/tables/{created['id']}/record", timeout=10).json()
    )
    log = stored(server, created["id"]).by
    assert {"seat", "auto"} <= set(log)
    public = ["seat" if by == "auto" else by for by in log]  # auto-play is told only to its own seat
    told = public_story(record, public, ("Ann", "Bob", "P2", "P3"), monkeypatch)
    assert 0 < came_in < len(told) - 100
    story = "\n".join(line for line in watched.splitlines() if not NOTE.match(line))
    expected = "".join(told[came_in:])
    assert expected in story + "\n", (
        f"the spectator's story is not the public one:\n{difference(expected, story)}"
    )
    came = [line for line in watched.splitlines() if NOTE.match(line)]
    assert "P0 is called Ann." in came and "Ann is at the table." in came, came  # who came, as they came
    assert came.index("P1 is called Bob.") + 1 == came.index("Bob sat down at seat 1."), (
        came
    )  # named on arrival
    assert "wins the match" in watched and "Final standings" in watched


@ON_SQLITE
def test_a_move_typed_that_is_not_legal_is_refused_with_the_rules_reason_and_the_turn_is_asked_again(
    server: Server,
) -> None:
    rules = get("bum-game", players=4).replace(target=8)
    seed = next(s for s in range(200) if rules.new_state(s).current_player() == 0)  # seat 0 leads hand 1
    state = rules.new_state(seed)
    reason = state.why_illegal(rules.parse_action("pass"))
    assert reason is not None
    created = server.create(game="bum-game", players=4, seed=seed, options={"target": 8})
    run = join(created["links"]["seats"]["0"], stdin="pass\n1\nquit\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    refused = out.index(f"Not allowed: {reason}")
    assert out[refused:].split("\n", 2)[1] == "Your play: 1"  # asked again at once, the table not drawn again
    assert "You play " in out[refused:]
    record = stored(server, created["id"])
    first = rules.parse_action(record.actions[0])
    assert first != rules.parse_action("pass") and first.kind != PASS  # the refused pass was never sent
    assert record.by[0] == "seat"


@ON_SQLITE
def test_a_seat_whose_person_left_and_came_back_goes_on_where_it_was(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seed=5, options={"target": 8})
    link = created["links"]["seats"]["0"]
    first = join(link, stdin="1\nquit\n")
    assert first.returncode == 0, first.stderr
    # the only person at the table: nobody's stand-in plays while nobody is there, so the seat just waits
    assert "You left the table. Your seat waits for you.\n" in first.stdout
    assert f"join '{link}'" in first.stdout
    table_when(server, created["id"], lambda t: t["turn"] == 0)  # the bots have moved up to the seat's turn
    again = join(link, "--no-auto", stdin="quit\n")  # asked even a lone move, not played for it meanwhile
    assert again.returncode == 0, again.stderr
    assert "You are seat 0" in again.stdout and "Your play: quit" in again.stdout
    info: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{created['id']}", timeout=10).json()
    assert info["actions"] > 1 and info["status"] == "playing"

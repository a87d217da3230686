"""A whole match of The Bum Game with two people and two bots through a real server: the scoreboard of the series and
of every hand, each finished hand replayed as a seat saw it, and the record (which ``bumtable replay`` reads) once
the match is over, not before."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import httpx
from server_helpers import Server, play_seat

from bumtable.rules import GameRecord, get
from bumtable.rules.events import HAND_OVER

SEATS = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}]


def test_two_people_and_two_bots_play_a_whole_match_with_its_scoreboard_and_replays(
    server: Server, tmp_path: Path
) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=31, options={"target": 12})
    table, tokens = created["id"], created["tokens"]
    api = f"{server.http}/api/tables/{table}"
    early = httpx.get(f"{api}/record", timeout=10)
    assert early.status_code == 409 and "hidden cards" in early.json()["detail"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        played = [pool.submit(play_seat, server, table, tokens[str(s)], 40 + s) for s in (0, 1)]
        for done in as_completed(played, timeout=300):  # a seat that fails says why at once
            done.result()
        finals = [f.result()[-1] for f in played]
    assert all(f["observation"]["phase"] == "over" for f in finals)

    stored = server.stored(table)
    rules = get("bum-game", players=4).replace(target=12)
    truth = rules.new_state(31)
    for text in stored.actions:
        truth.apply(rules.parse_action(text))
    outcome = truth.outcome()
    assert outcome is not None and max(outcome.scores) >= rules.target

    board = httpx.get(f"{api}/scoreboard", timeout=10).json()
    assert board["status"] == "over" and board["unit"] == "points" and board["outcome"] == outcome.to_dict()
    assert board["totals"] == list(outcome.scores) == finals[0]["observation"]["scores"]
    assert [sum(col) for col in zip(*(r["gains"] for r in board["rows"]), strict=True)] == board["totals"]
    ends = [e for e in truth.events(None) if e.kind == HAND_OVER]
    assert len(board["hands"]) == len(ends) == outcome.length and len(board["rows"]) == len(ends)
    assert [h["last_step"] for h in board["hands"]] == [e.step for e in ends]

    # a finished hand, event by event, as seat 0 saw it (and nothing the seat did not see)
    second = board["hands"][1]
    seen = httpx.get(f"{api}/hands/2", params={"token": tokens["0"]}, timeout=10).json()
    assert seen["seat"] == 0
    assert seen["events"] == [
        e.to_dict() for e in truth.events(0, second["first_seq"]) if e.seq <= second["last_seq"]
    ]
    watched = httpx.get(f"{api}/hands/2", timeout=10).json()
    assert watched["seat"] is None and not any(e["cards"] for e in watched["events"] if e["kind"] == "deal")
    assert httpx.get(f"{api}/hands/{len(ends) + 1}", timeout=10).status_code == 404

    # the record, whole and cut after hand 2; bumtable replay reads it
    whole = GameRecord.from_dict(httpx.get(f"{api}/record", timeout=10).json())
    assert list(whole.actions) == stored.actions and whole.replay().outcome() == outcome
    cut = GameRecord.from_dict(httpx.get(f"{api}/record", params={"hand": 2}, timeout=10).json())
    assert len(cut.actions) == second["last_step"] and cut.replay().observe(None).to_dict()["hand_no"] == 3
    saved = tmp_path / "hand2.json"
    saved.write_text(json.dumps(cut.to_dict()))
    shown = subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "replay", str(saved), "--seat", "1", "--all"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert "hand 2" in shown.stdout.lower()

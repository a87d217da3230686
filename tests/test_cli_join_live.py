"""``bumtable join`` as things happen: ``quit`` typed while others move, comings and goings shown while the
person is at the prompt, a seat told what it missed when it comes back, a spectator shown the table as it comes
in, and the end of a match (the result once, the final standings, the record's link whole and replayable).
Real ``bumtable join`` processes at a real server on loopback, typed into as the test goes."""

from __future__ import annotations

import codecs
import io
import os
import re
import subprocess
import sys
import threading
import time
from types import TracebackType
from typing import Any

import httpx
import pytest
from rich.console import Console
from server_fixtures import ON_SQLITE
from server_helpers import Server, next_of
from test_cli_join import ALWAYS_ONE, join, table_when
from test_cli_join_seat import ONE_PERSON, TWO_PEOPLE, moves, seat_zero_leads
from test_cli_play import ENV

from bumtable.cards import Card
from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.faces.terminal.families import face_for
from bumtable.rules import get
from bumtable.rules.registry import rules_from_dict
from bumtable.words import ordinal

WAIT = 20.0
"""Seconds a test waits for the client to show something (or to end) before it fails."""


class Terminal:
    """A ``bumtable join`` process typed into as the test goes, its output read as it comes (stderr with it)."""

    def __init__(self, *args: str, columns: int = 100) -> None:
        env = {**ENV, "COLUMNS": str(columns), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bumtable.cli", "join", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.text = ""
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        decoder = codecs.getincrementaldecoder("utf-8")()
        fd = self.process.stdout.fileno()
        while chunk := os.read(fd, 4096):
            with self.changed:
                self.text += decoder.decode(chunk)
                self.changed.notify_all()

    def wait_for(self, wanted: str, after: int = 0) -> int:
        """Where ``wanted`` first shows in the output from ``after`` on, once it has (the test fails after
        :data:`WAIT` seconds without it)."""
        deadline = time.monotonic() + WAIT
        with self.changed:
            while (at := self.text.find(wanted, after)) < 0:
                left = deadline - time.monotonic()
                assert left > 0, f"never shown: {wanted!r}\n--- output:\n{self.text[-3000:]}"
                self.changed.wait(left)
        return at

    def enter(self, line: str) -> None:
        """Type a line."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def ended(self) -> int:
        """The exit status, once the process has ended (the test fails if it runs on :data:`WAIT` seconds)."""
        try:
            code = self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the client did not end\n--- output:\n{self.text[-3000:]}")
        self.reader.join(WAIT)  # the output read to its end
        assert not self.reader.is_alive()
        return code

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def leads(seat: int) -> int:
    """A seed of a Bum Game for 4 (to 8 points) whose first hand ``seat`` leads."""
    rules = get("bum-game", players=4).replace(target=8)
    return next(s for s in range(200) if rules.new_state(s).current_player() == seat)


def replayed(server: Server, table: str) -> Any:
    """The table's state now, rebuilt from the server's log (for what each viewer should have been shown)."""
    record = server.stored(table)
    rules = rules_from_dict(record.rules)
    state = rules.new_state(record.seed)
    for text in record.actions:
        state.apply(rules.parse_action(text))
    return state


def rendered(lines: list[Any]) -> list[str]:
    """Renderables as the join process prints them (100 columns, no colour), line by line."""
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, highlight=False, emoji=False)
    for line in lines:
        console.print(line)
    return [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]


# ---------------------------------------------------------------------- quit, comings and goings
@ON_SQLITE
def test_join_quit_typed_while_others_move_leaves_at_once(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=TWO_PEOPLE, seed=leads(1), options={"target": 8}
    )
    with server.connect(created["id"], created["tokens"]["1"]) as bob:  # P1 is to lead, and thinks on
        next_of(bob, "state")
        with Terminal(created["links"]["seats"]["0"]) as ann:
            ann.wait_for("You are seat 0 at table")  # P1 is to move
            ann.enter("quit")
            code = ann.ended()
        info = table_when(server, created["id"], lambda t: not t["seats"][0]["present"])  # left cleanly
    assert code == 0, ann.text
    assert "Traceback" not in ann.text and "error:" not in ann.text
    assert "Your play" not in ann.text  # never asked: it was never this seat's turn
    assert "You left the table." in ann.text and created["links"]["seats"]["0"] in ann.text
    assert info["actions"] == 0 and info["turn"] == 1  # P1 never moved: the client did not wait for it


@ON_SQLITE
def test_join_someone_leaving_arriving_or_stood_in_for_is_shown_when_it_happens(server: Server) -> None:
    created = server.create(
        game="bum-game",
        players=4,
        seats=TWO_PEOPLE,
        seed=seat_zero_leads(),
        options={"target": 8},
        settings={"away_after": 1},
    )
    with Terminal(created["links"]["seats"]["0"]) as ann:
        # Ann is at the prompt before anyone else comes: with someone else at the table first, a client slow to
        # start (a loaded machine) would be away for away_after (1 s) and the stand-in would play seat 0's lead.
        asked = ann.wait_for("Your play: ")  # nothing is typed until the end
        with server.connect(created["id"], created["tokens"]["1"]) as bob:
            next_of(bob, "state")
            sat = ann.wait_for("P1 sat down at seat 1.", asked)
        left = ann.wait_for("P1 left the table; their seat waits for them.", sat)
        away = ann.wait_for("P1 is away: a heuristic bot plays their seat until they come back.", left)
        with server.connect(created["id"], created["tokens"]["1"]) as again:
            next_of(again, "state")
            came = ann.wait_for("P1 is at the table.", away)
            back = ann.wait_for("P1 is back: the stand-in bot gives their seat back.", away)
        gone = ann.wait_for("P1 left the table; their seat waits for them.", max(came, back))
        ann.wait_for("Your play: ", gone)  # the question asked again under what was shown
        ann.enter("quit")
        assert ann.ended() == 0
    told = ann.text[asked:]
    assert told.index("Your play: quit") > told.rindex("P1 left the table")  # all shown before the line
    assert told.count("Your play: ") >= 5  # asked again under each change (P1 came and was back: one)


# ---------------------------------------------------------------------- coming in
@ON_SQLITE
def test_join_a_player_who_rejoins_is_told_what_happened_while_away(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=seat_zero_leads())
    link = created["links"]["seats"]["0"]
    first = join(link, stdin="1\nquit\n")  # plays its lead, then leaves while the bots play on
    assert first.returncode == 0, first.stderr
    table_when(server, created["id"], lambda t: t["turn"] == 0 and t["actions"] > 1)
    again = join(link, stdin="quit\n")
    assert again.returncode == 0, again.stderr

    made = moves(server, created["id"])
    last = max(i for i, (actor, _, _) in enumerate(made) if actor == 0)
    missed = [actor for actor, _, _ in made[last + 1 :] if actor is not None]
    assert missed and 0 not in missed
    by = [f"P{p} ({missed.count(p)})" for p in sorted(set(missed))]
    who = by[0] if len(by) == 1 else f"{', '.join(by[:-1])} and {by[-1]}"
    many = f"{count_word(len(missed))} move{'s' if len(missed) != 1 else ''}"
    summary = f"While you were away (since your last move): {many}, by {who}."
    out = again.stdout
    assert summary in out, out
    assert "While you were away" not in first.stdout  # a seat that had not moved yet (the deal is no move)
    assert "While you were away" not in finished_gin_bummy(server)[1]  # nor the cut, which names seat 0 first
    block = out[out.index(summary) : out.index("Your play: quit")]
    assert "Scores: You 0, P1 0, P2 0, P3 0" in block

    state = replayed(server, created["id"])  # only what the seat may know: no card another seat holds
    monkeypatch.setattr(common, "fancy", lambda: True)
    for seat in (1, 2, 3):
        for card in state.observe(seat).hand:
            shown = Card(card).pretty()
            assert Card(card).is_joker or shown not in block, (seat, shown, block)


@ON_SQLITE
def test_join_a_spectator_joining_mid_hand_sees_the_table_at_once(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=leads(1), options={"target": 8}
    )
    info = table_when(server, created["id"], lambda t: t["turn"] == 0 and t["actions"] >= 3)  # mid-hand
    state = replayed(server, created["id"])
    monkeypatch.setattr(common, "fancy", lambda: True)  # as the process prints cards
    rules = state.rules
    names = tuple(f"P{p}" for p in range(4))
    kinds = ("person, away", "heuristic bot", "heuristic bot", "random bot")  # the seats of ONE_PERSON
    expected = rendered(face_for(rules).turn_view(state.observe(None), Seats(names, None, kinds)))
    assert any(line.startswith("Trick: ") for line in expected)
    with Terminal(created["links"]["watch"]) as watching:
        watching.wait_for("You are watching at table")
        at = watching.wait_for(expected[-1])  # the table drawn at once, nothing typed yet
        watching.enter("quit")
        assert watching.ended() == 0
    out = watching.text
    table = out[: at + len(expected[-1])]
    for line in expected:
        assert line in table, f"{line!r} not shown:\n{table}"
    assert "Your hand" not in out and "Your play" not in out
    assert "You stopped watching." in out
    assert table_when(server, created["id"], lambda t: True)["actions"] == info["actions"]


# ---------------------------------------------------------------------- the end of a match
FINISHED: dict[int, tuple[dict[str, Any], str]] = {}
"""One finished game of Gin Bummy per server, played through ``bumtable join`` in a narrow terminal."""


def finished_gin_bummy(server: Server) -> tuple[dict[str, Any], str]:
    """A game of Gin Bummy between a person (typing option 1 every time) and a bot, played to its end through
    ``bumtable join`` 60 columns wide: the table as made and what the person was shown."""
    if server.port not in FINISHED:
        created = server.create(game="gin-bummy", seats=[{"kind": "person"}, {"kind": "bot"}], seed=3)
        env = {**ENV, "COLUMNS": "60"}
        run = subprocess.run(
            [sys.executable, "-m", "bumtable.cli", "join", created["links"]["seats"]["0"]],
            input=ALWAYS_ONE,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            encoding="utf-8",
        )
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stdout + run.stderr
        FINISHED[server.port] = created, run.stdout
    return FINISHED[server.port]


def outcome(server: Server, table: str) -> dict[str, Any]:
    """The finished game's outcome as the server's scoreboard gives it."""
    board = httpx.get(f"{server.http}/api/tables/{table}/scoreboard", timeout=10).json()
    assert board["status"] == "over"
    found: dict[str, Any] = board["outcome"]
    return found


@ON_SQLITE
def test_join_gin_bummy_result_is_printed_once(server: Server) -> None:
    created, out = finished_gin_bummy(server)
    ended = outcome(server, created["id"])
    assert ended["reason"] == "bum"
    winner = "You" if ended["winners"] == [0] else "P1"
    assert out.count(f"{winner} {'win' if winner == 'You' else 'wins'} with Bum!") == 1, out[-2000:]


@ON_SQLITE
def test_join_match_end_prints_the_final_standings(server: Server) -> None:
    created, out = finished_gin_bummy(server)
    ended = outcome(server, created["id"])
    standings = out[out.index("Final standings") :].splitlines()
    for seat, name in enumerate(("You", "P1")):
        place = ordinal(ended["places"][seat])
        row = rf"^\s*{place}\s+{name}\s+{ended['scores'][seat]}\s*$"
        assert any(re.match(row, line) for line in standings), (row, standings)
    best = next(i for i, line in enumerate(standings) if "1st" in line)
    assert best < next(i for i, line in enumerate(standings) if "2nd" in line)  # best first


@ON_SQLITE
def test_join_record_link_is_printed_whole_on_a_line_of_its_own(server: Server) -> None:
    created, out = finished_gin_bummy(server)
    record = f"{server.http}/api/tables/{created['id']}/record"
    lines = out.splitlines()
    assert f"  {record}" in lines  # nothing else on its line, nothing wrapped into it
    assert any(line.strip().endswith(f"replay {record}") for line in lines)
    assert all(len(line) <= 60 or record in line for line in lines[-6:])


@ON_SQLITE
def test_replay_url_replays_the_record_link_the_server_gives(server: Server) -> None:
    created, out = finished_gin_bummy(server)
    command = next(line.strip() for line in out.splitlines() if line.strip().endswith("/record"))
    record = command.split()[-1]
    assert record == f"{server.http}/api/tables/{created['id']}/record"
    run = subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "replay", record, "--all"],
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        encoding="utf-8",
    )
    assert run.returncode == 0, run.stderr
    actions = len(server.stored(created["id"]).actions)
    assert f"Replaying {actions} actions of gin-bummy for 2" in run.stdout
    assert "wins with Bum!" in run.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "replay", f"{server.http}/api/tables/none/record", "--all"],
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        encoding="utf-8",
    )
    assert missing.returncode != 0 and "cannot fetch the record" in missing.stderr

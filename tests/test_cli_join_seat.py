"""``bumtable join``'s seat settings and who made each move, at a real server's table: ``--name`` and
``--auto/--no-auto`` (set as the seat arrives, a bad name refused before anything is asked of the server, or
by the server), ``auto on``/``auto off`` at the prompt, and the narration of a move made by auto-play, by the
stand-in of an away player or by the stand-in when the clock ran out. Real ``bumtable join`` processes, or the
client's loop in this process where the test must answer the prompt as the table stands."""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from server_fixtures import ON_SQLITE
from server_helpers import Server, next_of
from test_cli_join import MADE_BY, join

from bumtable.cli.prompt import LineReader
from bumtable.cli.remote import RemoteTable
from bumtable.client.links import RemoteError, TableLink
from bumtable.rules import get
from bumtable.rules.registry import rules_from_dict

ONE_PERSON = [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
NAME_RULE = "a name is 1 to 24 letters, digits, spaces and .'-_, starting with a letter, a digit or _"


class Person(io.StringIO):
    """Someone at the prompt: each line typed is what ``answer`` says when asked."""

    def __init__(self, answer: Callable[[], str]) -> None:
        super().__init__()
        self.answer = answer

    def readline(self, size: int = -1, /) -> str:
        return self.answer() + "\n"


def sit(link: str, answer: Callable[[RemoteTable], str], **options: Any) -> tuple[int, str]:
    """Play the seat of ``link`` with the client's loop in this process, ``answer`` typing each line as the table
    stands (the client is given to it); the exit code and what was printed (wide: no line wrapped)."""
    out = io.StringIO()
    console = Console(file=out, width=300, no_color=True, highlight=False)
    reader = LineReader(console, stream=Person(lambda: answer(table)))
    table = RemoteTable(TableLink.parse(link), console, reader, seat_link=link, **options)
    return table.run(), out.getvalue()


def seat_info(server: Server, table: str, seat: int) -> dict[str, Any]:
    """A seat as the server keeps it: its name, whether it is taken, and its auto-play (which the table's public
    information does not tell: it would say which moves were a seat's only ones)."""
    kept = server.stored(table).seats[seat]
    return {"name": kept.name, "claimed": kept.claimed, "auto": kept.auto}


def moves(server: Server, table: str) -> list[tuple[int | None, int, str]]:
    """Each action of the table's log: the seat that made it, how many legal actions it had, and who made it
    (``by``: seat, auto, stand-in, clock)."""
    record = server.stored(table)
    rules = rules_from_dict(record.rules)
    state = rules.new_state(record.seed)
    out = []
    for text, by in zip(record.actions, record.by, strict=True):
        out.append((state.current_player(), len(state.legal_actions()), by))
        state.apply(rules.parse_action(text))
    return out


def seat_zero_leads() -> int:
    """A seed of a Bum Game for 4 (to 8 points) whose first hand seat 0 leads: its first turn has many moves."""
    rules = get("bum-game", players=4).replace(target=8)
    return next(s for s in range(200) if rules.new_state(s).current_player() == 0)


# ---------------------------------------------------------------------- --name and --auto/--no-auto
@ON_SQLITE
def test_the_name_and_no_auto_are_the_seats_from_its_arrival_and_every_lone_move_is_asked(
    server: Server,
) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=3, options={"target": 8})
    link = created["links"]["seats"]["0"]
    run = join(link, "--name", "Ann Lee", "--no-auto", stdin="1\n" * 60 + "quit\n")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert (
        "Auto-play is off: your turns with one legal move are asked too. Type auto on to switch it on."
        in run.stdout
    )
    assert "Your only move, played for you" not in run.stdout and "(auto-played)" not in run.stdout
    seat = seat_info(server, created["id"], 0)
    assert seat["name"] == "Ann Lee" and seat["auto"] is False
    mine = [(legal, by) for actor, legal, by in moves(server, created["id"]) if actor == 0]
    assert {by for _, by in mine} == {"seat"}  # the server played none of them
    assert any(legal == 1 for legal, _ in mine)  # a lone move too was asked, and typed

    again = join(link, stdin="quit\n")  # --auto is the default; the name stays the one chosen
    assert again.returncode == 0, again.stderr
    assert "Auto-play is on: your turns with one legal move are played for you. Type auto off" in again.stdout
    seat = seat_info(server, created["id"], 0)
    assert seat["name"] == "Ann Lee" and seat["auto"] is True


@ON_SQLITE
def test_a_bad_name_is_refused_before_anything_is_asked_of_the_server(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=3, host=False)
    seat, free = created["links"]["seats"]["0"], created["links"]["join"]
    for link, name in ((seat, "Ann!"), (seat, " Ann"), (seat, "A" * 25), (seat, ""), (free, "Ann?")):
        run = join(link, "--name", name, stdin="quit\n")
        assert run.returncode == 2 and run.stdout == ""
        assert run.stderr == f"error: bad name {name!r}: {NAME_RULE}\n"
    seat = seat_info(server, created["id"], 0)
    assert not seat["claimed"] and seat["name"] is None  # no seat given out, no connection made


@ON_SQLITE
def test_a_name_the_server_refuses_on_connecting_is_said_once_and_the_seat_is_played_unnamed(
    server: Server,
) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=3, host=False)
    link = created["links"]["seats"]["0"]
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    said = "bad name 'Ann!': names may hold letters, digits, spaces and . ' - _ only"

    class QuitOnceTold(io.StringIO):
        """Types ``quit`` once the refusal is on the screen: it may come after the first frame."""

        def readline(self, size: int | None = -1) -> str:
            deadline = time.monotonic() + 20
            while said not in out.getvalue() and time.monotonic() < deadline:
                time.sleep(0.02)
            return "quit\n"

    table = RemoteTable(  # a name the command line would refuse, handed to the client's loop itself
        TableLink.parse(link), console, LineReader(console, stream=QuitOnceTold()), name="Ann!"
    )
    ended: list[BaseException] = []

    def run() -> None:
        try:
            table.run()
        except RemoteError as e:
            ended.append(e)

    thread = threading.Thread(target=run, daemon=True)  # a client that kept trying again would never end
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), f"the client is still trying:\n{out.getvalue()}"
    assert ended == []
    assert out.getvalue().count(said) == 1, out.getvalue()
    assert "connecting again" not in out.getvalue()  # said once, not tried again
    assert seat_info(server, created["id"], 0)["claimed"]  # the seat was reached all the same
    assert seat_info(server, created["id"], 0)["name"] is None


# ---------------------------------------------------------------------- auto on, auto off at the prompt
@ON_SQLITE
def test_auto_on_and_auto_off_typed_at_the_prompt_switch_the_seats_auto_play(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=seat_zero_leads())
    link = created["links"]["seats"]["0"]
    run = join(link, "--no-auto", stdin="auto on\nauto\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "Auto-play is on: your turns with one legal move are played for you." in run.stdout
    assert "Auto-play is on: type auto on or auto off to switch it." in run.stdout  # auto alone: how
    assert seat_info(server, created["id"], 0)["auto"] is True
    off = join(link, stdin="?\nauto off\nquit\n")
    assert off.returncode == 0, off.stderr
    assert "auto on, auto off  your turns with one legal move played for you" in off.stdout  # in the help
    assert "Auto-play is off: your turns with one legal move are asked too." in off.stdout
    assert seat_info(server, created["id"], 0)["auto"] is False


@ON_SQLITE
def test_auto_on_typed_at_a_lone_move_leaves_that_move_to_the_server(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=ONE_PERSON, seed=3, options={"target": 8})
    asked: list[int] = []

    def answer(table: RemoteTable) -> str:
        asked.append(len(table.obs.legal_actions()))
        assert len(asked) < 200, "no lone move came"
        if asked.count(1) == 1 and asked[-1] == 1:
            return "auto on"
        return "quit" if 1 in asked else "1"

    code, out = sit(created["links"]["seats"]["0"], answer, auto=False)
    assert code == 0
    assert asked[-2:] == [1, asked[-1]] and asked[-1] > 1  # a lone move was asked once, then a real turn
    assert "Auto-play is on: your turns with one legal move are played for you." in out
    told = out.split("Auto-play is on")[1]
    assert re.search(r"^You \w+.*\(auto-played\)\.?$", told, re.M), told
    mine = [(legal, by) for actor, legal, by in moves(server, created["id"]) if actor == 0]
    lone = [by for legal, by in mine if legal == 1]
    assert lone[0] == "auto" and {by for legal, by in mine if legal > 1} == {"seat"}


# ---------------------------------------------------------------------- who made each move
@ON_SQLITE
def test_a_move_the_stand_in_made_for_an_away_player_is_told_as_the_stand_ins(server: Server) -> None:
    created = server.create(
        game="bum-game",
        players=4,
        seats=TWO_PEOPLE,
        seed=5,
        host=False,
        settings={"away_after": 0},
        options={"target": 8},
    )
    with server.connect(created["id"], created["tokens"]["1"]) as ws:  # seat 1 taken, then left: away
        next_of(ws, "state")
    turns: list[int] = []

    def answer(table: RemoteTable) -> str:
        turns.append(1)
        return "quit" if len(turns) > 8 else "1"

    code, out = sit(created["links"]["seats"]["0"], answer)
    assert code == 0
    lines = out.splitlines()
    away = lines.index("P1 is away: a heuristic bot plays their seat until they come back.")
    p1 = [line for line in lines[away:] if re.match(r"P1 (plays|passes)", line)]
    assert p1 and all("(played by the stand-in)" in line for line in p1), p1
    notes = [line for line in lines if any(f"({note})" in line for note in MADE_BY.values())]
    assert all(line.startswith("P1 ") or line.endswith("(auto-played).") for line in notes), notes
    assert not any(line.startswith(("P2 ", "P3 ")) for line in notes)  # the bots' own moves: nothing added
    made = [(actor, by) for actor, _, by in moves(server, created["id"])]
    assert (1, "stand-in") in made and all(by == "seat" for actor, by in made if actor in (2, 3))


@ON_SQLITE
def test_a_move_the_stand_in_made_when_the_clock_ran_out_is_told_so(server: Server) -> None:
    created = server.create(
        game="bum-game",
        players=4,
        seats=ONE_PERSON,
        seed=seat_zero_leads(),
        settings={"clock": {"bank": 1, "increment": 0}},
        options={"target": 8},
    )
    typed: list[str] = []

    def answer(table: RemoteTable) -> str:
        if typed:
            typed.append("quit")
            return "quit"
        deadline = (
            time.monotonic() + 20
        )  # the person thinks until their clock runs out and the stand-in moves
        while "clock" not in server.stored(created["id"]).by:
            assert time.monotonic() < deadline, "the clock never ran out"
            time.sleep(0.1)
        typed.append("1")
        return "1"

    code, out = sit(created["links"]["seats"]["0"], answer)
    assert code == 0 and typed == ["1", "quit"]
    lines = out.splitlines()
    ran_out = [line for line in lines if "(the clock ran out: the stand-in played)" in line]
    assert len(ran_out) == 1 and ran_out[0].startswith("You play "), ran_out
    assert lines.index(ran_out[0]) < lines.index(
        "The table moved on while you chose: your move was not sent."
    )
    made = moves(server, created["id"])
    assert made[0][0] == 0 and made[0][2] == "clock"

"""``bumtable join`` with each kind of link, with links that are wrong, across a server restart, and with the
server's refusals: real ``bumtable join`` processes at a real server (SQLite and PostgreSQL), and the client's
loop driven by a scripted connection where only a script can make the server's timing happen at will."""

from __future__ import annotations

import io
import json
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pexpect
import pytest
from rich.console import Console
from server_fixtures import ON_SQLITE, ON_SQLITE_OWN
from server_helpers import Server, free_port, next_of
from test_cli_join import join
from test_cli_play import ENV
from websockets.exceptions import ConnectionClosed

from bumtable.cli.prompt import LineReader
from bumtable.cli.remote import RemoteTable
from bumtable.client import table_socket as remote_socket
from bumtable.client.links import TableLink
from bumtable.rules import get

ONE_PERSON = [{"kind": "bot"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]


@ON_SQLITE
def test_the_join_link_gives_a_free_seat_and_prints_that_seats_own_link(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=8, host=False, options={"target": 8}
    )
    run = join(created["links"]["join"], "--name", "Ann", stdin="quit\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "You have seat 1. This is your seat's own link; keep it to come back to it:" in out
    link = out.split("keep it to come back to it:\n", 1)[1].splitlines()[0].strip()
    assert (
        link.startswith(f"{server.http}/t/{created['id']}?token=") and link != created["links"]["seats"]["1"]
    )
    assert "You are seat 1 at table" in out and "P1 You (person)" in out
    assert f"join '{link}'" in out.split("You left the table.")[1]  # how to come back, said again on leaving

    token = TableLink.parse(link).token
    with server.connect(created["id"], token) as ws:
        table = next_of(ws, "table")
    assert table["you"] == 1 and table["seats"][1]["name"] == "Ann" and table["seats"][1]["claimed"]
    back = join(link, stdin="quit\n")
    assert back.returncode == 0 and "You are seat 1 at table" in back.stdout
    full = join(created["links"]["join"], stdin="quit\n")
    assert full.returncode == 1 and full.stdout == ""
    assert full.stderr == "error: the server refused (409): every person's seat at this table is taken\n"


@ON_SQLITE
def test_a_wrong_token_or_a_missing_table_is_one_clear_line_and_a_failing_exit(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seed=1)
    page = created["links"]["watch"]
    wrong = join(f"{page}?token=not-a-seat", stdin="quit\n")
    assert wrong.returncode == 1 and wrong.stdout == ""
    assert wrong.stderr == (
        "error: the server refused: that token holds no seat at this table (a seat given out through the join "
        "link has a new token)\n"
    )
    missing = join(f"{server.http}/t/nothere?token=x", stdin="quit\n")
    assert (
        missing.returncode == 1 and missing.stderr == "error: the server refused (404): no table 'nothere'\n"
    )
    bad_code = join(f"{page}?join=not-the-code", stdin="quit\n")
    assert bad_code.returncode == 1 and bad_code.stderr == (
        "error: the server refused (403): that is not this table's join code\n"
    )


def test_a_link_that_is_no_table_link_or_a_server_that_is_not_there_is_one_clear_line() -> None:
    odd = join("http://127.0.0.1:8000/api/tables/abc")
    assert (
        odd.returncode == 1
        and odd.stderr.startswith("error: not a table link: ")
        and odd.stderr.count("\n") == 1
    )
    port = free_port()
    gone = join(f"http://127.0.0.1:{port}/t/abc?token=x")
    assert gone.returncode == 1 and gone.stdout == "" and gone.stderr.count("\n") == 1
    assert gone.stderr.startswith(
        f"error: cannot reach the table server at http://127.0.0.1:{port}/api/tables/abc"
    )


@ON_SQLITE_OWN
def test_a_lost_connection_is_opened_again_and_the_move_typed_meanwhile_is_played(own_server: Server) -> None:
    server = own_server  # this test kills it
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=8, host=False, options={"target": 8}
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", "join", created["links"]["seats"]["1"]],
        env=ENV,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=(50, 100),
    )
    try:
        child.expect_exact("Your play: ")
        server.kill()  # the server goes away while the person thinks, and comes back on the same database
        server.start()
        child.sendline("1")
        child.expect_exact("The connection to the table was lost; connecting again...")
        child.expect_exact("Connected again.")
        child.expect_exact("You play ")
        child.expect_exact("Your play: ")
        child.sendline("quit")
        child.expect_exact("You left the table.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    with server.connect(created["id"], None) as ws:
        state = next_of(ws, "state")
    assert state["step"] > 0


# ---------------------------------------------------------------------- the client's loop, scripted
WAIT = 20.0
"""Seconds a scripted test waits for the client's threads to get somewhere before it fails."""


class Script:
    """A connection whose server says what the test wrote: ``inbox`` is read in order (the client's reading
    thread waits while it is empty); an ``act`` sent is answered with ``answer`` (when given)."""

    def __init__(self, inbox: list[dict[str, Any]], answer: dict[str, Any] | None = None) -> None:
        self.inbox = inbox
        self.answer = answer
        self.sent: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        self.idle = False
        """The reading thread waits with nothing to read: whatever was read has been handed to the client."""
        self.closed = False

    def recv(self, timeout: float | None = None) -> str:
        with self.changed:
            while not self.inbox:
                if self.closed:
                    self.idle = False
                    raise ConnectionClosed(None, None)
                self.idle = True
                self.changed.notify_all()
                self.changed.wait()
            self.idle = False
            return json.dumps(self.inbox.pop(0))

    def add(self, *messages: dict[str, Any]) -> None:
        """Messages the server sends now."""
        with self.changed:
            self.inbox += messages
            self.changed.notify_all()

    def settle(self) -> None:
        """Wait until the client has been handed every message sent so far (its reader waits for more)."""
        with self.changed:
            assert self.changed.wait_for(lambda: self.idle and not self.inbox, WAIT), (
                "the reader never caught up"
            )

    def quiet(self) -> bool:
        """Whether nothing more will come, once the client has been handed what was sent (waited for)."""
        self.settle()
        return True

    def send(self, text: str) -> None:
        with self.changed:
            self.sent.append(json.loads(text))
            self.changed.notify_all()
        if self.sent[-1]["type"] == "act" and self.answer is not None:
            self.add(self.answer)

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def __enter__(self) -> Script:  # a connection is held as a context manager, as websockets' is
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Impatient(RemoteTable):
    """The client, whose person presses Ctrl-C when it would wait with nothing to come: the script has handed it
    every message, none is left to read and no line is being typed."""

    script: Script

    def take(self, wait: bool, timeout: float | None = None) -> Any:
        idle = wait and timeout is None and self.inbox.empty() and not self.keyboard.waiting
        if idle and self.script.quiet() and self.inbox.empty():  # still nothing, once all was handed over
            raise KeyboardInterrupt
        return super().take(wait, timeout)


class Typing(io.StringIO):
    """Typed lines; ``meanwhile`` is sent by the script's server as the person types (the server moved on), and
    the line comes once the client has been handed it."""

    def __init__(self, text: str, script: Script, meanwhile: list[dict[str, Any]]) -> None:
        super().__init__(text)
        self.script, self.meanwhile = script, meanwhile

    def readline(self, size: int = -1, /) -> str:
        if self.meanwhile:
            self.script.add(*self.meanwhile)
            self.meanwhile = []
            self.script.settle()
        return super().readline(size)


def messages() -> Iterator[dict[str, Any]]:
    """A ``table`` message for seat 0 of a Bum Game for 4 and ``state`` frames as the server makes them, one per
    action of option 1, from a deal where seat 0 leads."""
    rules = get("bum-game", players=4)
    state = next(s for s in map(rules.new_state, range(100)) if s.current_player() == 0)
    assert len(state.legal_actions()) > 1
    seat = {"kind": "person", "bot": None, "name": None, "claimed": True, "present": True}
    yield {
        "type": "table", "v": 1, "table": "t1", "you": 0, "game": "bum-game", "players": 4, "status": "playing",
        "problem": None, "rules": rules.to_dict(), "spectators": 0,
        "settings": {"away_after": 60.0, "stand_in": "heuristic", "clock": {"bank": 300, "increment": 5}},
        "seats": [{**seat, "seat": p, "stand_in": False, "auto": True} for p in range(4)],
    }  # fmt: skip
    seen = 0
    while True:
        events = state.events(0, seen)
        seen += len(events)
        yield {
            "type": "state", "v": 1, "table": "t1", "seat": 0, "step": len(state.history),
            "observation": state.observe(0).to_dict(), "events": [e.to_dict() for e in events], "since": 0,
            "next": seen, "clock": {"banks": [125.0, 300.0, 300.0, 300.0], "running": 0},
        }  # fmt: skip
        state.apply(state.legal_actions()[0])


def client(
    link: TableLink, console: Console, reader: LineReader, script: Script, **options: Any
) -> Impatient:
    """The client's loop on the script's connection, its person pressing Ctrl-C once nothing more can come."""
    table = Impatient(link, console, reader, **options)
    table.script = script
    return table


def play(
    script: Script, typed: str, meanwhile: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str]:
    """Run the client on the script: its exit code and what it printed."""
    monkeypatch.setattr(remote_socket, "connect", lambda *args, **kwargs: script)
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, highlight=False)
    reader = LineReader(console, stream=Typing(typed, script, meanwhile))
    link = TableLink.parse("http://127.0.0.1:1/t/t1?token=abc")
    code = client(link, console, reader, script, seat_link="http://127.0.0.1:1/t/t1?token=abc").run()
    return code, out.getvalue()


def test_a_move_the_server_refuses_is_shown_with_its_reason_and_the_turn_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, first, *_ = (m for _, m in zip(range(2), messages(), strict=False))
    refusal = {
        "type": "error",
        "v": 1,
        "code": "not-your-turn",
        "message": "it is not your turn: P1 is to act",
    }
    script = Script([table, first], answer=refusal)
    code, out = play(script, "#1\nquit\n", [], monkeypatch)
    assert code == 0
    assert [m["type"] for m in script.sent] == ["act"]  # one move sent (auto-play is in the URL)
    assert "Your clock: 2:05 left." in out  # the clock the frame gave, under the menu
    refused = out.index("Not allowed: it is not your turn: P1 is to act")
    assert out[refused:].splitlines()[1] == "Your play: quit"  # asked again at once, not drawn again
    assert "You left the table." in out


def test_a_move_typed_after_the_table_moved_on_is_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = messages()
    table, first, moved = next(stream), next(stream), next(stream)
    script = Script([table, first])
    code, out = play(script, "#1\n", [moved], monkeypatch)  # the stand-in moved while the person typed
    assert code == 130  # then the person pressed Ctrl-C while the others played
    assert script.sent == []
    assert "The table moved on while you chose: your move was not sent." in out
    assert "You play " in out.split("Your play: #1")[1]  # the stand-in's move for the seat, told
    assert "Come back to your seat with:" in out


class Dropping(Script):
    """A scripted connection that is lost the first time the client waits for the answer to a move with nothing
    to read (the server then stays silent: the person presses Ctrl-C)."""

    dropped = False
    reopened = False

    def send(self, text: str) -> None:
        super().send(text)
        if self.sent[-1]["type"] == "act" and not self.dropped:
            with self.changed:
                self.dropped = self.closed = True  # this connection ends
                self.changed.notify_all()

    def reopen(self) -> Dropping:
        """The connection opened again: the server is back, and silent."""
        with self.changed:
            self.closed, self.reopened = False, True
        return self

    def quiet(self) -> bool:
        return self.reopened and super().quiet()

    def __exit__(self, *exc: object) -> None:
        pass  # the connection opened again is this same script


def test_a_connection_opened_again_keeps_the_seats_name_and_the_auto_play_switched_at_the_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stream = messages()
    table, first = next(stream), next(stream)
    script = Dropping([table, first])
    urls: list[str] = []

    def connect(url: str, **kwargs: Any) -> Script:
        urls.append(url)
        return script if len(urls) == 1 else script.reopen()

    monkeypatch.setattr(remote_socket, "connect", connect)
    monkeypatch.setattr(remote_socket, "RECONNECT_DELAYS", (0,))
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True, highlight=False)
    reader = LineReader(console, stream=io.StringIO("auto off\n#1\n"))
    link = TableLink.parse("http://127.0.0.1:1/t/t1?token=abc")
    code = client(link, console, reader, script, name="Ann Lee").run()
    assert code == 130
    assert [m["type"] for m in script.sent] == ["auto", "act"] and script.sent[0]["on"] is False
    assert "Auto-play is off: your turns with one legal move are asked too." in out.getvalue()
    assert "Connected again." in out.getvalue()
    assert urls == [
        "ws://127.0.0.1:1/ws/tables/t1?token=abc&name=Ann+Lee&auto=true",
        f"ws://127.0.0.1:1/ws/tables/t1?token=abc&since={first['next']}&name=Ann+Lee&auto=false",
    ]


def test_leaving_says_a_stand_in_plays_only_when_another_person_is_at_the_table() -> None:
    from bumtable.cli.remote_view import quit_lines

    def table(*claimed: bool) -> dict[str, object]:
        seats = [{"seat": i, "kind": "person", "claimed": c} for i, c in enumerate(claimed)]
        return {"you": 0, "settings": {"away_after": 60, "stand_in": "heuristic"}, "seats": seats}

    alone = quit_lines("L", table(True, False), "bumtable")[0]
    together = quit_lines("L", table(True, True), "bumtable")[0]
    assert alone == "You left the table. Your seat waits for you."
    assert "after 60 s a heuristic bot plays it (while someone else is at the table)" in together

"""A seat at a server's table (or a spectator's chair), played in the terminal as ``bumtable play`` plays.

The client holds no game state: rules, observations and events come from the server, which judges every move
sent. A lost connection reopens from the next event not seen, so nothing is told twice."""

from __future__ import annotations

import queue
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from bumtable.cli import remote_view as view
from bumtable.cli.common import command_name
from bumtable.cli.prompt import LineReader
from bumtable.cli.remote_input import Keyboard, PromptReader, Typed, is_quit
from bumtable.cli.turn import Command, TurnPrompt
from bumtable.client.links import RemoteError, TableLink, scoreboard
from bumtable.client.table_socket import Lost, Message, TableSocket
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.rules import system
from bumtable.rules.events import Event
from bumtable.rules.phases import OVER
from bumtable.rules.protocol import AnyRules
from bumtable.rules.registry import family_of, rules_from_dict
from bumtable.rules_text.summary import in_force

FATAL = {"no-table", "bad-token", "seat-taken", "table-full", "engine-version"}
"""Error codes after which the server closes the connection: the table or seat cannot be had."""
REFUSED_ON_ARRIVAL = {"invalid"}
"""Error codes that end the connection when they answer its opening: the same URL would be refused again."""
REFUSED = {"bad-action": "Cannot read that", "illegal": "Not allowed", "not-your-turn": "Not allowed"}
WATCHING = "You are watching: type quit to stop."

Item = Message | Lost | Typed


class Leave(Exception):
    """``quit`` typed while no move was asked of the person: the client leaves at once."""


class RemoteTable:
    """Plays the link's seat (or watches, without a token) until the match ends or the person leaves."""

    def __init__(
        self,
        link: TableLink,
        console: Console,
        reader: LineReader,
        *,
        auto: bool = True,
        name: str | None = None,
        seat_link: str | None = None,
    ) -> None:
        self.link = link
        self.console = console
        self.reader = reader
        self.auto = auto
        self.name = name
        self.seat_link = seat_link
        self.inbox: queue.Queue[Item] = queue.Queue()  # filled by the socket's and the keyboard's threads
        self.socket = TableSocket(link, url=self.socket_url, say=self.print, put=self.inbox.put)
        self.keyboard = Keyboard(reader, self.inbox.put)
        self.prompter = PromptReader(reader, self.answer)
        self.typed: deque[str | None] = deque()  # typed ahead of the prompt; None: input ended
        self.held: deque[Message | Lost] = deque()  # came while a move was typed: told after it
        self.asking: str | None = None
        self.broken = False  # printed under the waiting question: ask it again
        self.table: dict[str, Any] | None = None
        self.rules: AnyRules | None = None
        self.face: Face | None = None
        self.turn: TurnPrompt | None = None
        self.obs: Any = None
        self.clock: dict[str, Any] | None = None
        self.clock_at = 0.0
        self.next = 0  # seq of the first event not seen: where a new connection starts
        self.step = -1
        self.waiting = False  # an action sent, its answer not come yet
        self.connection = 0  # of the last message read; one more after each loss
        self.sent_on = 0
        self.greeted = False  # this connection's first frame has come
        self.arrived = False  # this connection's first message has come
        self.queued: list[Any] = []  # the rest of a line that stood for several actions
        self.again = False  # after a refusal: ask again, the prompt only
        self.end_told = False

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play or watch to the match's end or until the person leaves: 0, or 130 on Ctrl-C."""
        try:
            self.socket.open()
            self.keyboard.start()
            while True:
                if self.obs is not None and self.obs.phase == OVER:
                    self.finish()
                    return 0
                message = self.receive(wait=False)
                if message is None:
                    if self.my_move():
                        if not self.take_turn():
                            self.leave()
                            return 0
                        continue
                    if self.quit_typed():
                        raise Leave
                    message = self.receive(wait=True)
                    if message is None:  # a line was typed
                        continue
                self.handle(message)
        except Leave:
            self.leave()
            return 0
        except KeyboardInterrupt:
            self.console.print()
            self.leave()
            return 130
        finally:
            self.socket.close()

    def my_move(self) -> bool:
        """Whether the person is to choose a move now (not the server, nor a queued line)."""
        obs = self.obs
        if obs is None or obs.seat is None or obs.turn != obs.seat or self.waiting:
            return False
        legal = obs.legal_actions()
        if not legal or (self.table is not None and self.table["status"] != "playing"):
            return False
        if self.queued:
            action = self.queued.pop(0)
            if action in legal:
                self.send_act(action)
                return False
            self.queued.clear()
        return not (self.auto and len(legal) == 1)

    def quit_typed(self) -> bool:
        """Whether ``quit`` was typed while no move is asked; a spectator's other lines are answered now."""
        if self.obs is None or self.waiting:
            return False
        while self.typed:
            line = self.typed[0]
            if is_quit(line):
                return True
            if self.obs.seat is not None:
                return False
            self.typed.popleft()
            if line is not None and line.strip():
                self.print(Text(WATCHING, style="yellow"))
        return False

    def take_turn(self) -> bool:
        """Ask the person's move and send it; False when they quit."""
        assert self.turn is not None
        obs = self.obs
        actions = self.turn.ask(obs, view.why_illegal_from(obs), show=not self.again, notes=self.clock_notes)
        self.again = False
        if actions is None:
            return False
        if not actions:  # the server plays the turn
            return True
        step = self.step
        self.catch_up()
        if self.step != step:  # a stand-in moved for the seat (its clock ran out) while the person chose
            self.print(Text("The table moved on while you chose: your move was not sent.", style="red"))
            return True
        self.send_act(actions[0])
        self.queued = list(actions[1:])
        return True

    def catch_up(self) -> None:
        while (message := self.receive(wait=False)) is not None:
            self.handle(message)

    # ------------------------------------------------------------------ what comes in
    def receive(self, *, wait: bool) -> dict[str, Any] | None:
        """The next message, held ones first; None when none came (``wait`` off) or a line was typed."""
        while True:
            item = self.held.popleft() if self.held else self.take(wait)
            if item is None:
                return None
            if isinstance(item, Typed):
                self.keep(item)
                if wait:
                    return None
            elif isinstance(item, Lost):
                self.lost(item)
            else:
                return self.message_of(item)

    def take(self, wait: bool, timeout: float | None = None) -> Item | None:
        try:
            return self.inbox.get(block=wait, timeout=timeout)
        except queue.Empty:
            return None

    def keep(self, item: Typed) -> None:
        self.keyboard.came()
        self.typed.append(item.line)

    def message_of(self, item: Message) -> dict[str, Any]:
        if item.connection != self.connection:
            self.connection, self.greeted, self.arrived = item.connection, False, False
        return item.data

    def lost(self, item: Lost) -> None:
        """Open a lost connection again, unless a newer one replaced it."""
        if item.problem is not None:
            raise RemoteError(item.problem)
        if item.connection == self.socket.connections:
            self.socket.reconnect(self.pause)

    def pause(self, seconds: float) -> None:
        """Wait before connecting again, leaving at once if the person types ``quit``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            item = self.take(True, left)
            if isinstance(item, Typed):
                self.keep(item)
                if is_quit(self.typed[0]):
                    raise Leave
            # a message or loss of the connection that was lost: nothing more of it is to be told

    def answer(self, question: str) -> str | None:
        """The line typed at the prompt; meanwhile seat changes are shown, frames and errors held."""
        ahead = bool(self.typed)
        self.asking, self.broken = question, False
        self.ask(question)
        try:
            while not self.typed:
                self.keyboard.want()
                item = self.take(True)
                if isinstance(item, Typed):
                    self.keep(item)
                elif isinstance(item, Message) and item.data.get("type") == "table" and not self.held:
                    self.handle(self.message_of(item))
                    if self.broken:
                        self.ask(question)
                        self.broken = False
                elif item is not None:
                    self.held.append(item)
        finally:
            self.asking = None
        line = self.typed.popleft()
        if line is None:
            self.console.print()
        elif ahead or not self.reader.tty:  # a terminal shows what is typed at the prompt itself
            self.console.print(line, markup=False, highlight=False)
        return line

    def ask(self, question: str) -> None:
        self.console.print(question, end="", markup=False, highlight=False)
        self.console.file.flush()

    # ------------------------------------------------------------------ messages
    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "table":
            self.on_table(message)
        elif kind == "state":
            self.on_state(message)
        elif kind == "error":
            self.on_error(message)
        self.arrived = True

    def on_table(self, message: dict[str, Any]) -> None:
        old, self.table = self.table, message
        seats = view.seats_of(message)
        you = message.get("you")
        if you is not None:  # the seat's auto-play as the table has it (another connection may switch it)
            self.auto = bool(message["seats"][you]["auto"])
        if self.rules is None:
            self.rules = rules_from_dict(message["rules"])
            self.face = face_for(self.rules)
            commands = {"auto": Command(self.switch_auto, view.AUTO_HELP)}
            self.turn = TurnPrompt(self.face, self.rules, seats, self.console, self.prompter, commands)
            self.welcome(message)
            return
        assert self.turn is not None
        self.print(*view.seat_changes(old, message, seats))
        self.turn.seats = seats

    def welcome(self, message: dict[str, Any]) -> None:
        rules, face, seats = self.rules, self.face, view.seats_of(message)
        assert rules is not None and face is not None
        self.print(Text(f"{system(rules.system).title} for {rules.players}, {face.goal(rules)}."))
        self.print(*view.lines([*in_force(rules), *view.settings_lines(message)], "dim"))
        you = message.get("you")
        who = "You are watching" if you is None else f"You are seat {you}"
        self.print(Text(f"{who} at table {message['table']}: {view.seat_list(seats)}."))
        if you is None:
            self.print(Text("Type quit to stop watching."))
        else:
            self.print(Text("Type ? for help, r for the rules, quit to leave the table (your seat waits)."))
            switch = "off" if self.auto else "on"
            self.print(Text(f"{view.auto_text(self.auto)} Type auto {switch} to switch it {switch}."))

    def on_state(self, message: dict[str, Any]) -> None:
        rules, face, turn = self.rules, self.face, self.turn
        assert rules is not None and face is not None and turn is not None
        obs = family_of(rules).observation_from_dict(message["observation"], rules)
        events = [Event.from_dict(e) for e in message["events"]]
        if self.obs is None:
            self.print(*face.opening(obs, turn.seats))  # the story so far
            self.print(*view.while_away(events, obs, face, turn.seats))
            if obs.phase != OVER and not (obs.seat is not None and obs.turn == obs.seat):
                self.console.print()
                self.print(*face.turn_view(obs, turn.seats))  # the table as it is now
        elif events and message["step"] - self.step <= 1:  # one action's events, told as play tells them
            told = face.narrate(self.obs, events, obs, turn.seats)
            if self.greeted:  # sent for the table's latest action, whose maker ``by`` names
                told = view.made_by(told, message.get("by"))
            self.print(*told)
        else:  # several actions' (after a reconnection): each told against the observation before them
            for group in view.events_by_step(events):
                self.print(*face.narrate(self.obs, group, obs, turn.seats))
        if self.obs is not None and obs.phase == OVER and self.obs.phase != OVER:
            self.end_told = True
        first, self.greeted = not self.greeted, True
        if message["step"] != self.step or (first and self.sent_on != self.connection):
            self.waiting = self.again = False  # answered; or sent before a lost connection and not taken
        self.obs, self.next, self.step = obs, message["next"], message["step"]
        self.clock, self.clock_at = message.get("clock"), time.monotonic()
        legal = obs.legal_actions()
        if obs.seat is not None and obs.turn == obs.seat and self.auto and len(legal) == 1:
            if self.queued and self.queued[0] == legal[0]:
                self.queued.pop(0)  # a line's next action, which the server plays as the only one
            else:
                only = face.option_text(obs, legal[0])
                self.print(Text.assemble("Your only move, played for you: ", only, "."))

    def on_error(self, message: dict[str, Any]) -> None:
        code, text = message.get("code", ""), message.get("message", "")
        if code in FATAL or (code in REFUSED_ON_ARRIVAL and not self.arrived):
            raise RemoteError(f"the server refused: {text}")
        label = REFUSED.get(code, "The server says") if self.waiting else "The server says"
        self.print(Text(f"{label}: {text}", style="red"))
        if self.waiting:
            self.waiting, self.again = False, True
            self.queued.clear()

    def clock_notes(self) -> Sequence[RenderableType]:
        you = None if self.obs is None else self.obs.seat
        return view.clock_line(self.clock, you, time.monotonic() - self.clock_at)

    def switch_auto(self, words: str) -> bool:
        """``auto on``/``auto off`` at the prompt; True when the turn asked is now the server's to play."""
        on = {"on": True, "off": False}.get(words.lower())
        if on is None:
            now = "on" if self.auto else "off"
            self.print(Text(f"Auto-play is {now}: type auto on or auto off to switch it.", style="red"))
            return False
        self.auto = on
        self.socket.send({"type": "auto", "v": 1, "on": on})
        self.print(Text(view.auto_text(on), style="cyan"))
        return on and self.obs is not None and len(self.obs.legal_actions()) == 1

    # ------------------------------------------------------------------ the connection
    def socket_url(self) -> str:
        return self.link.socket_url(since=self.next, name=self.name, auto=self.auto)

    def send_act(self, action: Any) -> None:
        """Send an action with the step it answers, so that a table that moved on refuses it as stale."""
        assert self.rules is not None
        self.socket.send({"type": "act", "v": 1, "action": self.rules.action_text(action), "step": self.step})
        self.waiting, self.sent_on = True, self.socket.connections

    # ------------------------------------------------------------------ endings
    def finish(self) -> None:
        """The result if not told yet, the final standings and the link to the match's record."""
        face, turn = self.face, self.turn
        assert face is not None and turn is not None
        if not self.end_told:  # the client came to a match already over: nothing told its end yet
            self.console.print()
            self.print(*face.final(self.obs, turn.seats))
        try:
            board = scoreboard(self.link)
        except RemoteError as e:
            self.print(Text(f"The scoreboard could not be fetched: {e}", style="red"))
            return
        self.console.print()
        self.print(*view.score_table(board, face, self.obs, turn.seats))
        self.console.print()
        for line in view.record_lines(self.link.api("record"), command_name()):
            if isinstance(line, str):  # a link: never wrapped inside
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            else:
                self.print(line)

    def leave(self) -> None:
        """Say where the match stands and how to come back to the seat."""
        if self.face is not None and self.turn is not None and self.obs is not None:
            self.print(*self.face.standings(self.obs, self.turn.seats))
        for line in view.quit_lines(self.seat_link, self.table, command_name()):
            self.console.print(line, markup=False, soft_wrap=True)

    def print(self, *lines: RenderableType) -> None:
        """Print lines, below the prompt's question when one waits."""
        if lines and self.asking is not None and not self.broken:
            self.console.print()
            self.broken = True
        for line in lines:
            self.console.print(line)

"""A seat at a server's table (or a spectator's chair), played in the terminal through the game's face.

The client is a face over the wire: the rules come from the server's ``table`` message, the seat's
observations and the events it saw from ``state`` frames; nothing here ever holds the game's state.
Each frame is told as ``bumtable play`` tells an action (the face's narration of the viewer's own
events), and the person's turn is asked by the same :class:`~bumtable.cli.turn.TurnPrompt`, so playing
at a server's table reads exactly like playing against bots. The server judges every move sent; a
refusal (an ``error``) is shown and the turn asked again.

With auto-play on (the default) the server plays the seat's turns that have one legal action: such a
turn is not asked, only said; ``auto on`` and ``auto off`` at the prompt switch it. The seat's name and
auto-play go in the WebSocket's URL, so they hold from the moment it arrives. A dropped connection is
opened again with ``since`` set to the next event not seen (and the name and auto-play as they are now),
so the events missed are told and nothing twice. A move the seat's own player (or bot) did not make is
told with who made it: auto-play, the stand-in of an away player, the stand-in when the clock ran out
(the frame's ``by``).

The table and the keyboard are read at once (:mod:`bumtable.cli.remote_socket`,
:mod:`bumtable.cli.remote_input`): who comes and goes is shown as it happens, also while the person is at
the prompt (the question asked again under it), and ``quit`` typed while others move leaves at once. A
frame that comes while the person types a move (a stand-in's move when the clock ran out) is told once the
line is typed, which then learns that the table moved on. On arrival the table is drawn unless the
person's turn draws it, and a seat that had moved before is told, from its own events, what happened since
its last move.
"""

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
from bumtable.cli.remote_link import RemoteError, TableLink, scoreboard
from bumtable.cli.remote_socket import Lost, Message, TableSocket
from bumtable.cli.turn import Command, TurnPrompt
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.faces.terminal.summary import in_force
from bumtable.rules import system
from bumtable.rules.events import Event
from bumtable.rules.phases import OVER
from bumtable.rules.protocol import AnyRules
from bumtable.rules.registry import family_of, rules_from_dict

FATAL = {"no-table", "bad-token", "seat-taken", "table-full", "engine-version"}
"""Error codes after which the server closes the connection: the table or the seat cannot be had."""
REFUSED_ON_ARRIVAL = {"invalid"}
"""Error codes that end the connection when they answer its opening (a bad name in the URL): the same URL
would be refused again."""
REFUSED = {"bad-action": "Cannot read that", "illegal": "Not allowed", "not-your-turn": "Not allowed"}
"""How a refused move is labelled (as ``bumtable play`` labels its own refusals)."""
WATCHING = "You are watching: type quit to stop."
"""What a spectator is told of a line typed that is not ``quit``."""

Item = Message | Lost | Typed
"""What the client waits for: a message from the table, the connection's loss, or a line typed."""


class Leave(Exception):
    """The person typed ``quit`` while no move was asked of them (others to move, or the connection being
    opened again): the client leaves at once."""


class RemoteTable:
    """Plays the seat the link holds (or watches, without a token) until the match ends or the person leaves.

    ``auto`` asks the server to play the seat's lone legal moves; ``name`` is sent as the seat's name;
    ``seat_link`` is the seat's own link, printed when the person leaves so they can come back.
    """

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
        self.inbox: queue.Queue[Item] = queue.Queue()
        """Messages, losses and lines typed, in the order they came (each from a thread of its own)."""
        self.socket = TableSocket(link, url=self.socket_url, say=self.print, put=self.inbox.put)
        self.keyboard = Keyboard(reader, self.inbox.put)
        self.prompter = PromptReader(reader, self.answer)
        """The prompt's reader: waits for the line while showing what happens at the table."""
        self.typed: deque[str | None] = deque()
        """Lines typed and not yet read (typed ahead of the prompt); None: input ended."""
        self.held: deque[Message | Lost] = deque()
        """What came while the person typed a move and is told once they have (a frame, an error, a loss)."""
        self.asking: str | None = None
        """The question at the prompt while it waits for a line."""
        self.broken = False
        """Something was printed under the question since it was asked: it is asked again."""
        self.table: dict[str, Any] | None = None
        """The last ``table`` message."""
        self.rules: AnyRules | None = None
        self.face: Face | None = None
        self.turn: TurnPrompt | None = None
        self.obs: Any = None
        """The seat's (or the spectator's) last observation."""
        self.clock: dict[str, Any] | None = None
        self.clock_at = 0.0
        self.next = 0
        """The seq of the first event not yet seen: where a new connection starts."""
        self.step = -1
        self.waiting = False
        """An action was sent and its answer (a frame, or an error) has not come yet."""
        self.connection = 0
        """The connection the messages read last came on (a new one after each loss)."""
        self.sent_on = 0
        """The connection the awaited action was sent on."""
        self.greeted = False
        """The connection's first frame (sent on connecting) has come."""
        self.arrived = False
        """The connection's first message (a ``table`` message, or the error that refuses it) has come."""
        self.queued: list[Any] = []
        """The rest of a line that stood for several actions, sent one per turn."""
        self.again = False
        """The turn is asked again after a refusal: the prompt only, not the whole turn."""
        self.end_told = False
        """The match's end was narrated as it happened (not so when the client came to a finished match)."""

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play (or watch) to the end of the match (0), or until the person leaves (0; 130 on Ctrl-C); a
        RemoteError when the table cannot be reached or refuses us."""
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
        """Whether the person is to choose a move now (nothing sent and unanswered; no move the server or
        a queued line makes)."""
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
        """Whether the person typed ``quit`` while no move is asked of them (once the table has been shown and
        any move sent has its answer). A seat's other lines wait for its next turn, as typed ahead; a
        spectator's are answered at once."""
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
        """Ask the person's move and send it (or nothing, when auto-play was switched on for a lone move);
        False when they quit (or input ended)."""
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
        """Read and show every message that has come already."""
        while (message := self.receive(wait=False)) is not None:
            self.handle(message)

    # ------------------------------------------------------------------ what comes in
    def receive(self, *, wait: bool) -> dict[str, Any] | None:
        """The next message from the table: what was held while the person typed first, then what comes. None
        when nothing has come (``wait`` off) or, waiting, when a line was typed; a lost connection is opened
        again (a RemoteError if it cannot be)."""
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
        """The next thing that comes (None when none has, ``wait`` off or after ``timeout`` seconds)."""
        try:
            return self.inbox.get(block=wait, timeout=timeout)
        except queue.Empty:
            return None

    def keep(self, item: Typed) -> None:
        """A line typed, kept until it is read."""
        self.keyboard.came()
        self.typed.append(item.line)

    def message_of(self, item: Message) -> dict[str, Any]:
        """A message's content; the first of a new connection starts that connection's count."""
        if item.connection != self.connection:
            self.connection, self.greeted, self.arrived = item.connection, False, False
        return item.data

    def lost(self, item: Lost) -> None:
        """The connection was lost: open it again (nothing for one already replaced)."""
        if item.problem is not None:
            raise RemoteError(item.problem)
        if item.connection == self.socket.connections:
            self.socket.reconnect(self.pause)

    def pause(self, seconds: float) -> None:
        """Wait before connecting again, leaving at once (:class:`Leave`) if the person types ``quit``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            item = self.take(True, left)
            if isinstance(item, Typed):
                self.keep(item)
                if is_quit(self.typed[0]):
                    raise Leave
            # a message or loss of the connection that was lost: nothing more of it is to be told

    def answer(self, question: str) -> str | None:
        """The line typed at the prompt (None at end of input). While the person thinks, who comes and goes is
        shown (the question asked again under it); frames and errors wait until the line is typed."""
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
        """Show the prompt's question."""
        self.console.print(question, end="", markup=False, highlight=False)
        self.console.file.flush()

    # ------------------------------------------------------------------ messages
    def handle(self, message: dict[str, Any]) -> None:
        """Show what a server message says and keep what it tells."""
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
        """Who is at the table and what is played, when the first ``table`` message comes."""
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
        """The seat's time left, when the table has a turn clock."""
        you = None if self.obs is None else self.obs.seat
        return view.clock_line(self.clock, you, time.monotonic() - self.clock_at)

    def switch_auto(self, words: str) -> bool:
        """``auto on`` or ``auto off`` typed at the prompt: switch the seat's auto-play (for this and every
        later connection); whether the turn asked is now the server's to play (a lone move, auto-play on)."""
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
        """The URL of a new connection: from the next event not seen, with the seat's name (if given) and
        auto-play as they are now, which the server sets as the seat arrives."""
        return self.link.socket_url(since=self.next, name=self.name, auto=self.auto)

    def send_act(self, action: Any) -> None:
        """Send an action as its text with the step of the frame it answers (a table that has moved on since
        refuses it as stale rather than taking it on a later turn), and wait for the answer."""
        assert self.rules is not None
        self.socket.send({"type": "act", "v": 1, "action": self.rules.action_text(action), "step": self.step})
        self.waiting, self.sent_on = True, self.socket.connections

    # ------------------------------------------------------------------ endings
    def finish(self) -> None:
        """The result (unless its narration told it already), the final standings from the server's
        scoreboard, and the match's record: its link whole on a line of its own, and how to replay it."""
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
        """Print renderables, one per line (below the prompt's question, when one waits for its line)."""
        if lines and self.asking is not None and not self.broken:
            self.console.print()
            self.broken = True
        for line in lines:
            self.console.print(line)

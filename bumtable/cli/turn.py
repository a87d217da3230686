"""The person's turn in the terminal, asked from their observation alone.

Both ways of playing share it: ``bumtable play`` (against bots in this process) and ``bumtable join``
(at a server's table), so a turn looks and reads the same in both. The table is drawn in full at the
first turn, when the game moves to another part (:func:`~bumtable.faces.terminal.face.scene`) and on ``t``;
other turns show the face's brief view. A typed line is read by the face's input rule; a move the
face warns about is taken only once the person confirms it. Whether an action is legal, and why not,
comes from the caller's ``why_illegal`` (the state's own in ``play``; over the wire, one worked out
from the observation). A caller may add command words of its own (``auto on`` in ``join``), read
before the face reads a move.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, NamedTuple

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

from bumtable.cli.prompt import LineReader
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.faces.terminal.face import Face, scene
from bumtable.faces.terminal.summary import rules_summary
from bumtable.rules.protocol import AnyRules

YES = ("y", "yes")

SHORT_LIST = 3
"""Readings of a typed line up to this many are listed on one line; more are laid out like the menu."""

_NOT_DRAWN = object()
"""The scene before the table was first drawn: the first turn always draws it in full."""

NO_HINTS = "No hints at a shared table: bumtable play (against bots) gives them."
"""What ``h`` says where hints are not offered (``bumtable join``: the other people get none)."""

QUIT = None
"""What :meth:`TurnPrompt.ask` answers when the person quits or input ends."""


class Command(NamedTuple):
    """A command word of the caller's own at the prompt: ``run`` is given the rest of the line and answers
    whether the turn is now the table's to make (:meth:`TurnPrompt.ask` then answers no action, ``[]``);
    ``help`` is its line of the help text."""

    run: Callable[[str], bool]
    help: str


class TurnPrompt:
    """Asks the person at ``seats.you`` for their move, showing the table as their observation has it."""

    def __init__(
        self,
        face: Face,
        rules: AnyRules,
        seats: Seats,
        console: Console,
        reader: LineReader,
        commands: Mapping[str, Command] | None = None,
        hinter: Callable[[Any], RenderableType] | None = None,
    ) -> None:
        self.face = face
        self.rules = rules
        self.seats = seats
        self.console = console
        self.reader = reader
        self.commands = dict(commands or {})
        """The caller's own command words (lower case), each read as the first word of a line."""
        self.drawn: Hashable = _NOT_DRAWN
        """The scene the full table was last drawn for."""
        self.hinter = hinter
        """What ``h`` shows for an observation (a hint); None where hints are not offered."""

    def print(self, *lines: RenderableType) -> None:
        """Print renderables, one per line."""
        for line in lines:
            self.console.print(line)

    def show_turn(self, obs: Any, options: Sequence[Any], *, full: bool = False) -> None:
        """The table as the person sees it (in full, or briefly when its scene was drawn already), and
        the numbered legal actions, read row by row."""
        self.console.print()
        now = scene(self.face, obs)
        if full or now != self.drawn:
            self.print(*self.face.turn_view(obs, self.seats))
            self.drawn = now
        else:
            self.print(*self.face.turn_brief(obs, self.seats))
        grouped = getattr(self.face, "menu_view", None)  # a face may group a long menu to fit the screen
        view = grouped(obs, options, self.console.width, self.console.height) if grouped else None
        if view is not None:
            self.print(*view)
        else:
            mark = getattr(self.face, "option_mark", "")  # how an option is typed (#3 where 3 is cards)
            items = [
                Text.assemble(
                    (f"{mark}{i}".rjust(2 + len(mark)), "bold cyan"), " ", self.face.option_text(obs, a)
                )
                for i, a in enumerate(options, 1)
            ]
            self.print(Columns(items, padding=(0, 3), column_first=False))
        self.print(Text(self.offered(self.face.hint(obs, obs.legal_actions())), style="dim"))

    def ask(
        self,
        obs: Any,
        why_illegal: Callable[[Any], str | None],
        *,
        show: bool = True,
        notes: Callable[[], Sequence[RenderableType]] = lambda: (),
    ) -> list[Any] | None:
        """The person's actions (one, or the several a typed line stands for), asked until legal and,
        where the face warns, confirmed; None when they quit or input ends; none (``[]``) when a command
        of the caller's left the turn to the table.

        ``show`` draws the turn first (off when the same turn is asked again); ``notes`` gives lines
        shown under the menu each time it is drawn (a turn clock)."""
        face = self.face
        options = face.ordered(obs, obs.legal_actions())
        if show:
            self.show_turn(obs, options)
            self.print(*notes())
        pending: str | None = None
        while True:
            line = pending if pending is not None else self.reader.ask(face.prompt)
            pending = None
            if line is None:
                return QUIT
            word, _, rest = line.strip().partition(" ")
            own = self.commands.get(word.lower())
            if own is not None:
                if own.run(rest.strip()):
                    return []
                continue
            choice = face.interpret(line, self.rules, options, why_illegal)
            if choice.command == "quit":
                return QUIT
            if choice.command is not None:
                self.obey(choice.command, obs, options)
                if choice.command == "table":
                    self.print(*notes())
                continue
            if choice.play is not None:
                actions = [choice.play, *choice.then]
            elif choice.options:
                picked, pending = self.ask_which(obs, choice.options, choice.question)
                if picked is None:
                    continue
                actions = [picked]
            else:
                label = "Cannot read that" if choice.unreadable else "Not allowed"
                self.print(Text(f"{label}: {choice.error}", style="red"))
                continue
            confirmed = self.confirm(obs, actions[0])
            if confirmed is None:
                return QUIT
            if confirmed:
                return actions

    def obey(self, command: str, obs: Any, options: Sequence[Any]) -> None:
        """Do what a command word typed at the prompt asks (help, table, rules)."""
        if command == "help":
            self.print(Text(self.offered(self.face.help)), *(Text(c.help) for c in self.commands.values()))
        elif command == "table":
            self.show_turn(obs, options, full=True)
        elif command == "rules":
            self.print(Text(rules_summary(self.rules, width=max(40, self.console.width - 1))))
        elif command == "hint":
            if self.hinter is None:
                self.print(Text(NO_HINTS, style="yellow"))
            else:
                self.print(self.hinter(obs))

    def offered(self, text: str) -> str:
        """A face's help or typing line as it stands where hints are offered, else without the hint command
        (its help line, and ``h hint,`` in the one-line reminders)."""
        if self.hinter is not None:
            return text
        lines = [line for line in text.split("\n") if not line.lstrip().startswith("h, hint")]
        return "\n".join(lines).replace("h hint, ", "")

    def confirm(self, obs: Any, action: Any) -> bool | None:
        """Whether to take ``action``: True unless the face warns about it and the person does not say
        y or yes (False: back to the prompt, nothing played); None when input ends."""
        warning = self.face.warning(obs, action)
        if warning is None:
            return True
        self.print(Text(f"Warning: {warning}", style="bold yellow"))
        answer = self.reader.ask("Play it anyway? (y/N) ")
        if answer is None:
            return None
        if answer.strip().lower() in YES:
            return True
        self.print(Text("Not played; choose again.", style="red"))
        return False

    def ask_which(
        self, obs: Any, actions: Sequence[Any], question: str | None = None
    ) -> tuple[Any | None, str | None]:
        """Which of several readings of the typed text the person meant: ``(action, None)``; or
        ``(None, line)`` for a line that answers something else (a command, a move, ``#N``), to be read
        at the prompt; or ``(None, None)`` when nothing was chosen."""
        if question is not None:
            self.print(Text(f"{question}."))
        items = [Text.assemble(f"{i}) ", self.face.option_text(obs, a)) for i, a in enumerate(actions, 1)]
        ways = "Which do you mean?" if question else f"That can be played {count_word(len(actions))} ways:"
        if len(actions) <= SHORT_LIST:
            self.print(Text.assemble(f"{ways} ", Text("  ").join(items)))
        else:
            self.print(Text(ways), Columns(items, padding=(0, 3), column_first=False))
        line = self.reader.ask("Which (number)? ")
        if line is None:
            return None, None
        answer = line.strip()
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(actions):
                return actions[k - 1], None
            self.print(Text(f"Nothing played: answer 1 to {len(actions)}; choose again.", style="red"))
            return None, None
        text: Any = self.rules.action_text
        words = {text(a).split()[0]: a for a in actions}
        if len(words) == len(actions) and answer.lower() in words:
            return words[answer.lower()], None
        if not answer:
            self.print(Text("Nothing played; choose again.", style="red"))
            return None, None
        return None, line

"""The person's turn in the terminal, asked from their observation alone: the same in ``bumtable play`` and
``bumtable join``, whose callers give ``why_illegal`` and may add command words (``auto`` in ``join``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, NamedTuple

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

from bumtable.cli.prompt import LineReader
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.faces.terminal.face import Face, scene
from bumtable.rules.protocol import AnyRules
from bumtable.rules_text.summary import rules_summary

YES = ("y", "yes")

SHORT_LIST = 3
"""Readings of a typed line up to this many are listed on one line; more are laid out like the menu."""

_NOT_DRAWN = object()  # so that the first turn draws the table in full
NO_HINTS = "No hints at a shared table: bumtable play (against bots) gives them."
QUIT = None


class Command(NamedTuple):
    """A command word of the caller's: ``run`` gets the rest of the line and answers whether the turn is now
    the table's to make; ``help`` is its line of help."""

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
        self.commands = dict(commands or {})  # lower case, read as a line's first word
        self.drawn: Hashable = _NOT_DRAWN  # the scene the full table was last drawn for
        self.hinter = hinter  # None where hints are not offered

    def print(self, *lines: RenderableType) -> None:
        for line in lines:
            self.console.print(line)

    def show_turn(self, obs: Any, options: Sequence[Any], *, full: bool = False) -> None:
        """The table (in full, or briefly when its scene was drawn already) and the numbered legal actions."""
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
        """The person's actions (several where a line stands for them), legal and, where the face warns,
        confirmed; None when they quit, ``[]`` when a command left the turn to the table."""
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
        """A face's help or typing line, less the hint command where hints are not offered."""
        if self.hinter is not None:
            return text
        lines = [line for line in text.split("\n") if not line.lstrip().startswith("h, hint")]
        return "\n".join(lines).replace("h hint, ", "")

    def confirm(self, obs: Any, action: Any) -> bool | None:
        """Whether to take ``action`` (one the face warns about needs a yes); None at the end of input."""
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
        """Which reading of the typed text the person meant: ``(action, None)``; ``(None, line)`` for a line
        to read at the prompt instead (a command, a move); ``(None, None)`` when nothing was chosen."""
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

"""A match in the terminal: one person against bots, narrated from the person's seat.

The person sees only their seat's observation. Each bot decision uses a bot made
for that decision, seeded from (game seed, seat, actions so far), so a game saved
and resumed continues exactly as it would have without the break.

At the person's turn the full table is drawn at the first turn, when the game moves to
another part (a new hand or round) and on ``t``; other turns show a short view
(the face's ``turn_brief``). A turn with a single legal action is played for the
person when ``auto`` is on, and said in one line. A move the face warns about is taken only
once the person confirms it.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from bumtable.bots import make_bot
from bumtable.cli.common import bot_seed, command_name
from bumtable.cli.face import Face, scene
from bumtable.cli.faces import face_for
from bumtable.cli.match_end import match_summary
from bumtable.cli.prompt import LineReader
from bumtable.cli.render import Seats, count_word
from bumtable.cli.saves import Seating, save_game
from bumtable.cli.summaries import rules_summary
from bumtable.rules import State

YES = ("y", "yes")

SHORT_LIST = 3
"""Readings of a typed line up to this many are listed on one line; more are laid out like the menu."""

_NOT_DRAWN = object()
"""The scene before the table was first drawn: the first turn always draws it in full."""


class Match:
    """Runs a match between the person at ``seating.human`` and bots, until it ends or the person quits.

    ``auto`` plays a turn that has a single legal action for the person (and says so). ``face`` and
    ``reader`` default to the rules' face and a reader of stdin.
    """

    def __init__(
        self,
        state: State,
        seating: Seating,
        console: Console,
        *,
        save: Path | None = None,
        meta: dict[str, Any] | None = None,
        auto: bool = True,
        face: Face | None = None,
        reader: LineReader | None = None,
    ) -> None:
        self.state = state
        self.seating = seating
        self.console = console
        self.save_path = save
        self.meta = meta or {}
        self.auto = auto
        self.human = seating.human
        self.seats = Seats.numbered(state.rules.players, seating.human, seating.kinds)
        self.reader = reader or LineReader(console)
        self.face = face or face_for(state.rules)
        self.game = state.rules.system
        self.drawn: Hashable = _NOT_DRAWN
        """The scene the full table was last drawn for."""

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the match ends (True) or the person quits or input ends (False)."""
        state, human = self.state, self.human
        self.save()
        if state.is_over():
            self.show_final()
            self.show_summary()
            return True
        self.print(*self.face.opening(state.observe(human), self.seats))
        seen = len(state.events(human))  # the story so far is told by the opening
        while not state.is_over():
            actor = state.current_player()
            assert actor is not None
            if actor == human:
                actions = self.ask_human()
                if actions is None:
                    self.say_quit()
                    return False
            else:
                seed = bot_seed(state.seed, actor, len(state.history))
                bot = make_bot(self.seating.kinds[actor], seed, game=self.game)
                actions = [bot.choose(state.observe(actor))]
            for action in actions:
                before = state.observe(human)  # per action: a face may read what was laid before a stand
                state.apply(action)
                self.save()
                events = state.events(human, seen)  # what this action did, as the person may know it
                seen += len(events)
                self.print(*self.face.narrate(before, events, state.observe(human), self.seats))
        self.show_summary()
        return True

    def save(self) -> None:
        """Write the record so far to the save file, if there is one."""
        if self.save_path is not None:
            save_game(self.save_path, self.state, self.meta)

    def print(self, *lines: Any) -> None:
        """Print renderables, one per line."""
        for line in lines:
            self.console.print(line)

    # ------------------------------------------------------------------ the person's turn
    def show_turn(self, options: list[Any], *, full: bool = False) -> None:
        """The table as the person sees it (in full, or briefly when its scene was drawn already), and
        the numbered legal actions, read row by row."""
        obs = self.state.observe(self.human)
        self.console.print()
        now = scene(self.face, obs)
        if full or now != self.drawn:
            self.print(*self.face.turn_view(obs, self.seats))
            self.drawn = now
        else:
            self.print(*self.face.turn_brief(obs, self.seats))
        items = [
            Text.assemble((f"{i:>2}", "bold cyan"), " ", self.face.option_text(obs, a))
            for i, a in enumerate(options, 1)
        ]
        self.print(Columns(items, padding=(0, 3), column_first=False))
        self.print(Text(self.face.hint(obs, obs.legal_actions()), style="dim"))

    def ask_human(self) -> list[Any] | None:
        """The person's actions (one, or the several a typed line stands for), asked until legal and,
        where the face warns, confirmed; None when they quit or input ends."""
        state, face = self.state, self.face
        obs = state.observe(self.human)
        legal = obs.legal_actions()
        if self.auto and len(legal) == 1:
            only = legal[0]
            self.print(Text.assemble("Your only move, played for you: ", face.option_text(obs, only), "."))
            return [only]
        options = face.ordered(obs, legal)
        self.show_turn(options)
        pending: str | None = None
        while True:
            line = pending if pending is not None else self.reader.ask(face.prompt)
            pending = None
            if line is None:
                return None
            choice = face.interpret(line, state.rules, options, state.why_illegal)
            if choice.command == "quit":
                return None
            if choice.command is not None:
                self.obey(choice.command, options)
                continue
            if choice.play is not None:
                actions = [choice.play, *choice.then]
            elif choice.options:
                picked, pending = self.ask_which(choice.options, choice.question)
                if picked is None:
                    continue
                actions = [picked]
            else:
                label = "Cannot read that" if choice.unreadable else "Not allowed"
                self.print(Text(f"{label}: {choice.error}", style="red"))
                continue
            confirmed = self.confirm(obs, actions[0])
            if confirmed is None:
                return None
            if confirmed:
                return actions

    def obey(self, command: str, options: list[Any]) -> None:
        """Do what a command word typed at the prompt asks (help, table, rules)."""
        if command == "help":
            self.print(Text(self.face.help))
        elif command == "table":
            self.show_turn(options, full=True)
        elif command == "rules":
            self.print(Text(rules_summary(self.state.rules)))

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

    def ask_which(self, actions: list[Any], question: str | None = None) -> tuple[Any | None, str | None]:
        """Which of several readings of the typed text the person meant: ``(action, None)``; or
        ``(None, line)`` for a line that answers something else (a command, a move, ``#N``), to be read
        at the prompt; or ``(None, None)`` when nothing was chosen."""
        obs = self.state.observe(self.human)
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
        text: Any = self.state.rules.action_text
        words = {text(a).split()[0]: a for a in actions}
        if len(words) == len(actions) and answer.lower() in words:
            return words[answer.lower()], None
        if not answer:
            self.print(Text("Nothing played; choose again.", style="red"))
            return None, None
        return None, line

    # ------------------------------------------------------------------ endings
    def say_quit(self) -> None:
        """Say where the game is kept (or that it is not) when the person stops."""
        self.print(*self.face.standings(self.state.observe(self.human), self.seats))
        if self.save_path is not None:
            self.console.print(f"Game saved to {self.save_path}.", markup=False)
            self.console.print(
                f"Resume with: {command_name()} play --load {self.save_path}", markup=False, soft_wrap=True
            )
        else:
            self.print(Text("Game not saved (use --save FILE to keep a game you may want to resume)."))

    def show_final(self) -> None:
        """The result of a match that is already over."""
        self.print(*self.face.final(self.state.observe(self.human), self.seats))

    def show_summary(self) -> None:
        """The end-of-match summary, and where the whole match is kept."""
        self.console.print()
        self.print(*match_summary(self.state, self.human, self.face, self.seats))
        if self.save_path is not None:
            self.console.print(
                f"The whole match is saved in {self.save_path}.\n"
                f"Watch it again with: {command_name()} replay {self.save_path}",
                markup=False,
                soft_wrap=True,
            )

    def again(self) -> bool:
        """Ask whether to play another match: only y or yes says so."""
        answer = self.reader.ask("Play again? (y/N) ")
        return answer is not None and answer.strip().lower() in YES

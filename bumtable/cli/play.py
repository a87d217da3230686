"""A match in the terminal: one person against bots, narrated from the person's seat.

The person sees only their seat's observation. Each bot decision uses a bot made
for that decision, seeded from (game seed, seat, actions so far), so a game saved
and resumed continues exactly as it would have without the break.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from bumtable.bots import make_bot
from bumtable.cli.common import bot_seed
from bumtable.cli.faces import face_for
from bumtable.cli.prompt import LineReader
from bumtable.cli.render import Seats, count_word
from bumtable.cli.saves import Seating, save_game
from bumtable.rules import State


class Match:
    """Runs a match between the person at ``seating.human`` and bots, until it ends or the person quits."""

    def __init__(
        self,
        state: State,
        seating: Seating,
        console: Console,
        *,
        save: Path | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.state = state
        self.seating = seating
        self.console = console
        self.save_path = save
        self.meta = meta or {}
        self.human = seating.human
        self.seats = Seats.numbered(state.rules.players, seating.human, seating.kinds)
        self.reader = LineReader(console)
        self.face = face_for(state.rules)
        self.game = state.rules.system

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the match ends (True) or the person quits or input ends (False)."""
        state, human = self.state, self.human
        self.save()
        if state.is_over():
            self.show_final()
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
    def show_turn(self, options: list[Any]) -> None:
        """The table as the person sees it, and the numbered legal actions."""
        obs = self.state.observe(self.human)
        self.console.print()
        self.print(*self.face.turn_view(obs, self.seats))
        items = [
            Text.assemble((f"{i:>2}", "bold cyan"), " ", self.face.option_text(obs, a))
            for i, a in enumerate(options, 1)
        ]
        self.print(Columns(items, padding=(0, 3), column_first=True))
        self.print(Text(self.face.hint, style="dim"))

    def ask_human(self) -> list[Any] | None:
        """The person's actions (one, or the several a typed line stands for), asked until legal; None when
        they quit or input ends."""
        state, face = self.state, self.face
        obs = state.observe(self.human)
        options = face.ordered(obs, obs.legal_actions())
        self.show_turn(options)
        while True:
            line = self.reader.ask(face.prompt)
            if line is None:
                return None
            choice = face.interpret(line, state.rules, options, state.why_illegal)
            if choice.play is not None:
                return [choice.play, *choice.then]
            if choice.command == "quit":
                return None
            if choice.command == "help":
                self.print(Text(face.help))
            elif choice.command == "table":
                self.show_turn(options)
            elif choice.options:
                picked = self.ask_which(choice.options)
                if picked is not None:
                    return [picked]
            else:
                label = "Cannot read that" if choice.unreadable else "Not allowed"
                self.print(Text(f"{label}: {choice.error}", style="red"))

    def ask_which(self, actions: list[Any]) -> Any | None:
        """Which of several readings of the typed text the person meant."""
        obs = self.state.observe(self.human)
        listed = Text("  ").join(
            Text.assemble(f"{i}) ", self.face.option_text(obs, a)) for i, a in enumerate(actions, 1)
        )
        self.print(Text.assemble(f"That can be played {count_word(len(actions))} ways: ", listed, "."))
        line = self.reader.ask("Which (number)? ")
        if line is not None and line.strip().isdigit() and 1 <= int(line) <= len(actions):
            return actions[int(line) - 1]
        text: Any = self.state.rules.action_text
        words = {text(a).split()[0]: a for a in actions}
        if line is not None and len(words) == len(actions) and line.strip().lower() in words:
            return words[line.strip().lower()]
        self.print(Text("Nothing played; choose again.", style="red"))
        return None

    # ------------------------------------------------------------------ endings
    def say_quit(self) -> None:
        """Say where the game is kept (or that it is not) when the person stops."""
        self.print(*self.face.standings(self.state.observe(self.human), self.seats))
        if self.save_path is not None:
            self.console.print(f"Game saved to {self.save_path}.", markup=False)
            self.console.print(
                f"Resume with: bumtable play --load {self.save_path}", markup=False, soft_wrap=True
            )
        else:
            self.print(Text("Game not saved (use --save FILE to keep a game you may want to resume)."))

    def show_final(self) -> None:
        """The result of a match that is already over."""
        self.print(*self.face.final(self.state.observe(self.human), self.seats))

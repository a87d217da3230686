"""A match in the terminal: one person against bots, told from the person's seat (only their observation).
Bots are seeded ``PER_DECISION``, so a saved game resumes exactly as it would have gone on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from bumtable.bots.hints import hint
from bumtable.bots.seeds import PER_DECISION
from bumtable.cli.common import command_name
from bumtable.cli.match_end import match_summary
from bumtable.cli.prompt import LineReader
from bumtable.cli.saves import Seating, save_game
from bumtable.cli.turn import YES, TurnPrompt
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.rules import State
from bumtable.sim.runner import OVER, Runner


class Match:
    """A match between the person at ``seating.human`` and bots; ``auto`` plays (and says) the person's lone
    legal moves."""

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
        hints: bool = False,
        pause: bool | None = None,
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
        self.hints = hints
        """Show the hard bot's hint at every turn (``h`` asks for it in any case)."""
        self._hint: tuple[int, Text] | None = None
        self.turn = TurnPrompt(self.face, state.rules, self.seats, console, self.reader, hinter=self.hint)
        self.pause = self.reader.tty if pause is None else pause
        """Wait for Enter at the end of a hand or round (by default in a terminal only)."""
        self._fresh = False
        """A new hand or round began after a pause: keys typed since are dropped before its first turn."""
        self._lone = False
        """The person's turn being played was a lone legal action, played for them."""
        self._view: Any = None
        """The person's observation before the next action: what its narration starts from."""
        self._seen = 0

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the match ends (True) or the person quits or input ends (False)."""
        state, human = self.state, self.human
        self.save()
        if state.is_over():
            self.show_final()
            self.show_summary()
            return True
        self._view = state.observe(human)
        self.print(*self.face.opening(self._view, self.seats))
        self._seen = len(state.events(human))  # the story so far is told by the opening
        seats = [self.ask_human if p == human else kind for p, kind in enumerate(self.seating.kinds)]
        played = Runner(state, seats, PER_DECISION, check=True).play(on_step=self.tell)
        if played.end != OVER:
            self.say_quit()
            return False
        self.show_summary()
        return True

    def tell(self, seat: int, action: Any) -> bool:
        """Save and narrate each action as the person may know it; False if they quit at a pause."""
        state = self.state
        self.save()
        before = self._view  # a face may read what was laid before a stand
        events = state.events(self.human, self._seen)  # what this action did, as the person may know it
        self._seen += len(events)
        after = self._view = state.observe(self.human)
        lines = self.face.narrate(before, events, after, self.seats)
        if seat == self.human and self._lone:
            lines = self.played_for_you(before, action, lines)
        if self.pause and _part(before) != _part(after) and not state.is_over():
            cut = next((i for i, line in enumerate(lines) if isinstance(line, Rule)), len(lines))
            self.print(*lines[:cut])
            if not self.next_part(after):
                return False
            lines = lines[cut:]
        self.print(*lines)
        return True

    def played_for_you(self, before: Any, action: Any, lines: list[Any]) -> list[Any]:
        """The narration of a lone move played for the person, saying so once."""
        first = lines[0] if lines else None
        if isinstance(first, Text) and first.plain.startswith("You "):
            told = first.copy()
            dots = len(told.plain) - len(told.plain.rstrip("."))
            if dots:
                told.right_crop(dots)
            told.append(": your only move, played for you.", style="dim")
            return [told, *lines[1:]]
        said = Text.assemble("Your only move, played for you: ", self.face.option_text(before, action), ".")
        return [said, *lines]

    def next_part(self, obs: Any) -> bool:
        """Wait for Enter before the next hand or round, dropping keys typed ahead; False when they quit."""
        word = "hand" if getattr(obs, "hand_no", None) is not None else "round"
        while True:
            self.reader.discard_typed_ahead()
            answer = self.reader.ask(f"Press Enter for the next {word} (or quit to stop) ")
            if answer is None:
                return False
            if answer.strip().lower() not in ("q", "quit", "exit"):
                break
            if self.confirm_quit():
                return False
        self._fresh = True
        return True

    def save(self) -> None:
        if self.save_path is not None:
            save_game(self.save_path, self.state, self.meta)

    def print(self, *lines: Any) -> None:
        for line in lines:
            self.console.print(line)

    # ------------------------------------------------------------------ the person's turn
    def ask_human(self, seat: int) -> list[Any] | None:
        """The person's actions, asked until legal and (where the face warns) confirmed; None when they quit
        or input ends."""
        obs = self.state.observe(seat)
        legal = obs.legal_actions()
        self._lone = self.auto and len(legal) == 1
        if self._lone:
            return [legal[0]]  # said with its narration (played_for_you)
        if self._fresh:  # the first turn after a pause: what was typed meanwhile is not a move
            self.reader.discard_typed_ahead()
            self._fresh = False
        notes = (lambda: [self.hint(obs)]) if self.hints else (lambda: [])
        show = True
        while True:
            actions = self.turn.ask(obs, self.state.why_illegal, notes=notes, show=show)
            if actions is not None or self.reader.ended or self.confirm_quit():
                return actions
            show = False

    def confirm_quit(self) -> bool:
        """Whether to stop: at once if the game is saved, else only on y or yes (it cannot be resumed)."""
        if self.save_path is not None:
            return True
        answer = self.reader.ask("This game is not saved and cannot be resumed. Quit anyway? (y/N) ")
        if answer is None or answer.strip().lower() in YES:
            return True
        self.print(
            Text("Not quitting; play on (--save FILE keeps a game you may want to resume).", style="dim")
        )
        return False

    def hint(self, obs: Any) -> Text:
        """What the hard bot would play and why, seeded as the bots are: the same game, the same hint."""
        moment = len(self.state.history)
        if self._hint is None or self._hint[0] != moment:
            advice = hint(obs, seed=PER_DECISION.seed(self.state, self.human))
            line = Text.assemble(("Hint: ", "bold green"), self.face.option_text(obs, advice.action))
            head = advice.reason
            if advice.rival is None or not head:
                line.append(f" ({advice.why})", style="green")
            else:  # the next best move drawn as the menu draws it
                line.append(f" ({head}; next best, ", style="green")
                line.append_text(self.face.option_text(obs, advice.rival))
                line.append(f": {advice.rival_share})", style="green")
            self._hint = (moment, line)
        return self._hint[1]

    # ------------------------------------------------------------------ endings
    def say_quit(self) -> None:
        self.print(*self.face.standings(self.state.observe(self.human), self.seats))
        if self.save_path is not None:
            self.console.print(f"Game saved to {self.save_path}.", markup=False)
            self.console.print(
                f"Resume with: {command_name()} play --load {self.save_path}", markup=False, soft_wrap=True
            )
        else:
            self.print(Text("Game not saved (use --save FILE to keep a game you may want to resume)."))

    def show_final(self) -> None:
        self.print(*self.face.final(self.state.observe(self.human), self.seats))

    def show_summary(self) -> None:
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
        """Whether to play another match: only y or yes says so."""
        self.reader.discard_typed_ahead()
        answer = self.reader.ask("Play again? (y/N) ")
        return answer is not None and answer.strip().lower() in YES


def _part(obs: Any) -> tuple[Any, Any]:
    """Which hand or round an observation is in (both None in a game of neither, such as Gin Bummy)."""
    return getattr(obs, "hand_no", None), getattr(obs, "round_no", None)

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
from bumtable.cli.choice import interpret, ordered
from bumtable.cli.common import bot_seed
from bumtable.cli.narrate import narrate, opening
from bumtable.cli.prompt import LineReader
from bumtable.cli.render import Seats, describe_play, hand_text, standings, status_table, trick_text
from bumtable.cli.saves import Seating, save_game
from bumtable.rules import Action, State
from bumtable.rules.climbing.plays import PASS
from bumtable.rules.climbing.state import REVOLUTION

HELP = """\
Type the number of a play from the list, or the cards to play:
  Q Q 2        three Queens (a Two is wild in a set up to A, a Joker up to 2)
  Qs Qh        cards with suits work too; suits never matter, the ranks are played
  seq 9 10 J   a sequence; write 'set' or 'seq' first when the cards could be either (A 2 JK)
  p, pass      pass (only when following, never when leading)
  t, table     show the table, the trick and your hand again
  q, quit      stop (with --save or --load the game so far is in the file; resume with --load)
  h, help      this text"""

PROMPT = "Your play: "
HINT = "Type a number or the cards (Q Q 2, seq 9 10 J); p = pass, t = table, h = help, q = quit."


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

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the match ends (True) or the person quits or input ends (False)."""
        state, human = self.state, self.human
        self.save()
        if state.is_over():
            self.show_final()
            return True
        self.print(*opening(state.observe(human), self.seats))
        while not state.is_over():
            actor = state.current_player()
            assert actor is not None
            before = state.observe(human)
            if actor == human:
                action = self.ask_human()
                if action is None:
                    self.say_quit()
                    return False
            else:
                bot = make_bot(self.seating.kinds[actor], bot_seed(state.seed, actor, len(state.history)))
                action = bot.choose(state.observe(actor))
            state.apply(action)
            self.save()
            self.print(*narrate(before, actor, action, state.observe(human), self.seats))
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
    def show_turn(self, options: list[Action]) -> None:
        """The table, the trick so far, the person's hand and the numbered legal plays."""
        obs = self.state.observe(self.human)
        self.console.print()
        self.print(status_table(obs, self.seats))
        if obs.phase == REVOLUTION:
            self.print(Text("You were dealt enough Jokers to declare a revolution. Do you?"))
        else:
            self.print(trick_text(obs, self.seats))
        self.print(
            Text.assemble(f"Your hand ({len(obs.hand or ())}): ", hand_text(obs.rules, obs.hand or ()))
        )
        text = self.state.rules.action_text
        items = [
            Text.assemble((f"{i:>2}", "bold cyan"), " ", text(p) if p.kind != PASS else ("pass", "italic"))
            for i, p in enumerate(options, 1)
        ]
        self.print(Columns(items, padding=(0, 3), column_first=True))
        self.print(Text(HINT, style="dim"))

    def ask_human(self) -> Action | None:
        """The person's action, asked until it is legal; None when they quit or input ends."""
        state = self.state
        options = ordered(state.observe(self.human).legal_actions())
        self.show_turn(options)
        while True:
            line = self.reader.ask(PROMPT)
            if line is None:
                return None
            choice = interpret(line, state.rules, options, state.why_illegal)
            if choice.play is not None:
                return choice.play
            if choice.command == "quit":
                return None
            if choice.command == "help":
                self.print(Text(HELP))
            elif choice.command == "table":
                self.show_turn(options)
            elif choice.options:
                picked = self.ask_which(choice.options)
                if picked is not None:
                    return picked
            else:
                label = "Cannot read that" if choice.unreadable else "Not allowed"
                self.print(Text(f"{label}: {choice.error}", style="red"))

    def ask_which(self, plays: list[Action]) -> Action | None:
        """Which of two readings of the typed cards (set or sequence) the person meant."""
        text = self.state.rules.action_text
        rules = self.state.rules
        listed = "  ".join(f"{i}) {text(p)} ({describe_play(rules, p)})" for i, p in enumerate(plays, 1))
        self.print(Text(f"Those cards can be played two ways: {listed}."))
        line = self.reader.ask("Which (number)? ")
        if line is not None and line.strip().isdigit() and 1 <= int(line) <= len(plays):
            return plays[int(line) - 1]
        words = {text(p).split()[0]: p for p in plays}
        if line is not None and line.strip().lower() in words:
            return words[line.strip().lower()]
        self.print(Text("Nothing played; choose again.", style="red"))
        return None

    # ------------------------------------------------------------------ endings
    def say_quit(self) -> None:
        """Say where the game is kept (or that it is not) when the person stops."""
        obs = self.state.observe(self.human)
        self.print(standings(obs, self.seats))
        if self.save_path is not None:
            self.console.print(f"Game saved to {self.save_path}.", markup=False)
            self.console.print(
                f"Resume with: bumtable play --load {self.save_path}", markup=False, soft_wrap=True
            )
        else:
            self.print(Text("Game not saved (use --save FILE to keep a game you may want to resume)."))

    def show_final(self) -> None:
        """The final scores of a match that is already over."""
        obs = self.state.observe(self.human)
        self.print(standings(obs, self.seats))
        if obs.winner is not None:
            w = obs.winner
            self.print(Text(f"The match is over: {self.seats.name(w)} won with {obs.scores[w]} points."))

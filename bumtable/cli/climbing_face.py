"""The climbing games' face: tricks, roles and scores (The Bum Game, President, Zheng Shangyou, Arsehole)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from bumtable.cli.choice import Choice, interpret, ordered
from bumtable.cli.common import match_goal
from bumtable.cli.narrate import narrate, opening
from bumtable.cli.render import Seats, hand_text, standings, status_table, trick_text
from bumtable.rules.climbing import ClimbingObservation, ClimbingRules, Play
from bumtable.rules.climbing.plays import PASS
from bumtable.rules.events import Event
from bumtable.rules.phases import REVOLUTION

HELP = """\
Type the number of a play from the list, or the cards to play:
  Q Q 2        three Queens (a Two is wild in a set up to A, a Joker up to 2)
  Qs Qh        cards with suits work too; suits never matter, the ranks are played
  seq 9 10 J   a sequence; write 'set' or 'seq' first when the cards could be either (A 2 JK)
  p, pass      pass (only when following, never when leading)
  t, table     show the table, the trick and your hand again
  q, quit      stop (with --save or --load the game so far is in the file; resume with --load)
  h, help      this text"""


class ClimbingFace:
    """Shows a climbing game: the trick to beat, everyone's role, cards left and score."""

    name = "climbing"
    help = HELP
    hint = "Type a number or the cards (Q Q 2, seq 9 10 J); p = pass, t = table, h = help, q = quit."
    prompt = "Your play: "

    def ordered(self, obs: ClimbingObservation, legal: Sequence[Play]) -> list[Play]:
        return ordered(legal)

    def option_text(self, obs: ClimbingObservation, action: Play) -> Text:
        if action.kind == PASS:
            return Text("pass", style="italic")
        return Text(obs.rules.action_text(action))

    def interpret(
        self,
        line: str,
        rules: ClimbingRules,
        options: Sequence[Play],
        why_illegal: Callable[[Play], str | None],
    ) -> Choice:
        return interpret(line, rules, options, why_illegal)

    def opening(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        return opening(obs, seats)

    def turn_view(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        out: list[RenderableType] = [status_table(obs, seats)]
        if obs.phase == REVOLUTION:
            out.append(Text("You were dealt enough Jokers to declare a revolution. Do you?"))
        else:
            out.append(trick_text(obs, seats))
        out.append(
            Text.assemble(f"Your hand ({len(obs.hand or ())}): ", hand_text(obs.rules, obs.hand or ()))
        )
        return out

    def narrate(
        self, before: ClimbingObservation, events: Sequence[Event], after: ClimbingObservation, seats: Seats
    ) -> list[RenderableType]:
        """What the action just taken did, told from the events the seat saw (never the real action)."""
        return narrate(before, events, after, seats)

    def warning(self, obs: ClimbingObservation, action: Any) -> str | None:
        return None

    def holds(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        if obs.hand is None or obs.seat is None:
            return []
        return [Text.assemble(f"{seats.name(obs.seat)} holds: ", hand_text(obs.rules, obs.hand))]

    def standings(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        return [standings(obs, seats)]

    def final(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        out: list[RenderableType] = [standings(obs, seats)]
        if obs.winner is not None:
            w = obs.winner
            out.append(Text(f"The match is over: {seats.name(w)} won with {obs.scores[w]} points."))
        return out

    def goal(self, rules: ClimbingRules) -> str:
        return match_goal(rules)

    def progress(self, obs: ClimbingObservation) -> str:
        return f"hand {obs.hand_no}"

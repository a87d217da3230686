"""The climbing games' face: tricks, roles and scores (The Bum Game, President, Zheng Shangyou, Arsehole)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from textwrap import fill
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from bumtable.errors import NotationError
from bumtable.faces.terminal.climbing.brief import turn_brief
from bumtable.faces.terminal.climbing.choice import INPUT_RULE, interpret
from bumtable.faces.terminal.climbing.hand import exchange_decision
from bumtable.faces.terminal.climbing.menu import Entry, entry_text, menu, typed_form
from bumtable.faces.terminal.climbing.narrate import narrate, opening
from bumtable.faces.terminal.climbing.render import (
    hand_text,
    rank_name,
    standings,
    status_table,
    trick_text,
)
from bumtable.faces.terminal.common import Choice, Seats, count_word
from bumtable.rules.climbing import ClimbingObservation, ClimbingRules, Play
from bumtable.rules.climbing.plays import GIVE, PASS, SEQUENCE, SET
from bumtable.rules.events import Event
from bumtable.rules.phases import EXCHANGE, REVOLUTION
from bumtable.rules_text.climbing import match_goal

HELP = f"""\
{fill(INPUT_RULE, 78)}
  Q Q 2       three Queens, by rank (a Two is wild in a set up to A,
              a Joker up to 2, where the game has wild cards)
  Qh          a card with its suit: that card is played (keep Q♣ for a flush)
  seq 9 10 J  a sequence; write set or seq first when the cards could be either
  4 7         in a card exchange: the cards to give (or give 4 7)
  p, pass     pass (only when following, never when leading)
  #3          option 3 of the menu (3 alone is your 3s; 1 alone, not cards, is option 1)
  An option ending in … stands for several plays (wild cards): you are asked which.
  t, table    the table, the trick and your hand again
  r, rules    the rules of this game in short
  quit, q     stop (q is a Queen while you may play one); a game not saved asks first,
              with --save or --load the game so far is in the file
  h, hint     what the hard bot would play, and why
  ?, help     this text"""


HINT = "Type {cards}. #N picks option N (7 alone is your 7s). r rules, h hint, ? help, quit"


MENU_ROOM = 16
"""Rows a turn keeps for the table above the menu: a longer menu is grouped by rank."""


class ClimbingFace:
    """The face of every climbing game: the trick to beat, everyone's role, cards left and score."""

    name = "climbing"
    help = HELP
    prompt = "Your play: "
    option_mark = "#"
    """Options are shown and typed as #N, as a number alone is cards."""

    def __init__(self) -> None:
        # the menu last listed, by the play shown for each entry
        self._entries: dict[Play, Entry] = {}
        # asking which play a folded entry means: each is shown as itself
        self._asking = False

    def hint(self, obs: ClimbingObservation, legal: Sequence[Play]) -> str:
        return HINT.format(
            cards="cards (Q Q 2) or p" if any(a.kind == PASS for a in legal) else "cards (Q Q 2)"
        )

    def ordered(self, obs: ClimbingObservation, legal: Sequence[Play]) -> list[Play]:
        entries = menu(legal)
        self._entries = {e.first: e for e in entries}
        self._asking = False
        return [e.first for e in entries]

    def menu_view(
        self, obs: ClimbingObservation, options: Sequence[Play], width: int, height: int
    ) -> list[RenderableType] | None:
        """The menu a line per rank, when one option a line would push the table off the screen; else None."""
        items = [self.option_text(obs, p).plain for p in options]
        across = max(1, width // (max(map(len, items), default=1) + 5))
        if -(-len(items) // across) <= max(6, height - MENU_ROOM):
            return None
        rules = obs.rules
        groups: dict[tuple[int, int], list[Text]] = {}
        for k, p in enumerate(options, 1):
            entry = self._entries.get(p) or Entry((p,))
            if p.kind in (SET, SEQUENCE):
                typed = typed_form(rules, p) + (" …" if len(entry.plays) > 1 else "")
            else:
                typed = entry_text(rules, entry).plain
            key = (0, p.rank) if p.kind == SET else (1, 0) if p.kind == SEQUENCE else (2, p.kind)
            groups.setdefault(key, []).append(Text.assemble((f"#{k}", "bold cyan"), f" {typed}"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for (group, rank), row in groups.items():
            if group == 0:
                name = rank_name(rules, rank)
                label = name if " of " in name else f"{name}s"
            else:
                label = "Sequences" if group == 1 else ""
            grid.add_row(label, Text("   ").join(row))
        out: list[RenderableType] = [grid]
        if any(len(e.plays) > 1 for e in self._entries.values()):
            out.append(Text("… several ways with wild cards: you are asked which.", style="dim"))
        return out

    def option_text(self, obs: ClimbingObservation, action: Play) -> Text:
        entry = None if self._asking else self._entries.get(action)
        return entry_text(obs.rules, entry or Entry((action,)))

    def interpret(
        self,
        line: str,
        rules: ClimbingRules,
        options: Sequence[Play],
        why_illegal: Callable[[Play], str | None],
    ) -> Choice:
        """The input rule; an option that stands for several plays, picked by its number, asks which."""
        self._asking = False
        choice = interpret(line, rules, options, why_illegal)
        entry = self._entries.get(choice.play) if choice.play is not None else None
        if entry is None or len(entry.plays) == 1 or _typed(line, rules, choice.play):
            return choice
        self._asking = True  # the question lists each play as itself, not as the folded entry
        k = list(options).index(choice.play) + 1 if choice.play in options else 0
        return Choice(
            options=list(entry.plays),
            question=f"Option {k} stands for {count_word(len(entry.plays))} plays made up with wild cards",
        )

    def opening(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        return opening(obs, seats)

    def turn_view(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        out: list[RenderableType] = [status_table(obs, seats)]
        if obs.phase == EXCHANGE:
            return out + exchange_decision(obs, seats)
        if obs.phase == REVOLUTION:
            out.append(Text("You were dealt enough Jokers to declare a revolution. Do you?"))
        else:
            out.append(trick_text(obs, seats))
        if obs.hand is not None:  # a spectator (bumtable join) holds no hand
            out.append(Text.assemble(f"Your hand ({len(obs.hand)}): ", hand_text(obs.rules, obs.hand)))
        return out

    def turn_brief(self, obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
        return turn_brief(obs, seats)

    def narrate(
        self, before: ClimbingObservation, events: Sequence[Event], after: ClimbingObservation, seats: Seats
    ) -> list[RenderableType]:
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


def _typed(line: str, rules: ClimbingRules, play: Play) -> bool:
    """Whether ``line`` is the play written out, not an option number."""
    text = line.strip()
    if play.kind == GIVE and not text.lower().startswith("give"):
        text = f"give {text}"
    try:
        return rules.parse_action(text)._replace(suit=-1) == play._replace(suit=-1)
    except NotationError:
        return False

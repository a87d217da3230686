"""Gin Bummy's rules object: every option as data, the preset and the named variants.

>>> rules = gin_bummy(players=3)
>>> rules.players, rules.deck_size, rules.hand_size, rules.turn_over
(3, 54, 10, 'flip')
>>> rules.replace(turn_over="shuffle").turn_over
'shuffle'
>>> rules.replace(deal=9)
Traceback (most recent call last):
...
bumtable.errors.RulesError: gin-bummy has no option 'deal'; options: call, cut_ace, four_card_draw, hand_size, joker_carries_joker, jokers, max_turns, may_discard_stock_draw, players, system, turn_over, turn_over_keeps_top
>>> GinBummyRules.from_json(rules.to_json()) == rules
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from bumtable.cards import french_deck
from bumtable.cards.french import Card
from bumtable.errors import RulesError
from bumtable.rules.options_data import OptionsData

if TYPE_CHECKING:
    from bumtable.rules.action_space import IndexedSpace
    from bumtable.rules.gin_bummy.actions import GinBummyAction
    from bumtable.rules.gin_bummy.state import GinBummyState

TurnOver = Literal["flip", "shuffle"]
CutAce = Literal["low", "high"]
Call = Literal["at-once", "next-turn"]
FourCardDraw = Literal["stock", "stock-or-beg"]


@dataclass(frozen=True, kw_only=True)
class GinBummyRules(OptionsData):
    """Every option of Gin Bummy. Build one with :func:`gin_bummy`; see ``docs/rules/gin-bummy.md``."""

    system: str = "gin-bummy"
    players: int = 2
    """2 to 4."""
    jokers: int = 2
    """Jokers in the deck: 2 (the 54-card deck the text prefers), 1 or 0 (a plain 52-card pack)."""
    hand_size: int = 10
    """Cards dealt to each player."""
    cut_ace: CutAce = "low"
    """An Ace cut for the deal counts ``low`` (below the 2, so it deals) or ``high`` (above the King)."""
    turn_over: TurnOver = "flip"
    """When the stock is empty the Beg is turned over as it lies (``flip``) or shuffled first (``shuffle``)."""
    turn_over_keeps_top: bool = False
    """The top card of the Beg stays face up when the rest is turned over to make a new stock."""
    four_card_draw: FourCardDraw = "stock"
    """A player who begins a turn with four cards may draw and then discard a face card: after drawing from
    the ``stock`` only (as the text says), or from the stock or the Beg (``stock-or-beg``)."""
    may_discard_stock_draw: bool = False
    """The card just drawn from the stock may be discarded at once (the card taken from the Beg never may)."""
    joker_carries_joker: bool = True
    """The card dropped on a Joker may be the other Joker ("any other card")."""
    call: Call = "at-once"
    """A player calls "Bum!" as soon as a turn leaves a winning hand (``at-once``), or only at the start of
    their next turn (``next-turn``), after taking any card a Joker forced on them."""
    max_turns: int = 1000
    """Safeguard for simulations: after this many turns the game ends as a draw (0: no limit, for people)."""

    def __post_init__(self) -> None:
        # each value against its declared type (the choices of a Literal included), then what types cannot say
        self.check_values({f.name: getattr(self, f.name) for f in dataclasses.fields(self)})
        if self.system != "gin-bummy":
            raise RulesError(f"these are the rules of gin-bummy, not {self.system!r}")
        if not 2 <= self.players <= 4:
            raise RulesError(f"Gin Bummy is for 2 to 4 players, not {self.players}")
        if not 0 <= self.jokers <= 2:
            raise RulesError(f"jokers must be 0, 1 or 2, not {self.jokers}")
        if self.hand_size < 5:
            raise RulesError(
                f"hand_size must be at least 5 (a winning hand has four cards), not {self.hand_size}"
            )
        if self.players * self.hand_size >= self.deck_size:
            raise RulesError(
                f"{self.players} hands of {self.hand_size} leave no stock from a {self.deck_size}-card deck"
            )
        if self.max_turns < 0:
            raise RulesError(f"max_turns must be 0 (no limit) or more, not {self.max_turns}")

    # ----------------------------------------------------------------- derived
    @property
    def deck_size(self) -> int:
        """Cards in the deck (52 plus the Jokers)."""
        return 52 + self.jokers

    def deck(self) -> list[Card]:
        """The deck, unshuffled: 2 to Ace of each suit, then the Jokers (plain ``JK``)."""
        return french_deck(jokers=self.jokers)

    # ----------------------------------------------------------------- interface
    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> GinBummyState:
        """A new game from this seed: the cut for the deal, the deal, the dealer to play.

        ``chance`` replays the shuffles of another game (its ``chance.draws``: each round of the cut,
        the deal, then any shuffled turn-over) instead of drawing them from ``seed``.

        >>> state = gin_bummy(players=2).new_state(seed=4)
        >>> state.current_player() == state.dealer, len(state.hands[0])
        (True, 10)
        >>> gin_bummy(players=2).new_state(seed=99, chance=state.chance.draws).hands == state.hands
        True
        """
        from bumtable.rules.gin_bummy.state import GinBummyState

        return GinBummyState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[GinBummyAction]:
        """Every action these rules allow, numbered (see :mod:`bumtable.rules.gin_bummy.action_space`).

        >>> gin_bummy().action_space().size
        108
        """
        from bumtable.rules.gin_bummy.action_space import action_space

        return action_space(self)

    def parse_action(self, text: str) -> GinBummyAction:
        """Read an action's text (``discard Kh``, ``draw stock``, ``draw beg``, ``ace Ah``, ``joker JK Qs``, ``bum``).

        >>> gin_bummy().parse_action("Draw Beg")
        GinBummyAction(kind='draw-beg', card=-1)
        """
        from bumtable.rules.gin_bummy.actions import parse_action

        return parse_action(text)

    def action_text(self, action: GinBummyAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back.

        >>> rules = gin_bummy()
        >>> rules.action_text(rules.parse_action("joker qs"))
        'joker JK Qs'
        """
        from bumtable.rules.gin_bummy.actions import action_text

        return action_text(action)


def gin_bummy(players: int = 2) -> GinBummyRules:
    """The preset for ``players`` (2 to 4): 54 cards, 10 each, the Beg flipped as it lies.

    >>> gin_bummy(4).players, gin_bummy(4).max_turns
    (4, 1000)
    """
    return GinBummyRules(players=players)


VARIANTS: dict[str, Callable[[GinBummyRules], dict[str, Any]]] = {
    "shuffle-beg": lambda rules: {"turn_over": "shuffle"},
    "keep-top": lambda rules: {"turn_over_keeps_top": True},
    "four-card-beg": lambda rules: {"four_card_draw": "stock-or-beg"},
    "discard-stock-draw": lambda rules: {"may_discard_stock_draw": True},
    "no-joker-on-joker": lambda rules: {"joker_carries_joker": False},
    "next-turn-call": lambda rules: {"call": "next-turn"},
    "ace-high-cut": lambda rules: {"cut_ace": "high"},
    "no-jokers": lambda rules: {"jokers": 0},
    "no-turn-limit": lambda rules: {"max_turns": 0},
}
"""Named sets of option changes, for the other readings players are likeliest to want."""

VARIANT_ALIASES: dict[str, str] = {
    "shuffle": "shuffle-beg",
    "shuffle-the-beg": "shuffle-beg",
    "keep-top-card": "keep-top",
    "late-call": "next-turn-call",
    "52-cards": "no-jokers",
    "no-limit": "no-turn-limit",
    "people": "no-turn-limit",
}

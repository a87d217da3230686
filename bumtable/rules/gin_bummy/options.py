"""Gin Bummy's options, checked: the bottom of the family, so that the state can hold its rules."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from bumtable.cards import french_deck
from bumtable.cards.french import Card
from bumtable.errors import RulesError
from bumtable.rules.bounds import Bounds
from bumtable.rules.options_data import OptionsData

if TYPE_CHECKING:
    from bumtable.rules.action_space import IndexedSpace
    from bumtable.rules.gin_bummy.actions import GinBummyAction
    from bumtable.rules.protocol import GameState

TurnOver = Literal["flip", "shuffle"]
CutAce = Literal["low", "high"]
Call = Literal["at-once", "next-turn"]
FourCardDraw = Literal["stock", "stock-or-beg"]


@dataclass(frozen=True, kw_only=True)
class GinBummyOptions(OptionsData, ABC):
    """Every option of Gin Bummy, and the rules interface that :class:`~.rules.GinBummyRules` implements."""

    system: str = "gin-bummy"
    """The game these options are for, as ``bumtable games`` names it."""
    players: Annotated[int, Bounds(lo=2, hi=4)] = 2
    """Number of players, 2 to 4."""
    jokers: Annotated[int, Bounds(lo=0, hi=2)] = 2
    """Jokers in the deck: 2 (the 54-card deck the text prefers), 1 or 0 (a plain 52-card pack)."""
    hand_size: Annotated[int, Bounds(lo=5, hi=26)] = 10
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
    max_turns: Annotated[int, Bounds(lo=0, hi=100_000)] = 1000
    """Safeguard for simulations: after this many turns the game ends as a draw (0: no limit, for people)."""

    def __post_init__(self) -> None:
        # the declared types first, then what types cannot say, then the bounds
        self.check_values({f.name: getattr(self, f.name) for f in dataclasses.fields(self)}, bounds=False)
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
        self.check_all()

    # ----------------------------------------------------------------- derived
    @property
    def deck_size(self) -> int:
        return 52 + self.jokers

    def deck(self) -> list[Card]:
        """Unshuffled: 2 to Ace of each suit, then the Jokers."""
        return french_deck(jokers=self.jokers)

    # ----------------------------------------------------------------- interface (GinBummyRules implements it)
    @abstractmethod
    def new_state(
        self, seed: int, *, chance: Sequence[Sequence[int]] | None = None
    ) -> GameState[GinBummyAction, Any]:
        """A new game (``chance`` replays the shuffles of another game)."""

    @abstractmethod
    def action_space(self) -> IndexedSpace[GinBummyAction]:
        """Every action these rules allow, numbered."""

    @abstractmethod
    def parse_action(self, text: str) -> GinBummyAction:
        """Read an action's text."""

    @abstractmethod
    def action_text(self, action: GinBummyAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""

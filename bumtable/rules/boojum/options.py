"""Boojum's options, checked, and their look-up tables: the bottom of the family, so the state holds them."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any

from bumtable.errors import RulesError
from bumtable.rules.boojum.tables import Tables
from bumtable.rules.bounds import Bounds
from bumtable.rules.options_data import OptionsData

if TYPE_CHECKING:
    from bumtable.rules.action_space import IndexedSpace
    from bumtable.rules.boojum.actions import BoojumAction
    from bumtable.rules.protocol import GameState

PLAYERS_PER_DECK = 3
"""The source has two Decktets for 3-6 players; each further Decktet makes room for three more."""
MAX_DECKS = 4
"""The most Decktets a table shuffles together: room for 12 players, the most a table seats."""


@dataclass(frozen=True, kw_only=True)
class BoojumOptions(OptionsData, ABC):
    """Every option of Boojum, and the rules interface that :class:`~.rules.BoojumRules` implements."""

    system: str = "boojum"
    """The game these options are for, as ``bumtable games`` names it."""
    players: Annotated[int, Bounds(lo=3, hi=PLAYERS_PER_DECK * MAX_DECKS)] = 4
    """Number of players: 3 to 6 with two Decktets, three more for each further Decktet (``decks``)."""
    decks: Annotated[int, Bounds(lo=1, hi=MAX_DECKS)] = 2
    """Decktets shuffled together (copies of a card are interchangeable)."""
    extended: bool = False
    """Use the extended deck: the cards named by ``excuse``, ``pawns`` and ``courts`` join each Decktet."""
    excuse: bool = True
    """With ``extended``: the Excuse (wild in every set; two cards and no pips in a bid)."""
    pawns: bool = True
    """With ``extended``: the four Pawns (rank after the 9s; 10 pips)."""
    courts: bool = True
    """With ``extended`` and ``pawns``: the four Courts (after the Pawns; 11 pips). Crowns follow, at 10 + one
    for each of these ranks in use."""
    excuse_symbols: Annotated[int, Bounds(lo=1, hi=3)] = 3
    """The most suit symbols (of different suits) the Excuse may stand for in a symbols group (Leaves'
    twelve, Knots' six): 3, as many as any real card carries; 1 reads "a card of any named suit" narrowly."""
    excuse_alone: bool = False
    """May a group made only of Excuses earn a token? (Only possible with two or more Excuses.)"""
    hand_size: Annotated[int, Bounds(lo=1, hi=20)] = 5
    """Cards dealt to each player at the start."""
    lot_size: Annotated[int, Bounds(lo=1, hi=10)] = 2
    """Cards dealt into each auction slot at the start."""
    slots: Annotated[int, Bounds(lo=0, hi=PLAYERS_PER_DECK * MAX_DECKS)] = 0
    """Auction slots (0: one fewer than there are players, as the source says)."""
    repeat_tokens: bool = False
    """May a player claim a suit token they already hold (for the card it draws)? The source does not say."""
    max_rounds: Annotated[int, Bounds(lo=1, hi=1000)] = 60
    """Safeguard: the game ends after this many rounds even if nobody has all six tokens (see the doc)."""

    def __post_init__(self) -> None:
        # the declared types first, then what types cannot say, then the bounds
        self.check_values({f.name: getattr(self, f.name) for f in dataclasses.fields(self)}, bounds=False)
        n = self.players
        if self.system != "boojum":
            raise RulesError(f"these are Boojum's rules: system must be 'boojum', not {self.system!r}")
        if self.decks < 1:
            raise RulesError(f"Boojum needs at least one Decktet, not {self.decks}")
        most = PLAYERS_PER_DECK * self.decks
        if not 3 <= n <= most:
            raise RulesError(
                f"Boojum with {self.decks} Decktet{'s' if self.decks > 1 else ''} is for 3 to {most} players, "
                f"not {n} (each further Decktet makes room for {PLAYERS_PER_DECK} more)"
            )
        if self.extended and self.courts and not self.pawns:
            raise RulesError(
                "the Courts come only with the Pawns: the source allows Pawns, or Pawns and Courts"
            )
        if not 1 <= self.excuse_symbols <= 3:
            raise RulesError(f"excuse_symbols must be 1, 2 or 3, not {self.excuse_symbols}")
        if self.hand_size < 1 or self.lot_size < 1:
            raise RulesError(
                f"hand_size and lot_size must be at least 1 (got {self.hand_size}, {self.lot_size})"
            )
        if self.slots < 0:
            raise RulesError(f"slots must be 0 (one fewer than the players) or more, not {self.slots}")
        if self.max_rounds < 1:
            raise RulesError(
                f"max_rounds must be at least 1 (it makes every game end), not {self.max_rounds}"
            )
        self.check_all()  # the bounds, before the deck is built
        dealt = n * self.hand_size + self.slot_count * self.lot_size
        if dealt > len(self.tables.deck):
            raise RulesError(
                f"the deal needs {dealt} cards but the deck has only {len(self.tables.deck)}: add decks"
            )

    # ----------------------------------------------------------------- derived
    @property
    def slot_count(self) -> int:
        return self.slots or self.players - 1

    @cached_property
    def tables(self) -> Tables:
        """Built once per rules object."""
        ext = self.extended
        return Tables.build(
            decks=self.decks,
            excuse=ext and self.excuse,
            pawns=ext and self.pawns,
            courts=ext and self.courts,
            excuse_symbols=self.excuse_symbols,
            excuse_alone=self.excuse_alone,
        )

    # ----------------------------------------------------------------- interface (BoojumRules implements it)
    @abstractmethod
    def new_state(
        self, seed: int, *, chance: Sequence[Sequence[int]] | None = None
    ) -> GameState[BoojumAction, Any]:
        """A new game (``chance`` replays the shuffles of another game)."""

    @abstractmethod
    def action_space(self) -> IndexedSpace[BoojumAction]:
        """Every action these rules allow, numbered."""

    @abstractmethod
    def parse_action(self, text: str) -> BoojumAction:
        """Read one action's text form."""

    @abstractmethod
    def action_text(self, action: BoojumAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""

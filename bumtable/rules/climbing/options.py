"""The options of a climbing game, their checks, and what follows from them alone (deck, tables): the bottom
of the family, whose abstract interface :class:`~bumtable.rules.climbing.rules.ClimbingRules` implements."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self

from bumtable.cards import french_deck
from bumtable.cards.french import BLACK_JOKER, JOKER, JOKER_RANK, RED_JOKER, Card, rank_text
from bumtable.errors import RulesError
from bumtable.rules.bounds import Bounds
from bumtable.rules.climbing.tables import RANKS, Tables
from bumtable.rules.options_data import OptionsData

if TYPE_CHECKING:
    from bumtable.rules.action_space import IndexedSpace
    from bumtable.rules.climbing.plays import Play
    from bumtable.rules.protocol import GameObservation, GameState

ExchangeOrder = Literal["higher-first", "lower-first", "simultaneous"]
Seating = Literal["by-role", "fixed", "random"]
FirstRoles = Literal["cut", "none"]
Leader = Literal["boss", "bum", "card", "dealer", "eldest"]
Reverses = Literal["direction", "ranking", "both"]
FlushBeats = Literal["none", "equal", "any"]
Declare = Literal["automatic", "optional"]
TargetWinner = Literal["first-to-reach", "highest-total"]

# What a table can hold (the 6+ Bum Game and Zheng Shangyou seat 12); a target is reached within MAX_HANDS.
MAX_PLAYERS = 12
MAX_SUITS = 16
MAX_JOKERS = 16
MAX_DECK = 13 * MAX_SUITS + MAX_JOKERS
MAX_RANKS = 16  # 13, a black and a red Joker, and a card ranked on its own (President's 3c)
MAX_POINTS = 1000
MAX_HANDS = 1000

BUM_RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK")


@dataclass(frozen=True, kw_only=True)
class ClimbingOptions(OptionsData, ABC):
    """Every option of a climbing game. Roles count from 0, the top (Boss), to ``players - 1`` (the Bum)."""

    system: str = "bum-game"
    """The game these options are for, as ``bumtable games`` names it."""
    players: Annotated[int, Bounds(lo=3, hi=MAX_PLAYERS)] = 4
    """Number of players; ``roles`` and ``points`` need one entry each."""
    # --- deck
    suits: Annotated[tuple[int, ...], Bounds(most=MAX_SUITS, lo=0, hi=3)] = (0, 1, 2, 3)
    """One entry per full suit in the deck: 0 clubs, 1 diamonds, 2 hearts, 3 spades (one may repeat)."""
    jokers: Annotated[int, Bounds(lo=0, hi=MAX_JOKERS)] = 2
    """Jokers added to the deck (alike, unless ``rank_order`` names a black ``BJ`` and a red ``RJ``)."""
    rank_order: Annotated[tuple[str, ...], Bounds(most=MAX_RANKS, chars=3)] = BUM_RANK_ORDER
    """Ranks from lowest to highest, as rank text (``JK`` for Jokers)."""
    # --- combinations
    wilds: Annotated[tuple[tuple[str, str], ...], Bounds(most=MAX_RANKS, chars=3)] = (("2", "A"), ("JK", "2"))
    """(wild rank, highest rank it may stand for in a set): a Two stands for 3..A, a Joker for 3..2."""
    sequences: bool = True
    """Sequences (runs of consecutive ranks) may be played, not only sets."""
    sequence_min_ranks: Annotated[int, Bounds(lo=2, hi=MAX_RANKS)] = 3
    """Fewest ranks in a sequence."""
    sequence_max_width: Annotated[int, Bounds(lo=0, hi=MAX_DECK)] = 0
    """Largest number of cards of each rank in a sequence (0: no limit; 1: single sequences only)."""
    sequence_top: Annotated[str, Bounds(chars=3)] = "JK"
    """Highest rank a sequence may reach (cards in their natural order only, never as wilds)."""
    max_set_size: Annotated[int, Bounds(lo=0, hi=MAX_DECK)] = 0
    """Most cards in a set (0: no limit)."""
    multi_sequence_min_ranks: Annotated[int, Bounds(lo=0, hi=MAX_RANKS)] = 0
    """Fewest ranks in a sequence of two or more cards per rank (0: ``sequence_min_ranks``)."""
    multi_sequence_min_cards: Annotated[int, Bounds(lo=0, hi=MAX_DECK)] = 0
    """Fewest cards in a sequence of two or more cards per rank (Zheng Shangyou: 6)."""
    sequence_wilds: Annotated[tuple[str, ...], Bounds(most=MAX_RANKS, chars=3)] = ()
    """Wild ranks that may fill a missing card of a sequence (they must rank above ``sequence_top``)."""
    natural_beats_wild: bool = False
    """A play with no wild card standing in beats an equal one that has one."""
    flush_beats: FlushBeats = "none"
    """A flush beats a mixed single sequence of its length at equal rank (``equal``), always (``any``), or never."""
    suit_order: Annotated[str, Bounds(chars=4)] = ""
    """Suit letters lowest first (``cdhs``, as at Bridge): the deciding card's suit breaks ties of rank."""
    # --- following and tricks
    follow: Literal["higher", "equal-or-higher"] = "higher"
    """A play must rank strictly higher than the last, or may equal it."""
    pass_final: bool = False
    """A player who passes sits out the rest of the trick."""
    wipe_after_pass: bool = False
    """With ``pass_final``, a player who passed may still play the ``wipe_card`` alone once another play follows."""
    must_play: bool = False
    """A player who can beat the last play may not pass."""
    follow_more: bool = False
    """A play may be followed by a higher one of its type with more cards (a longer set or sequence)."""
    reverse_card: Annotated[str, Bounds(chars=3)] = ""
    """A rank whose play reverses the direction of play, the ranking, or both (``reverses``)."""
    reverses: Reverses = "direction"
    """What the ``reverse_card`` turns: play's ``direction``, the ``ranking`` (plays must go lower), or ``both``."""
    four_of_a_value: bool = False
    """A trick ends at once when the top four cards on the table share a value; the player who made it leads."""
    wipe_card: Annotated[str, Bounds(chars=3)] = ""
    """A rank (e.g. ``3c``) played alone on anything that wins the trick at once."""
    wipe_last_loses: bool = False
    """Going out with the wipe card puts you last (below everyone still holding cards)."""
    # --- roles, deal and lead
    roles: Annotated[tuple[str, ...], Bounds(most=MAX_PLAYERS, chars=24)] = (
        "Boss",
        "Foreman",
        "Worker",
        "Bum",
    )
    """Role names, top role first, one per player (the first is the Boss's role, the last the Bum's)."""
    first_roles: FirstRoles = "cut"
    """How the first hand gets roles: a ``cut`` (highest card is Boss), or ``none`` until a hand is played."""
    seating: Seating = "by-role"
    """Seats change by role after each hand (``by-role``), never (``fixed``), or are drawn once at random."""
    first_leader: Leader = "boss"
    """Who leads the first hand: ``boss``, ``lead_card``'s holder (``card``), ``dealer`` or ``eldest``."""
    lead_card: Annotated[str, Bounds(chars=3)] = "3d"
    """With ``first_leader`` ``card``: the card whose holder leads the first hand."""
    leader: Leader = "boss"
    """Who leads later hands: the ``boss`` or the ``bum``."""
    # --- revolution
    revolution_triggers: Annotated[
        tuple[tuple[int, int], ...], Bounds(most=2 * MAX_PLAYERS, lo=0, hi=MAX_DECK)
    ] = ((2, 2), (3, 2))
    """(role, Jokers): a revolution happens if the player in that role is dealt at least that many Jokers."""
    revolution_roles: Annotated[tuple[int, ...], Bounds(most=MAX_PLAYERS)] = (2, 3, 0, 1)
    """The role each role takes in a revolution (4 players: the Worker becomes Boss, the rest follow clockwise)."""
    revolution_declare: Declare = "automatic"
    """A revolution happens whenever a deal qualifies (``automatic``), or if its player declares it."""
    exchange_cancel_triggers: Annotated[
        tuple[tuple[int, int], ...], Bounds(most=2 * MAX_PLAYERS, lo=0, hi=MAX_DECK)
    ] = ()
    """(role, Jokers) that cancel the exchange for the hand instead of causing a revolution."""
    # --- card exchange
    exchange: bool = True
    """Cards change hands between roles after the deal, from the second hand on (``exchange_pairs``)."""
    exchange_pairs: Annotated[
        tuple[tuple[int, int, int], ...], Bounds(most=MAX_PLAYERS, lo=0, hi=MAX_DECK)
    ] = ((0, 3, 2), (1, 2, 1))
    """(higher role, lower role, cards): the higher gives its lowest cards, the lower its highest."""
    exchange_keep_jokers: bool = True
    """The lower role keeps Jokers and gives its highest non-Jokers."""
    exchange_low_keeps: Annotated[tuple[str, ...], Bounds(most=MAX_RANKS, chars=3)] = ()
    """Further ranks the lower role never gives (President's ``3c``)."""
    exchange_high_gives: Literal["lowest", "choice"] = "lowest"
    """The higher role gives its lowest cards, or cards of its choice (a decision for the player)."""
    exchange_order: ExchangeOrder = "higher-first"
    """Who gives first in a pair: the higher role, the lower (the other may give back), or both (``simultaneous``)."""
    # --- scoring
    points: Annotated[tuple[int, ...], Bounds(most=MAX_PLAYERS, lo=-MAX_POINTS, hi=MAX_POINTS)] = (3, 2, 1, 0)
    """Points for each place in a hand, first out first (one entry per player)."""
    target: Annotated[int, Bounds(lo=0, hi=MAX_POINTS * MAX_HANDS)] = 100
    """Points that win the match (0: no target)."""
    rounds: Annotated[int, Bounds(lo=0, hi=MAX_HANDS)] = 0
    """Hands in the match (0: play to the target); the highest total then wins."""
    target_winner: TargetWinner = "first-to-reach"
    """When several pass the target in one hand: the first to reach it wins, or the highest total."""
    rounds_winner: Literal["highest-total", "last-hand"] = "highest-total"
    """When the rounds run out: the highest total wins, or the top of the last hand (final position)."""
    teams: Annotated[tuple[int, ...], Bounds(most=MAX_PLAYERS, lo=0, hi=MAX_PLAYERS)] = ()
    """The team of the player at each place round the table (empty: no teams); each member scores the team's points."""
    notes: Annotated[tuple[str, ...], Bounds(chars=1000)] = field(default=(), compare=False)
    """Human-readable notes about the preset (not part of the rules' identity)."""

    def __post_init__(self) -> None:
        self.check_all()
        n = self.players
        if n < 3:
            raise RulesError(f"{self.system} needs at least 3 players, not {n}")
        if len(self.roles) != n:
            raise RulesError(f"{len(self.roles)} role names for {n} players")
        if len(self.points) != n:
            raise RulesError(f"{len(self.points)} entries in the points table for {n} players")
        if sorted(self.revolution_roles) != list(range(n)):
            raise RulesError(f"revolution_roles {self.revolution_roles} is not a reordering of 0..{n - 1}")
        for name, trig in (
            ("revolution_triggers", self.revolution_triggers),
            ("exchange_cancel_triggers", self.exchange_cancel_triggers),
        ):
            for role, k in trig:
                if not 0 <= role < n or k < 1:
                    raise RulesError(f"{name}: ({role}, {k}) needs a role 0..{n - 1} and at least 1 Joker")
        for hi, lo, k in self.exchange_pairs:
            if not (0 <= hi < lo < n) or k < 1:
                raise RulesError(f"exchange pair ({hi}, {lo}, {k}) needs roles 0 <= higher < lower < {n}")
        if len(set(self.rank_order)) != len(self.rank_order):
            raise RulesError(f"rank_order repeats a rank: {self.rank_order}")
        for w, top in self.wilds:
            for r in (w, top):
                if r not in self.rank_order:
                    raise RulesError(f"wild card rule ({w}, {top}) names a rank not in the rank order")
        if self.exchange_high_gives not in ("lowest", "choice"):
            raise RulesError(
                f"exchange_high_gives must be lowest or choice, not {self.exchange_high_gives!r}"
            )
        for keep in self.exchange_low_keeps:
            if keep not in self.rank_order:
                raise RulesError(f"exchange_low_keeps names {keep!r}, which is not in the rank order")
        if self.wipe_card and self.wipe_card not in self.rank_order:
            raise RulesError(f"wipe_card {self.wipe_card!r} is not in the rank order")
        if self.follow not in ("higher", "equal-or-higher"):
            raise RulesError(f"follow must be higher or equal-or-higher, not {self.follow!r}")
        if self.sequence_top not in self.rank_order:
            raise RulesError(f"sequence_top {self.sequence_top!r} is not in the rank order")
        if self.target < 0 or self.rounds < 0 or not (self.target or self.rounds):
            raise RulesError(
                f"a match needs a target or a number of rounds (target={self.target}, rounds={self.rounds})"
            )
        if self.target and not self.rounds:
            self._check_target_ends()
        if self.deck_size < n:
            raise RulesError(f"a {self.deck_size}-card deck cannot be dealt to {n} players")
        smallest = self.deck_size // n
        for hi, lo, k in self.exchange_pairs:
            if k > smallest:
                raise RulesError(
                    f"exchange pair ({hi}, {lo}, {k}) passes {k} cards, but the smallest hand holds {smallest}"
                )
        if self.jokers < 0:
            raise RulesError(f"jokers must be 0 or more, not {self.jokers}")
        for name, value, allowed in (
            ("exchange_order", self.exchange_order, ("higher-first", "lower-first", "simultaneous")),
            ("seating", self.seating, ("by-role", "fixed", "random")),
            ("first_roles", self.first_roles, ("cut", "none")),
            ("first_leader", self.first_leader, ("boss", "bum", "card", "dealer", "eldest")),
            ("leader", self.leader, ("boss", "bum")),
        ):
            if value not in allowed:
                raise RulesError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        if self.first_roles == "none" and self.first_leader in ("boss", "bum"):
            raise RulesError(
                "with first_roles='none' the first hand's leader is the lead_card's holder, the dealer or eldest"
            )
        for opt, val, choices in (
            ("reverses", self.reverses, ("direction", "ranking", "both")),
            ("rounds_winner", self.rounds_winner, ("highest-total", "last-hand")),
            ("flush_beats", self.flush_beats, ("none", "equal", "any")),
        ):
            if val not in choices:
                raise RulesError(f"{opt} must be one of {', '.join(choices)}, not {val!r}")
        if self.reverse_card and self.reverse_card not in self.rank_order:
            raise RulesError(f"reverse_card {self.reverse_card!r} is not in the rank order")
        if self.suit_order and self.flush_beats != "none":
            raise RulesError(
                "Bridge suit ranking (suit_order) and flushes (flush_beats) cannot be combined: "
                "a play carries one deciding suit"
            )
        if self.suit_order and sorted(self.suit_order) != sorted("cdhs"):
            raise RulesError(
                f"suit_order must order the four suit letters c, d, h, s, not {self.suit_order!r}"
            )
        seq_top = self.rank_order.index(self.sequence_top)
        for w in self.sequence_wilds:
            if w not in self.rank_order or self.rank_order.index(w) <= seq_top:
                raise RulesError(
                    f"sequence wild {w!r} must be a rank above the sequence top {self.sequence_top}"
                )
        if self.multi_sequence_min_ranks < 0 or self.multi_sequence_min_cards < 0:
            raise RulesError("multi_sequence_min_ranks and multi_sequence_min_cards must be 0 or more")
        if self.teams:
            if len(self.teams) != n or len(set(self.teams)) < 2:
                raise RulesError(f"teams needs a team for each of the {n} places and at least two teams")
            if self.seating == "by-role":
                raise RulesError("partnerships need seats that stay put: seating 'fixed' or 'random'")
        if self.wipe_after_pass and not (self.pass_final and self.wipe_card):
            raise RulesError("wipe_after_pass needs a wipe_card and pass_final (players who pass sit out)")
        if self.revolution_declare not in ("automatic", "optional"):
            raise RulesError(
                f"revolution_declare must be automatic or optional, not {self.revolution_declare!r}"
            )
        if self.target_winner not in ("first-to-reach", "highest-total"):
            raise RulesError(
                f"target_winner must be first-to-reach or highest-total, not {self.target_winner!r}"
            )

    def _check_target_ends(self) -> None:
        """A match to a target must end within MAX_HANDS hands: ``target * players / sum(points)`` at most."""
        total = sum(self.points)
        if min(self.points) < 0:
            raise RulesError(
                f"option 'points' may not be negative in a match played to a target (points {list(self.points)}): "
                "the target might never be reached; set rounds, a number of hands, instead"
            )
        if total == 0:
            raise RulesError(
                f"option 'target' can never be reached: no place in a hand scores points (points {list(self.points)})"
            )
        hands = -(-self.target * self.players // total)
        if hands > MAX_HANDS:
            raise RulesError(
                f"option 'target' must be reached within {MAX_HANDS} hands: {self.target} points may take "
                f"{hands} with points {list(self.points)}"
            )

    # ----------------------------------------------------------------- derived
    @property
    def deck_size(self) -> int:
        return 13 * len(self.suits) + self.jokers

    def deck(self) -> list[Card]:
        coloured = "BJ" in self.rank_order or "RJ" in self.rank_order
        return french_deck(suits=self.suits, jokers=self.jokers, coloured_jokers=coloured)

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each player from the dealer's left; the first dealt get the extras."""
        q, extra = divmod(self.deck_size, self.players)
        return tuple(q + (1 if i < extra else 0) for i in range(self.players))

    def rank_index(self, code: int) -> int:
        """A card's place in the rank order (0 = lowest)."""
        code = int(code)
        text = str(Card(code)) if code >= JOKER else rank_text(code >> 2)
        if text not in self.rank_order and code >= JOKER:
            text = rank_text(JOKER_RANK)
        return self.rank_order.index(text)

    @cached_property
    def tables(self) -> Tables:
        """Look-up tables for the engine's hot path, built once per rules."""
        return build_tables(self)

    @cached_property
    def deck_codes(self) -> tuple[int, ...]:
        """The unshuffled deck as card codes, which each deal starts from."""
        return tuple([int(c) for c in self.deck()])

    # ----------------------------------------------------------------- interface
    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed; a ``target`` without ``rounds`` clears the preset's rounds."""
        if changes.get("target") and "rounds" not in changes:
            changes["rounds"] = 0
        return super().replace(**changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option but ``notes`` as JSON-ready data."""
        data = dataclasses.asdict(self)
        data.pop("notes")
        return data

    @abstractmethod
    def new_state(
        self, seed: int, *, chance: Sequence[Sequence[int]] | None = None
    ) -> GameState[Play, GameObservation[Play]]:
        """A new match from this seed (``chance``: another match's shuffles, replayed)."""

    @abstractmethod
    def action_space(self) -> IndexedSpace[Play]:
        """Every action these rules allow, numbered."""

    @abstractmethod
    def parse_action(self, text: str) -> Play:
        """Read an action's text form (``pass``, ``set Q Q 2``, ``seq 9 10 J``, ``revolution``)."""

    @abstractmethod
    def action_text(self, action: Play) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""


def build_tables(rules: ClimbingOptions) -> Tables:
    order = rules.rank_order
    index = {s: i for i, s in enumerate(order)}
    rank_of_code = [-1] * 64
    for code in range(8, 60):
        rank_of_code[code] = index.get(RANKS[(code >> 2) - 2], -1)
    for code, text in ((JOKER, "JK"), (BLACK_JOKER, "BJ"), (RED_JOKER, "RJ")):
        rank_of_code[code] = index.get(text, index.get("JK", -1))
    for i, sym in enumerate(order):  # a single card ranked on its own, like President's 3 of clubs
        if len(sym) >= 2 and sym[-1] in "cdhs" and sym[:-1] in RANKS:
            rank_of_code[int(Card.parse(sym))] = i
    subs: list[list[int]] = [[] for _ in order]
    for wild, top in rules.wilds:
        w, t = index[wild], index[top]
        for r in range(t + 1):
            if r != w:
                subs[r].append(w)
    return Tables(
        n_ranks=len(order),
        rank_of_code=tuple(rank_of_code),
        subs=tuple(tuple(sorted(s)) for s in subs),
        seq_top=index[rules.sequence_top],
        max_width=rules.sequence_max_width or 64,
        symbols=order,
        symbol_index={s.upper(): i for s, i in index.items()},
        points=rules.points,
        wipe=index[rules.wipe_card] if rules.wipe_card else -1,
        max_set=rules.max_set_size or 1 << 20,
        equal_ok=1 if rules.follow == "equal-or-higher" else 0,
        low_keeps=frozenset(index[k] for k in rules.exchange_low_keeps),
        wipe_last_loses=rules.wipe_last_loses,
        sequences=rules.sequences,
        seq_min=rules.sequence_min_ranks,
        multi_min=rules.multi_sequence_min_ranks or rules.sequence_min_ranks,
        multi_min_cards=rules.multi_sequence_min_cards,
        seq_wilds=tuple(sorted(index[w] for w in rules.sequence_wilds)),
        keyed=bool(rules.suit_order) or rules.natural_beats_wild or rules.flush_beats != "none",
        suited=bool(rules.suit_order) or rules.flush_beats != "none",
        bridge=bool(rules.suit_order),
        suit_rank=tuple(rules.suit_order.index(ch) if rules.suit_order else 0 for ch in "cdhs"),
        natural_bonus=rules.natural_beats_wild,
        flush=rules.flush_beats,
        follow_more=rules.follow_more,
        reverse=index[rules.reverse_card] if rules.reverse_card else -1,
    )

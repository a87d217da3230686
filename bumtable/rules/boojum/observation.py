"""What one seat may know of a Boojum game, the legal actions it implies, and its wire form.

What happened is not part of an observation: it is the event log's (``state.events(seat)``).

>>> from bumtable.rules.boojum.rules import boojum
>>> state = boojum(4).new_state(seed=3)
>>> obs = state.observe(0)
>>> len(obs.hand) == obs.hand_counts[0], obs.legal_actions() == state.legal_actions()
(True, True)
>>> BoojumObservation.from_dict(obs.to_dict(), obs.rules) == obs
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bumtable.cards.decktet import DecktetCard
from bumtable.errors import NotationError
from bumtable.rules.boojum.actions import TOKEN_NAMES, BoojumAction, parse_token
from bumtable.rules.boojum.bids import BidValue, bid_value, bid_worth
from bumtable.rules.boojum.legal import phase_actions
from bumtable.rules.kept_legal import keep_legal, kept_legal
from bumtable.rules.wire_memo import WireMemo, shared

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumOptions

__all__ = [
    "BoojumObservation",
    "observation_from_dict",
    "observation_to_dict",
    "phase_actions",
    "unseen_cards",
]


@dataclass(frozen=True)
class BoojumObservation:
    """One seat's view (``seat`` None: a spectator); each field means what the wire model's does
    (:class:`~bumtable.wire.boojum.BoojumObservationModel`), with cards as codes. The state makes it past
    ``__init__`` (:func:`~bumtable.rules.frozen.frozen_from`): no field defaults, no ``__post_init__``."""

    rules: BoojumOptions
    seat: int | None
    round_no: int
    phase: str
    turn: int | None
    dealer: int
    first_to_bid: int
    lot: int
    slots: tuple[tuple[int, ...], ...]
    slot_hidden: tuple[int, ...]
    bids: tuple[tuple[int, ...], ...]
    laid_now: tuple[int, ...]
    high: int | None
    passed: tuple[bool, ...]
    won: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    tokens: tuple[tuple[int, ...], ...]
    """Tokens held, per player and suit (0 Moons .. 5 Knots)."""
    discard: tuple[int, ...]
    stack_count: int
    claim_order: tuple[int, ...]
    claim_pos: int
    claim_token: int
    """The token the player to act is claiming (-1: no claim open)."""
    claim_cards: tuple[int, ...]
    winners: tuple[int, ...]
    hit_round_limit: bool

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def high_value(self) -> BidValue | None:
        return None if self.high is None else bid_value(self.bids[self.high], self.rules.tables)

    def wanted_tokens(self, player: int) -> list[int]:
        if self.rules.repeat_tokens:
            return list(range(6))
        return [k for k in range(6) if not self.tokens[player][k]]

    def legal_actions(self) -> tuple[BoojumAction, ...]:
        kept = kept_legal(self)
        if kept is not None:
            return kept
        seat = self.seat
        if seat is None or seat != self.turn or self.hand is None:
            return ()
        legal = phase_actions(
            self.phase,
            self.hand,
            self.bids[seat],
            self.laid_now,
            self.high_value(),
            self.wanted_tokens(seat),
            self.claim_token,
            self.claim_cards,
            self.rules.tables,
        )
        keep_legal(self, legal)
        return legal

    def to_dict(self, memo: WireMemo | None = None) -> dict[str, Any]:
        return observation_to_dict(self, memo)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: BoojumOptions) -> BoojumObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under."""
        return observation_from_dict(data, rules)


def unseen_cards(obs: BoojumObservation) -> Counter[int]:
    """Cards the seat cannot place: in other hands (beyond what is known), unseen slot cards, the stack.

    >>> from bumtable.rules.boojum.rules import boojum
    >>> obs = boojum(3).new_state(seed=2).observe(1)
    >>> sum(unseen_cards(obs).values()) == 72 - 5 - 2 * 2  # its hand, two slots of two
    True
    """
    pool = Counter(obs.rules.tables.deck)
    placed: list[tuple[int, ...]] = [*obs.slots, *obs.bids, *obs.won, obs.discard, obs.claim_cards]
    for p in range(obs.rules.players):
        placed.append(obs.hand if p == obs.seat and obs.hand is not None else obs.known[p])
    for group in placed:
        pool.subtract(group)
    return +pool


# ---------------------------------------------------------------------- the wire form
# cards as their short text, tokens by name; no rules object (observation_from_dict is given them)
T = TypeVar("T")


def _cards(codes: tuple[int, ...]) -> list[str]:
    return [str(DecktetCard(c)) for c in codes]


def _card_lists(groups: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    return [_cards(cs) for cs in groups]


def observation_to_dict(obs: BoojumObservation, memo: WireMemo | None = None) -> dict[str, Any]:
    """The wire form, with the legal actions' text and code; public parts found in ``memo`` are reused."""
    space = obs.rules.action_space()
    text = obs.rules.action_text
    tables = obs.rules.tables
    return {
        "system": obs.rules.system,
        "seat": obs.seat,
        "round_no": obs.round_no,
        "phase": obs.phase,
        "turn": obs.turn,
        "dealer": obs.dealer,
        "first_to_bid": obs.first_to_bid,
        "lot": obs.lot,
        "slots": shared(memo, "slots", obs.slots, _card_lists),
        "slot_hidden": list(obs.slot_hidden),
        "bids": [_cards(b) for b in obs.bids],
        "bid_worth": shared(memo, "bid_worth", obs.bids, lambda bids: [bid_worth(b, tables) for b in bids]),
        "laid_now": _cards(obs.laid_now),
        "high": obs.high,
        "passed": list(obs.passed),
        "won": shared(memo, "won", obs.won, _card_lists),
        "hand": None if obs.hand is None else _cards(obs.hand),
        "hand_counts": list(obs.hand_counts),
        "known": [_cards(k) for k in obs.known],
        "tokens": [{TOKEN_NAMES[i]: k for i, k in enumerate(held) if k} for held in obs.tokens],
        "discard": shared(memo, "discard", obs.discard, _cards),
        "stack_count": obs.stack_count,
        "claim_order": list(obs.claim_order),
        "claim_pos": obs.claim_pos,
        "claim_token": TOKEN_NAMES[obs.claim_token] if obs.claim_token >= 0 else None,
        "claim_cards": _cards(obs.claim_cards),
        "winners": list(obs.winners),
        "hit_round_limit": obs.hit_round_limit,
        "legal": [{"text": text(a), "code": space.encode(a)} for a in obs.legal_actions()],
    }


# ---------------------------------------------------------------------- reading, field by field
class _Bad(Exception):
    """A field's value is wrong; the message says how (the caller names the field)."""


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _Bad(f"{v!r} is not a whole number")
    return v


def _opt_int(v: Any) -> int | None:
    return None if v is None else _int(v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad(f"{v!r} is not true or false")
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"{v!r} is not a string")
    return v


def _card_list(v: Any) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _Bad("not a list of cards")
    try:
        return tuple(int(DecktetCard.parse(x)) for x in v)
    except NotationError as e:
        raise _Bad(str(e)) from None


def _list(v: Any, item: Callable[[Any], T], size: int | None = None) -> tuple[T, ...]:
    if not isinstance(v, list):
        raise _Bad(f"{v!r} is not a list")
    if size is not None and len(v) != size:
        raise _Bad(f"it has {len(v)} entries, not {size}")
    out = []
    for i, x in enumerate(v, 1):
        try:
            out.append(item(x))
        except _Bad as e:
            raise _Bad(f"item {i} is {e}" if str(e).startswith("not") else f"item {i}: {e}") from None
    return tuple(out)


def _tokens(v: Any) -> tuple[int, ...]:
    if not isinstance(v, dict):
        raise _Bad("not an object of token counts")
    out = [0] * 6
    for name, k in v.items():
        try:
            out[parse_token(name)] = _int(k)
        except NotationError as e:
            raise _Bad(str(e)) from None
    return tuple(out)


def _token(v: Any) -> int:
    if v is None:
        return -1
    try:
        return parse_token(_str(v))
    except NotationError as e:
        raise _Bad(str(e)) from None


def observation_from_dict(data: dict[str, Any], rules: BoojumOptions) -> BoojumObservation:
    """Read :func:`observation_to_dict`'s output back (not ``legal``); a NotationError names a bad field."""
    if not isinstance(data, dict):
        raise NotationError(f"a Boojum observation must be an object, not {type(data).__name__}")
    if data.get("system") != rules.system:
        raise NotationError(
            f"bad Boojum observation field 'system': {data.get('system')!r} is not {rules.system!r}"
        )
    n = rules.players
    slots = rules.slot_count

    def field(name: str, read: Callable[[Any], T]) -> T:
        if name not in data:
            raise NotationError(f"a Boojum observation needs the field {name!r}")
        try:
            return read(data[name])
        except _Bad as e:
            raise NotationError(f"bad Boojum observation field {name!r}: {e}") from None

    def per_player(read: Callable[[Any], T]) -> Callable[[Any], tuple[T, ...]]:
        return lambda v: _list(v, read, n)

    def hand(v: Any) -> tuple[int, ...] | None:
        return None if v is None else _card_list(v)

    return BoojumObservation(
        rules=rules,
        seat=field("seat", _opt_int),
        round_no=field("round_no", _int),
        phase=field("phase", _str),
        turn=field("turn", _opt_int),
        dealer=field("dealer", _int),
        first_to_bid=field("first_to_bid", _int),
        lot=field("lot", _int),
        slots=field("slots", lambda v: _list(v, _card_list, slots)),
        slot_hidden=field("slot_hidden", lambda v: _list(v, _int, slots)),
        bids=field("bids", per_player(_card_list)),
        laid_now=field("laid_now", _card_list),
        high=field("high", _opt_int),
        passed=field("passed", per_player(_bool)),
        won=field("won", per_player(_card_list)),
        hand=field("hand", hand),
        hand_counts=field("hand_counts", per_player(_int)),
        known=field("known", per_player(_card_list)),
        tokens=field("tokens", per_player(_tokens)),
        discard=field("discard", _card_list),
        stack_count=field("stack_count", _int),
        claim_order=field("claim_order", lambda v: _list(v, _int)),
        claim_pos=field("claim_pos", _int),
        claim_token=field("claim_token", _token),
        claim_cards=field("claim_cards", _card_list),
        winners=field("winners", lambda v: _list(v, _int)),
        hit_round_limit=field("hit_round_limit", _bool),
    )

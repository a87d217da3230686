"""Boojum observations on the wire: JSON-ready data, cards as their short text, tokens by name.

The wire form names the system but carries no rules object (the rules are sent once, and
:func:`observation_from_dict` is given them); it lists the seat's legal actions as text and as
codes of the rules' action space. It holds every field of the observation, so reading it back gives
an equal observation. What happened is not in it: that is the event log's.

>>> from bumtable.rules.boojum.options import boojum
>>> rules = boojum(4)
>>> obs = rules.new_state(seed=5).observe(0)
>>> data = obs.to_dict()
>>> "rules" in data, data["legal"][-1]
(False, {'text': 'pass', 'code': 1})
>>> observation_from_dict(data, rules) == obs
True
>>> observation_from_dict({**data, "bids": [["5ML"], [], [], 7]}, rules)
Traceback (most recent call last):
...
bumtable.errors.NotationError: bad Boojum observation field 'bids': item 4 is not a list of cards
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bumtable.cards.decktet import DecktetCard
from bumtable.errors import NotationError
from bumtable.rules.boojum.actions import TOKEN_NAMES, parse_token

if TYPE_CHECKING:
    from bumtable.rules.boojum.observation import BoojumObservation
    from bumtable.rules.boojum.options import BoojumRules

T = TypeVar("T")


def _cards(codes: tuple[int, ...]) -> list[str]:
    return [str(DecktetCard(c)) for c in codes]


def observation_to_dict(obs: BoojumObservation) -> dict[str, Any]:
    """Every field of an observation as JSON-ready data, and the seat's legal actions with their codes."""
    space = obs.rules.action_space()
    text = obs.rules.action_text
    return {
        "system": obs.rules.system,
        "seat": obs.seat,
        "round_no": obs.round_no,
        "phase": obs.phase,
        "turn": obs.turn,
        "dealer": obs.dealer,
        "first_to_bid": obs.first_to_bid,
        "lot": obs.lot,
        "slots": [_cards(s) for s in obs.slots],
        "slot_hidden": list(obs.slot_hidden),
        "bids": [_cards(b) for b in obs.bids],
        "laid_now": _cards(obs.laid_now),
        "high": obs.high,
        "passed": list(obs.passed),
        "won": [_cards(w) for w in obs.won],
        "hand": None if obs.hand is None else _cards(obs.hand),
        "hand_counts": list(obs.hand_counts),
        "known": [_cards(k) for k in obs.known],
        "tokens": [{TOKEN_NAMES[i]: k for i, k in enumerate(held) if k} for held in obs.tokens],
        "discard": _cards(obs.discard),
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


def observation_from_dict(data: dict[str, Any], rules: BoojumRules) -> BoojumObservation:
    """Read :func:`observation_to_dict`'s output back, given the rules it was made under (``legal`` is
    derived, so it is not read). Malformed data is a NotationError that names the bad field."""
    from bumtable.rules.boojum.observation import BoojumObservation

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

"""Gin Bummy observations to and from JSON-ready data: cards and actions as text.

>>> from bumtable.rules.gin_bummy.options import gin_bummy
>>> from bumtable.rules.gin_bummy.observation import GinBummyObservation
>>> state = gin_bummy(players=2).new_state(seed=5)
>>> obs = state.observe(0)
>>> GinBummyObservation.from_dict(obs.to_dict()) == obs
True
>>> obs.to_dict()["hand"][:3]
['2d', '2s', '3h']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from bumtable.cards.french import JOKER, Card
from bumtable.errors import BumtableError, NotationError
from bumtable.rules.gin_bummy.actions import action_text, parse_action

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.observation import GinBummyObservation

FORMAT = "gin-bummy-observation/1"


def _texts(codes: Iterable[int]) -> list[str]:
    return [str(Card(c)) for c in codes]


def _code(text: Any) -> int:
    if not isinstance(text, str):
        raise NotationError(f"a card is text, not {text!r}")
    code = int(Card.parse(text))
    return JOKER if code >= JOKER else code


def _codes(texts: Any) -> tuple[int, ...]:
    if not isinstance(texts, list):
        raise NotationError(f"cards are a list of text, not {texts!r}")
    return tuple(_code(t) for t in texts)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{what} must be a whole number, not {value!r}")
    return value


def _opt_int(value: Any, what: str) -> int | None:
    return None if value is None else _int(value, what)


def observation_to_dict(obs: GinBummyObservation) -> dict[str, Any]:
    """Every field of an observation as JSON-ready data."""
    return {
        "format": FORMAT,
        "rules": obs.rules.to_dict(),
        "seat": obs.seat,
        "turn": obs.turn,
        "phase": obs.phase,
        "dealer": obs.dealer,
        "cut": [[{"player": p, "card": str(Card(c))} for p, c in round_] for round_ in obs.cut],
        "hand": None if obs.hand is None else _texts(obs.hand),
        "hand_counts": list(obs.hand_counts),
        "public_cards": [_texts(cs) for cs in obs.public_cards],
        "hidden_counts": [list(cs) for cs in obs.hidden_counts],
        "beg": _texts(obs.beg),
        "stock_count": obs.stock_count,
        "stock": None if obs.stock is None else _texts(obs.stock),
        "flips": [_texts(f) for f in obs.flips],
        "drawn": None if obs.drawn is None else str(Card(obs.drawn)),
        "drew_from": obs.drew_from,
        "start_size": obs.start_size,
        "starved": list(obs.starved),
        "turns": obs.turns,
        "winner": obs.winner,
        "result": obs.result,
        "history": [action_text(a) for a in obs.history],
        "last_forced": None
        if obs.last_forced is None
        else {"player": obs.last_forced[0], "card": str(Card(obs.last_forced[1]))},
        "my_draws": _texts(obs.my_draws),
    }


def observation_from_dict(data: dict[str, Any]) -> GinBummyObservation:
    """Read :func:`observation_to_dict`'s output back; malformed data is a NotationError saying what."""
    from bumtable.rules.gin_bummy.observation import GinBummyObservation
    from bumtable.rules.gin_bummy.options import GinBummyRules

    if not isinstance(data, dict):
        raise NotationError("a Gin Bummy observation must be a JSON object")
    if data.get("format") != FORMAT:
        raise NotationError(
            f"not a Gin Bummy observation: format is {data.get('format')!r}, expected {FORMAT!r}"
        )
    try:
        forced = data["last_forced"]
        drawn = data["drawn"]
        return GinBummyObservation(
            rules=GinBummyRules.from_dict(data["rules"]),
            seat=_opt_int(data["seat"], "seat"),
            turn=_opt_int(data["turn"], "turn"),
            phase=str(data["phase"]),
            dealer=_int(data["dealer"], "dealer"),
            cut=tuple(
                tuple((_int(c["player"], "cut player"), _code(c["card"])) for c in round_)
                for round_ in data["cut"]
            ),
            hand=None if data["hand"] is None else _codes(data["hand"]),
            hand_counts=tuple(_int(k, "hand count") for k in data["hand_counts"]),
            public_cards=tuple(_codes(cs) for cs in data["public_cards"]),
            hidden_counts=tuple(tuple(_int(k, "hidden count") for k in cs) for cs in data["hidden_counts"]),
            beg=_codes(data["beg"]),
            stock_count=_int(data["stock_count"], "stock_count"),
            stock=None if data["stock"] is None else _codes(data["stock"]),
            flips=tuple(_codes(f) for f in data["flips"]),
            drawn=None if drawn is None else _code(drawn),
            drew_from=str(data["drew_from"]),
            start_size=_int(data["start_size"], "start_size"),
            starved=tuple(_int(p, "starved player") for p in data["starved"]),
            turns=_int(data["turns"], "turns"),
            winner=_opt_int(data["winner"], "winner"),
            result=str(data["result"]),
            history=tuple(parse_action(t) for t in data["history"]),
            last_forced=None if forced is None else (_int(forced["player"], "player"), _code(forced["card"])),
            my_draws=_codes(data["my_draws"]),
        )
    except (KeyError, TypeError) as e:
        raise NotationError(f"not a Gin Bummy observation: {type(e).__name__} {e}") from None
    except BumtableError as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"not a Gin Bummy observation: {e}") from None

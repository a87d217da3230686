"""Boojum observations to and from JSON-ready data: cards as their short text, tokens by name.

>>> from bumtable.rules.boojum.options import boojum
>>> from bumtable.rules.boojum.observation import BoojumObservation
>>> obs = boojum(4).new_state(seed=5).observe(1)
>>> BoojumObservation.from_dict(obs.to_dict()) == obs
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bumtable.cards.decktet import DecktetCard
from bumtable.errors import NotationError, RulesError
from bumtable.rules.boojum.actions import TOKEN_NAMES, parse_token
from bumtable.rules.boojum.state import Event

if TYPE_CHECKING:
    from bumtable.rules.boojum.observation import BoojumObservation


def _cards(codes: tuple[int, ...]) -> list[str]:
    return [str(DecktetCard(c)) for c in codes]


def _codes(texts: list[str]) -> tuple[int, ...]:
    return tuple(int(DecktetCard.parse(t)) for t in texts)


def observation_to_dict(obs: BoojumObservation) -> dict[str, Any]:
    """Every field of an observation as JSON-ready data."""
    return {
        "system": obs.rules.system,
        "rules": obs.rules.to_dict(),
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
        "winners": list(obs.winners),
        "hit_round_limit": obs.hit_round_limit,
        "events": [
            {
                "round": e.round_no,
                "kind": e.kind,
                "player": e.player,
                "cards": _cards(e.cards),
                "slot": e.slot,
                "token": TOKEN_NAMES[e.token] if e.token >= 0 else None,
            }
            for e in obs.events
        ],
    }


def observation_from_dict(data: dict[str, Any]) -> BoojumObservation:
    """Read :func:`observation_to_dict`'s output back; malformed data is a NotationError saying what."""
    from bumtable.rules.boojum.observation import BoojumObservation
    from bumtable.rules.boojum.options import BoojumRules

    try:
        rules = BoojumRules.from_dict(data["rules"])

        def tokens(held: dict[str, int]) -> tuple[int, ...]:
            out = [0] * 6
            for name, k in held.items():
                out[parse_token(name)] = int(k)
            return tuple(out)

        return BoojumObservation(
            rules=rules,
            seat=data["seat"],
            round_no=data["round_no"],
            phase=data["phase"],
            turn=data["turn"],
            dealer=data["dealer"],
            first_to_bid=data["first_to_bid"],
            lot=data["lot"],
            slots=tuple(_codes(s) for s in data["slots"]),
            slot_hidden=tuple(data["slot_hidden"]),
            bids=tuple(_codes(b) for b in data["bids"]),
            high=data["high"],
            passed=tuple(data["passed"]),
            won=tuple(_codes(w) for w in data["won"]),
            hand=None if data["hand"] is None else _codes(data["hand"]),
            hand_counts=tuple(data["hand_counts"]),
            known=tuple(_codes(k) for k in data["known"]),
            tokens=tuple(tokens(h) for h in data["tokens"]),
            discard=_codes(data["discard"]),
            stack_count=data["stack_count"],
            claim_order=tuple(data["claim_order"]),
            claim_pos=data["claim_pos"],
            winners=tuple(data["winners"]),
            hit_round_limit=data["hit_round_limit"],
            events=tuple(
                Event(
                    e["round"],
                    e["kind"],
                    e["player"],
                    _codes(e["cards"]),
                    e["slot"],
                    -1 if e["token"] is None else parse_token(e["token"]),
                )
                for e in data["events"]
            ),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        if isinstance(e, NotationError | RulesError):
            raise
        raise NotationError(f"not a Boojum observation: {type(e).__name__} {e}") from None

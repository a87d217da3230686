"""Observations to and from JSON-ready data: cards and actions as text, roles by name.

>>> from bumtable.rules import get
>>> from bumtable.rules.climbing.observation import ClimbingObservation
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> obs = state.observe(1)
>>> ClimbingObservation.from_dict(obs.to_dict()) == obs
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bumtable.cards.french import Card
from bumtable.errors import NotationError
from bumtable.rules.climbing.state import HandResult, Revolution

if TYPE_CHECKING:
    from bumtable.rules.climbing.observation import ClimbingObservation, SeenTransfer, TrickEntry


def _cards(codes: tuple[int, ...] | list[int]) -> list[str]:
    return [str(Card(c)) for c in codes]


def _codes(texts: list[str]) -> tuple[int, ...]:
    return tuple(int(Card.parse(t)) for t in texts)


def observation_to_dict(obs: ClimbingObservation) -> dict[str, Any]:
    """Every field of an observation as JSON-ready data."""
    rules = obs.rules
    text = rules.action_text

    def entries(trick: tuple[TrickEntry, ...]) -> list[dict[str, Any]]:
        return [{"player": p, "action": text(a), "cards": _cards(cs)} for p, a, cs in trick]

    rev = obs.revolution
    return {
        "system": rules.system,
        "rules": rules.to_dict(),
        "seat": obs.seat,
        "hand_no": obs.hand_no,
        "phase": obs.phase,
        "turn": obs.turn,
        "leader": obs.leader,
        "roles": [rules.roles[r] for r in obs.roles],
        "roles_assigned": obs.roles_assigned,
        "order": list(obs.order),
        "scores": list(obs.scores),
        "card_counts": list(obs.card_counts),
        "hand": None if obs.hand is None else _cards(obs.hand),
        "top": None if obs.top is None else text(obs.top),
        "top_player": obs.top_player,
        "passes": obs.passes,
        "trick": entries(obs.trick),
        "last_trick": None
        if obs.last_trick is None
        else {"entries": entries(obs.last_trick[0]), "winner": obs.last_trick[1]},
        "played": [{"player": p, "cards": _cards(cs)} for p, cs in obs.played],
        "finished": list(obs.finished),
        "losers": list(obs.losers),
        "sat_out": list(obs.sat_out),
        "revolution": None
        if rev is None
        else {
            "player": rev.player,
            "jokers": rev.jokers,
            "old_roles": [rules.roles[r] for r in rev.old_roles],
        },
        "cancelled_exchange": obs.cancelled_exchange,
        "transfers": [
            {
                "giver": t.giver,
                "receiver": t.receiver,
                "count": t.count,
                "cards": None if t.cards is None else _cards(t.cards),
            }
            for t in obs.transfers
        ],
        "cut": [[{"player": p, "card": str(Card(c))} for p, c in round_] for round_ in obs.cut],
        "results": [
            {
                "hand_no": r.hand_no,
                "order": list(r.order),
                "points": list(r.points),
                "roles": [rules.roles[x] for x in r.roles],
                "revolution": r.revolution,
                "cancelled_exchange": r.cancelled_exchange,
                "last_cards": _cards(r.last_cards),
                "with_roles": r.with_roles,
            }
            for r in obs.results
        ],
        "winner": obs.winner,
        "give_count": obs.give_count,
        "dealer": obs.dealer,
        "direction": obs.direction,
        "inverted": obs.inverted,
    }


def observation_from_dict(data: dict[str, Any]) -> ClimbingObservation:
    """Read :func:`observation_to_dict`'s output back; malformed data is a NotationError saying what."""
    from bumtable.rules.climbing.observation import ClimbingObservation, SeenTransfer
    from bumtable.rules.climbing.options import ClimbingRules

    try:
        rules = ClimbingRules.from_dict(data["rules"])
        role = {name: i for i, name in enumerate(rules.roles)}
        act = rules.parse_action

        def entries(items: list[dict[str, Any]]) -> tuple[TrickEntry, ...]:
            return tuple((int(e["player"]), act(e["action"]), _codes(e["cards"])) for e in items)

        last = data["last_trick"]
        rev = data["revolution"]
        transfers: tuple[SeenTransfer, ...] = tuple(
            SeenTransfer(
                t["giver"], t["receiver"], t["count"], None if t["cards"] is None else _codes(t["cards"])
            )
            for t in data["transfers"]
        )
        return ClimbingObservation(
            rules=rules,
            seat=data["seat"],
            hand_no=data["hand_no"],
            phase=data["phase"],
            turn=data["turn"],
            leader=data["leader"],
            roles=tuple(role[r] for r in data["roles"]),
            roles_assigned=data["roles_assigned"],
            order=tuple(data["order"]),
            scores=tuple(data["scores"]),
            card_counts=tuple(data["card_counts"]),
            hand=None if data["hand"] is None else _codes(data["hand"]),
            top=None if data["top"] is None else act(data["top"]),
            top_player=data["top_player"],
            passes=data["passes"],
            trick=entries(data["trick"]),
            last_trick=None if last is None else (entries(last["entries"]), last["winner"]),
            played=tuple((e["player"], _codes(e["cards"])) for e in data["played"]),
            finished=tuple(data["finished"]),
            losers=tuple(data["losers"]),
            sat_out=tuple(data["sat_out"]),
            revolution=None
            if rev is None
            else Revolution(rev["player"], rev["jokers"], tuple(role[r] for r in rev["old_roles"])),
            cancelled_exchange=data["cancelled_exchange"],
            transfers=transfers,
            cut=tuple(
                tuple((c["player"], int(Card.parse(c["card"]))) for c in round_) for round_ in data["cut"]
            ),
            results=tuple(
                HandResult(
                    r["hand_no"],
                    tuple(r["order"]),
                    tuple(r["points"]),
                    tuple(role[x] for x in r["roles"]),
                    r["revolution"],
                    r["cancelled_exchange"],
                    _codes(r["last_cards"]),
                    bool(r.get("with_roles", True)),
                )
                for r in data["results"]
            ),
            winner=data["winner"],
            give_count=data["give_count"],
            dealer=data["dealer"],
            direction=data["direction"],
            inverted=data["inverted"],
        )
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"not a climbing-game observation: {type(e).__name__} {e}") from None

"""Observations to and from their wire form: JSON-ready data, cards and actions as text, roles by name.

The wire form names the ``system`` but does not carry the rules (they are sent once, apart); it
lists the seat's legal actions with their text and their code in the rules' action space; and it
holds only the latest finished hand, never the whole history of the match. Everything else in
the observation is in it, so reading it back gives an equal observation.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> state = rules.new_state(seed=5)
>>> obs = state.observe(state.current_player())
>>> data = obs.to_dict()
>>> "rules" in data, data["system"], data["legal"][0]["code"] == rules.action_space().encode(obs.legal_actions()[0])
(False, 'bum-game', True)
>>> observation_from_dict(data, rules) == obs
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bumtable.cards.french import Card
from bumtable.errors import BumtableError, NotationError
from bumtable.rules.climbing.state import HandResult, Revolution, SeenTransfer
from bumtable.rules.phases import PHASES

if TYPE_CHECKING:
    from bumtable.rules.climbing.observation import ClimbingObservation, TrickEntry
    from bumtable.rules.climbing.options import ClimbingRules


def _cards(codes: tuple[int, ...] | list[int]) -> list[str]:
    return [str(Card(c)) for c in codes]


def observation_to_dict(obs: ClimbingObservation) -> dict[str, Any]:
    """Every field of an observation as JSON-ready data, plus the legal actions (text and code)."""
    rules = obs.rules
    text = rules.action_text
    space = rules.action_space()

    def entries(trick: tuple[TrickEntry, ...]) -> list[dict[str, Any]]:
        return [{"player": p, "action": text(a), "cards": _cards(cs)} for p, a, cs in trick]

    rev = obs.revolution
    last = obs.last_result
    return {
        "system": rules.system,
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
        "legal": [{"text": text(a), "code": space.encode(a)} for a in obs.legal_actions()],
        "top": None if obs.top is None else text(obs.top),
        "top_player": obs.top_player,
        "passes": obs.passes,
        "trick": entries(obs.trick),
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
        "last_result": None
        if last is None
        else {
            "hand_no": last.hand_no,
            "order": list(last.order),
            "points": list(last.points),
            "roles": [rules.roles[x] for x in last.roles],
            "revolution": last.revolution,
            "cancelled_exchange": last.cancelled_exchange,
            "last_cards": _cards(last.last_cards),
            "with_roles": last.with_roles,
        },
        "winner": obs.winner,
        "give_count": obs.give_count,
        "dealer": obs.dealer,
        "direction": obs.direction,
        "inverted": obs.inverted,
    }


class _Reader:
    """Reads fields of the wire form, naming the field in every error."""

    def __init__(self, data: Any, rules: ClimbingRules) -> None:
        if not isinstance(data, dict):
            raise NotationError(f"a climbing-game observation must be an object, not {type(data).__name__}")
        self.data = data
        self.rules = rules
        self.role = {name: i for i, name in enumerate(rules.roles)}

    def field(self, name: str, read: Callable[[Any], Any]) -> Any:
        if name not in self.data:
            raise NotationError(f"observation field {name!r} is missing")
        try:
            return read(self.data[name])
        except (KeyError, TypeError, ValueError, IndexError, BumtableError) as e:
            detail = str(e) if isinstance(e, BumtableError) else f"{type(e).__name__} {e}"
            raise NotationError(f"observation field {name!r} is bad: {detail}") from None

    # readers of one value each (TypeError/ValueError for a value of the wrong kind)
    @staticmethod
    def int_(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"expected a whole number, not {v!r}")
        return v

    @staticmethod
    def bool_(v: Any) -> bool:
        if not isinstance(v, bool):
            raise TypeError(f"expected true or false, not {v!r}")
        return v

    def opt_int(self, v: Any) -> int | None:
        return None if v is None else self.int_(v)

    def ints(self, v: Any) -> tuple[int, ...]:
        if not isinstance(v, list):
            raise TypeError(f"expected a list, not {v!r}")
        return tuple(self.int_(x) for x in v)

    def bools(self, v: Any) -> tuple[bool, ...]:
        if not isinstance(v, list):
            raise TypeError(f"expected a list, not {v!r}")
        return tuple(self.bool_(x) for x in v)

    @staticmethod
    def codes(v: Any) -> tuple[int, ...]:
        if not isinstance(v, list):
            raise TypeError(f"expected a list of cards, not {v!r}")
        return tuple(int(Card.parse(x)) for x in v)

    def roles(self, v: Any) -> tuple[int, ...]:
        if not isinstance(v, list):
            raise TypeError(f"expected a list of role names, not {v!r}")
        return tuple(self.role[x] for x in v)

    def action(self, v: Any) -> Any:
        if not isinstance(v, str):
            raise TypeError(f"expected an action's text, not {v!r}")
        return self.rules.parse_action(v)

    def entries(self, v: Any) -> tuple[TrickEntry, ...]:
        return tuple((self.int_(e["player"]), self.action(e["action"]), self.codes(e["cards"])) for e in v)


def observation_from_dict(data: dict[str, Any], rules: ClimbingRules) -> ClimbingObservation:
    """Read :func:`observation_to_dict`'s output back under ``rules``; bad data is a NotationError naming
    the field. The ``legal`` list is derived data: it is checked against the observation's own."""
    from bumtable.rules.climbing.observation import ClimbingObservation, legal_from

    r = _Reader(data, rules)
    system = r.field("system", str)
    if system != rules.system:
        raise NotationError(f"observation field 'system' is {system!r}, but the rules are {rules.system}'s")

    def phase(v: Any) -> str:
        if v not in PHASES:
            raise ValueError(f"unknown phase {v!r}")
        return str(v)

    def revolution(v: Any) -> Revolution | None:
        if v is None:
            return None
        return Revolution(r.int_(v["player"]), r.int_(v["jokers"]), r.roles(v["old_roles"]))

    def transfers(v: Any) -> tuple[SeenTransfer, ...]:
        return tuple(
            SeenTransfer(
                r.int_(t["giver"]),
                r.int_(t["receiver"]),
                r.int_(t["count"]),
                None if t["cards"] is None else r.codes(t["cards"]),
            )
            for t in v
        )

    def result(v: Any) -> HandResult | None:
        if v is None:
            return None
        return HandResult(
            r.int_(v["hand_no"]),
            r.ints(v["order"]),
            r.ints(v["points"]),
            r.roles(v["roles"]),
            r.bool_(v["revolution"]),
            r.bool_(v["cancelled_exchange"]),
            r.codes(v["last_cards"]),
            r.bool_(v["with_roles"]),
        )

    obs = ClimbingObservation(
        rules=rules,
        seat=r.field("seat", r.opt_int),
        hand_no=r.field("hand_no", r.int_),
        phase=r.field("phase", phase),
        turn=r.field("turn", r.opt_int),
        leader=r.field("leader", r.int_),
        roles=r.field("roles", r.roles),
        roles_assigned=r.field("roles_assigned", r.bool_),
        order=r.field("order", r.ints),
        scores=r.field("scores", r.ints),
        card_counts=r.field("card_counts", r.ints),
        hand=r.field("hand", lambda v: None if v is None else r.codes(v)),
        top=r.field("top", lambda v: None if v is None else r.action(v)),
        top_player=r.field("top_player", r.int_),
        passes=r.field("passes", r.int_),
        trick=r.field("trick", r.entries),
        played=r.field("played", lambda v: tuple((r.int_(e["player"]), r.codes(e["cards"])) for e in v)),
        finished=r.field("finished", r.ints),
        losers=r.field("losers", r.ints),
        sat_out=r.field("sat_out", r.bools),
        revolution=r.field("revolution", revolution),
        cancelled_exchange=r.field("cancelled_exchange", r.bool_),
        transfers=r.field("transfers", transfers),
        cut=r.field(
            "cut",
            lambda v: tuple(tuple((r.int_(c["player"]), int(Card.parse(c["card"]))) for c in rd) for rd in v),
        ),
        last_result=r.field("last_result", result),
        winner=r.field("winner", r.opt_int),
        give_count=r.field("give_count", r.int_),
        dealer=r.field("dealer", r.int_),
        direction=r.field("direction", r.int_),
        inverted=r.field("inverted", r.bool_),
    )
    obs = dataclasses.replace(obs, legal=legal_from(obs))
    legal = r.field("legal", lambda v: [(e["text"], r.int_(e["code"])) for e in v])
    space = rules.action_space()
    mine = [(rules.action_text(a), space.encode(a)) for a in obs.legal_actions()]
    if legal != mine:
        raise NotationError("observation field 'legal' does not list the observation's legal actions")
    return obs

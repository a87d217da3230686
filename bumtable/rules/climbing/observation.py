"""What one seat may know of a climbing game, and its wire form.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> obs = state.observe(0)
>>> len(obs.hand) == obs.card_counts[0], obs.legal_actions() == ()
(True, True)
>>> state.observe(state.current_player()).legal_actions() == state.legal_actions()
True
>>> data = obs.to_dict()
>>> "rules" in data, data["system"], observation_from_dict(data, state.rules) == obs
(False, 'bum-game', True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from bumtable.cards.french import Card, is_card_code
from bumtable.errors import BumtableError, NotationError
from bumtable.rules.climbing.facts import HandResult, Revolution, SeenTransfer, Transfer
from bumtable.rules.climbing.movegen import give_plays, turn_plays, wipe_or_pass
from bumtable.rules.climbing.plays import DECLARE_PLAY, DECLINE_PLAY, Play
from bumtable.rules.phases import EXCHANGE, PHASES, PLAY, REVOLUTION
from bumtable.rules.wire_memo import WireMemo, shared

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions

TrickEntry = tuple[int, Play, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class ClimbingObservation:
    """One seat's view (``seat`` None: a spectator); each field means what the wire model's does
    (:class:`~bumtable.wire.climbing.ClimbingObservationModel`), with cards as codes."""

    rules: ClimbingOptions
    seat: int | None
    hand_no: int
    phase: str
    turn: int | None
    leader: int
    roles: tuple[int, ...]
    roles_assigned: bool
    order: tuple[int, ...]
    scores: tuple[int, ...]
    card_counts: tuple[int, ...]
    hand: tuple[int, ...] | None
    top: Play | None
    top_player: int
    passes: int
    trick: tuple[TrickEntry, ...]
    played: tuple[tuple[int, tuple[int, ...]], ...]
    finished: tuple[int, ...]
    losers: tuple[int, ...]
    sat_out: tuple[bool, ...]
    revolution: Revolution | None
    cancelled_exchange: bool
    transfers: tuple[SeenTransfer, ...]
    cut: tuple[tuple[tuple[int, int], ...], ...]
    last_result: HandResult | None
    winner: int | None
    give_count: int = 0
    dealer: int = 0
    direction: int = 1
    inverted: bool = False

    legal: tuple[Play, ...] = ()

    def legal_actions(self) -> tuple[Play, ...]:
        return self.legal

    def team_of(self, player: int) -> int:
        """The player's team (partnership rules: by place at the table), else the player's own number."""
        teams = self.rules.teams
        return teams[self.order.index(player)] if teams else player

    def role_name(self, player: int) -> str:
        return self.rules.roles[self.roles[player]] if self.roles_assigned else "no role"

    def hand_cards(self) -> list[Card]:
        return [Card(c) for c in self.hand or ()]

    def to_dict(self, memo: WireMemo | None = None) -> dict[str, Any]:
        return observation_to_dict(self, memo)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: ClimbingOptions) -> ClimbingObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under."""
        return observation_from_dict(data, rules)


def legal_from(obs: ClimbingObservation) -> tuple[Play, ...]:
    """The seat's legal actions worked out from what the observation shows (for observations read back)."""
    if obs.seat is None or obs.seat != obs.turn or obs.hand is None:
        return ()
    if obs.phase == REVOLUTION:
        return (DECLARE_PLAY, DECLINE_PLAY)
    if obs.phase not in (EXCHANGE, PLAY):
        return ()
    t = obs.rules.tables
    by_rank: list[list[int]] = [[] for _ in range(t.n_ranks)]
    rank = t.rank_of_code
    for c in obs.hand:
        by_rank[rank[c]].append(c)
    counts = [len(x) for x in by_rank]
    if obs.phase == EXCHANGE:
        return tuple(give_plays(counts, obs.give_count))
    plays = turn_plays(counts, t, obs.top, must_play=obs.rules.must_play, hand=by_rank, inverted=obs.inverted)
    return wipe_or_pass(plays, t.wipe) if obs.sat_out[obs.seat] else tuple(plays)


def _maker() -> Callable[..., ClimbingObservation]:
    """A fast constructor taking every field in order: a frozen ``__init__`` is slow, and every bot
    decision makes an observation. A plain class with the same slots fills them, then takes this class."""
    names = [f.name for f in fields(ClimbingObservation)]
    slots = ClimbingObservation.__slots__
    if tuple(names) != tuple(slots):  # how dataclass(slots=True) lays them out
        raise TypeError("the observation's slots are not its fields in order")
    lines = [
        "class make_observation:",
        f"    __slots__ = {tuple(slots)!r}",
        f"    def __init__(self, {', '.join(names)}):",
    ]
    lines += [f"        self.{name} = {name}" for name in names]
    lines.append("        self.__class__ = _cls")
    scope: dict[str, Any] = {"_cls": ClimbingObservation}
    exec("\n".join(lines), scope)
    made: Callable[..., ClimbingObservation] = scope["make_observation"]
    made.__doc__ = "An observation from every field's value, in field order (see :func:`_maker`)."
    return made


make_observation = _maker()


def seen_transfer(t: Transfer, seat: int | None) -> SeenTransfer:
    """A transfer as ``seat`` saw it: the cards only for giver and receiver."""
    return t.shown if seat == t.giver or seat == t.receiver else t.hidden


# ----------------------------------------------------------------- the wire form
_TEXT: Final = {code: str(Card(code)) for code in range(64) if is_card_code(code)}


_card_text = _TEXT.__getitem__


def _cards(codes: tuple[int, ...] | list[int]) -> list[str]:
    return list(map(_card_text, codes))


def observation_to_dict(obs: ClimbingObservation, memo: WireMemo | None = None) -> dict[str, Any]:
    """The wire form, with the legal actions' text and code; public parts found in ``memo`` are reused."""
    rules = obs.rules
    text = rules.action_text
    space = rules.action_space()
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
        "trick": shared(memo, "trick", obs.trick, lambda trick: _trick(trick, rules)),
        "played": shared(memo, "played", obs.played, _played),
        "finished": list(obs.finished),
        "losers": list(obs.losers),
        "sat_out": list(obs.sat_out),
        "revolution": None if obs.revolution is None else _revolution(obs.revolution, rules),
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
        "cut": shared(memo, "cut", obs.cut, _cut),
        "last_result": None
        if obs.last_result is None
        else shared(memo, "last_result", obs.last_result, lambda last: _result(last, rules)),
        "winner": obs.winner,
        "give_count": obs.give_count,
        "dealer": obs.dealer,
        "direction": obs.direction,
        "inverted": obs.inverted,
    }


def _trick(trick: tuple[TrickEntry, ...], rules: ClimbingOptions) -> list[dict[str, Any]]:
    text = rules.action_text
    return [{"player": p, "action": text(a), "cards": _cards(cs)} for p, a, cs in trick]


def _played(played: tuple[tuple[int, tuple[int, ...]], ...]) -> list[dict[str, Any]]:
    return [{"player": p, "cards": list(map(_card_text, cs))} for p, cs in played]


def _revolution(rev: Revolution, rules: ClimbingOptions) -> dict[str, Any]:
    return {"player": rev.player, "jokers": rev.jokers, "old_roles": [rules.roles[r] for r in rev.old_roles]}


def _cut(cut: tuple[tuple[tuple[int, int], ...], ...]) -> list[list[dict[str, Any]]]:
    return [[{"player": p, "card": _TEXT[c]} for p, c in round_] for round_ in cut]


def _result(last: HandResult, rules: ClimbingOptions) -> dict[str, Any]:
    return {
        "hand_no": last.hand_no,
        "order": list(last.order),
        "points": list(last.points),
        "roles": [rules.roles[x] for x in last.roles],
        "revolution": last.revolution,
        "cancelled_exchange": last.cancelled_exchange,
        "last_cards": _cards(last.last_cards),
        "with_roles": last.with_roles,
    }


class _Reader:
    """Reads fields of the wire form, naming the field in every error."""

    def __init__(self, data: Any, rules: ClimbingOptions) -> None:
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


def observation_from_dict(data: dict[str, Any], rules: ClimbingOptions) -> ClimbingObservation:
    """Read :func:`observation_to_dict`'s output back; a NotationError names a bad field (or ``legal``)."""
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

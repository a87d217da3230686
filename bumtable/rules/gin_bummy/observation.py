"""What one seat may know of a Gin Bummy game, and its wire form.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> rules = gin_bummy(players=2)
>>> state = rules.new_state(seed=5)
>>> obs = state.observe(state.current_player())
>>> len(obs.hand) == obs.hand_counts[obs.seat], obs.stock_count
(True, 34)
>>> data = obs.to_dict()
>>> data["system"], data["hand"][:3], data["legal"][0], observation_from_dict(data, rules) == obs
('gin-bummy', ['3d', '4c', '4h'], {'text': 'discard Js', 'code': 42}, True)
>>> observation_from_dict(dict(data, stock_count=-1), rules)
Traceback (most recent call last):
...
bumtable.errors.NotationError: bad Gin Bummy observation field 'stock_count': it must be 0 or more, not -1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bumtable.cards.french import JOKER, Card
from bumtable.errors import BumtableError, NotationError
from bumtable.rules.gin_bummy.actions import GinBummyAction, action_text
from bumtable.rules.gin_bummy.moves import CALL, DISCARD_PHASE, OVER, TURN, TurnView, legal_actions
from bumtable.rules.gin_bummy.starve import starving
from bumtable.rules.kept_legal import keep_legal, kept_legal
from bumtable.rules.wire_memo import WireMemo, shared

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions


RECENT = 8
"""How many of each player's latest passed-over and discarded number cards an observation lists (older
ones say little of the hand now, and the wire form keeps one size)."""


@dataclass(frozen=True)
class GinBummyObservation:
    """One seat's view (``seat`` None: a spectator); each field means what the wire model's does
    (:class:`~bumtable.wire.gin_bummy.GinBummyObservationModel`), with cards as codes."""

    rules: GinBummyOptions
    seat: int | None
    turn: int | None
    phase: str
    dealer: int
    cut: tuple[tuple[tuple[int, int], ...], ...]
    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    public_cards: tuple[tuple[int, ...], ...]
    hidden_counts: tuple[tuple[int, ...], ...]
    beg: tuple[int, ...]
    stock_count: int
    stock: tuple[int, ...] | None
    flips: tuple[tuple[int, ...], ...]
    drawn: int | None
    drew_from: str
    start_size: int
    starved: tuple[int, ...]
    turns: int
    winner: int | None
    result: str
    steps: int
    last_forced: tuple[int, int] | None
    my_draws: tuple[int, ...] = ()
    stuck: int | None = None
    beg_declined: tuple[tuple[int, ...], ...] = ()
    number_discards: tuple[tuple[int, ...], ...] = ()

    def view(self) -> TurnView | None:
        """The decision view of the seat when it is to act, else None."""
        if self.seat is None or self.seat != self.turn or self.hand is None:
            return None
        beg_top = self.beg[-1] if self.beg else None
        keep = 1 if self.rules.turn_over_keeps_top else 0
        stock_open = self.stock_count > 0 or len(self.beg) > keep
        return TurnView(
            self.rules,
            self.phase,
            self.hand,
            beg_top,
            stock_open,
            self.drawn,
            self.drew_from,
            self.start_size,
        )

    def legal_actions(self) -> tuple[GinBummyAction, ...]:
        kept = kept_legal(self)
        if kept is not None:
            return kept
        view = self.view()
        legal = () if view is None else legal_actions(view)
        keep_legal(self, legal)
        return legal

    def hand_cards(self) -> list[Card]:
        return [Card(c) for c in self.hand or ()]

    def to_dict(self, memo: WireMemo | None = None) -> dict[str, Any]:
        return observation_to_dict(self, memo)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: GinBummyOptions) -> GinBummyObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under."""
        return observation_from_dict(data, rules)


# ----------------------------------------------------------------- wire form
FORMAT = "gin-bummy-observation/4"
"""The wire form's version (what each added: ``docs/rules/gin-bummy.md``)."""
PHASES = (TURN, DISCARD_PHASE, CALL, OVER)
T = TypeVar("T")


def _texts(codes: Iterable[int]) -> list[str]:
    return [str(Card(c)) for c in codes]


def _text_lists(groups: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    return [_texts(cs) for cs in groups]


def _code(text: Any) -> int:
    if not isinstance(text, str):
        raise NotationError(f"a card is text, not {text!r}")
    code = int(Card.parse(text))
    return JOKER if code >= JOKER else code


def _codes(texts: Any) -> tuple[int, ...]:
    if not isinstance(texts, list):
        raise NotationError(f"cards are a list of text, not {texts!r}")
    return tuple(_code(t) for t in texts)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"a list is needed, not {value!r}")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"a whole number is needed, not {value!r}")
    if value < 0:
        raise NotationError(f"it must be 0 or more, not {value}")
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _seat(players: int) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        p = _int(value)
        if p >= players:
            raise NotationError(f"there is no seat {p} at a table of {players}")
        return p

    return read


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise NotationError(f"text is needed, not {value!r}")
    return value


def observation_to_dict(obs: GinBummyObservation, memo: WireMemo | None = None) -> dict[str, Any]:
    """The wire form, with the legal actions' text and code; public parts found in ``memo`` are reused."""
    space = obs.rules.action_space()
    return {
        "format": FORMAT,
        "system": obs.rules.system,
        "seat": obs.seat,
        "turn": obs.turn,
        "phase": obs.phase,
        "legal": [{"text": action_text(a), "code": space.encode(a)} for a in obs.legal_actions()],
        "starving": {action_text(a): left for a, left in starving(obs).items()},
        "dealer": obs.dealer,
        "cut": [[{"player": p, "card": str(Card(c))} for p, c in round_] for round_ in obs.cut],
        "hand": None if obs.hand is None else _texts(obs.hand),
        "hand_counts": list(obs.hand_counts),
        "public_cards": shared(memo, "public_cards", obs.public_cards, _text_lists),
        "hidden_counts": [list(cs) for cs in obs.hidden_counts],
        "beg": _texts(obs.beg),
        "stock_count": obs.stock_count,
        "stock": None if obs.stock is None else _texts(obs.stock),
        "flips": shared(memo, "flips", obs.flips, _text_lists),
        "drawn": None if obs.drawn is None else str(Card(obs.drawn)),
        "drew_from": obs.drew_from,
        "start_size": obs.start_size,
        "starved": list(obs.starved),
        "turns": obs.turns,
        "winner": obs.winner,
        "stuck": obs.stuck,
        "result": obs.result,
        "steps": obs.steps,
        "last_forced": None
        if obs.last_forced is None
        else {"player": obs.last_forced[0], "card": str(Card(obs.last_forced[1]))},
        "my_draws": _texts(obs.my_draws),
        "beg_declined": shared(memo, "beg_declined", obs.beg_declined, _text_lists),
        "number_discards": shared(memo, "number_discards", obs.number_discards, _text_lists),
    }


class _Reader:
    """Reads the fields of one observation's data, naming the field in any error."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __call__(self, name: str, read: Callable[[Any], T]) -> T:
        if name not in self.data:
            raise NotationError(f"bad Gin Bummy observation: the field {name!r} is missing")
        try:
            return read(self.data[name])
        except (BumtableError, KeyError, TypeError, ValueError) as e:
            what = f"{type(e).__name__} {e}" if not isinstance(e, BumtableError) else str(e)
            raise NotationError(f"bad Gin Bummy observation field {name!r}: {what}") from None


def _phase(value: Any) -> str:
    if value not in PHASES:
        raise NotationError(f"a phase is one of {', '.join(PHASES)}, not {value!r}")
    return str(value)


def _source(value: Any) -> str:
    if value not in ("", "stock", "beg"):
        raise NotationError(f"a draw comes from 'stock' or 'beg' (or '' for none), not {value!r}")
    return str(value)


def observation_from_dict(data: dict[str, Any], rules: GinBummyOptions) -> GinBummyObservation:
    """Read :func:`observation_to_dict`'s output back (not ``legal``); a NotationError names a bad field."""
    if not isinstance(data, dict):
        raise NotationError("a Gin Bummy observation must be a JSON object")
    if data.get("format") != FORMAT:
        raise NotationError(
            f"bad Gin Bummy observation field 'format': {data.get('format')!r}, expected {FORMAT!r}"
        )
    field = _Reader(data)
    field("system", lambda v: _expect_system(v, rules.system))
    seat = _seat(rules.players)

    def opt_seat(v: Any) -> int | None:
        return None if v is None else seat(v)

    def each(read: Callable[[Any], T]) -> Callable[[Any], tuple[T, ...]]:
        return lambda v: tuple(read(x) for x in _list(v))

    def cut_round(v: Any) -> tuple[tuple[int, int], ...]:
        return tuple((seat(c["player"]), _code(c["card"])) for c in _list(v))

    def forced(v: Any) -> tuple[int, int] | None:
        return None if v is None else (seat(v["player"]), _code(v["card"]))

    return GinBummyObservation(
        rules=rules,
        seat=field("seat", opt_seat),
        turn=field("turn", opt_seat),
        phase=field("phase", _phase),
        dealer=field("dealer", seat),
        cut=field("cut", each(cut_round)),
        hand=field("hand", lambda v: None if v is None else _codes(v)),
        hand_counts=field("hand_counts", each(_int)),
        public_cards=field("public_cards", each(_codes)),
        hidden_counts=field("hidden_counts", each(each(_int))),
        beg=field("beg", _codes),
        stock_count=field("stock_count", _int),
        stock=field("stock", lambda v: None if v is None else _codes(v)),
        flips=field("flips", each(_codes)),
        drawn=field("drawn", lambda v: None if v is None else _code(v)),
        drew_from=field("drew_from", _source),
        start_size=field("start_size", _int),
        starved=field("starved", each(seat)),
        turns=field("turns", _int),
        winner=field("winner", opt_seat),
        stuck=field("stuck", opt_seat),
        result=field("result", _text),
        steps=field("steps", _int),
        last_forced=field("last_forced", forced),
        my_draws=field("my_draws", _codes),
        beg_declined=field("beg_declined", _per_player(rules.players)),
        number_discards=field("number_discards", _per_player(rules.players)),
    )


def _per_player(players: int) -> Callable[[Any], tuple[tuple[int, ...], ...]]:
    def read(value: Any) -> tuple[tuple[int, ...], ...]:
        lists = _list(value)
        if not lists:  # an observation built without them (the dataclass's default)
            return ()
        if len(lists) != players:
            raise NotationError(f"one list of cards per player is needed ({players}), not {len(lists)}")
        return tuple(_codes(v) for v in lists)

    return read


def _expect_system(value: Any, system: str) -> str:
    if value != system:
        raise NotationError(f"these rules are {system!r}, but the observation is of {value!r}")
    return system

"""What one seat may know of a Gin Bummy game, and its wire form.

Public to all: every action (a draw from the stock does not show the card) and how
many have been taken, the Beg (face up, so remembered in full), each turn-over of the Beg, hand sizes,
the cards each player is known to hold (taken from the Beg, forced on them by a
Joker, or drawn from a stock whose order everyone knows), the stock's size, and
who has starved. Private: the seat's own hand and the cards it drew.

The state makes an observation (:meth:`GinBummyState.observe <bumtable.rules.gin_bummy.state.GinBummyState.observe>`);
:func:`~bumtable.rules.gin_bummy.sample.sample_state` deals a state to fit one. This module sits below both.

The wire form (JSON-ready data, cards and actions as text) names the rules' system but does not carry
the rules (they are sent once, and given back when reading), lists the seat's legal actions with their
codes in the rules' action space, and holds no history: ``steps`` counts the actions taken.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> state = gin_bummy(players=3).new_state(seed=3)
>>> obs = state.observe(1)
>>> len(obs.hand) == obs.hand_counts[1] == 10, obs.stock_count
(True, 24)
>>> rules = gin_bummy(players=2)
>>> state = rules.new_state(seed=5)
>>> obs = state.observe(state.current_player())
>>> observation_from_dict(obs.to_dict(), rules) == obs
True
>>> data = obs.to_dict()
>>> data["system"], data["seat"], data["hand"][:3], data["legal"][0]
('gin-bummy', 1, ['3d', '4c', '4h'], {'text': 'discard Js', 'code': 42})
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
from bumtable.rules.kept_legal import keep_legal, kept_legal
from bumtable.rules.wire_memo import WireMemo, shared

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions


RECENT = 8
"""How many of each player's latest passed-over and discarded number cards an observation lists (older ones
say little about a hand that has changed since, and the wire form stays the same size however long the
game)."""


@dataclass(frozen=True)
class GinBummyObservation:
    """One seat's view (``seat`` None: a spectator, who holds no hand)."""

    rules: GinBummyOptions
    seat: int | None
    turn: int | None
    """The player to act (None once the game is over)."""
    phase: str
    """``turn`` (a turn begins), ``discard`` (a card was drawn), ``call`` (a winning hand) or ``over``."""
    dealer: int
    cut: tuple[tuple[tuple[int, int], ...], ...]
    """Each round of the cut for the deal: (player, card cut)."""
    hand: tuple[int, ...] | None
    """The seat's cards, lowest code first."""
    hand_counts: tuple[int, ...]
    public_cards: tuple[tuple[int, ...], ...]
    """Cards every player knows each player holds (taken from the Beg, forced by a Joker, ...)."""
    hidden_counts: tuple[tuple[int, ...], ...]
    """Each player's other cards, counted by the stock they came from (0: the deal; k: the k-th turn-over)."""
    beg: tuple[int, ...]
    """The Beg, bottom card first."""
    stock_count: int
    stock: tuple[int, ...] | None
    """The stock, next card first, when everyone knows its order (after an unshuffled turn-over), else None."""
    flips: tuple[tuple[int, ...], ...]
    """The cards of each turn-over of the Beg, bottom card first."""
    drawn: int | None
    """The card drawn this turn, if this seat may see it."""
    drew_from: str
    start_size: int
    """Cards the player to act held when the turn began."""
    starved: tuple[int, ...]
    """The players out, in the order they starved."""
    turns: int
    winner: int | None
    result: str
    """How the game ended (``bum``, ``last-standing``, ``turn-limit``, ``blocked``; empty while it runs)."""
    steps: int
    """Actions taken so far (every action is public; the history itself is the record's, not resent)."""
    last_forced: tuple[int, int] | None
    """(player, card) while that player takes the turn after a Joker forced the card on them."""
    my_draws: tuple[int, ...] = ()
    """The cards this seat drew on its latest turn."""
    stuck: int | None = None
    """In a blocked game, the player who had no legal action."""
    beg_declined: tuple[tuple[int, ...], ...] = ()
    """Per player, the latest :data:`RECENT` in order: each number card that lay on top of the Beg when the
    player drew from the stock instead (public: everyone sees the draw; what a player passes over hints at
    what they do not need)."""
    number_discards: tuple[tuple[int, ...], ...] = ()
    """Per player, the latest :data:`RECENT` in order: the number cards the player discarded after drawing
    (public, on the Beg)."""

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
        """The seat's legal actions when it is to act (else none): the same as the state's."""
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
        """The wire form: JSON-ready data (cards and actions as text, the legal actions with their codes),
        naming the rules' system but not carrying the rules; :meth:`from_dict` reads it back. The public cards
        and flips are shared with other observations written with ``memo`` (:mod:`~bumtable.rules.wire_memo`)."""
        return observation_to_dict(self, memo)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: GinBummyOptions) -> GinBummyObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under; malformed data is a
        NotationError that names the field."""
        return observation_from_dict(data, rules)


# ----------------------------------------------------------------- wire form
FORMAT = "gin-bummy-observation/3"
"""Version 2: the rules' system instead of the rules, the legal actions, ``steps`` instead of the history.
Version 3: ``beg_declined`` and ``number_discards``."""
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
    """The wire form of an observation (see the module); public parts found in ``memo`` are taken from it."""
    space = obs.rules.action_space()
    return {
        "format": FORMAT,
        "system": obs.rules.system,
        "seat": obs.seat,
        "turn": obs.turn,
        "phase": obs.phase,
        "legal": [{"text": action_text(a), "code": space.encode(a)} for a in obs.legal_actions()],
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
    """Read :func:`observation_to_dict`'s output back, given the rules it was made under; malformed data
    is a NotationError that names the field (the legal actions are the rules' to work out, not read)."""
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
    """Reads a list of cards for each player."""

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

"""Fair deals: a table commits to its seed before the first deal and to each deal before it is played.

The engine draws every shuffle of a match from one generator seeded once (``rules/chance.py``), so a seed
told after a hand would tell every later deal. Hence two commitments, SHA-256 in hex:

- the **match commitment**, over a per-table random salt and the seed, in the first frame anyone sees and
  opened (salt and seed told) once the match is over: anyone replays every deal with the engine;
- a **draw commitment** per shuffle the engine makes, over the shuffle's order and a salt derived from the
  table's salt, told in the frame that deals it (a reshuffle within a hand is committed when it is drawn) and
  opened with the seed once the match is over: the shuffles come from one generator, so an order opened
  earlier would be a clue to the deals after it.

>>> salt = "ab" * 32
>>> match_commitment("t1", salt, 7) == match_commitment("t1", salt, 7) != match_commitment("t1", salt, 8)
True
>>> len(draw_commitment("t1", 0, draw_salt(salt, 0), [3, 1, 2]))
64
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError
from bumtable.rules.events import GAME_OVER, HAND_OVER
from bumtable.rules.protocol import AnyRules, AnyState
from bumtable.rules.record import GameRecord

TAG = "bumtable-fair/1"
"""Begins every hashed text, so a commitment of this scheme is never another's."""


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def match_commitment(table: str, salt: str, seed: int) -> str:
    """SHA-256 of ``bumtable-fair/1|TABLE|match|SALT|SEED``: binds the table to its seed from the start.

    >>> match_commitment("t1", "0" * 64, 1) == _sha("bumtable-fair/1|t1|match|" + "0" * 64 + "|1")
    True
    """
    return _sha(f"{TAG}|{table}|match|{salt}|{seed}")


def draw_salt(salt: str, draw: int) -> str:
    """The salt of the table's ``draw``-th shuffle (from 0): told with that draw, it tells nothing of another.

    >>> draw_salt("0" * 64, 0) != draw_salt("0" * 64, 1)
    True
    """
    return _sha(f"{TAG}|{salt}|draw {draw}")


def draw_commitment(table: str, draw: int, salt: str, order: Sequence[int]) -> str:
    """SHA-256 of ``bumtable-fair/1|TABLE|draw K|SALT|C1,C2,...``: one shuffle's order (engine card codes).

    >>> draw_commitment("t1", 2, "s", [5, 4]) == _sha("bumtable-fair/1|t1|draw 2|s|5,4")
    True
    """
    return _sha(f"{TAG}|{table}|draw {draw}|{salt}|{','.join(map(str, order))}")


@dataclass
class DealBook:
    """Which of the engine's shuffles dealt each hand: a shuffle belongs to the hand being played when it is
    drawn, and those drawn by the action that ends a hand deal the next one.

    >>> from bumtable.rules import get
    >>> book = DealBook()
    >>> book.note(get("bum-game", players=3).new_state(seed=1), hands_done=0)
    >>> book.hands
    [[0, 1]]
    """

    hands: list[list[int]] = field(default_factory=list)
    seen: int = 0

    def note(self, state: AnyState, *, hands_done: int) -> None:
        """File the shuffles drawn since the last call under the hand now being played."""
        drawn = len(state.chance.draws)
        if drawn == self.seen:
            return
        hand = hands_done + 1
        while len(self.hands) < hand:
            self.hands.append([])
        self.hands[hand - 1].extend(range(self.seen, drawn))
        self.seen = drawn

    def draws_of(self, hand: int) -> list[int]:
        return self.hands[hand - 1] if 1 <= hand <= len(self.hands) else []


@dataclass
class Fairness:
    """One table's commitments: its id, salt and seed, and which shuffles dealt each hand."""

    table: str
    salt: str
    seed: int
    book: DealBook = field(default_factory=DealBook)

    @property
    def match(self) -> str:
        return match_commitment(self.table, self.salt, self.seed)

    def commits(self, state: AnyState, hand: int) -> list[str]:
        draws = state.chance.draws
        return [
            draw_commitment(self.table, k, draw_salt(self.salt, k), draws[k])
            for k in self.book.draws_of(hand)
        ]

    def opened(self, state: AnyState, hand: int) -> dict[str, Any]:
        """A finished hand's shuffles, opened: each one's number, salt, order and commitment."""
        draws = state.chance.draws
        return {
            "hand": hand,
            "draws": [
                {
                    "draw": k,
                    "salt": draw_salt(self.salt, k),
                    "order": list(draws[k]),
                    "commit": draw_commitment(self.table, k, draw_salt(self.salt, k), draws[k]),
                }
                for k in self.book.draws_of(hand)
            ],
        }

    def frame(self, state: AnyState, hands_done: int) -> dict[str, Any]:
        """The ``fair`` part of a frame, which anyone at the table may see: the match's commitment, the hand
        being played and its shuffles' commitments, and once the match is over every hand opened, the seed and
        the salt."""
        over = state.is_over()
        hand = hands_done if over else hands_done + 1
        return {
            "match": self.match,
            "hand": hand,
            "commits": [] if over else self.commits(state, hand),
            "opened": [self.opened(state, h) for h in range(1, hands_done + 1)] if over else [],
            "seed": self.seed if over else None,
            "salt": self.salt if over else None,
        }

    def record(self, state: AnyState) -> dict[str, Any]:
        """What a finished match's record carries: the salt, the match commitment and every hand opened."""
        return {
            "scheme": TAG,
            "table": self.table,
            "salt": self.salt,
            "match": self.match,
            "hands": [self.opened(state, h) for h in range(1, len(self.book.hands) + 1)],
        }


def hands_ended(state: AnyState, since: int, done: int) -> tuple[int, int]:
    """Hands finished after the public events from ``since`` on, as the table counts them (a ``hand-over``
    event, or the game's end for a system without hands); returns ``(hands done, next seq)``."""
    for event in state.events(None, since):
        if event.kind == HAND_OVER or (event.kind == GAME_OVER and not done):
            done += 1
        since = event.seq + 1
    return done, since


def replay_book(rules: AnyRules, seed: int, actions: Sequence[str]) -> tuple[AnyState, DealBook]:
    """Replay a match and file its shuffles by hand as a table does while it is played.

    >>> from bumtable.rules import get
    >>> state, book = replay_book(get("bum-game", players=3), 1, [])
    >>> book.hands == [[0, 1]]
    True
    """
    state: AnyState = rules.new_state(seed)
    book = DealBook()
    done, seq = hands_ended(state, 0, 0)
    book.note(state, hands_done=done)
    for text in actions:
        state.apply(rules.parse_action(text))
        done, seq = hands_ended(state, seq, done)
        book.note(state, hands_done=done)
    return state, book


class FairnessError(BumtableError):
    """A record whose deals do not bear out its commitments (or that carries none)."""


def verify(record: GameRecord) -> Iterator[str]:
    """Check a finished table's record: its seed opens the match commitment, and every hand's shuffles,
    dealt again by the engine from that seed, are the ones opened and committed to. Yields a line per hand;
    raises :class:`FairnessError` with the first mismatch.

    >>> from bumtable.rules import get
    >>> book = replay_book(get("bum-game", players=3), 1, [])[1]
    >>> state = get("bum-game", players=3).new_state(1)
    >>> fair = Fairness("t1", "0" * 64, 1, book)
    >>> list(verify(GameRecord(state.rules, 1, (), {"fair": fair.record(state)})))
    ['hand 1: deal matches its commitment']
    """
    fair = record.meta.get("fair")
    if not isinstance(fair, dict) or fair.get("scheme") != TAG:
        raise FairnessError(f"the record carries no {TAG} commitments (a record not made by a table server?)")
    table, salt, match, opened = fair.get("table"), fair.get("salt"), fair.get("match"), fair.get("hands")
    if not (isinstance(table, str) and isinstance(salt, str) and isinstance(match, str)):
        raise FairnessError("the record's 'fair' part lacks its table, salt or match commitment")
    if not isinstance(opened, list) or not all(isinstance(h, dict) for h in opened):
        raise FairnessError("the record's 'fair' part lacks its list of opened hands")
    if record.chance is not None:
        raise FairnessError("the record deals from a script of shuffles, not from its seed")
    if record.meta.get("table", table) != table:
        raise FairnessError(
            f"the commitments are table {table}'s, the record table {record.meta.get('table')}'s"
        )
    if match_commitment(table, salt, record.seed) != match:
        raise FairnessError("the seed and salt do not open the match commitment: not the seed committed to")
    try:
        state, book = replay_book(record.rules, record.seed, record.actions)
    except BumtableError as e:
        raise FairnessError(f"the record's actions do not replay from its seed: {e}") from None
    draws = state.chance.draws
    for number, ks in enumerate(book.hands, 1):
        if number > len(opened):
            raise FairnessError(f"hand {number}: the record does not open its deal")
        if opened[number - 1].get("hand") != number:
            raise FairnessError(
                f"hand {number}: the record opens hand {opened[number - 1].get('hand')} in its place"
            )
        told = opened[number - 1].get("draws")
        if not isinstance(told, list) or len(told) != len(ks):
            raise FairnessError(
                f"hand {number}: the record opens {_count(told)} shuffles; the engine drew {len(ks)}"
            )
        for k, entry in zip(ks, told, strict=True):
            if not isinstance(entry, dict) or entry.get("draw") != k:
                raise FairnessError(f"hand {number}: shuffle {k} is not opened in its place")
            if entry.get("order") != list(draws[k]):
                raise FairnessError(f"hand {number}: shuffle {k} is not the engine's shuffle from the seed")
            if entry.get("salt") != draw_salt(salt, k):
                raise FairnessError(f"hand {number}: shuffle {k}'s salt is not derived from the table's salt")
            if entry.get("commit") != draw_commitment(table, k, draw_salt(salt, k), draws[k]):
                raise FairnessError(f"hand {number}: deal does not match its commitment (shuffle {k})")
        yield f"hand {number}: deal matches its commitment"
    if len(opened) > len(book.hands):
        yield f"hands {len(book.hands) + 1} to {len(opened)}: past the record's actions, not checked"
    if fair.get("seeded"):
        yield "the table's maker chose the seed: the deals were fixed before play, and the maker could know them"


def _count(told: object) -> int:
    return len(told) if isinstance(told, list) else 0

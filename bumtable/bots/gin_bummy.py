"""A heuristic Gin Bummy player: it sheds face cards, aims at four suits and four values, and avoids starving.

>>> from bumtable.rules.gin_bummy import gin_bummy, position
>>> observation = position(gin_bummy(), ["2s 6h 4d 9c Kh 8h", "7c 7d 7h 7s 8c"], beg="5c").observe(0)
>>> GinBummyBot(seed=1).choose(observation).text, core_size(observation.hand)
('discard Kh', 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bumtable.cards.french import JOKER
from bumtable.rules.gin_bummy.actions import (
    ACE,
    BUM,
    DISCARD,
    DRAW_BEG,
    DRAW_STOCK,
    JOKER_PLAY,
    GinBummyAction,
)
from bumtable.rules.gin_bummy.cards import is_ace, is_face, is_number
from bumtable.rules.gin_bummy.moves import DISCARD_PHASE
from bumtable.rules.gin_bummy.observation import GinBummyObservation


def core(cards: Sequence[int]) -> list[int]:
    """A largest set of number cards in ``cards`` with no two of a suit and no two of a value."""
    by_suit: list[list[int]] = [[], [], [], []]
    for c in cards:
        if is_number(c):
            by_suit[c & 3].append(c)
    best: list[int] = []

    def search(suit: int, used: int, chosen: list[int]) -> None:
        nonlocal best
        if len(chosen) + (4 - suit) <= len(best):
            return
        if suit == 4:
            best = chosen.copy()
            return
        for c in by_suit[suit]:
            bit = 1 << (c >> 2)
            if not used & bit:
                chosen.append(c)
                search(suit + 1, used | bit, chosen)
                chosen.pop()
                if len(best) == 4:
                    return
        search(suit + 1, used, chosen)

    search(0, 0, [])
    return best


def core_size(cards: Sequence[int]) -> int:
    """``len(core(cards))``, fast, by Hall's theorem on matching suits to values."""
    values = [0, 0, 0, 0]  # the values held in each suit, as bits
    for c in cards:
        if c < 44:  # a number card
            values[c & 3] |= 1 << (c >> 2)
    a, b, c, d = values
    ab, cd = a | b, c | d
    shortfall = max(  # each of the 15 sets of suits: how many more suits than values it covers
        0,
        1 - a.bit_count(),
        1 - b.bit_count(),
        1 - c.bit_count(),
        1 - d.bit_count(),
        2 - ab.bit_count(),
        2 - (a | c).bit_count(),
        2 - (a | d).bit_count(),
        2 - (b | c).bit_count(),
        2 - (b | d).bit_count(),
        2 - cd.bit_count(),
        3 - (ab | c).bit_count(),
        3 - (ab | d).bit_count(),
        3 - (a | cd).bit_count(),
        3 - (b | cd).bit_count(),
        4 - (ab | cd).bit_count(),
    )
    return 4 - shortfall


def _score(cards: Sequence[int]) -> float:
    """Higher is better for a hand of a given size: a bigger core, fewer cards that must still go."""
    numbers = [c for c in cards if c < 44]
    suits = len({c & 3 for c in numbers})
    values = len({c >> 2 for c in numbers})
    dead = len(cards) - len(numbers)
    return 10.0 * core_size(cards) + 0.2 * (suits + values) - 6.0 * dead * (len(cards) <= 4)


class GinBummyBot:
    """Plays by the heuristics of this module; ties are broken by its seeded generator."""

    name = "gin-heuristic"
    asks_forced_moves = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: GinBummyObservation) -> GinBummyAction:
        legal = observation.legal_actions()
        if not legal:
            raise ValueError(f"seat {observation.seat} was asked to act, but it has no legal action now")
        hand = list(observation.hand or ())
        for action in legal:
            if action.kind == BUM:
                return action
        if observation.phase == DISCARD_PHASE:
            return self._discard(hand, legal)
        choice = self._turn(observation, hand, legal)
        return choice if choice in legal else legal[0]

    def _discard(self, hand: list[int], legal: Sequence[GinBummyAction]) -> GinBummyAction:
        best: list[GinBummyAction] = []
        best_score = -1e9
        for action in legal:
            rest = hand.copy()
            rest.remove(action.card)
            score = _score(rest)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def _turn(
        self, obs: GinBummyObservation, hand: list[int], legal: Sequence[GinBummyAction]
    ) -> GinBummyAction:
        k = len(hand)
        kinds = {a.kind for a in legal}
        faces = [c for c in hand if is_face(c)]
        aces = [c for c in hand if is_ace(c)]
        jokers = hand.count(JOKER)
        keep = core(hand)
        junk = [c for c in hand if is_number(c) and c not in keep]
        # Two cards at once with a Joker, carrying the card we least want (an Ace is a gift to the next player).
        if jokers and k >= 6 and JOKER_PLAY in kinds:
            carry = aces or junk or faces or ([JOKER] if jokers > 1 else []) or keep
            for c in carry:
                action = GinBummyAction(JOKER_PLAY, c)
                if action in legal:
                    return action
        if faces and k >= 5:
            return GinBummyAction(DISCARD, faces[self.rng.randrange(len(faces))])
        # An Ace or a Joker in a small hand cannot otherwise leave: the Ace's three cards buy room.
        if aces and k <= 5 and (jokers or k == 4 or not faces):
            return GinBummyAction(ACE, aces[0])
        top = obs.beg[-1] if obs.beg else None
        # With four cards and a face card, only a stock draw (by the text) lets the face card go.
        exception = k == 4 and faces and DRAW_STOCK in kinds
        if top is not None and DRAW_BEG in kinds and not exception:
            if is_number(top) and _core_after_draw(hand, top) > len(keep):
                return GinBummyAction(DRAW_BEG)
            if is_face(top) and k > 4 and len(faces) + 2 * jokers < k - 4 and junk:
                return GinBummyAction(DRAW_BEG)  # a face card to shed next turn, for a number we do not need
        if DRAW_STOCK in kinds:
            return GinBummyAction(DRAW_STOCK)
        if DRAW_BEG in kinds:
            return GinBummyAction(DRAW_BEG)
        safe = [a for a in legal if _size_after(a, k) >= 4]
        pool = safe or legal
        return pool[self.rng.randrange(len(pool))]


def _core_after_draw(hand: list[int], card: int) -> int:
    """The largest core after taking ``card`` and then discarding one of the hand's number cards."""
    best = 0
    for i, c in enumerate(hand):
        if is_number(c):
            best = max(best, core_size([*hand[:i], *hand[i + 1 :], card]))
    return best


def _size_after(action: GinBummyAction, size: int) -> int:
    """Hand size after a turn-starting action (draws keep it; an Ace adds about two): the bot's own rough guess,
    kept as it is because its moves depend on it; the rules' exact count is :mod:`bumtable.rules.gin_bummy.starve`."""
    if action.kind == DISCARD:
        return size - 1
    if action.kind == JOKER_PLAY:
        return size - 2
    if action.kind == ACE:
        return size + 2
    return size


__all__ = ["GinBummyBot", "core", "core_size"]

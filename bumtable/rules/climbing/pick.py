"""Which physical cards a play takes from a hand, by fixed rules that never cost what the rules can see.

Cards the player named by suit (a ``Picked`` play) go as named. Otherwise: any card of the rank where suits
do not matter; under Bridge suits the deciding card of the play's suit and the lowest suits for the rest; a
flush's suit; for a mixed sequence, the suits the hand holds fewest of, keeping long suits for flushes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bumtable.cards.french import JOKER
from bumtable.rules.climbing.plays import SEQUENCE, Picked, Play
from bumtable.rules.climbing.tables import Tables


def lowest_suited(cards: list[int], t: Tables) -> int:
    """Remove and return the lowest-suited card of a rank list (Jokers by code)."""
    best = min(
        range(len(cards)), key=lambda i: (t.suit_rank[cards[i] & 3] if cards[i] < JOKER else 0, cards[i])
    )
    return cards.pop(best)


def _of_suit(cards: list[int], suit: int) -> int:
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] < JOKER and cards[i] & 3 == suit:
            return cards.pop(i)
    raise ValueError(f"no card of suit {suit} in {cards}")


def take_cards(hand: Sequence[list[int]], play: Play, t: Tables) -> tuple[int, ...]:
    """Remove the cards of ``play`` from ``hand`` (card codes by rank index) and return them."""
    if isinstance(play, Picked):
        return _take_picked(hand, play, t)
    if not t.suited:
        return tuple([hand[r].pop() for r in play.cards])
    if t.bridge:
        taken: list[int] = []
        rest = list(play.cards)
        if play.suit >= 0:
            taken.append(_of_suit(hand[play.rank], play.suit))
            rest.remove(play.rank)
        taken.extend(lowest_suited(hand[r], t) for r in rest)
        return tuple(taken)
    if play.kind != SEQUENCE or play.width != 1 or not t.is_natural(play):
        return tuple([lowest_suited(hand[r], t) for r in play.cards])
    if play.suit >= 0:
        return tuple([_of_suit(hand[r], play.suit) for r in play.cards])
    return _mixed(hand, play)


def _mixed(hand: Sequence[list[int]], play: Play) -> tuple[int, ...]:
    """A mixed sequence: each rank's card from the hand's shortest suit, made mixed if need be."""
    held = [0, 0, 0, 0]
    for cards in hand:
        for c in cards:
            if c < JOKER:
                held[c & 3] += 1
    chosen = [min(hand[r], key=lambda c: (held[c & 3], c)) for r in play.cards]
    if len({c & 3 for c in chosen}) == 1:
        suit = chosen[0] & 3
        for i, r in enumerate(play.cards):
            other = [c for c in hand[r] if c & 3 != suit]
            if other:
                chosen[i] = min(other, key=lambda c: (held[c & 3], c))
                break
    for r, c in zip(play.cards, chosen, strict=True):
        hand[r].remove(c)
    return tuple(chosen)


def _take_picked(hand: Sequence[list[int]], play: Picked, t: Tables) -> tuple[int, ...]:
    """The named cards and the rest chosen as usual, in the play's card order."""
    named: dict[int, list[int]] = {}
    for c in play.picks:
        r = t.rank_of_code[c]
        hand[r].remove(c)
        named.setdefault(r, []).append(c)
    chosen: list[int | None] = [named[r].pop() if named.get(r) else None for r in play.cards]
    named_at = {i for i, c in enumerate(chosen) if c is not None}
    if not t.suited:
        return tuple(c if c is not None else hand[r].pop() for r, c in zip(play.cards, chosen, strict=True))
    flush = play.kind == SEQUENCE and play.width == 1 and t.flush != "none" and t.is_natural(play)
    if t.bridge and play.suit >= 0 and not any(c is not None and c & 3 == play.suit for c in chosen):
        i = next(i for i, r in enumerate(play.cards) if r == play.rank and chosen[i] is None)
        chosen[i] = _of_suit(hand[play.rank], play.suit)
    for i, r in enumerate(play.cards):
        if chosen[i] is None:
            chosen[i] = (
                _of_suit(hand[r], play.suit) if flush and play.suit >= 0 else lowest_suited(hand[r], t)
            )
    if flush and play.suit < 0 and len({c & 3 for c in chosen if c is not None}) == 1:
        _make_mixed(hand, play, chosen, named_at)
    return tuple(c for c in chosen if c is not None)


def _make_mixed(hand: Sequence[list[int]], play: Play, chosen: list[int | None], named_at: set[int]) -> None:
    """Swap a card the player did not name for one of another suit, so that a mixed sequence is mixed."""
    suit = next(c & 3 for c in chosen if c is not None)
    for i, r in enumerate(play.cards):
        other = [c for c in hand[r] if c < JOKER and c & 3 != suit]
        if i not in named_at and other:
            old = chosen[i]
            assert old is not None
            hand[r].remove(other[0])
            hand[r].append(old)
            chosen[i] = other[0]
            return

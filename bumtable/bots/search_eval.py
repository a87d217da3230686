"""What the search bot reckons each seat's prospects are when a playout is cut short, from 0 (last) to 1
(first), per family. The state is one of the search's deals of the hidden cards, so every seat's cards in it
are the deal's, not the real ones.

- Climbing games: from the public observation, those out already by the order they went out, then the
  others by cards left (fewer is better).
- Boojum: by suit tokens held, each token still wanted adding how near the seat's cards (its hand, its
  bid, the lots it won this round) come to it, as the heuristic bot values a hand
  (:func:`bumtable.bots.boojum.hand_potential`: a token the cards could claim now counts 1, one a card away
  ``DECAY``); a token held counts ``TOKEN_WEIGHT`` (2) by default, ``SearchConfig.token_weight``
  (Boojum's ``hard``: 1.5), so a claim gains.
- Others (Gin Bummy's playouts reach the game's end): every seat alike.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=1)
>>> state.observe(None).card_counts  # 54 cards dealt to four: fewer is better
(14, 13, 13, 14)
>>> estimate("climbing", state)
(0.16666666666666666, 0.8333333333333334, 0.8333333333333334, 0.16666666666666666)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bumtable.bots.boojum import hand_potential


def estimate(
    family: str, state: Any, cutoff: str = "rank", token_weight: float | None = None
) -> tuple[float, ...]:
    """Each seat's prospects in [0, 1] in ``state``, a game of ``family`` (a deal of the search's); ``cutoff``
    (``rank`` or ``margin``) and ``token_weight`` (Boojum; None: :data:`TOKEN_WEIGHT`): see
    :class:`~bumtable.bots.search.SearchConfig`."""
    if family == "climbing":
        public = state.observe(None)
        n = len(public.card_counts)
        out = list(public.finished)
        keys = [(0, out.index(p)) if p in out else (1, public.card_counts[p]) for p in range(n)]
        return _by_keys(keys, better_low=True)
    if family == "boojum":
        prospects = boojum_prospects(state, TOKEN_WEIGHT if token_weight is None else token_weight)
        return _by_margin(prospects) if cutoff == "margin" else _by_keys(prospects, better_low=False)
    players: int = state.rules.players
    return (0.5,) * players


TOKEN_WEIGHT = 2.0
"""What a Boojum token held counts, against at most 1 for cards that could claim it now: a claim gains."""


def boojum_prospects(state: Any, token_weight: float = TOKEN_WEIGHT) -> list[float]:
    """Each Boojum seat's tokens held (``token_weight`` each, by default :data:`TOKEN_WEIGHT`) plus its cards'
    potential for those it still wants."""
    out = []
    for seat in range(state.rules.players):
        seen = state.observe(seat)
        cards = [*(seen.hand or ()), *seen.bids[seat], *seen.won[seat]]
        held = sum(1 for k in seen.tokens[seat] if k)
        out.append(token_weight * held + hand_potential(cards, seen.wanted_tokens(seat), seen.rules.tables))
    return out


MARGIN_SCALE = 12.0
"""``cutoff="margin"``: a seat's prospects less the others' mean, over twice this, plus a half, in [0, 1] (12:
six tokens held at the default ``TOKEN_WEIGHT`` each against none; 9 at Boojum ``hard``'s 1.5)."""


def margin_of(value: float) -> float:
    """The seat's prospects less the others' mean that a ``cutoff="margin"`` value stands for (the inverse of
    :func:`_by_margin`, short of its clamp to [0, 1]).

    >>> margin_of(0.75), margin_of(0.5)
    (6.0, 0.0)
    """
    return (value - 0.5) * 2 * MARGIN_SCALE


def standing_of(value: float, players: int) -> float:
    """The place among ``players`` seats (1 first) that a ``cutoff="rank"`` value stands for (the inverse of
    :func:`_by_keys`' scale: first 1, last 0, linear between).

    >>> standing_of(1.0, 4), standing_of(0.5, 4), standing_of(0.0, 4)
    (1.0, 2.5, 4.0)
    """
    return 1 + (players - 1) * (1 - value)


def _by_margin(numbers: Sequence[float]) -> tuple[float, ...]:
    """Values from numbers: each seat's number less the others' mean, on :data:`MARGIN_SCALE`, in [0, 1].

    >>> _by_margin([6.0, 0.0, 0.0, 0.0]), _by_margin([1.0, 1.0])
    ((0.75, 0.4166666666666667, 0.4166666666666667, 0.4166666666666667), (0.5, 0.5))
    """
    n = len(numbers)
    if n < 2:
        return (0.5,) * n
    total = sum(numbers)
    out = []
    for x in numbers:
        lead = x - (total - x) / (n - 1)
        out.append(min(1.0, max(0.0, 0.5 + lead / (2 * MARGIN_SCALE))))
    return tuple(out)


def _by_keys(keys: Sequence[Any], *, better_low: bool) -> tuple[float, ...]:
    """Values from keys: each seat's share of the seats it beats, ties counting half, so equal keys are 0.5."""
    n = len(keys)
    if n < 2:
        return (0.5,) * n
    out = []
    for k in keys:
        beats = sum(1 for q in keys if (k < q if better_low else k > q))
        ties = sum(1 for q in keys if q == k) - 1
        out.append((beats + ties / 2) / (n - 1))
    return tuple(out)

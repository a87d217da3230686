"""The climbing games' fixed, exact action space: every action a hand from the rules' deck could make.

Codes follow :class:`~bumtable.rules.climbing.plays.Play`'s own order, so they fall into one block per kind
(pass, sets, sequences, revolution choices, gives), as in OpenSpiel. Nothing is abstracted away: a wild card
standing in, or the suit that decides a play, makes a different action.

>>> from bumtable.rules import get
>>> block_bases(get("president", players=4))  # 13 ranks in sets of 1 to 4 (three 3s), the 3c; gives of 1 or 2
{'pass': (0, 1), 'set': (1, 52), 'give': (53, 118)}
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.climbing.movegen import give_plays, lead_plays, suited_plays
from bumtable.rules.climbing.plays import (
    DECLARE_PLAY,
    DECLINE_PLAY,
    KIND_NAMES,
    PASS_PLAY,
    SEQUENCE,
    Play,
)

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions
    from bumtable.rules.climbing.tables import Tables


@lru_cache(maxsize=16)
def action_space(rules: ClimbingOptions) -> IndexedSpace[Play]:
    """The numbered space of every action under ``rules`` (built once per rules object)."""
    return IndexedSpace(all_actions(rules), text=rules.action_text)


def block_bases(rules: ClimbingOptions) -> dict[str, tuple[int, int]]:
    """Each kind of action's first code and number of codes, by kind name (``pass``, ``set``, ...)."""
    out: dict[str, tuple[int, int]] = {}
    for code, play in enumerate(action_space(rules).actions):
        name = KIND_NAMES[play.kind]
        base, size = out.get(name, (code, 0))
        out[name] = (base, size + 1)
    return out


def largest_hand(rules: ClimbingOptions) -> int:
    """The most cards a player can hold while playing: the largest hand dealt, plus all the exchange brings
    in where a lower role may be short of cards it can give (only Jokers and kept ranks left)."""
    sizes = rules.hand_sizes()
    kept = rules.jokers if rules.exchange_keep_jokers else 0
    kept += sum(1 for c in rules.deck() if rules.tables.rank_of_code[int(c)] in rules.tables.low_keeps)
    most_given = max((k for _, _, k in rules.exchange_pairs), default=0)
    if not rules.exchange or min(sizes) - kept >= most_given:
        return max(sizes)
    return max(sizes) + sum(k for _, _, k in rules.exchange_pairs)


def all_actions(rules: ClimbingOptions) -> list[Play]:
    """Every action, sorted."""
    t = rules.tables
    counts = [0] * t.n_ranks
    hand: list[list[int]] = [[] for _ in range(t.n_ranks)]
    for card in rules.deck():
        r = t.rank_of_code[int(card)]
        counts[r] += 1
        hand[r].append(int(card))
    cap = largest_hand(rules)
    plays = {p for p in lead_plays(counts, t, t.sequences, t.seq_min) if p.size <= cap}
    if t.sequences and t.seq_wilds:
        plays.update(_wild_sequences(counts, t, cap))
    actions = suited_plays(list(plays), hand, t) if t.suited else list(plays)
    actions.append(PASS_PLAY)
    if rules.revolution_declare == "optional" and rules.revolution_triggers:
        actions += [DECLARE_PLAY, DECLINE_PLAY]
    if rules.exchange and rules.exchange_high_gives == "choice":
        for k in sorted({k for _, _, k in rules.exchange_pairs}):
            actions += give_plays(counts, k)
    return sorted(set(actions))


def _wild_sequences(counts: list[int], t: Tables, cap: int) -> Iterator[Play]:
    """Every sequence whose wild cards fill missing cards, its cards as movegen writes them."""
    wilds = [(w, counts[w]) for w in t.seq_wilds if counts[w]]
    spare = sum(k for _, k in wilds)
    splits = _splits(wilds)
    for width, ranks in _spans(t, cap):
        for short in _shortfalls(tuple([max(0, width - counts[r]) for r in ranks]), width, spare):
            need = sum(short)
            if need == 0 or need == width * len(ranks):
                continue  # natural sequences come from lead_plays; all-wild ones are no sequence
            natural: tuple[int, ...] = ()
            for r, s in zip(ranks, short, strict=True):
                natural += (r,) * (width - s)
            for split in splits[need]:
                cards = natural + split
                yield Play(SEQUENCE, ranks[-1], len(cards), width, cards)


def _spans(t: Tables, cap: int) -> Iterator[tuple[int, range]]:
    """Every width and run of ranks a sequence of at most ``cap`` cards may take."""
    for width in range(1, min(t.max_width, cap) + 1):
        least = t.min_ranks(width)
        for lo in range(t.seq_top + 1):
            for hi in range(lo + least - 1, t.seq_top + 1):
                if width * (hi - lo + 1) > cap:
                    break
                yield width, range(lo, hi + 1)


@lru_cache(maxsize=4096)
def _shortfalls(least: tuple[int, ...], width: int, spare: int) -> tuple[tuple[int, ...], ...]:
    """Every vector of cards missing per rank (``least[i]`` to ``width``) adding up to at most ``spare``."""
    if not least:
        return ((),)
    first, rest = least[0], least[1:]
    return tuple(
        (s, *tail)
        for s in range(first, min(width, spare) + 1)
        for tail in _shortfalls(rest, width, spare - s)
    )


def _splits(wilds: list[tuple[int, int]]) -> dict[int, list[tuple[int, ...]]]:
    """For each number of wild cards, every multiset of wild ranks (ascending) of that size."""
    out: dict[int, list[tuple[int, ...]]] = {0: [()]}
    for w, have in wilds:
        new: dict[int, list[tuple[int, ...]]] = {}
        for total, combos in out.items():
            for k in range(have + 1):
                new.setdefault(total + k, []).extend(c + (w,) * k for c in combos)
        out = new
    return out


def wild_sequence_count(rules: ClimbingOptions, *, suited: bool = False) -> int:
    """How many sequences whose wild cards fill missing cards :func:`all_actions` lists (``suited``: once per
    deciding suit), counted without listing them, so that too big a space is refused before it is built."""
    counts, t = _deck_counts(rules)
    if not (t.sequences and t.seq_wilds):
        return 0

    def suits(width: int) -> int:
        return 4 if t.bridge else 5 if t.flush != "none" and width == 1 else 1

    cap = largest_hand(rules)
    multisets = [1]  # multisets[k]: ways to pick k wild cards by rank (the ranks' copies bound each)
    for w in t.seq_wilds:
        multisets = _convolve(multisets, [1] * (counts[w] + 1))
    spare = len(multisets) - 1
    total = 0
    for width, ranks in _spans(t, cap):
        ways = [1]  # ways[k]: vectors of cards missing per rank adding up to k
        for r in ranks:
            short = max(0, width - counts[r])
            ways = _convolve(ways, [0] * short + [1] * (width - short + 1))[: spare + 1]
        full = width * len(ranks)
        found = sum(n * multisets[k] for k, n in enumerate(ways) if 0 < k < full and k <= spare)
        total += found * (suits(width) if suited else 1)
    return total


def wild_sequence_bound(rules: ClimbingOptions) -> int:
    """:func:`wild_sequence_count` with each sequence counted once per suit that can decide it."""
    return wild_sequence_count(rules, suited=True)


def space_bound(rules: ClimbingOptions) -> int:
    """At least as many actions as :func:`all_actions` lists, counted without listing them."""
    counts, t = _deck_counts(rules)
    cap = largest_hand(rules)
    most = min(cap, t.max_set)
    total = 4  # pass, declaring and declining a revolution, the wipe card
    for r in range(t.n_ranks):
        ways = [1] * (counts[r] + 1)  # by size: natural cards of rank r, then each wild that may stand in
        for w in t.subs[r]:
            ways = _convolve(ways, [1] * (counts[w] + 1))[: most + 1]
        total += sum(ways[1 : most + 1]) * (4 if t.bridge else 1)
    if t.sequences:
        for width, ranks in _spans(t, cap):
            if all(counts[r] >= width for r in ranks):
                total += 4 if t.bridge else 5 if t.flush != "none" and width == 1 else 1
        total += wild_sequence_bound(rules)
    if rules.exchange and rules.exchange_high_gives == "choice":
        given = [1]  # given[k]: multisets of k cards by rank
        for n in counts:
            given = _convolve(given, [1] * (n + 1))
        total += sum(given[k] for k in {k for _, _, k in rules.exchange_pairs} if k < len(given))
    return total


def _deck_counts(rules: ClimbingOptions) -> tuple[list[int], Tables]:
    t = rules.tables
    counts = [0] * t.n_ranks
    for card in rules.deck_codes:
        counts[t.rank_of_code[card]] += 1
    return counts, t


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out

"""Golden counts of distinct legal plays (chess "perft" for climbing games), and a brute-force oracle.

Plays that differ only in suit are one play, so a play is a kind (set or sequence) and a
multiset of ranks. The counts below are worked out by hand in the comments, from the
rules text: a set is cards of one rank plus wild cards (a Two stands in for 3..A, a Joker
for 3..2; a set counts as its natural rank, so an all-wild set counts as its own highest
rank: 2-2-JK is three Twos); a sequence is three or more consecutive ranks in the natural
order 3 4 ... K A 2 JK, the same number of cards of each rank (its width), no wild standing in.
A multiset that is both (A-2-JK) is two plays.

The oracle below enumerates every sub-multiset of a hand and classifies it from those
definitions alone; hypothesis compares it with the engine on random hands.
"""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import BUM_RANKS, get, table
from hypothesis import given
from hypothesis import strategies as st

from bumtable import rules as R
from bumtable.rules import Rules
from bumtable.rules.climbing.movegen import follow_plays, lead_plays, sequence_plays, set_plays
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET, Play

R4, R5 = get(4), get(5)
ACE, TWO, JOKER = BUM_RANKS.index("A"), BUM_RANKS.index("2"), BUM_RANKS.index("JK")


def counts_of(text: str) -> list[int]:
    counts = [0] * len(BUM_RANKS)
    for sym in text.split():
        counts[BUM_RANKS.index(sym)] += 1
    return counts


def leads(text: str, rules: Rules = R4) -> list[Play]:
    return lead_plays(counts_of(text), rules.tables, True, 3)


def follows(text: str, top: str, rules: Rules = R4) -> list[Play]:
    return follow_plays(counts_of(text), rules.tables, rules.parse_action(top))


def texts(plays: list[Play]) -> list[str]:
    return sorted(R4.action_text(p) for p in plays)


# ---------------------------------------------------------------- the oracle


def oracle_set_rank(ranks: list[int]) -> int | None:
    """The rank a multiset counts as when played as a set, or None if it is no set."""
    present = sorted(set(ranks))
    for r in reversed(present):  # it counts as its highest natural rank that the others can stand for

        def stands_for(x: int, r: int = r) -> bool:
            return x == r or (x == TWO and r <= ACE) or (x == JOKER and r <= TWO)

        if all(stands_for(x) for x in present):
            return r
    return None


def oracle_sequence(ranks: list[int]) -> tuple[int, int] | None:
    """(top rank, width) of a multiset played as a sequence, or None."""
    present = sorted(set(ranks))
    width = ranks.count(present[0])
    if len(present) < 3 or present != list(range(present[0], present[-1] + 1)):
        return None
    if any(ranks.count(r) != width for r in present):
        return None
    return present[-1], width


def oracle_plays(counts: list[int]) -> set[tuple[str, tuple[int, ...], int, int]]:
    """Every (kind, ranks, rank, width) playable from these counts."""
    out = set()
    for pick in itertools.product(*(range(c + 1) for c in counts)):
        ranks = [r for r, k in enumerate(pick) for _ in range(k)]
        if not ranks:
            continue
        rank = oracle_set_rank(ranks)
        if rank is not None:
            out.add(("set", tuple(ranks), rank, len(ranks)))
        seq = oracle_sequence(ranks)
        if seq is not None:
            out.add(("seq", tuple(ranks), seq[0], seq[1]))
    return out


def oracle_follows(
    counts: list[int], top: tuple[str, tuple[int, ...], int, int]
) -> set[tuple[str, tuple[int, ...], int, int]]:
    """Plays of the same type, the same number of cards and width, ranking strictly higher."""
    kind, cards, rank, width = top
    return {
        p
        for p in oracle_plays(counts)
        if p[0] == kind and len(p[1]) == len(cards) and p[3] == width and p[2] > rank
    }


def as_tuples(plays: list[Play]) -> set[tuple[str, tuple[int, ...], int, int]]:
    return {("set" if p.kind == SET else "seq", p.cards, p.rank, p.width) for p in plays}


# ---------------------------------------------------------------- golden counts: leads


@pytest.mark.parametrize(
    ("hand", "count"),
    [
        # Q Q 2 JK: sets counting as Q take 1-2 Queens, 0-1 Two, 0-1 Joker: 2*2*2 = 8;
        # as Twos: the 2 with or without the Joker: 2; the Joker alone: 1. No sequence (no K, A).
        ("Q Q 2 JK", 11),
        # 3 4 5 6 7: five singles; sequences of 3 ranks: 3, of 4: 2, of 5: 1 -> 5 + 6.
        ("3 4 5 6 7", 11),
        # 3 3 4 4 5 5 6 6: sets 1-2 of each rank: 8; single sequences 3 + 2... of length 3: 2,
        # length 4: 1 -> 3; the same three as double sequences: 3 -> 14.
        ("3 3 4 4 5 5 6 6", 14),
        # K K K A A A 2 2 2: sets as K: 1-3 Kings x 0-3 Twos = 12; as A: 12; as 2: 1-3 Twos = 3;
        # sequences K-A-2 of width 1, 2 and 3: 3 -> 30.
        ("K K K A A A 2 2 2", 30),
        # A 2 JK: as A: 1 x 2 x 2 = 4; as 2: 2; JK: 1; the sequence A-2-JK: 1 -> 8.
        ("A 2 JK", 8),
        # 2 2 JK: as 2: 1-2 Twos x 0-1 Joker = 4; JK: 1 (a Two cannot stand in for a Joker) -> 5.
        ("2 2 JK", 5),
        # JK JK: one or two Jokers.
        ("JK JK", 2),
        # 9 10 J Q K A 2 JK: sets as 9..A: 1 x 2 x 2 = 4 each, 6 ranks -> 24; as 2: 2; JK: 1 -> 27;
        # sequences: an 8-rank run has 6 + 5 + 4 + 3 + 2 + 1 = 21 sub-runs of 3 or more -> 48.
        ("9 10 J Q K A 2 JK", 48),
        # 4 4 5 5 6 6 2 JK: each of 4, 5, 6: 2 x 2 x 2 = 8 -> 24; as 2: 2; JK: 1 -> 27;
        # 4-5-6 single and double: 2 -> 29.
        ("4 4 5 5 6 6 2 JK", 29),
        # ... with both Jokers: each of 4, 5, 6: 2 x 2 x 3 = 12 -> 36; as 2: 1 x 3 = 3; JK: 2 -> 41; + 2 -> 43.
        ("4 4 5 5 6 6 2 JK JK", 43),
        # 3 5 7 9 J K: six singles, no pairs, no sequences (gaps everywhere).
        ("3 5 7 9 J K", 6),
        # 3 3 3 3 4 4 4 4 5 5 5 5: sets 4 per rank -> 12; sequences 3-4-5 of width 1..4 -> 4 -> 16.
        ("3 3 3 3 4 4 4 4 5 5 5 5", 16),
    ],
)
def test_golden_number_of_distinct_leads(hand: str, count: int) -> None:
    plays = leads(hand)
    assert len(plays) == count
    assert len(set(plays)) == count, "a play is listed twice"
    assert as_tuples(plays) == oracle_plays(counts_of(hand))


def test_lead_from_q_q_2_jk_lists_each_play_once_whatever_the_suits() -> None:
    assert texts(leads("Q Q 2 JK")) == sorted(
        [
            "set Q", "set Q Q", "set Q 2", "set Q JK", "set Q Q 2", "set Q Q JK", "set Q 2 JK",
            "set Q Q 2 JK", "set 2", "set 2 JK", "set JK",
        ]
    )  # fmt: skip
    # The same ranks in other suits give the same plays, through the public interface too.
    a = table(R4, ["Qs Qh 2c JK", "3c", "4c", "5c"])
    b = table(R4, ["Qd Qc 2s JK", "3c", "4c", "5c"])
    assert sorted(a.legal_actions()) == sorted(b.legal_actions()) == sorted(leads("Q Q 2 JK"))


def test_five_of_a_kind_in_the_game_for_5() -> None:
    # Five suits: five natural Threes give sets of 1..5; with 3 Jokers, K-K-K-K-K-JK-JK-JK is
    # eight Kings. Counting: as K: 1-5 Kings x 0-3 Jokers = 20; JK: 1-3 = 3 -> 23.
    assert len(leads("3 3 3 3 3", R5)) == 5
    plays = leads("K K K K K JK JK JK", R5)
    assert len(plays) == 23
    assert max(p.size for p in plays) == 8


# ---------------------------------------------------------------- golden counts: follows


@pytest.mark.parametrize(
    ("hand", "top", "plays"),
    [
        # A single 5 is beaten by any higher single, a 2 or a Joker included; never by a pair.
        ("4 6 6 2 JK", "set 5", ["set 2", "set 6", "set JK"]),
        # A pair of 6s: 7-7, 7-2, 7-JK, 2-JK (6-2 only ties; JK alone is no pair).
        ("6 7 7 2 JK", "set 6 6", ["set 2 JK", "set 7 2", "set 7 7", "set 7 JK"]),
        # A four-card sequence headed by 9: four-card sequences headed by 10 or more, no more, no less.
        ("5 6 7 8 9 10 J Q", "seq 6 7 8 9", ["seq 7 8 9 10", "seq 8 9 10 J", "seq 9 10 J Q"]),
        # A double three-card sequence: only higher double three-card sequences.
        ("4 4 5 5 6 6 7 7 8 9 10 J", "seq 3 3 4 4 5 5", ["seq 4 4 5 5 6 6", "seq 5 5 6 6 7 7"]),
        # Three Queens: K-K-2, K-2-2; not Q-Q-2 (ties), not three Twos (only two Twos, no Joker).
        ("K K Q Q 2 2", "set Q Q Q", ["set K 2 2", "set K K 2"]),
        # Nothing beats a single Joker.
        ("2 2 A A", "set JK", []),
        # A pair of Twos: 2-JK is only a pair of Twos (a Two cannot replace a Joker), so it ties.
        ("2 JK", "set 2 2", []),
        # ... but two Jokers beat it.
        ("JK JK", "set 2 2", ["set JK JK"]),
        # Q-Q-Q-2-JK (five Queens) is beaten by five Kings made with wild cards.
        ("K K K 2 JK", "set Q Q Q 2 JK", ["set K K K 2 JK"]),
        # A-2-JK as a sequence is the highest three-card sequence.
        ("K A 2 JK", "seq Q K A", ["seq A 2 JK", "seq K A 2"]),
        # A triple sequence K-K-K-A-A-A-2-2-2 can be beaten only by A-A-A-2-2-2-JK-JK-JK (game for 5).
        ("A A A 2 2 2 JK JK JK", "seq K K K A A A 2 2 2", ["seq A A A 2 2 2 JK JK JK"]),
    ],
)
def test_golden_follows(hand: str, top: str, plays: list[str]) -> None:
    rules = R5 if hand.count("JK") > 2 else R4
    got = follows(hand, top, rules)
    assert sorted(rules.action_text(p) for p in got) == sorted(plays)
    counts = counts_of(hand)
    top_play = rules.parse_action(top)
    oracle_top = ("set" if top_play.kind == SET else "seq", top_play.cards, top_play.rank, top_play.width)
    assert as_tuples(got) == oracle_follows(counts, oracle_top)


def test_following_player_may_always_pass_and_a_leader_never() -> None:
    state = table(R4, ["5 9", "6 7", "3", "4"])
    assert all(a.kind != PASS for a in state.legal_actions())
    state.apply(R4.parse_action("5"))
    legal = state.legal_actions()
    assert Play(PASS) in legal
    assert sorted(R4.action_text(a) for a in legal) == ["pass", "set 6", "set 7"]


# ---------------------------------------------------------------- engine == oracle on random hands


@st.composite
def random_hand(draw: st.DrawFn, rules: Rules = R4, most: int = 13) -> list[int]:
    deck = [int(c) for c in rules.deck()]
    size = draw(st.integers(1, most))
    cards = draw(st.permutations(deck))[:size]
    counts = [0] * len(BUM_RANKS)
    for c in cards:
        counts[rules.tables.rank_of_code[c]] += 1
    return counts


@given(st.sampled_from([R4, R5]).flatmap(lambda r: st.tuples(st.just(r), random_hand(r))))
def test_engine_leads_equal_the_brute_force_oracle(case: tuple[Rules, list[int]]) -> None:
    rules, counts = case
    plays = lead_plays(counts, rules.tables, True, 3)
    assert len(set(plays)) == len(plays)
    assert as_tuples(plays) == oracle_plays(counts)
    for p in plays:
        assert p.size == len(p.cards)
        if p.kind == SEQUENCE:
            assert p.length * p.width == p.size


@given(random_hand(), random_hand(), st.randoms(use_true_random=False))
def test_engine_follows_equal_the_brute_force_oracle(
    mine: list[int], theirs: list[int], rnd: random.Random
) -> None:
    tops = sorted(oracle_plays(theirs))
    top = tops[rnd.randrange(len(tops))]
    kind = SET if top[0] == "set" else SEQUENCE
    top_play = Play(kind, top[2], len(top[1]), top[3], top[1])
    plays = follow_plays(mine, R4.tables, top_play)
    assert len(set(plays)) == len(plays)
    assert as_tuples(plays) == oracle_follows(mine, top)
    assert all(p.beats(top_play) for p in plays)


# ---------------------------------------------------------------- the order plays are listed in
# Seeded bots pick plays by their place in the list, so the order is part of what a seed replays.


def canonical_order(play: Play, rules: Rules) -> tuple[int, ...]:
    """Sets first, rank by rank, fewest natural cards first, then by the wild cards each wild rank
    (ascending) adds; then sequences by width, lowest rank, highest rank."""
    if play.kind == SET:
        wilds = rules.tables.subs[play.rank]
        return (0, play.rank, play.cards.count(play.rank), *(play.cards.count(w) for w in wilds))
    return (1, play.width, play.rank - play.length + 1, play.rank)


ORDER_RULES = [
    R.get("bum-game", players=4),
    R.get("bum-game", players=6),
    R.get("arsehole", players=4, variants=["multiple-sequences", "wild-twos", "jokers"]),
]


@pytest.mark.parametrize("rules", ORDER_RULES, ids=lambda r: r.system)
def test_plays_are_listed_in_the_canonical_order(rules: Rules) -> None:
    t = rules.tables
    rng = random.Random(rules.players)
    deck = [int(c) for c in rules.deck()]
    for _ in range(400):
        counts = [0] * t.n_ranks
        for c in rng.sample(deck, rng.randrange(1, 20)):
            counts[t.rank_of_code[c]] += 1
        plays = set_plays(counts, t) + sequence_plays(counts, t, t.seq_min)
        assert plays == sorted(plays, key=lambda p: canonical_order(p, rules))
        shapes = {(p.kind, p.size, p.width): p for p in reversed(plays)}  # the lowest play of each shape
        for top in shapes.values():
            if top.kind == SET:
                follow = set_plays(counts, t, top.size, top.rank)
            else:
                follow = sequence_plays(counts, t, 0, top.width, top.length, top.rank)
            assert follow == sorted(follow, key=lambda p: canonical_order(p, rules))
            assert follow == [
                p
                for p in plays
                if p.kind == top.kind and p.size == top.size and p.width == top.width and p.rank > top.rank
            ]

"""Every preset and a sample of option combinations play to the end legally (engine and bots).

A light, generic checker: at every step there is a legal action until the match ends, every
legal action passes ``why_illegal``, cards are conserved, each round's points are the points
table, and the same seed gives the same record.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bumtable.bots import make_bot
from bumtable.rules import GameRecord, Rules, get

OPTION_SAMPLES: list[tuple[str, int, dict[str, object]]] = [
    ("president", 3, {}),
    ("president", 8, {}),
    ("president", 5, {"must_play": True}),
    ("president", 4, {"pass_final": False, "four_of_a_value": False}),
    ("president", 4, {"exchange_order": "higher-first"}),
    ("president", 4, {"exchange_order": "simultaneous"}),
    ("president", 6, {"seating": "fixed", "leader": "boss"}),
    ("bum-game", 4, {"follow": "equal-or-higher", "pass_final": True}),
    ("bum-game", 5, {"four_of_a_value": True, "must_play": True}),
    ("bum-game", 4, {"exchange_high_gives": "choice"}),
    ("bum-game", 4, {"exchange_high_gives": "choice", "exchange_order": "lower-first"}),
    ("bum-game", 6, {"seating": "fixed"}),
    ("bum-game", 4, {"sequence_max_width": 1, "max_set_size": 3}),
    ("bum-game", 3, {"revolution_declare": "optional", "exchange_order": "simultaneous"}),
]


def play_match(
    rules: Rules, seed: int, bots: list[str], max_actions: int = 20_000
) -> tuple[GameRecord, list[int]]:
    state = rules.new_state(seed)
    deck = Counter(int(c) for c in rules.deck())
    rng = random.Random(seed)
    seen_results = 0
    for _ in range(max_actions):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal, "no legal action while the match is on"
        for action in legal:
            assert state.why_illegal(action) is None, rules.action_text(action)
        seat = state.current_player()
        assert seat is not None
        kind = bots[seat % len(bots)]
        action = make_bot(kind, rng.randrange(1 << 30)).choose(state.observe(seat))
        assert action in legal
        state.apply(action)
        held = Counter(c for p in range(rules.players) for cards in state.hands[p] for c in cards)
        played = Counter(c for _, codes in state.played for c in codes)
        assert held + played == deck, "cards are not conserved"
        assert state.ncards == [sum(len(x) for x in h) for h in state.hands]
        if len(state.results) > seen_results:
            result = state.results[-1]
            seen_results += 1
            assert sorted(result.order) == list(range(rules.players))
            assert sorted(result.points, reverse=True) == list(rules.points)
    assert state.is_over(), "the match did not end"
    assert sum(state.scores) == sum(sum(r.points) for r in state.results)
    return GameRecord.of(state), list(state.scores)


@pytest.mark.parametrize(("game", "players", "options"), OPTION_SAMPLES)
def test_every_sampled_option_combination_plays_to_the_end_legally(
    game: str, players: int, options: dict[str, object]
) -> None:
    rules = get(game, players=players, **options).replace(target=30 * (players - 1), rounds=6)
    for seed, bots in zip(range(2), itertools.cycle([["random"], ["greedy", "random"]]), strict=False):
        record, scores = play_match(rules, seed, bots)
        assert record.replay().scores == scores, "the record does not replay to the same scores"
        again, _ = play_match(rules, seed, bots)
        assert again.actions == record.actions, "the same seed gave a different match"

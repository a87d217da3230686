"""Bots: they act from observations only, always legally, and greedy plays as the Strategy section advises."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from conftest import get, play, table

from bumtable import rules as R
from bumtable.bots import BOTS, greedy, make_bot
from bumtable.bots.greedy import GreedyBot, hand_cost
from bumtable.errors import BumtableError
from bumtable.rules.climbing import ClimbingObservation
from bumtable.rules.climbing.plays import DECLARE, DECLARE_PLAY, GIVE, PASS, SET, Play
from bumtable.rules.climbing.tables import Tables
from bumtable.sim import simulate


def choice(state, kind: str = "greedy") -> str:  # type: ignore[no-untyped-def]
    seat = state.current_player()
    return state.rules.action_text(make_bot(kind, seed=1).choose(state.observe(seat)))


# Opponents hold plenty of cards in these scenarios: with an opponent close to going out, greedy
# deliberately spends wild and high cards more freely.
MANY = ("5c 6c 7c 9c Jc", "5d 6d 7d 9h Jd", "5h 6h 7h 9s Jh")


def test_greedy_leads_its_lowest_unmatched_card_not_its_high_cards() -> None:
    state = table(get(4), ["3c 9d Kh JK", *MANY])
    assert choice(state) == "set 3"


def test_greedy_leads_a_sequence_that_sheds_low_cards_together() -> None:
    state = table(get(4), ["3c 4d 5h Jc Kd", *MANY])
    assert choice(state) == "seq 3 4 5"


def test_greedy_follows_with_the_lowest_card_that_beats() -> None:
    state = table(get(4), ["4c", "6c 9d Qh 3s", "8d", "8h"])
    play(state, "set 4")
    assert choice(state) == "set 6"


def test_greedy_does_not_spend_wild_twos_to_make_up_a_set_when_it_can_pass() -> None:
    # Following a pair of 8s with one Q and a Two: Q-2 would use the Two as a wild card.
    state = table(get(4), ["8c 8d 3s 5c 6c Ks", "Qc 2d 3c 7d 9h Jc Kc 4s", "3d 4d 5s 6s", "3h 4h 5h 6d"])
    play(state, "set 8 8")
    assert choice(state) == "pass"


def test_greedy_goes_out_whenever_it_can() -> None:
    # Going out with a Joker beats any thought of saving it.
    state = table(get(4), ["5c 3s", "JK", "3d 4d 5d 6d 7d 8d", "3h 4h 5h 6h 7h 8h"])
    play(state, "set 5")
    assert choice(state) == "set JK"
    # Leading Q-Q-2 empties the hand, though it uses a Two as a wild card.
    state = table(get(4), ["Qc Qd 2s", *MANY])
    assert choice(state) == "set Q Q 2"


def test_greedy_declares_a_revolution_when_it_may() -> None:
    rules = get(4, "optional-revolution")
    for seed in range(400):
        state = rules.new_state(seed)
        if state.phase == "revolution":
            assert choice(state) == "revolution"
            return
    pytest.fail("no seed in 0..399 deals an optional revolution")


SEARCHING = {"search", "medium", "hard"}
"""Kinds that search (tests/test_search_bot.py checks their legality at small budgets, in every game)."""


@pytest.mark.parametrize("kind", sorted(set(BOTS) - SEARCHING - {"learned"}))  # learned: its own tests
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_choose_only_legal_actions_from_their_observation(kind: str, players: int) -> None:
    state = get(players, "optional-revolution").new_state(players)
    rng = random.Random(players)
    for _ in range(600):
        if state.is_over():
            break
        seat = state.current_player()
        assert seat is not None
        action = make_bot(kind, seed=rng.randrange(1 << 30)).choose(state.observe(seat))
        assert state.why_illegal(action) is None
        state.apply(action)


def test_greedy_scores_more_points_per_hand_than_random() -> None:
    report = simulate(get(4), hands=400, bots=["greedy", "random"], seed=3)
    assert report.points_by_bot["greedy"] > report.points_by_bot["random"] + 0.3


def test_unknown_bot_name_is_a_clear_error() -> None:
    with pytest.raises(
        BumtableError,
        match="unknown bot 'smart'; bots: easy, greedy, hard, heuristic, learned, medium, random",
    ):
        make_bot("smart")


# ---------------------------------------------------------------- the greedy bot's fast evaluation
# The plain evaluation the greedy bot was written with, kept here as the reference the fast one
# (bumtable.bots.greedy_cost: packed hands and look-up tables) must agree with, decision by decision.


def plain_groups(counts: list[int], t: Tables) -> tuple[int, float]:
    top = t.n_ranks - 1
    n = 0
    low = 0.0
    for r, k in enumerate(counts):
        if k:
            n += 1
            low += 1.0 - r / top
    return n, low


def plain_hand_cost(counts: list[int], t: Tables) -> float:
    c = list(counts)
    n, low = plain_groups(c, t)
    best = n + low
    improved = t.sequences
    seqs = 0
    while improved:
        improved = False
        r = 0
        while r <= t.seq_top:
            if not c[r]:
                r += 1
                continue
            end = r
            while end + 1 <= t.seq_top and c[end + 1]:
                end += 1
            if end - r + 1 >= t.seq_min:
                trial = c.copy()
                for x in range(r, end + 1):
                    trial[x] -= 1
                tn, tl = plain_groups(trial, t)
                cost = tn + tl + seqs + 1 + (1.0 - r / (t.n_ranks - 1))
                if cost < best:
                    best, c, seqs, improved = cost, trial, seqs + 1, True
            r = end + 1
    return best


def plain_run_of_value(obs: ClimbingObservation) -> tuple[int, int]:
    value, count = -1, 0
    for _, p, _codes in reversed(obs.trick):
        if p.kind == PASS:
            continue
        if p.kind != SET:
            break
        if value < 0:
            value = p.rank
        if p.rank != value:
            break
        count += p.size
    return value, count


class PlainGreedy:
    """The greedy bot as first written: every play's value from rank-count lists."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: ClimbingObservation) -> Play:
        legal = list(obs.legal_actions())
        if legal[0].kind == DECLARE:
            return DECLARE_PLAY
        if len(legal) == 1:
            return legal[0]
        t = obs.rules.tables
        counts = [0] * t.n_ranks
        for c in obs.hand or ():
            counts[t.rank_of_code[c]] += 1
        held = sum(counts)
        mine = obs.team_of(obs.seat) if obs.seat is not None else -1
        others = [k for p, k in enumerate(obs.card_counts) if p != obs.seat and k and obs.team_of(p) != mine]
        danger = bool(others) and min(others) <= 3
        now = plain_hand_cost(counts, t)
        partner_winning = (
            obs.top is not None
            and obs.rules.teams != ()
            and obs.top_player != obs.seat
            and obs.team_of(obs.top_player) == mine
        )
        run = plain_run_of_value(obs) if obs.rules.four_of_a_value else (-1, 0)
        best: list[Play] = []
        best_value = float("inf")
        for p in legal:
            value = self.value(p, counts, held, now, t, danger)
            if partner_winning and p.kind != PASS and p.size < held:
                value += greedy.PARTNER_PENALTY
            if p.kind == SET and p.rank == run[0] and run[1] + p.size >= 4:
                value -= greedy.FOUR_BONUS
            if p.suit >= 0 and t.bridge:
                value += 0.0001 * t.suit_rank[p.suit]
            if value < best_value - 1e-9:
                best, best_value = [p], value
            elif abs(value - best_value) <= 1e-9:
                best.append(p)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    @staticmethod
    def value(p: Play, counts: list[int], held: int, now: float, t: Tables, danger: bool) -> float:
        if p.kind == PASS:
            return now - greedy.PASS_BONUS
        after = counts.copy()
        for r in p.cards:
            after[r] -= 1
        if p.kind == GIVE:
            return plain_hand_cost(after, t) + 0.01 * sum(p.cards)
        wipe = t.wipe >= 0 and p.rank == t.wipe and p.kind == SET
        if wipe and t.wipe_last_loses:
            if p.size == held:
                return 1e9
            return plain_hand_cost(after, t) - (3.0 if held <= 4 else 0.0)
        if p.size == held:
            return -1e9
        if t.wipe_last_loses and t.wipe >= 0 and after[t.wipe] and sum(after) == after[t.wipe]:
            return 1e6
        cost = plain_hand_cost(after, t)
        wilds = sum(1 for r in p.cards if (r != p.rank if p.kind == SET else r > p.rank))
        high = sum(1 for r in p.cards if r >= t.n_ranks - 3)
        scale = 0.3 if danger else 1.0
        if cost <= 2.5 and p.rank >= t.n_ranks - 3:
            scale = 0.0
        wild_cost = greedy.WILD_PENALTY if held - p.size > greedy.EARLY_CARDS else greedy.LATE_WILD_PENALTY
        return cost + scale * (wild_cost * wilds + greedy.HIGH_PENALTY * high) + 0.001 * p.rank


GREEDY_RULES = [
    ("bum-game", 4, ()),
    ("bum-game", 6, ("optional-revolution",)),
    ("bum-game", 3, ("simultaneous-exchange",)),
    ("president", 4, ()),
    ("president", 5, ("must-play",)),
    ("zheng-shangyou", 4, ()),
    ("zheng-shangyou", 4, ("partnership", "flush-breaks-ties")),
    ("zheng-shangyou", 5, ("twos-in-sequences",)),
    ("arsehole", 4, ("bridge-suits", "jokers")),
    ("arsehole", 5, ("reverse-both", "follow-with-more", "multiple-sequences")),
    ("arsehole", 4, ("wild-twos", "single-sequences")),
]


@pytest.mark.parametrize(("system", "players", "variants"), GREEDY_RULES)
def test_fast_hand_cost_equals_the_plain_evaluation_to_the_last_bit(
    system: str, players: int, variants: tuple[str, ...]
) -> None:
    t = R.get(system, players=players, variants=list(variants)).tables
    rng = random.Random(f"{system}{players}{variants}")
    for _ in range(3000):
        counts = [0] * t.n_ranks
        for _card in range(rng.randrange(1, 20)):
            counts[rng.randrange(t.n_ranks)] += 1
        if rng.random() < 0.02:
            counts[rng.randrange(t.n_ranks)] += 16  # more than 15 of a rank: hands packed wider
        assert hand_cost(counts, t) == plain_hand_cost(counts, t), counts


@pytest.mark.parametrize(("system", "players", "variants"), GREEDY_RULES)
def test_greedy_chooses_what_the_plain_evaluation_chooses(
    system: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = R.get(system, players=players, variants=list(variants))
    rng = random.Random(f"{system}{players}{variants}")
    compared = 0
    for game in range(12):
        state = rules.new_state(game)
        for _ in range(250):
            if state.is_over():
                break
            seat = state.current_player()
            assert seat is not None
            obs = state.observe(seat)
            seed = rng.randrange(1 << 30)
            fast = GreedyBot(seed).choose(obs)
            assert fast == PlainGreedy(seed).choose(obs), (game, rules.action_text(fast))
            compared += len(obs.legal_actions()) > 1
            # Mostly greedy play (the positions greedy meets), some random (the ones it rarely makes).
            legal = state.legal_actions()
            state.apply(fast if rng.random() < 0.7 else legal[rng.randrange(len(legal))])
    assert compared > 500


def test_the_bots_package_imports_only_at_module_level_so_no_import_cycle_hides_in_a_function() -> None:
    """The registry makes every bot and the search is given its rollout policy: no module of ``bumtable.bots``
    needs to import another inside a function to dodge a cycle. The compiled engine (``bumtable.fast``, an
    optional extra that loads numba) is imported where the search first uses it, and imports no bot."""
    inside = []
    for path in sorted(Path(greedy.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inside += [
                    f"{path.name}:{n.lineno}"
                    for n in ast.walk(node)
                    if isinstance(n, ast.Import | ast.ImportFrom)
                    and not (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("bumtable.fast"))
                ]
    assert inside == []
    fast = Path(greedy.__file__).parent.parent / "fast"
    imports = [
        (path.name, name)
        for path in fast.rglob("*.py")
        for n in ast.walk(ast.parse(path.read_text()))
        for name in (
            [n.module or ""] if isinstance(n, ast.ImportFrom) else [a.name for a in getattr(n, "names", [])]
        )
        if isinstance(n, ast.Import | ast.ImportFrom)
    ]
    assert imports and not [x for x in imports if x[1].startswith("bumtable.bots")]

"""The differential check: the compiled engine against the rules layer on the same deals and actions.

Each game is dealt by ``rules.new_state(seed)``; the compiled engine gets its ``chance.draws`` and the shuffles
its generator will draw for the later hands of a match. At every step the legal masks, the player to act and
the observation planes must agree; at the end, the returns and the last actor's observation.

>>> from bumtable.rules import get
>>> differences(get("bum-game", players=4, rounds=1), range(3))
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np

from bumtable.fast import kernels as k
from bumtable.fast.engine import FastGame, make
from bumtable.fast.load import load
from bumtable.rules import Rules
from bumtable.rules.outcome import place_returns
from bumtable.tensors import planes_for


class Difference(NamedTuple):
    """Where the engines first disagree in the game of ``seed``: the action number and what differs."""

    seed: int
    step: int
    what: str


def differences(
    rules: Rules,
    seeds: Iterable[int],
    *,
    batch: int = 64,
    choices: int = 0,
    game: FastGame | None = None,
    stop_at_hand_end: bool = False,
) -> list[Difference]:
    """Play the game of each seed in both engines with uniformly random legal actions (``choices`` seeds
    them); the first difference of each game that has one. ``game``'s own ``stop_at_hand_end`` decides
    whether whole matches are played (``stop_at_hand_end`` makes the engine when no game is given)."""
    fast = game or make(rules, stop_at_hand_end=stop_at_hand_end)
    seeds = list(seeds)
    out: list[Difference] = []
    for start in range(0, len(seeds), batch):
        chunk = seeds[start : start + batch]
        out += _chunk(rules, fast, chunk, np.random.default_rng([choices, start]))
    return out


def _returns(state: Any) -> tuple[float, ...]:
    outcome = state.outcome()
    if outcome is not None:
        return tuple(outcome.returns)
    places = [0] * state.rules.players
    for place, p in enumerate(state.results[-1].order):
        places[p] = place + 1
    return place_returns(places)


def _deal(rules: Any, ref: Any, hands: int) -> list[tuple[int, ...]]:
    """The shuffles ``ref`` drew, and those its generator will draw for ``hands`` hands in all."""
    draws = list(ref.chance.draws)
    rng = random.Random()
    rng.setstate(ref.chance.rng.getstate())
    for _ in range(hands - 1):
        deck = list(rules.deck_codes)
        rng.shuffle(deck)
        draws.append(tuple(deck))
    return draws


def _chunk(rules: Rules, fast: FastGame, seeds: list[int], rng: np.random.Generator) -> list[Difference]:
    one_hand = fast.tables.ends_match or fast.stops_at_hand_end
    refs: list[Any] = []
    for seed in seeds:
        ref = rules.new_state(seed)
        if fast.stops_at_hand_end:
            ref.stop_at_hand_end()
        refs.append(ref)
    hands = 1 if one_hand else fast.tables.hands
    state = fast.init(seeds, deals=[_deal(rules, r, hands) for r in refs])
    space = rules.action_space()
    planes = planes_for(rules)
    found: dict[int, Difference] = {}
    live = set(range(len(seeds)))
    steps = 0
    last = [-1] * len(seeds)
    while live:
        actions = np.zeros(len(seeds), dtype=np.int64)
        for i in sorted(live):
            ref = refs[i]
            turn = ref.current_player()
            why = _compare_turn(i, ref, turn, state, space, planes)
            if why:
                found[i] = Difference(seeds[i], steps, why)
                live.discard(i)
                state.ints[i, k.F_OVER] = 1  # the compiled engine stops there too
                continue
            legal = [space.encode(a) for a in ref.legal_actions()]
            actions[i] = legal[int(rng.integers(len(legal)))]
            ref.apply(space.decode(int(actions[i])))
            last[i] = turn
        for i in [i for i in live if state.ints[i, k.F_OVER]]:
            live.discard(i)
            found[i] = Difference(seeds[i], steps, "the compiled engine ended the game early")
        fast.step(state, actions)
        steps += 1
        for i in sorted(live):
            ref = refs[i]
            if ref.current_player() is not None:
                continue
            live.discard(i)
            why = _compare_end(i, ref, last[i], state, planes)
            if why:
                found[i] = Difference(seeds[i], steps, why)
    return [found[i] for i in sorted(found)]


def _compare_turn(
    i: int, ref: Any, turn: int, state: Any, space: Any, planes: Any, unseen: slice = slice(0, 0)
) -> str:
    if state.ints[i, k.F_TURN] != turn:
        return f"player to act: reference {turn}, compiled {state.ints[i, k.F_TURN]}"
    want = np.frombuffer(space.mask(ref.legal_actions()), dtype=np.uint8).astype(bool)
    got = state.legal_action_mask[i]
    if not np.array_equal(want, got):

        def said(codes: Any) -> list[str]:
            return [ref.rules.action_text(space.decode(int(c))) for c in codes]

        return f"legal mask: compiled adds {said(np.flatnonzero(got & ~want))}, lacks {said(np.flatnonzero(want & ~got))}"
    obs = planes.encode(ref.observe(turn))
    got = state.observation[i].copy()
    obs[unseen] = got[unseen] = 0
    if not np.array_equal(obs, got):
        return f"observation differs at entries {np.flatnonzero(obs != got).tolist()}"
    return ""


def _compare_end(i: int, ref: Any, last: int, state: Any, planes: Any, unseen: slice = slice(0, 0)) -> str:
    if not state.ints[i, k.F_OVER]:
        return "the compiled engine goes on after the game's end"
    want = np.array(_returns(ref), dtype=np.float64)
    if not np.allclose(want, state.rewards[i], atol=1e-6):
        return f"returns: reference {want.tolist()}, compiled {state.rewards[i].tolist()}"
    obs = planes.encode(ref.observe(last))
    got = state.observation[i].copy()
    obs[unseen] = got[unseen] = 0
    if not np.array_equal(obs, got):
        return f"final observation differs at entries {np.flatnonzero(obs != got).tolist()}"
    return ""


def loaded_differences(rules: Rules, seeds: Iterable[int], *, choices: int = 0) -> list[Difference]:
    """For each seed, play the rules layer at random to a random point of a hand in play (of the first
    three), load that point as its player to act sees it with every player's cards (``load.load``) and go
    on in both engines to the hand's end with the same random actions; the first difference of each game.
    The others' ``known`` planes are not compared: what they gave in the exchange is hidden from that player."""
    fast = make(rules)
    space = rules.action_space()
    planes = planes_for(rules)
    rng = np.random.default_rng(choices)
    out: list[Difference] = []
    for seed in seeds:
        ref = rules.new_state(seed)
        stop = int(rng.integers(1, 40 * rules.players * 3))
        for _ in range(stop):
            if ref.current_player() is None:
                break
            legal = ref.legal_actions()
            ref.apply(legal[int(rng.integers(len(legal)))])
        while ref.current_player() is not None and ref.phase != "play":
            legal = ref.legal_actions()
            ref.apply(legal[int(rng.integers(len(legal)))])
        turn = ref.current_player()
        if turn is None:
            continue
        ref.stop_at_hand_end()
        state = load(fast, ref.observe(turn), [[ref.hand_of(p) for p in range(rules.players)]])
        seat, others = turn, planes.block("known")
        why, steps, last = "", 0, turn
        while not why:
            turn = ref.current_player()
            if turn is None:
                why = _compare_end(0, ref, last, state, planes, slice(0, 0) if last == seat else others)
                break
            why = _compare_turn(0, ref, turn, state, space, planes, slice(0, 0) if turn == seat else others)
            if why:
                break
            legal = [space.encode(a) for a in ref.legal_actions()]
            code = legal[int(rng.integers(len(legal)))]
            ref.apply(space.decode(code))
            fast.step(state, [code])
            steps, last = steps + 1, turn
        if why:
            out.append(Difference(seed, steps, why))
    return out


def jax_differences(
    rules: Rules, seeds: Iterable[int], *, choices: int = 0, stop_at_hand_end: bool = False
) -> list[Difference]:
    """:func:`differences` for the JAX engine (``make(rules, backend="jax")``): both engines on the rules
    layer's deals with the same random actions, compared at every step and at the end."""
    from types import SimpleNamespace

    from bumtable.fast.jax_engine import make_jax

    game = make_jax(rules, stop_at_hand_end=stop_at_hand_end)
    seeds = list(seeds)
    refs = [rules.new_state(seed) for seed in seeds]
    for ref in refs:
        if stop_at_hand_end:
            ref.stop_at_hand_end()
    hands = 1 if game.tables.ends_match or stop_at_hand_end else game.tables.hands
    state = game.init(seeds, deals=[_deal(rules, r, hands) for r in refs])
    space, planes = rules.action_space(), planes_for(rules)
    rng = np.random.default_rng(choices)
    found: dict[int, Difference] = {}
    live = set(range(len(seeds)))
    last = [-1] * len(seeds)
    steps = 0
    while live:
        view = SimpleNamespace(**{f: np.asarray(getattr(state, f)) for f in state._fields})
        actions = np.zeros(len(seeds), dtype=np.int64)
        for i in sorted(live):
            ref, turn = refs[i], refs[i].current_player()
            why = _compare_turn(i, ref, turn, view, space, planes)
            if why:
                found[i] = Difference(seeds[i], steps, why)
                live.discard(i)
                continue
            legal = [space.encode(a) for a in ref.legal_actions()]
            actions[i] = legal[int(rng.integers(len(legal)))]
            ref.apply(space.decode(int(actions[i])))
            last[i] = turn
        for i in set(range(len(seeds))) - live:  # rows found different or over: any legal code, or none
            codes = np.flatnonzero(view.legal_action_mask[i])
            actions[i] = codes[0] if codes.size else 0
        state = game.step(state, actions, check=False)
        steps += 1
        view = SimpleNamespace(**{f: np.asarray(getattr(state, f)) for f in state._fields})
        for i in sorted(live):
            if refs[i].current_player() is not None:
                if view.ints[i, k.F_OVER]:
                    found[i] = Difference(seeds[i], steps, "the JAX engine ended the hand early")
                    live.discard(i)
                continue
            live.discard(i)
            why = _compare_end(i, refs[i], last[i], view, planes)
            if why:
                found[i] = Difference(seeds[i], steps, why)
    return [found[i] for i in sorted(found)]

"""Paired flat Monte Carlo search, what the levels run: every action played out on the same deals, so they
are compared on the same cards (far less noise); ``halving`` (Karnin, Koren and Somekh 2013) drops the worse
half round by round."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from bumtable.bots.search.config import SearchConfig
from bumtable.bots.search.decision import Decision, Stat
from bumtable.bots.search.playout import Playouts

if TYPE_CHECKING:
    from bumtable.bots.search.fast import FastPlayouts

FAST_DEALS = 32
"""Deals the compiled engine plays out in one call; with a time budget, as many as make 256 playouts (the
budget is checked between calls)."""


def flat_search(playouts: Playouts, observation: Any, by_key: dict[str, Any]) -> Decision:
    """Choose among ``by_key``'s actions (by their text; at least two) from ``observation``."""
    config = playouts.config
    prune, ranked = config.prune, getattr(playouts.policy, "ranked", None)
    if prune and len(by_key) > prune and ranked is not None:
        text = observation.rules.action_text
        order = dict.fromkeys(text(a) for a in ranked(observation))
        by_key = {k: by_key[k] for k in list(order)[:prune]}
    if config.halving and len(by_key) > 2:
        return _halving(playouts, observation, by_key)
    return _paired(playouts, observation, by_key)


def _paired(playouts: Playouts, observation: Any, by_key: dict[str, Any]) -> Decision:
    """Every action played out on each new deal until the budget is spent."""
    config = playouts.config
    text = observation.rules.action_text
    favourite = None  # with a margin, the rollout policy's choice is asked before the playouts
    if config.margin:
        favourite = text(playouts.policy.choose(observation))
    stats = {key: Stat() for key in by_key}
    deadline = None if config.seconds is None else time.perf_counter() + config.seconds
    keys = list(by_key)
    deals = max(1, config.iterations // len(keys))
    done = _deals(playouts, observation, by_key, keys, stats, 0, deals, deadline)
    if favourite is None and config.favourite_ties:  # after the playouts: the order records were made in
        favourite = text(playouts.policy.choose(observation))
    best, favourite = _best(config, list(stats), stats, favourite)
    return Decision(by_key[best], stats, favourite, done)


def _halving(playouts: Playouts, observation: Any, by_key: dict[str, Any]) -> Decision:
    """Sequential halving: ``ceil(log2(k))`` rounds for ``k`` actions sharing what is left of the budget, the
    better half going on after each; every action is played out at least once."""
    config = playouts.config
    alive = list(by_key)
    favourite = observation.rules.action_text(playouts.policy.choose(observation))
    stats = {key: Stat() for key in by_key}
    rounds = math.ceil(math.log2(len(alive)))
    deadline = None if config.seconds is None else time.perf_counter() + config.seconds
    done = dealt = 0
    for r in range(rounds):
        deals = (config.iterations - done) // (rounds - r) // len(alive)
        deals = deals if r else max(1, deals)
        done += _deals(playouts, observation, by_key, alive, stats, dealt, deals, deadline)
        dealt += deals
        if r == rounds - 1 or (deadline is not None and time.perf_counter() >= deadline):
            break
        ranked = sorted(alive, key=lambda k: -stats[k].total)
        keep = ranked[: math.ceil(len(alive) / 2)]
        if favourite in alive and favourite not in keep and len(keep) > 1:
            keep[-1] = favourite
        alive = keep
    best, held = _best(config, alive, stats, favourite)
    return Decision(by_key[best], stats, held, done)


def _deals(
    playouts: Playouts,
    observation: Any,
    by_key: dict[str, Any],
    keys: list[str],
    stats: dict[str, Stat],
    first: int,
    count: int,
    deadline: float | None,
) -> int:
    """Up to ``count`` deals (numbered from ``first``), each played out after each of ``keys``' actions, until
    ``deadline``; the playouts made. The compiled engine takes them in batches."""
    done = 0
    fast = playouts.fast
    step = 1 if fast is None else FAST_DEALS
    if fast is not None and deadline is not None:
        step = max(1, 256 // len(keys))
    for number in range(first, first + count, step):
        if fast is None:
            done += _one_deal(playouts, observation, by_key, keys, stats, number)
        else:
            many = min(step, first + count - number)
            done += _fast_deals(playouts, fast, observation.seat, by_key, keys, stats, number, many)
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return done


def _fast_deals(
    playouts: Playouts,
    fast: FastPlayouts,
    seat: int,
    by_key: dict[str, Any],
    keys: list[str],
    stats: dict[str, Stat],
    first: int,
    count: int,
) -> int:
    """``count`` deals at once on the compiled engine, as :func:`_one_deal` plays one."""
    hands = fast.deal(count)
    weights = fast.weights(hands)
    each = fast.play_out_each(hands, [by_key[key] for key in keys])
    margin = playouts.config.margin
    for d, weight in enumerate(weights):
        deal = first + d if margin else None
        for j, key in enumerate(keys):
            values, places = each[d * len(keys) + j]
            stats[key].add(values[seat], weight, deal, False, places[seat])
    return count * len(keys)


def _one_deal(
    playouts: Playouts,
    observation: Any,
    by_key: dict[str, Any],
    keys: list[str],
    stats: dict[str, Stat],
    number: int,
) -> int:
    """Deal once, weigh the deal and play it out after each of ``keys``' actions; the playouts made."""
    base, start = playouts.deal(observation)
    weight = playouts.weight(observation, base)
    deal = number if playouts.config.margin else None  # margin's paired test matches the deals
    seat = observation.seat
    for key in keys:
        state = base.copy(history=False)
        state.apply(by_key[key], check=False)
        playout = playouts.play_out(state, start)
        place = playout.places[seat] if playout.places else 0
        stats[key].add(playout.values[seat], weight, deal, playout.cut, place)
    return len(keys)


def _best(
    config: SearchConfig, keys: list[str], stats: dict[str, Stat], favourite: str | None
) -> tuple[str, str | None]:
    """The best of ``keys`` by total (held to ``margin``'s test), and ``favourite`` where it was favoured."""
    if favourite is None or not (config.favourite_ties or config.margin):
        return max(keys, key=lambda k: stats[k].total), None
    best = max(keys, key=lambda k: (stats[k].total, k == favourite))
    shown = best == favourite or favourite not in stats or not config.margin
    if shown or paired_gain(stats[best], stats[favourite], config.margin):
        return best, favourite
    return favourite, favourite


def paired_gain(better: Stat, base: Stat, margin: float) -> bool:
    """Whether ``better`` beats ``base`` by more than ``margin`` standard errors, deal by deal (weighted).

    >>> a, b = Stat(), Stat()
    >>> for deal, (x, y) in enumerate([(1, 0), (1, 0), (1, 1), (0, 0)]):
    ...     a.add(x, deal=deal); b.add(y, deal=deal)
    >>> paired_gain(a, b, 1.0), paired_gain(a, b, 2.0)  # differences 1, 1, 0, 0: mean 0.5, error 0.29
    (True, False)
    """
    mine, theirs = better.by_deal or {}, base.by_deal or {}
    shared = [(mine[d][0] - theirs[d][0], mine[d][1]) for d in mine if d in theirs]
    total = sum(w for _, w in shared)
    if len(shared) < 2 or total <= 0:
        return False
    squares = sum(w * w for _, w in shared)
    if total - squares / total <= 0:  # all the weight on one deal: nothing to test with
        return False
    mean = sum(w * x for x, w in shared) / total
    # the weighted sample variance (unbiased for weights that count repeats: n - 1 when every weight is 1)
    variance = sum(w * (x - mean) ** 2 for x, w in shared) / (total - squares / total)
    return mean > margin * math.sqrt(variance * squares / (total * total))

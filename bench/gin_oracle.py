"""How much could hand inference gain in Gin Bummy? A search that is *told* the opponent's hand.

An experiment, not a bot anyone plays: a ``hard`` search whose determinizations hold the opponent's real
hand (the stock still shuffled, as the search deals it) plays the ``heuristic`` bot on the deals of
``bumtable tournament gin-bummy --bots hard,heuristic --seed S`` (the same deal seeds, bot seeds and
rotations), so its win rate is the most any weighing of the opponent's hand could give that search.

    .venv/bin/python bench/gin_oracle.py --deals 60 --seed 1             # told the hand
    .venv/bin/python bench/gin_oracle.py --deals 60 --seed 1 --not-told  # plain hard: the tournament's games

Without ``--not-told`` it is the tournament itself, game for game (a check that the deals are the same).
Stock turn-overs (a game that runs through the stock) fall back to the plain deal. It reports, it does not
assert; the figures are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections import Counter
from typing import Any

from bumtable.bots.seeds import PerSeat
from bumtable.rules import get
from bumtable.rules.gin_bummy import sample_state
from bumtable.rules.gin_bummy.moves import DISCARD_PHASE
from bumtable.sim.lineups import rotations
from bumtable.sim.runner import Runner
from bumtable.sim.tournament import deal_seed, game_result
from bumtable.sim.tournament_stats import kind_results


def told(truth: Any) -> Any:
    """A ``sample_state`` that deals the opponent the cards ``truth`` (the live game) gives them."""

    def sample(obs: Any, rng: random.Random) -> Any:
        guess = sample_state(obs, rng)
        if obs.flips or obs.stock is not None or obs.seat is None:
            return guess  # a turned-over stock: its cards are grouped; keep the plain deal
        other = 1 - obs.seat
        pool = Counter(guess.hands[other]) + Counter(guess.stock)
        pool.subtract(truth.hands[other])
        if min(pool.values(), default=0) < 0:
            return guess
        stock = list(pool.elements())
        rng.shuffle(stock)
        guess.hands[other], guess.tags[other] = list(truth.hands[other]), list(truth.tags[other])
        guess.stock = stock
        if guess.phase == DISCARD_PHASE and obs.turn == other and obs.drawn is None:
            guess.drawn = truth.drawn  # the card it drew, which the search must not take from it
            guess.last_draws[other] = (truth.drawn,)
        return guess

    return sample


def play(deals: int, seed: int, tell: bool) -> list[Any]:
    """Every deal at both rotations of (hard, heuristic); the tables' results, deal by deal."""
    rules = get("gin-bummy")
    out = []
    for index in range(deals):
        deal = deal_seed(seed, index)
        tables = []
        for table, seats in enumerate(rotations(("hard", "heuristic"))):
            state = rules.new_state(deal).copy(history=False)
            runner = Runner(state, seats, PerSeat.of_table(deal, table, len(seats)))
            for bot, kind in zip(runner.bots, seats, strict=True):
                if tell and kind == "hard":
                    bot.family = dataclasses.replace(bot.family, sample_state=told(state))  # type: ignore[union-attr]
            runner.play()
            tables.append(game_result(state, seats))
        out.append(tuple(tables))
        print(f"deal {index + 1}/{deals}", file=sys.stderr, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--not-told", action="store_true", help="plain hard (the tournament's games)")
    args = parser.parse_args()
    for r in kind_results(play(args.deals, args.seed, not args.not_told)):
        low, high = r.first_place_ci95
        print(f"{r.bot:10} games {r.hands:4}  wins {r.first_place_rate:6.1%}  95 % {low:.1%}-{high:.1%}")


if __name__ == "__main__":
    main()

"""How often a Boojum search bot ends its claims (``done``) while a token claim is open to it.

Games of four ``heuristic`` bots are played from the given seeds; at every decision where a claim and
``done`` are both legal, the bot under test (``--bot``, default ``hard``) is asked from that seat's
observation, and each ``done`` it chooses is printed with the heuristic's choice and the search's figures
(deals, mean value, playouts cut short) per action. The heuristic always claims when it can.

    .venv/bin/python bench/boojum_claims.py --seeds 1-3
    .venv/bin/python bench/boojum_claims.py --seeds 1-10 --bot search:paired=true:halving=true:first_weight=0.5:iterations=40:max_rollout=16:favourite_ties=true:cutoff=margin:margin=2
"""

from __future__ import annotations

import argparse

from bumtable.bots import make_bot
from bumtable.bots.search import Decision, SearchBot
from bumtable.bots.seeds import bot_seed
from bumtable.rules import get
from bumtable.rules.boojum.actions import CLAIM, DONE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-3", help="a range of game seeds, FIRST-LAST")
    parser.add_argument("--bot", default="hard", help="the bot kind asked at each claim decision")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    rules = get("boojum", players=4)
    asked = declined = 0
    for seed in range(int(first), int(last or first) + 1):
        state = rules.new_state(seed=seed)
        while not state.is_over():
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            heuristic = make_bot("heuristic", bot_seed(seed, seat, len(state.history)), "boojum")
            choice = heuristic.choose(observation)
            kinds = {a.kind for a in state.legal_actions()}
            if CLAIM in kinds and DONE in kinds:
                asked += 1
                bot = make_bot(args.bot, bot_seed(seed, seat, len(state.history)), "boojum")
                if isinstance(bot, SearchBot):
                    decision = bot.decide(observation)
                else:
                    decision = Decision(bot.choose(observation))
                if decision.action.kind == DONE:
                    declined += 1
                    figures = {
                        key: (stat.deals, round(stat.mean, 3), stat.cuts)
                        for key, stat in decision.stats.items()
                    }
                    print(
                        f"seed {seed} ply {len(state.history)}: done; heuristic {rules.action_text(choice)}; {figures}"
                    )
            state.apply(choice)
    print(f"{args.bot}: {declined} of {asked} decisions with a claim open ended the claims (done)")


if __name__ == "__main__":
    main()

"""Hand inference for the search bot: how well a deal of the hidden cards explains what the other players did.

A determinization (:func:`Family.sample_state <bumtable.rules.protocol.Family>`) deals the unseen cards at
random, consistent with what the seat saw, but every deal counts the same however unlikely it makes the
opponents' past moves. Here a deal is weighed by those moves: the hand so far is played again from its start
with the deal's cards, and at each decision of another player the rollout policy (the game's heuristic) is
asked what it would have done with those cards. A move it agrees with counts 1, one it does not counts
``slip`` (the chance that a player leaves the heuristic's path), so a deal's weight is ``slip`` to the number
of disagreements. The search then counts each deal's playouts by that weight.

Only the climbing games have it so far (:data:`WEIGHTS`): their observation lists every play of the hand in
order (``played``), and the passes between plays follow from whose turn it was. A deal that cannot be played
again (a rule the replay does not cover) weighs 1, as without inference.

>>> import random
>>> from bumtable.bots import make_bot
>>> from bumtable.rules import get
>>> from bumtable.rules.climbing.sample import sample_state
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> heuristic = make_bot("heuristic", 1)
>>> for _ in range(8):
...     state.apply(heuristic.choose(state.observe(state.current_player())))
>>> seat = state.current_player()
>>> observation = state.observe(seat)
>>> climbing_weight(observation, state, heuristic, 0.5)  # the true deal: the heuristic made every move
1.0
>>> weights = [climbing_weight(observation, sample_state(observation, random.Random(i)), heuristic, 0.5)
...            for i in range(20)]
>>> min(weights) < 1.0
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from bumtable.rules.climbing.plays import PASS, PASS_PLAY
from bumtable.rules.climbing.sample import state_with_hands
from bumtable.rules.phases import PLAY


def climbing_weight(observation: Any, state: Any, policy: Any, slip: float) -> float:
    """The weight of the deal ``state`` (sampled to fit ``observation``): ``slip`` to the number of moves by
    other players this hand that ``policy`` would not have made with the deal's cards."""
    played = observation.played
    seat = observation.seat
    if not played or observation.phase != PLAY or seat is None:
        return 1.0
    rules = observation.rules
    rank = rules.tables.rank_of_code
    n = rules.players
    hands: dict[int, list[int]] = {p: [int(c) for c in state.hand_of(p)] for p in range(n)}
    for p, codes in played:
        hands[p].extend(codes)
    leader = played[0][0]
    start = dataclasses.replace(
        observation,
        turn=leader,
        leader=leader,
        card_counts=tuple(len(hands[p]) for p in range(n)),
        hand=tuple(hands[seat]),
        top=None,
        top_player=leader,
        passes=0,
        trick=(),
        played=(),
        finished=(),
        losers=(),
        sat_out=(False,) * n,
        direction=1,
        inverted=False,
        legal=(),
    )
    replay = state_with_hands(start, hands, None, random.Random(0))
    weight = 1.0
    for p, codes in played:
        ranks = sorted(rank[c] for c in codes)
        for _ in range(2 * n):  # the players between two plays pass
            actor = replay.current_player()
            if replay.phase != PLAY or actor is None:
                return weight
            legal = replay.legal_actions()
            if actor == p:
                fits = [a for a in legal if a.kind != PASS and sorted(a.cards) == ranks]
                if not fits:
                    return weight  # a play the replay cannot make (a rule it does not follow): stop here
                move = fits[0]
                if actor != seat:
                    choice = policy.choose(replay.observe(actor))
                    if choice in fits:
                        move = choice
                    else:
                        weight *= slip
                replay.apply(move, check=False)
                break
            if PASS_PLAY not in legal:
                return weight
            if actor != seat and len(legal) > 1 and policy.choose(replay.observe(actor)).kind != PASS:
                weight *= slip
            replay.apply(PASS_PLAY, check=False)
        else:
            return weight
    return weight


WEIGHTS: dict[str, Callable[[Any, Any, Any, float], float]] = {"climbing": climbing_weight}
"""Each family's deal weight (families without one: every deal weighs 1)."""

"""Hand inference for the search bot: how well a deal of the hidden cards explains what the other players did.

A determinization (:func:`Family.sample_state <bumtable.rules.protocol.Family>`) deals the unseen cards at
random, consistent with what the seat saw, but every deal counts the same however unlikely it makes the
opponents' past moves. Here a deal is weighed by those moves: the hand so far is played again from its start
with the deal's cards, and at each decision of another player the rollout policy (the game's heuristic) is
asked what it would have done with those cards. A move it agrees with counts 1, one it does not counts
``slip`` (the chance that a player leaves the heuristic's path), so a deal's weight is ``slip`` to the number
of disagreements. The search then counts each deal's playouts by that weight.

The climbing games replay the hand (:data:`WEIGHTS`): their observation lists every play of the hand in
order (``played``), and the passes between plays follow from whose turn it was. Where a hand cannot be played
again to the end (a rule the replay does not cover), the moves up to there are weighed. Gin Bummy weighs a
deal by the others' latest passed-over and discarded number cards instead (:func:`gin_bummy_weight`).
Boojum has none.

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
>>> replay_hand(observation, state, heuristic, 0.5)  # the true deal: the heuristic made every move
(1.0, True)
>>> weights = [climbing_weight(observation, sample_state(observation, random.Random(i)), heuristic, 0.5)
...            for i in range(20)]
>>> min(weights) < 1.0
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bumtable.bots.gin_bummy import core_size
from bumtable.cards.french import JOKER
from bumtable.rules import State
from bumtable.rules.climbing.plays import PASS, PASS_PLAY
from bumtable.rules.climbing.sample import hand_start
from bumtable.rules.phases import PLAY


def climbing_weight(observation: Any, state: State, policy: Any, slip: float) -> float:
    """The weight of the deal ``state`` (sampled to fit ``observation``): ``slip`` to the number of moves by
    other players this hand that ``policy`` would not have made with the deal's cards."""
    return replay_hand(observation, state, policy, slip)[0]


def replay_hand(observation: Any, state: State, policy: Any, slip: float) -> tuple[float, bool]:
    """Play this hand again from its start with the cards of ``state``: the deal's weight (see
    :func:`climbing_weight`) and whether the whole hand so far could be replayed (else the weight counts the
    moves up to where it stopped).

    The observation lists the plays in order; the passes between them follow from whose turn it was. When the
    next play's player is to act on a trick that play cannot follow, they passed and led later (the trick's
    winner went out, say): that is replayed as a pass. The passes since the last play, up to the seat's turn,
    are weighed too.
    """
    played = observation.played
    seat = observation.seat
    if not played or observation.phase != PLAY or seat is None:
        return 1.0, True
    rules = observation.rules
    rank = rules.tables.rank_of_code
    n = rules.players
    hands: dict[int, list[int]] = {p: [int(c) for c in state.hand_of(p)] for p in range(n)}
    for p, codes in played:
        hands[p].extend(codes)
    replay: State = hand_start(observation, hands)
    weight = 1.0
    for p, codes in played:
        ranks = sorted(rank[c] for c in codes)
        for _ in range(4 * n):  # the players between two plays pass (round the table and back to the leader)
            actor = replay.current_player()
            if replay.phase != PLAY or actor is None:
                return weight, False
            legal = replay.legal_actions()
            fits = _readings(legal, ranks, codes) if actor == p else []
            if fits:
                move = fits[0]
                if actor != seat:
                    choice = policy.choose(replay.observe(actor))
                    if choice not in fits:
                        weight *= slip
                    elif (
                        choice.suit == move.suit
                    ):  # the same cards read another way (a wild card): the policy's
                        move = choice
                replay.apply(move, check=False)
                break
            if PASS_PLAY not in legal:
                return weight, False  # neither the play nor a pass: a rule the replay does not follow
            weight = _pass(replay, actor, legal, seat, policy, slip, weight)
        else:
            return weight, False
    for _ in range(4 * n):  # the passes since the last play, up to the seat's turn
        actor = replay.current_player()
        if replay.phase != PLAY or actor is None or actor == seat:
            break
        legal = replay.legal_actions()
        if PASS_PLAY not in legal:
            return weight, False
        weight = _pass(replay, actor, legal, seat, policy, slip, weight)
    return weight, replay.phase == PLAY and replay.current_player() == observation.turn


def _readings(legal: Any, ranks: list[int], codes: tuple[int, ...]) -> list[Any]:
    """The legal plays of these cards (by rank) that fit the cards' suits: a play marked with a suit (a flush,
    or Bridge suits' deciding card) only when the cards have that suit; an unmarked one first unless the cards
    are all of one suit."""
    fits = [a for a in legal if a.kind != PASS and sorted(a.cards) == ranks]
    if len(fits) < 2:
        return fits
    suits = {c & 3 for c in codes if c < JOKER}
    fits = [a for a in fits if a.suit < 0 or a.suit in suits]
    one_suit = len(suits) == 1 and len(codes) > 1
    return sorted(fits, key=lambda a: (a.suit < 0) == one_suit)


def _pass(replay: Any, actor: int, legal: Any, seat: int, policy: Any, slip: float, weight: float) -> float:
    """Apply a pass by ``actor``; the weight times ``slip`` when the policy would have played instead."""
    if actor != seat and len(legal) > 1 and policy.choose(replay.observe(actor)).kind != PASS:
        weight *= slip
    replay.apply(PASS_PLAY, check=False)
    return weight


def gin_bummy_weight(observation: Any, state: State, policy: Any, slip: float) -> float:
    """The weight of the deal ``state`` in Gin Bummy: ``slip`` to the number of the others' recent choices
    that would have been a mistake with the hand the deal gives them now. A player who passed over a number
    card on the Beg (``beg_declined``), or discarded one after drawing (``number_discards``), is taken not
    to have had a use for it: a deal where that card would grow the core of the player's hand (the most
    number cards of four suits and four values, :func:`~bumtable.bots.gin_bummy.core_size`) counts
    ``slip`` for it. The hand now stands in for the hand at the time (no replay: the stock draws in
    between are hidden), which is why only the latest few choices are listed; ``policy`` is not asked.
    """
    weight = 1.0
    seat = observation.seat
    for p, (declined, discarded) in enumerate(
        zip(observation.beg_declined, observation.number_discards, strict=True)
    ):
        if p == seat or p in observation.starved or not (declined or discarded):
            continue
        hand = [int(c) for c in state.hand_of(p)]
        size = core_size(hand)
        if size >= 4:
            continue  # a whole core: no number card grows it
        for card in (*declined, *discarded):
            if card not in hand and core_size([*hand, card]) > size:
                weight *= slip
    return weight


WEIGHTS: dict[str, Callable[[Any, State, Any, float], float]] = {
    "climbing": climbing_weight,
    "gin-bummy": gin_bummy_weight,
}
"""Each family's deal weight (families without one: every deal weighs 1)."""

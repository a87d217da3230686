"""Hand inference for the search bot: a sampled deal of the hidden cards is weighed by how well it explains the
others' moves this hand (climbing: ``slip`` per move the rollout policy would not have made with the deal's
cards; Gin Bummy: by the cards they passed over and discarded).

>>> from bumtable.bots import make_bot
>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> heuristic = make_bot("heuristic", 1)
>>> for _ in range(8): state.apply(heuristic.choose(state.observe(state.current_player())))
>>> obs = state.observe(state.current_player())
>>> replay_hand(obs, state, heuristic, 0.5)  # the true deal: the heuristic made every move
(1.0, True)
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
    """The weight of the deal ``state`` (sampled to fit ``observation``), from :func:`replay_hand`."""
    return replay_hand(observation, state, policy, slip)[0]


def replay_hand(observation: Any, state: State, policy: Any, slip: float) -> tuple[float, bool]:
    """Replay this hand from its start with ``state``'s cards: the deal's weight, and whether the whole hand
    so far could be replayed (else the weight covers the moves up to where it stopped)."""
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
    """The legal plays of these cards that fit their suits; an unmarked play first unless all of one suit."""
    fits = [a for a in legal if a.kind != PASS and sorted(a.cards) == ranks]
    if len(fits) < 2:
        return fits
    suits = {c & 3 for c in codes if c < JOKER}
    fits = [a for a in fits if a.suit < 0 or a.suit in suits]
    one_suit = len(suits) == 1 and len(codes) > 1
    return sorted(fits, key=lambda a: (a.suit < 0) == one_suit)


def _pass(replay: Any, actor: int, legal: Any, seat: int, policy: Any, slip: float, weight: float) -> float:
    """Apply a pass by ``actor``; the weight, times ``slip`` when the policy would have played instead."""
    if actor != seat and len(legal) > 1 and policy.choose(replay.observe(actor)).kind != PASS:
        weight *= slip
    replay.apply(PASS_PLAY, check=False)
    return weight


def gin_bummy_weight(observation: Any, state: State, policy: Any, slip: float) -> float:
    """The Gin Bummy deal's weight: ``slip`` per number card another player recently passed over or discarded
    that would grow the core of the hand the deal gives them now (the stock draws being hidden)."""
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
"""Each family's deal weight (without one, as in Boojum, every deal weighs 1)."""

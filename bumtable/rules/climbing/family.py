"""The climbing family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from bumtable.rules.climbing import ClimbingObservation, ClimbingRules, ClimbingState, sample_state
from bumtable.rules.climbing.facts import HandResult, credited
from bumtable.rules.climbing.observation_json import observation_from_dict
from bumtable.rules.protocol import FamilyOf

ENGINE_VERSION = 1
"""Raise it whenever a record of this family would replay differently (records carry it)."""


def hands_over(state: ClimbingState) -> int:
    return len(state.results)


def last_places(state: ClimbingState) -> tuple[int, ...] | None:
    """Each player's place in the last hand over, or None before the first hand ends."""
    return hand_places(state.results[-1]) if state.results else None


def first_open_place(observation: ClimbingObservation) -> int:
    """The best place still to be won in the hand: the seats gone out hold the first places."""
    return len(observation.finished) + 1


def match_points(observation: ClimbingObservation) -> tuple[tuple[int, ...], str]:
    return tuple(observation.scores), "points"


def hand_places(result: HandResult) -> tuple[int, ...]:
    """Each player's place in a finished hand (1 went out first)."""
    places = [0] * len(result.order)
    for place, player in enumerate(result.order, start=1):
        places[player] = place
    return tuple(places)


def hand_points(state: ClimbingState) -> tuple[int, ...] | None:
    """Each player's points in the last finished hand as the match credits them (a partnership's members each
    the team's total), or None before the first hand ends."""
    if not state.results:
        return None
    points = state.results[-1].points
    teams = [state.team_of(p) for p in range(len(points))] if state.rules.teams else None
    return credited(points, teams)


FAMILY = FamilyOf(
    name="climbing",
    engine_version=ENGINE_VERSION,
    rules_from_dict=ClimbingRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=observation_from_dict,
    hands_over=hands_over,
    hand_places=last_places,
    hand_points=hand_points,
    first_open_place=first_open_place,
    stop_at_hand_end=ClimbingState.stop_at_hand_end,
    running_count=match_points,
)

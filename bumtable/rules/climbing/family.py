"""The climbing family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from bumtable.rules.climbing import ClimbingRules, sample_state
from bumtable.rules.climbing.facts import HandResult
from bumtable.rules.climbing.observation_json import observation_from_dict
from bumtable.rules.protocol import Family

ENGINE_VERSION = 1
"""Raise it whenever a record of this family would replay differently (records carry it)."""


FAMILY = Family(
    name="climbing",
    engine_version=ENGINE_VERSION,
    rules_from_dict=ClimbingRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=observation_from_dict,
    hands_over=lambda state: len(state.results),
    hand_places=lambda state: hand_places(state.results[-1]) if state.results else None,
    hand_points=lambda state: state.results[-1].points if state.results else None,
)


def hand_places(result: HandResult) -> tuple[int, ...]:
    """Each player's place in a finished hand (1 went out first; the one left holding cards is last).

    >>> from bumtable.rules.climbing.facts import HandResult
    >>> hand_places(HandResult(hand_no=1, order=(2, 0, 3, 1), points=(2, 0, 3, 1), roles=(0, 1, 2, 3),
    ...     revolution=False))
    (2, 4, 1, 3)
    """
    places = [0] * len(result.order)
    for place, player in enumerate(result.order, start=1):
        places[player] = place
    return tuple(places)

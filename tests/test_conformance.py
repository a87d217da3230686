"""Every system, preset and variant through the one conformance checker (bumtable.rules.conformance)."""

from __future__ import annotations

import pytest
from checker import ClimbingReferee

from bumtable.errors import RulesError
from bumtable.rules import get, system, systems
from bumtable.rules.conformance import check_game


def _players_for(game: str, variant: str) -> int:
    """The default player count, or the first the variant allows (the partnership game wants an even one)."""
    sys = system(game)
    for n in (sys.default_players, *range(sys.min_players, sys.max_players + 1)):
        try:
            get(game, players=n, variants=[variant])
        except RulesError:
            continue
        return n
    raise AssertionError(f"{game} variant {variant} fits no player count")


CASES = [
    (game, players, "")
    for game in systems()
    for players in sorted({system(game).min_players, system(game).default_players, system(game).max_players})
] + [
    (game, _players_for(game, variant), variant)
    for game in systems()
    for variant in sorted(system(game).variants)
]


@pytest.mark.parametrize(
    ("game", "players", "variant"), CASES, ids=[f"{g}-{n}-{v or 'preset'}" for g, n, v in CASES]
)
def test_every_system_preset_and_variant_keeps_the_interface_promises(
    game: str, players: int, variant: str
) -> None:
    rules = get(game, players=players, variants=[variant] if variant else [])
    for seed in (1, 2):
        stats = check_game(rules, seed=seed + players, max_actions=150, every=5)
        assert stats.actions > 0 and stats.samples > 0 and stats.events > 0


@pytest.mark.parametrize("game", systems())
def test_whole_games_reach_a_well_formed_outcome(game: str) -> None:
    rules = get(game)
    stats = check_game(rules, seed=11, max_actions=100_000, every=60)
    assert stats.over


@pytest.mark.parametrize("game", [g for g in systems() if system(g).family.name == "climbing"])
def test_the_climbing_referee_runs_as_a_plug_in_of_the_checker(game: str) -> None:
    referee = ClimbingReferee()
    stats = check_game(get(game), seed=21, max_actions=400, every=40, plugins=[referee])
    assert stats.actions == referee.stats.actions > 0

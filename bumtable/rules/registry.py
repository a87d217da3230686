"""Rules systems by name: presets with aliases, and variants as named sets of option changes.

>>> get("bum", players=3, variants=["one-hour"]).target
20
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import RulesError
from bumtable.rules import arsehole, bum_game, president, zheng_shangyou
from bumtable.rules.boojum import rules as boojum
from bumtable.rules.boojum.family import FAMILY as BOOJUM
from bumtable.rules.climbing.family import FAMILY as CLIMBING
from bumtable.rules.climbing.rules import ClimbingRules
from bumtable.rules.gin_bummy import rules as gin_bummy
from bumtable.rules.gin_bummy.family import FAMILY as GIN_BUMMY
from bumtable.rules.protocol import AnyObservation, AnyRules, AnyState, Family

FAMILIES: dict[str, Family] = {f.name: f for f in (CLIMBING, GIN_BUMMY, BOOJUM)}
"""Every family of rules systems, by name: a new family is its own package plus an entry here."""


@dataclass(frozen=True, kw_only=True)
class System:
    """A rules system: its family, its preset for a player count, and its variants."""

    name: str
    title: str
    family: Family
    build: Callable[[int], AnyRules]
    default_players: int
    min_players: int
    max_players: int
    variants: dict[str, Callable[[Any], dict[str, Any]]]
    variant_aliases: dict[str, str]
    people_options: dict[str, Any] = field(default_factory=dict)
    """Options a table of people plays with unless they set them: safeguards meant for simulations off."""

    def from_dict(self, data: dict[str, Any]) -> AnyRules:
        rules: AnyRules = self.family.rules_from_dict(data)
        return rules


SYSTEMS: dict[str, System] = {
    "bum-game": System(
        name="bum-game",
        title="The Bum Game",
        family=CLIMBING,
        build=bum_game.bum_game,
        default_players=4,
        min_players=3,
        max_players=12,
        variants=bum_game.VARIANTS,
        variant_aliases=bum_game.VARIANT_ALIASES,
    ),
    "president": System(
        name="president",
        title="President",
        family=CLIMBING,
        build=president.president,
        default_players=4,
        min_players=3,
        max_players=8,
        variants=president.VARIANTS,
        variant_aliases=president.VARIANT_ALIASES,
    ),
    "zheng-shangyou": System(
        name="zheng-shangyou",
        title="Zheng Shangyou",
        family=CLIMBING,
        build=zheng_shangyou.zheng_shangyou,
        default_players=5,
        min_players=4,
        max_players=12,
        variants=zheng_shangyou.VARIANTS,
        variant_aliases=zheng_shangyou.VARIANT_ALIASES,
    ),
    "arsehole": System(
        name="arsehole",
        title="Parlett's Arsehole",
        family=CLIMBING,
        build=arsehole.arsehole,
        default_players=4,
        min_players=3,
        max_players=8,
        variants=arsehole.VARIANTS,
        variant_aliases=arsehole.VARIANT_ALIASES,
    ),
    "gin-bummy": System(
        name="gin-bummy",
        title="Gin Bummy",
        family=GIN_BUMMY,
        build=gin_bummy.gin_bummy,
        default_players=2,
        min_players=2,
        max_players=4,
        variants=gin_bummy.VARIANTS,
        variant_aliases=gin_bummy.VARIANT_ALIASES,
        people_options={"max_turns": 0},  # the turn limit guards simulations, not people
    ),
    "boojum": System(
        name="boojum",
        title="Boojum",
        family=BOOJUM,
        build=boojum.boojum,
        default_players=4,
        min_players=3,
        max_players=12,
        variants=boojum.VARIANTS,
        variant_aliases=boojum.VARIANT_ALIASES,
    ),
}
ALIASES = {
    "zheng": "zheng-shangyou",
    "zhengshangyou": "zheng-shangyou",
    "zheng_shangyou": "zheng-shangyou",
    "shangyou": "zheng-shangyou",
    "pits": "zheng-shangyou",
    "zs": "zheng-shangyou",
    "asshole": "arsehole",
    "parlett": "arsehole",
    "pres": "president",
    "bum": "bum-game",
    "the-bum-game": "bum-game",
    "bumgame": "bum-game",
    "bum_game": "bum-game",
    "gin": "gin-bummy",
    "ginbummy": "gin-bummy",
    "gin_bummy": "gin-bummy",
}


def systems() -> list[str]:
    """Names of every rules system, sorted."""
    return sorted(SYSTEMS)


def system(name: str) -> System:
    """The system a name or alias refers to."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in SYSTEMS:
        raise RulesError(f"unknown game {name!r}; games: {', '.join(systems())}")
    return SYSTEMS[key]


def get(name: str, *, players: int | None = None, variants: Iterable[str] = (), **options: Any) -> AnyRules:
    """The rules of game ``name`` (or an alias) for ``players``: named variants, then single options."""
    sys = system(name)
    n = sys.default_players if players is None else players
    if not sys.min_players <= n <= sys.max_players:
        raise RulesError(f"{sys.title} is for {sys.min_players} to {sys.max_players} players, not {n}")
    rules = sys.build(n)
    for v in variants:
        key = sys.variant_aliases.get(v.lower(), v.lower())
        if key not in sys.variants:
            raise RulesError(f"{sys.name} has no variant {v!r}; variants: {', '.join(sorted(sys.variants))}")
        rules = rules.replace(**sys.variants[key](rules))
    if options:
        rules = rules.replace(**options)
    return rules


def variant_changes(name: str, *, players: int | None = None) -> dict[str, dict[str, Any]]:
    """Each variant of game ``name`` that applies to ``players``, and the options it changes, as JSON data."""
    sys = system(name)
    base = get(name, players=players)
    out: dict[str, dict[str, Any]] = {}
    for key, change in sorted(sys.variants.items()):
        try:
            changed = base.replace(**change(base)).to_dict()
        except RulesError:
            continue
        data = json.loads(json.dumps(changed))
        before = json.loads(json.dumps(base.to_dict()))
        changes = {k: v for k, v in data.items() if before[k] != v}
        if changes:
            out[key] = changes
    return out


def family_of(rules: AnyRules) -> Family:
    """The family of a rules object: how layers above the rules choose a face or a bot."""
    return system(rules.system).family


def climbing(
    name: str, *, players: int | None = None, variants: Iterable[str] = (), **options: Any
) -> ClimbingRules:
    """:func:`get` for a climbing game, typed as the climbing engine's rules; another game is a RulesError."""
    return as_climbing(get(name, players=players, variants=variants, **options))


def as_climbing(rules: AnyRules) -> ClimbingRules:
    """The same rules typed as the climbing engine's; any other game is a RulesError."""
    if not isinstance(rules, ClimbingRules):
        raise RulesError(f"{rules.system} is not a climbing game")
    return rules


def sample_state(observation: AnyObservation, rng: random.Random) -> AnyState:
    """A full state whose observation for the observation's seat equals ``observation`` (for search)."""
    rules: AnyRules = observation.rules
    state: AnyState = family_of(rules).sample_state(observation, rng)
    return state


def rules_from_dict(data: dict[str, Any]) -> AnyRules:
    """Rules from :meth:`to_dict` output (the ``system`` key says which system)."""
    if not isinstance(data, dict) or "system" not in data:
        raise RulesError("rules data must be an object with a 'system' key")
    return system(str(data["system"])).from_dict(data)


def rules_from_json(text: str) -> AnyRules:
    """Rules from :meth:`to_json` output."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RulesError(f"rules are not valid JSON: {e}") from None
    return rules_from_dict(data)

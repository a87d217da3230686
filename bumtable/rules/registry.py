"""Named presets with aliases, and variants as named sets of option changes.

>>> from bumtable.rules import get, systems
>>> get("bum", players=3).players
3
>>> get("bum-game", players=4, variants=["one-hour"]).target
20
>>> get("bum-game", variants=["no-such"])
Traceback (most recent call last):
...
bumtable.errors.RulesError: bum-game has no variant 'no-such'; variants: bum-only, highest-total-wins, one-hour, optional-revolution, simultaneous-exchange, single-session
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import RulesError
from bumtable.rules import arsehole, bum_game, president, zheng_shangyou
from bumtable.rules.boojum import options as boojum
from bumtable.rules.boojum.state import BoojumState
from bumtable.rules.climbing.options import ClimbingRules
from bumtable.rules.climbing.state import ClimbingState
from bumtable.rules.gin_bummy import options as gin_bummy
from bumtable.rules.gin_bummy.state import GinBummyState

AnyRules = ClimbingRules | gin_bummy.GinBummyRules | boojum.BoojumRules
"""The rules object of any system (each family has its own class on one interface)."""
AnyState = ClimbingState | GinBummyState | BoojumState
"""The state of any system's match."""


@dataclass(frozen=True)
class System:
    """A rules system: how to build its preset for a player count, and its variants."""

    name: str
    title: str
    build: Callable[[int], AnyRules]
    default_players: int
    min_players: int
    max_players: int
    variants: dict[str, Callable[[Any], dict[str, Any]]]
    variant_aliases: dict[str, str]
    from_dict: Callable[[dict[str, Any]], AnyRules] = ClimbingRules.from_dict
    """Reads the system's rules back from :meth:`to_dict` output."""
    family: str = "climbing"
    """``climbing`` (one engine for all of them), ``gin-bummy`` or ``boojum``."""
    people_options: dict[str, Any] = field(default_factory=dict)
    """Options a table of people plays with unless they set them: safeguards meant for simulations off."""


SYSTEMS: dict[str, System] = {
    "bum-game": System(
        "bum-game",
        "The Bum Game",
        bum_game.bum_game,
        4,
        3,
        12,
        bum_game.VARIANTS,
        bum_game.VARIANT_ALIASES,
    ),
    "president": System(
        "president",
        "President",
        president.president,
        4,
        3,
        8,
        president.VARIANTS,
        president.VARIANT_ALIASES,
    ),
    "zheng-shangyou": System(
        "zheng-shangyou",
        "Zheng Shangyou",
        zheng_shangyou.zheng_shangyou,
        5,
        4,
        12,
        zheng_shangyou.VARIANTS,
        zheng_shangyou.VARIANT_ALIASES,
    ),
    "arsehole": System(
        "arsehole",
        "Parlett's Arsehole",
        arsehole.arsehole,
        4,
        3,
        8,
        arsehole.VARIANTS,
        arsehole.VARIANT_ALIASES,
    ),
    "gin-bummy": System(
        "gin-bummy",
        "Gin Bummy",
        gin_bummy.gin_bummy,
        2,
        2,
        4,
        gin_bummy.VARIANTS,
        gin_bummy.VARIANT_ALIASES,
        gin_bummy.GinBummyRules.from_dict,
        "gin-bummy",
        {"max_turns": 0},  # the turn limit guards simulations, not people
    ),
    "boojum": System(
        "boojum",
        "Boojum",
        boojum.boojum,
        4,
        3,
        12,
        boojum.VARIANTS,
        boojum.VARIANT_ALIASES,
        boojum.BoojumRules.from_dict,
        "boojum",
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
    """Names of every rules system.

    >>> systems()
    ['arsehole', 'boojum', 'bum-game', 'gin-bummy', 'president', 'zheng-shangyou']
    """
    return sorted(SYSTEMS)


def system(name: str) -> System:
    """The system a name or alias refers to."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in SYSTEMS:
        raise RulesError(f"unknown game {name!r}; games: {', '.join(systems())}")
    return SYSTEMS[key]


def get(name: str, *, players: int | None = None, variants: Iterable[str] = (), **options: Any) -> AnyRules:
    """The rules of game ``name`` for ``players``, with named variants and then single options applied.

    :func:`climbing` is the same for the climbing games, typed as their rules class.
    """
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


def climbing(
    name: str, *, players: int | None = None, variants: Iterable[str] = (), **options: Any
) -> ClimbingRules:
    """:func:`get` for a climbing game; any other game is a RulesError.

    >>> climbing("zs", players=6).players
    6
    >>> climbing("boojum")
    Traceback (most recent call last):
    ...
    bumtable.errors.RulesError: boojum is not a climbing game
    """
    rules = get(name, players=players, variants=variants, **options)
    if not isinstance(rules, ClimbingRules):
        raise RulesError(f"{rules.system} is not a climbing game")
    return rules


def rules_from_dict(data: dict[str, Any]) -> AnyRules:
    """Rules from :meth:`to_dict` output (the ``system`` key says which system)."""
    if not isinstance(data, dict) or "system" not in data:
        raise RulesError("rules data must be an object with a 'system' key")
    return system(str(data["system"])).from_dict(data)


def rules_from_json(text: str) -> AnyRules:
    """Rules from :meth:`to_json` output.

    >>> r = get("bum-game", players=5, target=30)
    >>> rules_from_json(r.to_json()) == r
    True
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RulesError(f"rules are not valid JSON: {e}") from None
    return rules_from_dict(data)

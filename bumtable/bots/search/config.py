"""How much and how the search bot searches (:class:`SearchConfig`), read from a bot kind's name.

>>> config, estimate = search_config("iterations=50:paired=true:cutoff=margin")
>>> config.iterations, config.paired, estimate
(50, True, {'cutoff': 'margin'})
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from bumtable.bots.search_eval import ESTIMATE_SETTINGS
from bumtable.errors import BumtableError


@dataclass(frozen=True, kw_only=True)
class SearchConfig:
    """The search's settings, each also a ``search:NAME=VALUE`` in a bot kind's name."""

    iterations: int = 200
    """Deals (tree search) or playouts (flat search) per decision; with ``seconds``, the most."""
    seconds: float | None = None
    """A wall-clock budget per decision (so no longer deterministic); None: iterations alone."""
    exploration: float = 0.7
    rollout: Literal["heuristic", "random"] = "heuristic"
    """Who plays the playouts: the game's heuristic bot at every seat, or uniform random moves."""
    max_rollout: int = 300
    """Actions a playout may take before the family's estimate values the position instead."""
    max_depth: int = 0
    """Tree search: the deepest the tree grows (1: the bot's own choices only; 0: no limit)."""
    first_weight: float = 0.0
    """How much of a playout's value is first place alone: 0 plays for a good place, 1 only for first."""
    paired: bool = False
    """Flat search, every action played out on the same deals; else the tree search."""
    guided: bool = True
    """Tree search: expand first the action the rollout policy would play, else a random untried one."""
    prune: int = 0
    """Flat search: only the rollout policy's best this many actions (it needs ``ranked``); 0: all."""
    infer: float = 0.0
    """Flat search: a deal's weight times this per move of the others the policy would not make; 0: off."""
    halving: bool = False
    """Flat search: spend the budget by sequential halving, the policy's own choice kept to the end."""
    favourite_ties: bool = False
    """Flat search: a tie for best goes to the rollout policy's own choice, not the first legal one."""
    margin: float = 0.0
    """Flat search: leave the policy's choice only for a mean better by this many paired standard errors."""
    reward: Literal["place", "points"] = "place"
    """A finished playout's worth: its ``place``, or the hand's ``points`` scaled from worst to best."""
    engine: Literal["reference", "fast"] = "reference"
    """Flat search: the playouts on the rules layer, or on the compiled engine (``bumtable.fast``) where it
    plays the rules and the hand is in play; its playouts run to the hand's end, so a ``max_rollout`` shorter
    than a hand, or random playouts weighed by ``infer``, stay on the rules layer."""

    def __post_init__(self) -> None:
        for name, (low, high) in SETTING_RANGES.items():
            value = getattr(self, name)
            if value is None:  # seconds: no time budget
                continue
            if not (math.isfinite(value) and low <= value <= high):  # a NaN or an infinity fails too
                wanted = f"at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
                if name == "seconds":
                    wanted = "more than 0 (or none)"
                raise BumtableError(f"search setting {name}={value!r}: must be {wanted}")

    def settings_text(self, estimate: Iterable[tuple[str, Any]] = ()) -> str:
        """The repr a tournament record holds, the estimate's settings added; a later setting at its old value
        is left out, so older records still match."""
        pairs = [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)] + list(estimate)
        shown = [
            f"{name}={value!r}"
            for name, value in pairs
            if name not in LATER_SETTINGS or value != LATER_SETTINGS[name]
        ]
        return f"{type(self).__name__}({', '.join(shown)})"


SETTING_RANGES: dict[str, tuple[float, float]] = {
    "iterations": (1, math.inf),
    "seconds": (math.ulp(0.0), math.inf),
    "exploration": (0, math.inf),
    "max_rollout": (0, math.inf),
    "max_depth": (0, math.inf),
    "first_weight": (0, 1),
    "prune": (0, math.inf),
    "infer": (0, 1),
    "margin": (0, math.inf),
}

LATER_SETTINGS: dict[str, Any] = {
    "margin": 0.0,
    "reward": "place",
    "cutoff": "rank",
    "token_weight": 2.0,
    "engine": "reference",
}
"""Settings added after tournament records began, each with the value that leaves the search as it was."""


def search_config(text: str) -> tuple[SearchConfig, dict[str, Any]]:
    """The search's configuration and the estimate's settings from ``NAME=VALUE`` pairs joined by ``:``; a
    bad name, type or range is a BumtableError that says so."""
    defaults: dict[str, tuple[Any, type]] = {
        f.name: (f.default, SearchConfig) for f in dataclasses.fields(SearchConfig)
    }
    defaults.update(ESTIMATE_SETTINGS)
    values: dict[str, Any] = {}
    for pair in filter(None, text.split(":")):
        name, _, raw = pair.partition("=")
        if name not in defaults:
            raise BumtableError(f"search has no setting {name!r}; settings: {', '.join(sorted(defaults))}")
        default = defaults[name][0]
        try:
            if isinstance(default, bool):
                if raw not in ("true", "false"):
                    raise ValueError(raw)
                values[name] = raw == "true"
            elif name == "seconds":
                values[name] = None if raw == "none" else float(raw)
            else:
                values[name] = type(default)(raw)
        except ValueError:
            wanted = {bool: "true or false", int: "a whole number", float: "a number"}.get(
                type(default), "text"
            )
            raise BumtableError(f"search setting {name}={raw!r}: not {wanted}") from None
    for name, value in values.items():  # a setting of a few named values (rollout, reward, cutoff)
        hint = get_type_hints(defaults[name][1])[name]
        named = get_args(hint) if get_origin(hint) is Literal else ()
        if named and value not in named:
            raise BumtableError(f"search setting {name}={value!r}: {' or '.join(named)}")
    config = SearchConfig(**{k: v for k, v in values.items() if defaults[k][1] is SearchConfig})
    estimate = {k: v for k, v in values.items() if defaults[k][1] is not SearchConfig}
    for kind in dict.fromkeys(defaults[k][1] for k in estimate):  # each estimate checks its own ranges
        kind(**{k: v for k, v in estimate.items() if defaults[k][1] is kind})
    return config, estimate

"""How much and how the search bot searches: :class:`SearchConfig`, and its reading from a bot kind's name.

The settings of a family's estimate of a playout cut short (Boojum's ``cutoff`` and ``token_weight``) are the
estimate's own (:mod:`bumtable.bots.search_eval`); a kind's name may set them beside the search's.

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
    """How much and how the search bot searches, in every family."""

    iterations: int = 200
    """The budget: deals of the hidden cards (tree search) or playouts (flat search) per decision; with
    ``seconds`` set, the most."""
    seconds: float | None = None
    """A time budget per decision (wall clock, so no longer deterministic); None: iterations alone."""
    exploration: float = 0.7
    """Tree search: UCB's exploration constant (at least 0; useful values run from 0 to 1)."""
    rollout: Literal["heuristic", "random"] = "heuristic"
    """Who plays out the rest of the hand: the game's heuristic bot at every seat, or uniform random moves."""
    max_rollout: int = 300
    """Actions a playout may take before it stops and the family's estimate values the position instead."""
    max_depth: int = 0
    """Tree search: the deepest the tree grows (1: the bot's own choices only; 0: no limit)."""
    first_weight: float = 0.0
    """How much of a playout's value is first place alone (1 for first, 0 otherwise) rather than the place's
    linear value: 0 plays for a good place, 1 only for first."""
    paired: bool = False
    """Flat search, every action played out on the same deals (:mod:`~bumtable.bots.search.flat`); else the
    tree search (:mod:`~bumtable.bots.search.tree`)."""
    guided: bool = True
    """Tree search: expand first the action the rollout policy would play (else a random untried one)."""
    prune: int = 0
    """Flat search: search only the rollout policy's best this many actions (a policy with a ``ranked``
    method: the climbing games' heuristic); 0: every action."""
    infer: float = 0.0
    """Flat search: weigh each deal by how well it explains the others' moves (:mod:`bumtable.bots.inference`),
    a move the rollout policy would not have made multiplying the weight by this; 0: every deal counts 1."""
    halving: bool = False
    """Flat search: spend the budget by sequential halving (the worse half of the actions dropped after each
    round); the rollout policy's own choice stays in to the last round."""
    favourite_ties: bool = False
    """Flat search: among actions with the same best total, play the rollout policy's own choice (else the
    first in the legal order), so the search leaves the policy only for an action that did better."""
    margin: float = 0.0
    """Flat search: leave the rollout policy's own choice only for an action whose mean beats it by more than
    this many standard errors of their difference over the deals both were played out on (a paired test; 2 is
    about 95 % one-sided); 0: the best mean wins."""
    reward: Literal["place", "points"] = "place"
    """What a finished playout is worth to each seat: ``place`` (first 1, last 0, linear between) or
    ``points``, the hand's points scaled from its worst (0) to its best (1) where the family tells them
    (``Family.hand_points``; elsewhere, or all equal, its place)."""

    def __post_init__(self) -> None:
        """A setting outside its range is a BumtableError that names it and the range.

        >>> SearchConfig(iterations=0)
        Traceback (most recent call last):
        ...
        bumtable.errors.BumtableError: search setting iterations=0: must be at least 1
        """
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
        """The configuration as a tournament record holds it, with the estimate's settings (name, value) at
        the end: its repr, less the settings of :data:`LATER_SETTINGS` while they have the value that leaves
        the search as it was, so a record made before such a setting existed still matches.

        >>> SearchConfig(iterations=50).settings_text().endswith("favourite_ties=False)")
        True
        >>> SearchConfig(margin=2.0).settings_text([("cutoff", "margin"), ("token_weight", 2.0)]).endswith(
        ...     "favourite_ties=False, margin=2.0, cutoff='margin')"
        ... )
        True
        """
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
"""Each number setting's range, both ends included (a share from 0 to 1; a count or weight at least 0)."""

LATER_SETTINGS: dict[str, Any] = {"margin": 0.0, "reward": "place", "cutoff": "rank", "token_weight": 2.0}
"""Settings added after tournament records began (the last two the Boojum estimate's), each with the value
that leaves the search as it was: a settings text leaves them out at that value."""


def search_config(text: str) -> tuple[SearchConfig, dict[str, Any]]:
    """The search's configuration, and the estimate's settings, from ``NAME=VALUE`` pairs joined by ``:`` (a
    bot kind's name: ``search:iterations=50``); an unknown name or a value of the wrong type or out of its
    range is a BumtableError that says so.

    >>> search_config("iterations=50:max_depth=1:rollout=random")[0]
    SearchConfig(iterations=50, seconds=None, exploration=0.7, rollout='random', max_rollout=300, max_depth=1, first_weight=0.0, paired=False, guided=True, prune=0, infer=0.0, halving=False, favourite_ties=False, margin=0.0, reward='place')
    >>> search_config("depth=1")
    Traceback (most recent call last):
    ...
    bumtable.errors.BumtableError: search has no setting 'depth'; settings: cutoff, exploration, favourite_ties, first_weight, guided, halving, infer, iterations, margin, max_depth, max_rollout, paired, prune, reward, rollout, seconds, token_weight
    """
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

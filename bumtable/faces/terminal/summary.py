"""Each game's rules in a few lines, for ``r`` at the prompt and ``bumtable games GAME``.

The rules come from the game's family (its ``summary.py``: our own words, after ``docs/rules/``, kept in
the package because ``docs/`` is not installed); the last part lists every variant and option that
differs from the preset for that many players, each with its description (the docstring under the option
in its options class).

>>> from bumtable.rules import get
>>> print(rules_summary(get("arsehole", players=4)).splitlines()[0])
Parlett's Arsehole for 4 players
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from bumtable.faces.terminal.boojum import summary as boojum
from bumtable.faces.terminal.climbing import summary as climbing
from bumtable.faces.terminal.common import Part
from bumtable.faces.terminal.gin_bummy import summary as gin_bummy
from bumtable.rules import Rules, system
from bumtable.rules.options_data import options_class
from bumtable.rules.registry import System

WIDTH = 100
"""No line of a summary is wider than this."""

SUMMARIES: dict[str, Callable[[Any], list[Part]]] = {
    "climbing": climbing.summary,
    "gin-bummy": gin_bummy.summary,
    "boojum": boojum.summary,
}
"""Each family's summary, by the registry's family name (each takes its own family's rules)."""


def rules_summary(rules: Rules, width: int = WIDTH) -> str:
    """The rules of this game in short, with the variants and options in force, wrapped at ``width``.

    >>> from bumtable.rules import get
    >>> text = rules_summary(get("bum-game", players=4, variants=["one-hour"]))
    >>> "Revolution:" in text, max(len(line) for line in text.splitlines()) <= WIDTH
    (True, True)
    >>> print(text[text.index("In force"):])  # doctest: +NORMALIZE_WHITESPACE
    In force here, unlike the preset for 4 players:
      Variant one-hour.
      exchange = false (preset: true). Cards change hands between roles after the deal, from the second
        hand on (exchange_pairs).
      target = 20 (preset: 100). Points that win the match (0: no target).
    """
    sys = system(rules.system)
    lines = [f"{sys.title} for {rules.players} players"]
    for label, text in SUMMARIES[sys.family.name](rules):
        lines += textwrap.wrap(f"{label}: {text}", width, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join([*lines, "", *in_force(rules, width)])


def in_force(rules: Rules, width: int = WIDTH) -> list[str]:
    """Lines naming each variant, and each option with its description, that differs from the preset for
    this many players at a table of people; one line saying so when nothing does.

    >>> from bumtable.rules import get
    >>> in_force(get("president", players=5))
    ['Options: the preset for 5 players (bumtable games president --options describes them).']
    >>> print("\\n".join(in_force(get("president", players=4, variants=["must-play"]))))
    In force here, unlike the preset for 4 players:
      Variant must-play.
      must_play = true (preset: false). A player who can beat the last play may not pass.
    """
    sys = system(rules.system)
    preset = _people_preset(sys, rules.players)
    data, base = rules.to_dict(), preset.to_dict()
    changed = [k for k in data if k != "system" and data[k] != base.get(k)]
    if not changed:
        return [
            f"Options: the preset for {rules.players} players (bumtable games {sys.name} --options describes them)."
        ]
    docs = options_class(rules).option_docs()
    lines = [f"In force here, unlike the preset for {rules.players} players:"]
    lines += [f"  Variant {name}." for name in variants_in_force(sys, preset, rules)]
    for key in changed:
        text = f"{key} = {json.dumps(data[key])} (preset: {json.dumps(base.get(key))}). {docs.get(key, '')}"
        lines += textwrap.wrap(
            text.rstrip(), width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
        )
    return lines


def variants_in_force(sys: System, preset: Rules, rules: Rules) -> list[str]:
    """The named variants whose every change from ``preset`` is in ``rules`` (a variant whose changes are
    all part of another one found is left out: one-hour, not also single-session).

    >>> from bumtable.rules import get
    >>> sys = system("bum-game")
    >>> variants_in_force(sys, sys.build(4), get("bum-game", variants=["one-hour", "bum-only"]))
    ['bum-only', 'one-hour']
    """
    data, base = rules.to_dict(), preset.to_dict()
    found: dict[str, set[str]] = {}
    for name, change in sorted(sys.variants.items()):
        try:
            varied = preset.replace(**change(preset)).to_dict()
        except Exception:  # a variant these rules cannot take (partnership with an odd number of players)
            continue
        keys = {k for k in varied if varied[k] != base[k]}
        if keys and all(data[k] == varied[k] for k in keys):
            found[name] = keys
    return [name for name, keys in found.items() if not any(keys < other for other in found.values())]


def _people_preset(sys: System, players: int) -> Rules:
    """The preset for ``players`` as a table of people plays it (Gin Bummy without the turn limit)."""
    preset = sys.build(players)
    return preset.replace(**sys.people_options) if sys.people_options else preset

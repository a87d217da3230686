"""Each game's rules in a few lines, for ``r`` at the prompt and ``bumtable games GAME``: the family's
own summary (in the package, as ``docs/`` is not installed), then what differs from the preset.

>>> from bumtable.rules import get
>>> lines = rules_summary(get("bum-game", players=4, variants=["one-hour"])).splitlines()
>>> lines[0], max(map(len, lines)) <= WIDTH, [line for line in lines if "Variant" in line]
('The Bum Game for 4 players', True, ['  Variant one-hour.'])
>>> in_force(get("president", players=5))
['Options: the preset for 5 players (bumtable games president --options describes them).']
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from bumtable.rules import Rules, system
from bumtable.rules.options_data import options_class
from bumtable.rules.registry import System
from bumtable.rules_text import Part, boojum, climbing, gin_bummy

WIDTH = 100

SUMMARIES: dict[str, Callable[[Any], list[Part]]] = {
    "climbing": climbing.summary,
    "gin-bummy": gin_bummy.summary,
    "boojum": boojum.summary,
}


def rules_summary(rules: Rules, width: int = WIDTH) -> str:
    """This game's rules in short, then the variants and options in force, wrapped at ``width``."""
    sys = system(rules.system)
    lines = [f"{sys.title} for {rules.players} players"]
    for label, text in SUMMARIES[sys.family.name](rules):
        lines += textwrap.wrap(f"{label}: {text}", width, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join([*lines, "", *in_force(rules, width)])


def in_force(rules: Rules, width: int = WIDTH) -> list[str]:
    """A line for each variant and option (with its description) unlike the preset for people at a table."""
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
    """The named variants whose every change from ``preset`` is in ``rules``, less any inside another."""
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

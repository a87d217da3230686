"""A game's rules in short as data for a page: the terminal's summary (``bumtable games GAME``, ``r`` at the
prompt) cut into its sections, with the variants and options in force told by their plain labels.

>>> from bumtable.rules import get
>>> words = rules_words(get("bum-game", players=4).replace(exchange=False))
>>> words["title"], [s["text"] for s in words["sections"] if s["label"] == "Exchange"]
('The Bum Game for 4 players', ['none in this match.'])
>>> [(c["label"], c["value"], c["preset"]) for c in words["changed"]]
[('Exchange cards between hands', False, True)]
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from bumtable.rules import Rules, system
from bumtable.rules.option_words import option_group, option_label, plain_help
from bumtable.rules.options_data import options_class
from bumtable.rules_text.summary import SUMMARIES, rules_summary, variants_in_force


class Section(TypedDict):
    """One part of the summary: ``Goal``, ``Cards``, ``Exchange``... and its words."""

    label: str
    text: str


class Changed(TypedDict):
    """An option unlike the preset for people at this many players: its plain words and both values."""

    name: str
    label: str
    group: str
    help: str
    value: Any
    preset: Any


class RulesWords(TypedDict):
    """``text`` is the whole summary as the terminal prints it; the rest is the same cut up for a page."""

    game: str
    title: str
    players: int
    text: str
    sections: list[Section]
    variants: list[str]
    changed: list[Changed]


def rules_words(rules: Rules) -> RulesWords:
    """``rules`` in short: the family's summary sections (they follow the options), the named variants in
    force and each option changed from the preset, with its label, heading and description."""
    sys = system(rules.system)
    preset = sys.build(rules.players)
    if sys.people_options:
        preset = preset.replace(**sys.people_options)
    data = json.loads(json.dumps(rules.to_dict()))  # tuples as lists, as the wire has them
    base = json.loads(json.dumps(preset.to_dict()))
    docs = options_class(rules).option_docs()
    return RulesWords(
        game=sys.name,
        title=f"{sys.title} for {rules.players} players",
        players=rules.players,
        text=rules_summary(rules),
        sections=[Section(label=label, text=text) for label, text in SUMMARIES[sys.family.name](rules)],
        variants=variants_in_force(sys, preset, rules),
        changed=[
            Changed(
                name=name,
                label=option_label(name),
                group=option_group(name),
                help=plain_help(docs.get(name, "")),
                value=data[name],
                preset=base.get(name),
            )
            for name in data
            if name != "system" and data[name] != base.get(name)
        ],
    )

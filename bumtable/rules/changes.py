"""Rules with options changed by name, as ``-o NAME=VALUE`` changes them: one implementation for the command
line and the lab, which sweeps an option over several values.

>>> from bumtable.rules import get
>>> changed(get("arsehole", players=4), read_changes(["reverse_card=8"])).reverse_card
'8'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from bumtable.errors import RulesError
from bumtable.rules.protocol import AnyRules
from bumtable.rules.registry import rules_from_dict


def option_value(text: str) -> Any:
    """An option's value as typed: JSON where it parses (numbers, lists, true), else the text itself.

    >>> option_value("[[3,2]]"), option_value("true"), option_value("8"), option_value("J")
    ([[3, 2]], True, 8, 'J')
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def read_changes(words: Iterable[str]) -> dict[str, Any]:
    """``NAME=VALUE`` words as options by name (a dash in a name read as ``_``), each value read by
    :func:`option_value`; a word without ``=`` is a :class:`RulesError`.

    >>> read_changes(["exchange-pairs=[[0,3,2]]", "reverse_card=J"])
    {'exchange_pairs': [[0, 3, 2]], 'reverse_card': 'J'}
    """
    out: dict[str, Any] = {}
    for text in words:
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            raise RulesError(f"an option is NAME=VALUE (e.g. reverse_card=8), not {text!r}")
        out[name.strip().replace("-", "_")] = option_value(value)
    return out


def changed(rules: AnyRules, changes: Mapping[str, Any]) -> AnyRules:
    """``rules`` with each option in ``changes`` set, checked as the rules check any option; an unknown name
    or a value the rules refuse is a :class:`RulesError` with their own message.

    >>> from bumtable.rules import get
    >>> changed(get("bum-game", players=4), {"jokers": 3}).jokers
    3
    """
    if not changes:
        return rules
    data = rules.to_dict()
    unknown = sorted(set(changes) - set(data))
    if unknown:
        raise RulesError(
            f"{rules.system} has no option {unknown[0]!r}; bumtable games {rules.system} lists them"
        )
    for key, value in changes.items():
        if isinstance(data[key], str) and not isinstance(value, str):
            value = json.dumps(value)  # reverse_card=8: the text, not the number
        data[key] = value
    return rules_from_dict(data)

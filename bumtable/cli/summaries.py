"""Each game's rules in a few lines, for ``r`` at the prompt (our own words, after ``docs/rules/``)."""

from __future__ import annotations

from bumtable.rules import Rules


def rules_summary(rules: Rules) -> str:
    """The rules of this game in short, with the variants and options in force."""
    return f"{rules.system}: see docs/rules/ for the rules."

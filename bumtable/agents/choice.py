"""An agent's action as it gives it: a legal action's ``code`` (a number) or its text, in the game's notation.

>>> from bumtable.rules import get
>>> state = get("gin-bummy").new_state(seed=2)
>>> legal = state.observe(state.current_player()).to_dict()["legal"]
>>> read_action(state.rules, legal, legal[0]["code"]).text == legal[0]["text"]
True
>>> read_action(state.rules, legal, "  Draw   Stock ").text
'draw stock'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bumtable.agents.errors import Refused
from bumtable.errors import BumtableError
from bumtable.rules import Rules


@dataclass(frozen=True)
class Attempt:
    """The action an agent asked for, read: the rules' action and its text."""

    action: Any
    text: str


def read_action(rules: Rules, legal: list[dict[str, Any]], given: str | int) -> Attempt:
    """The action ``given`` names: a code (a whole number, or its digits as text) or an action's text; a
    :class:`Refused` saying why when it names none (legality is the caller's to check)."""
    if isinstance(given, bool):
        raise Refused(f"an action is its text or its code, not {given!r}")
    if isinstance(given, str) and given.strip().isdigit():
        given = int(given.strip())
    if isinstance(given, int):
        for entry in legal:
            if entry["code"] == given:
                return Attempt(rules.parse_action(entry["text"]), entry["text"])
        try:
            action = rules.action_space().decode(given)
        except BumtableError:
            size = rules.action_space().size
            raise Refused(
                f"no action has code {given}: this game's codes are 0 to {size - 1} (legal_actions lists the "
                "legal ones with theirs)"
            ) from None
        return Attempt(action, rules.action_text(action))
    text = " ".join(given.split())
    for entry in legal:
        if entry["text"].lower() == text.lower():
            return Attempt(rules.parse_action(entry["text"]), entry["text"])
    if not text:
        raise Refused("no action given: send a legal action's text or code (legal_actions lists them)")
    try:
        action = rules.parse_action(text)
    except BumtableError as e:
        raise Refused(f"cannot read the action {_shown(text)!r}: {e}") from None
    return Attempt(action, rules.action_text(action))


def _shown(text: str) -> str:
    return text if len(text) <= 60 else text[:60] + "..."

"""The ``ansi`` view: one seat's table as the terminal face draws it, and its legal actions with their codes.

>>> from bumtable import rules
>>> state = rules.get("gin-bummy").new_state(seed=5)
>>> text = view_text(state.observe(state.current_player()))
>>> "legal actions (code: action):" in text
True
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from bumtable.faces.terminal.common import Seats, plain_text
from bumtable.faces.terminal.families import face_for
from bumtable.rules import Observation


def view_text(observation: Observation) -> str:
    """What the terminal shows ``observation``'s seat at its turn (a spectator: the table), in plain text."""
    rules = observation.rules
    face = face_for(rules)
    lines: list[RenderableType] = [
        *face.turn_view(observation, Seats.numbered(rules.players, observation.seat))
    ]
    legal = observation.legal_actions()
    if legal:
        space = rules.action_space()
        lines.append(Text("legal actions (code: action):"))
        lines += [
            Text(f"  {space.encode(a)}: {rules.action_text(a)}") for a in face.ordered(observation, legal)
        ]
    return plain_text(lines)

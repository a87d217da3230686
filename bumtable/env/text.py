"""The ``ansi`` view: one seat's table as the terminal face draws it, and its legal actions with their codes.

>>> from bumtable import rules
>>> state = rules.get("gin-bummy").new_state(seed=5)
>>> text = view_text(state.observe(state.current_player()))
>>> "legal actions (code: action):" in text
True
"""

from __future__ import annotations

import io

from rich.console import Console

from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.families import face_for
from bumtable.rules import Observation

WIDTH = 100


def view_text(observation: Observation) -> str:
    """What the terminal shows ``observation``'s seat at its turn (a spectator: the table), in plain text."""
    rules = observation.rules
    face = face_for(rules)
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None, force_terminal=False)
    console.print(*face.turn_view(observation, Seats.numbered(rules.players, you=observation.seat)))
    legal = observation.legal_actions()
    if legal:
        space = rules.action_space()
        console.print("legal actions (code: action):")
        for action in face.ordered(observation, legal):
            console.print(f"  {space.encode(action)}: {rules.action_text(action)}", highlight=False)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in out.splitlines())

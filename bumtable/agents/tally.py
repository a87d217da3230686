"""How well an agent keeps to the rules in one game: its tries, the refused ones, and the decisions it got
right at the first try.

>>> tally = Tally()
>>> tally.refuse(); tally.accept(); tally.accept()
>>> tally.to_dict()
{'tries': 3, 'refused': 1, 'decisions': 2, 'legal_at_first_try': 1, 'first_try_rate': 0.5}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Tally:
    """Counts of ``act`` tries; a refused try (illegal, unreadable, or not the agent's turn) counts against the
    decision the agent takes next."""

    tries: int = 0
    refused: int = 0
    decisions: int = 0
    """Actions taken."""
    first_try: int = 0
    """Actions taken with no refused try before them since the agent's previous action."""
    refused_now: int = 0
    """Refused tries since the agent's previous action."""

    def refuse(self) -> None:
        self.tries += 1
        self.refused += 1
        self.refused_now += 1

    def accept(self) -> None:
        self.tries += 1
        self.decisions += 1
        self.first_try += self.refused_now == 0
        self.refused_now = 0

    def to_dict(self) -> dict[str, Any]:
        rate = None if not self.decisions else round(self.first_try / self.decisions, 4)
        return {
            "tries": self.tries,
            "refused": self.refused,
            "decisions": self.decisions,
            "legal_at_first_try": self.first_try,
            "first_try_rate": rate,
        }

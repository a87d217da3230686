"""One :class:`Outcome` for every rules system, so simulators, bots and learners read every game alike.

>>> o = Outcome.from_places((2, 1, 3, 3), scores=(60, 101, 12, 12), reason=TARGET, length=17)
>>> o.winners, [round(r, 2) for r in o.returns], o.to_dict()["reason"]
((1,), [0.33, 1.0, -0.67, -0.67], 'target')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

TARGET: Final = "target"
ROUNDS: Final = "rounds"  # the set number of hands was played
BUM: Final = "bum"  # Gin Bummy: a player called Bum with a winning hand
LAST_STANDING: Final = "last-standing"  # Gin Bummy: every other player starved
STARVED: Final = "starved"  # Gin Bummy: every player starved, nobody won
BLOCKED: Final = "blocked"  # Gin Bummy: nobody could draw or discard
TURN_LIMIT: Final = "turn-limit"  # a simulation's safeguard
TOKENS: Final = "tokens"  # Boojum: a player holds a token of all six suits
ROUND_LIMIT: Final = "round-limit"  # Boojum's safeguard

REASONS: Final = (TARGET, ROUNDS, BUM, LAST_STANDING, STARVED, BLOCKED, TURN_LIMIT, TOKENS, ROUND_LIMIT)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``places`` 1 best (ties share one), ``scores`` the game's own count,
    ``returns`` summing to 0 (:func:`place_returns`), ``length`` the hands, turns or rounds played."""

    places: tuple[int, ...]
    scores: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    length: int

    @classmethod
    def from_places(
        cls,
        places: Sequence[int],
        *,
        scores: Sequence[int],
        reason: str,
        length: int,
        nobody_won: bool = False,
    ) -> Outcome:
        """An outcome from each player's place (1 = best); ``nobody_won``: no winners, every return 0."""
        if reason not in REASONS:
            raise ValueError(f"unknown reason {reason!r}; reasons: {', '.join(REASONS)}")
        n = len(places)
        if nobody_won:
            return cls(tuple(places), tuple(scores), (0.0,) * n, (), reason, length)
        return cls(
            tuple(places),
            tuple(scores),
            place_returns(places),
            tuple(p for p in range(n) if places[p] == 1),
            reason,
            length,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "scores": list(self.scores),
            "returns": list(self.returns),
            "winners": list(self.winners),
            "reason": self.reason,
            "length": self.length,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            tuple(data["places"]),
            tuple(data["scores"]),
            tuple(float(x) for x in data["returns"]),
            tuple(data["winners"]),
            str(data["reason"]),
            int(data["length"]),
        )


def place_returns(places: Sequence[int]) -> tuple[float, ...]:
    """Returns in [-1, 1], linear in the place; tied players share the mean of their places' returns.

    >>> place_returns((1, 2, 3)), place_returns((1, 1, 3))
    ((1.0, 0.0, -1.0), (0.5, 0.5, -1.0))
    """
    n = len(places)
    if n < 2:
        return (0.0,) * n

    def value(i: int) -> float:  # the return of the i-th position (0-based) when nobody ties
        return 1.0 - 2.0 * i / (n - 1)

    out = []
    for pl in places:
        tied = sum(1 for q in places if q == pl)
        out.append(sum(value(pl - 1 + k) for k in range(tied)) / tied)
    return tuple(out)

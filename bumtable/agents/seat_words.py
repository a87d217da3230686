"""What an agent is told in words: its seat's table, what happened, the end; from the seat's observation and
events alone. ``bumtable mcp`` speaks the terminal's faces (:mod:`bumtable.agents.terminal_words`), so an agent
reads what a person at the terminal reads; :class:`PlainWords` says it from the observation's wire form alone.

>>> from bumtable.rules import get
>>> state = get("president", players=4).new_state(seed=1)
>>> words, seats = PlainWords(), SeatNames.numbered(4, you=2)
>>> print(words.table(state.observe(2), seats).splitlines()[0])
president, seen by You (P2)
>>> print(words.news(None, state.events(2)[:1], state.observe(2), seats))
P0 deal: hand 1 (13 cards)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from bumtable.rules import Event, Rules


@dataclass(frozen=True)
class SeatNames:
    """How the words name the players: ``names[p]``, the agent's own seat ``you`` (None: none), seat kinds."""

    names: tuple[str, ...]
    you: int | None = None
    kinds: tuple[str, ...] = ()

    @classmethod
    def numbered(cls, players: int, you: int | None = None, kinds: Sequence[str] = ()) -> SeatNames:
        """``You`` for the agent's seat and ``P1``, ``P2``... for the others, as the terminal names them."""
        names = tuple("You" if p == you else f"P{p}" for p in range(players))
        return cls(names, you, tuple(kinds))


class GameWords(Protocol):
    """One game's words for one seat (a new one per game: a face may keep what it saw from turn to turn)."""

    def opening(self, obs: Any, seats: SeatNames) -> str:
        """The story so far, when the agent takes its seat."""
        ...

    def table(self, obs: Any, seats: SeatNames) -> str:
        """The table as the seat sees it now."""
        ...

    def news(self, before: Any, events: Sequence[Event], after: Any, seats: SeatNames) -> str:
        """What one action did, from the ``events`` the seat saw (``before``/``after``: its observations)."""
        ...

    def final(self, obs: Any, seats: SeatNames) -> str:
        """The end of the game, as the seat saw it."""
        ...


WordsFor = Callable[[Rules], GameWords]
"""Makes a game's words from its rules."""

SHOWN: Final = (
    "phase",
    "turn",
    "hand",
    "card_counts",
    "hand_counts",
    "roles",
    "scores",
    "top",
    "beg",
    "stock_count",
    "tokens",
)
"""The facts the plain words show, where the family's observation has them."""


def _words(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{key}={_words(item)}" for key, item in value.items())
    if isinstance(value, list):
        return (
            " | ".join(map(_words, value))
            if any(isinstance(v, dict) for v in value)
            else " ".join(map(str, value))
        )
    return str(value)


class PlainWords:
    """Words from the observation's wire form and the events' own text, for any game."""

    def opening(self, obs: Any, seats: SeatNames) -> str:
        return self.table(obs, seats)

    def table(self, obs: Any, seats: SeatNames) -> str:
        data = obs.to_dict()
        seat = data.get("seat")
        who = "a spectator" if seat is None else f"{seats.names[seat]} (P{seat})"
        lines = [f"{data['system']}, seen by {who}"]
        lines += [f"{key}: {_words(data[key])}" for key in SHOWN if data.get(key) is not None]
        return "\n".join(lines)

    def news(self, before: Any, events: Sequence[Event], after: Any, seats: SeatNames) -> str:
        return "\n".join(event_line(e, seats) for e in events)

    def final(self, obs: Any, seats: SeatNames) -> str:
        return "The game is over."


def event_line(event: Event, seats: SeatNames) -> str:
    """One event in a line: who, what kind, its text, the cards it shows (or how many it hides)."""
    who = "" if event.player is None else f"{seats.names[event.player]} "
    to = "" if event.to is None else f" to {seats.names[event.to]}"
    shown = f" ({' '.join(event.cards)})" if event.cards else f" ({event.count} cards)" if event.count else ""
    text = f": {event.text}" if event.text else ""
    return f"{who}{event.kind}{to}{text}{shown}"


def plain_words(rules: Rules) -> GameWords:
    """The fallback words for any game."""
    return PlainWords()

"""The terminal's faces as an agent's words: an agent reads what a person at the terminal reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bumtable.agents.seat_words import GameWords, SeatNames
from bumtable.faces.terminal.common import Seats, plain_text
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.rules import Event, Rules


class TerminalWords:
    """A game's words for one seat, as its terminal face shows them, laid out as plain text."""

    def __init__(self, face: Face) -> None:
        self.face = face

    def opening(self, obs: Any, seats: SeatNames) -> str:
        return plain_text([*self.face.opening(obs, _seats(seats)), *self.face.turn_view(obs, _seats(seats))])

    def table(self, obs: Any, seats: SeatNames) -> str:
        return plain_text(self.face.turn_view(obs, _seats(seats)))

    def news(self, before: Any, events: Sequence[Event], after: Any, seats: SeatNames) -> str:
        return plain_text(self.face.narrate(before, events, after, _seats(seats)))

    def final(self, obs: Any, seats: SeatNames) -> str:
        return plain_text(self.face.final(obs, _seats(seats)))


def terminal_words(rules: Rules) -> GameWords:
    """The words of the terminal's face for ``rules``' family (a new face per game)."""
    return TerminalWords(face_for(rules))


def _seats(seats: SeatNames) -> Seats:
    return Seats(seats.names, seats.you, seats.kinds)

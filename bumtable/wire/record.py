"""The wire form of a game record (``GameRecord.to_dict``): rules, seed and actions replay a match exactly.
``GameRecord.from_dict`` checks what the model cannot: the engine version, and that every action replays."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, JsonValue

from bumtable.wire.base import Count, WireModel
from bumtable.wire.rules import RulesModel


class RecordModel(WireModel):
    """A match as its rules, its seed and the text of every action taken."""

    format: Literal["bumtable-record/2"]
    """The record format (version 1, from before engine versions, is read by ``GameRecord`` only)."""
    engine: Annotated[int, Field(ge=1)]
    """The version of the family's engine that made the record; another version refuses to replay it."""
    rules: RulesModel
    """Every option of the rules, naming their ``system``."""
    seed: int
    """The seed of the match's chance (shuffles, deals)."""
    actions: list[str]
    """Every action taken, in order, in the rules' notation."""
    meta: dict[str, JsonValue]
    """Anything a face keeps with the record (seat names, bot kinds); not used to replay."""
    chance: list[list[Count]] | None = Field(default=None, exclude_if=lambda value: value is None)
    """Shuffles to deal instead of drawing from the seed (a deal made elsewhere); absent when none."""

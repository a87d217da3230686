"""The wire form of a game record: ``(rules, seed, actions)``, which replays a match exactly.

It is :meth:`GameRecord.to_dict <bumtable.rules.record.GameRecord.to_dict>` as JSON (format
``bumtable-record/2``). What the model cannot check is left to ``GameRecord.from_dict``: that
``engine`` is this bumtable's engine version for the family, and that every action replays.

>>> import json, random
>>> from bumtable.rules import get
>>> from bumtable.rules.record import GameRecord
>>> state = get("gin-bummy", players=2).new_state(seed=4)
>>> for _ in range(6):
...     state.apply(random.Random(1).choice(state.legal_actions()))
>>> data = json.loads(GameRecord.of(state, east="bot").to_json())
>>> record = RecordModel.model_validate(data)
>>> record.format, len(record.actions), record.model_dump(mode="json") == data
('bumtable-record/2', 6, True)
"""

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
    """The version of the family's engine that made the record (another version would replay it
    differently, so reading it is refused)."""
    rules: RulesModel
    """Every option of the rules, naming their ``system``."""
    seed: int
    """The seed of the match's chance (shuffles, deals)."""
    actions: list[str]
    """Every action taken, in order, in the rules' notation."""
    meta: dict[str, JsonValue]
    """Anything a face keeps with the record (seat names, bot kinds); not used to replay."""
    chance: list[list[Count]] | None = Field(default=None, exclude_if=lambda value: value is None)
    """Shuffles to deal instead of drawing from the seed (a deal given by another engine); the key is
    left out when there are none."""

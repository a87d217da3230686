"""Game records: ``(rules, seed, actions)``, which replay a match exactly.

>>> import random
>>> from bumtable.rules import get
>>> state = get("bum-game", players=3).new_state(seed=11)
>>> rng = random.Random(5)
>>> for _ in range(40):
...     state.apply(rng.choice(state.legal_actions()))
>>> record = GameRecord.of(state)
>>> again = GameRecord.from_json(record.to_json()).replay()
>>> again.hands == state.hands and again.scores == state.scores
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError, NotationError
from bumtable.rules.registry import AnyRules, AnyState, rules_from_dict

FORMAT = "bumtable-record/1"


@dataclass(frozen=True)
class GameRecord:
    """A match as its rules, its seed and the text of every action taken."""

    rules: AnyRules
    seed: int
    actions: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    """Anything a face wants to keep with the record (seat names, bot kinds); not used to replay."""

    @classmethod
    def of(cls, state: AnyState, **meta: Any) -> GameRecord:
        """The record of a state's match so far."""
        text: Any = state.rules.action_text  # each system reads its own action type
        return cls(state.rules, state.seed, tuple(text(a) for a in state.history), dict(meta))

    def replay(self, upto: int | None = None) -> AnyState:
        """The state after the first ``upto`` actions (all by default). A bad action says which one."""
        state = self.rules.new_state(self.seed)
        parse: Any = self.rules.parse_action
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.apply(parse(text))
            except BumtableError as e:
                raise NotationError(f"record action {i + 1} ({text!r}) cannot be replayed: {e}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": list(self.actions),
            "meta": self.meta,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise NotationError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise NotationError(
                f"not a bumtable record: format is {data.get('format')!r}, expected {FORMAT!r}"
            )
        for key, typ in (("rules", dict), ("seed", int), ("actions", list)):
            if not isinstance(data.get(key), typ):
                raise NotationError(f"game record: {key!r} is missing or not a {typ.__name__}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise NotationError("game record: every action must be a string")
        meta = data.get("meta") or {}
        return cls(rules_from_dict(data["rules"]), data["seed"], tuple(data["actions"]), dict(meta))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise NotationError(f"game record is not valid JSON: {e}") from None
        return cls.from_dict(data)

"""Game records: ``(rules, seed, actions)``, which replay a match exactly.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=3).new_state(seed=11)
>>> for _ in range(40):
...     state.apply(state.legal_actions()[-1])
>>> again = GameRecord.from_json(GameRecord.of(state).to_json()).replay()
>>> again.hands == state.hands and again.scores == state.scores
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError, NotationError
from bumtable.rules.protocol import AnyRules, AnyState
from bumtable.rules.registry import family_of, rules_from_dict, system

FORMAT = "bumtable-record/2"
"""A record names its family's engine version (``engine``), checked on reading."""
OLD_FORMATS = ("bumtable-record/1",)
"""Formats read too: a version-1 record was made by engine version 1 of its family."""


@dataclass(frozen=True)
class GameRecord:
    """A match as its rules, its seed and the text of every action taken; ``chance``, where given, is
    dealt instead of the seed's shuffles, and ``meta`` (seat names, bot kinds) is not used to replay."""

    rules: AnyRules
    seed: int
    actions: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    chance: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def of(cls, state: AnyState, **meta: Any) -> GameRecord:
        """The record of a state's match so far."""
        text = state.rules.action_text
        script = state.chance.script
        chance = None if script is None else tuple(tuple(d) for d in script)
        return cls(state.rules, state.seed, tuple(text(a) for a in state.history), dict(meta), chance)

    def replay(self, upto: int | None = None) -> AnyState:
        """The state after the first ``upto`` actions (all by default). A bad action says which one."""
        state: AnyState = self.rules.new_state(self.seed, chance=self.chance)
        parse = self.rules.parse_action
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.apply(parse(text))
            except BumtableError as e:
                raise NotationError(f"record action {i + 1} ({text!r}) cannot be replayed: {e}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "engine": family_of(self.rules).engine_version,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": list(self.actions),
            "meta": self.meta,
        }
        if self.chance is not None:
            out["chance"] = [list(d) for d in self.chance]
        return out

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise NotationError("a game record must be a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT and fmt not in OLD_FORMATS:
            raise NotationError(f"not a bumtable record: format is {fmt!r}, expected {FORMAT!r}")
        for key, typ in (("rules", dict), ("seed", int), ("actions", list)):
            if not isinstance(data.get(key), typ):
                raise NotationError(f"game record: {key!r} is missing or not a {typ.__name__}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise NotationError("game record: every action must be a string")
        meta = data.get("meta") or {}
        made_by = data.get("engine", 1) if fmt == FORMAT else 1
        game = system(str(data["rules"].get("system")))
        family = game.family
        if made_by != family.engine_version:  # before reading the rules: their options may have changed too
            raise NotationError(
                f"this {game.name} record was made by version {made_by} of the {family.name} engine; this "
                f"bumtable has version {family.engine_version}, which would replay it differently "
                f"(open it with the bumtable release that made it)"
            )
        chance = data.get("chance")
        if chance is not None and not (
            isinstance(chance, list)
            and all(isinstance(d, list) and all(isinstance(c, int) for c in d) for d in chance)
        ):
            raise NotationError("game record: 'chance' must be a list of lists of whole numbers")
        script = None if chance is None else tuple(tuple(d) for d in chance)
        rules = rules_from_dict(data["rules"])
        return cls(rules, data["seed"], tuple(data["actions"]), dict(meta), script)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise NotationError(f"game record is not valid JSON: {e}") from None
        return cls.from_dict(data)

"""The interface every rules system offers, as typing protocols.

The climbing games (:class:`~bumtable.rules.climbing.options.ClimbingRules`) and
the games that are not climbing games each implement it with their own classes;
records, simulation and the command line rely only on what is named here.

>>> from bumtable.rules import get
>>> rules: GameRules = get("president", players=4)
>>> state: GameState = rules.new_state(seed=3)
>>> state.current_player() is not None and bool(state.legal_actions())
True
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GameState(Protocol):
    """A match in progress; only :meth:`apply` changes it."""

    seed: int

    @property
    def history(self) -> list[Any]: ...

    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[Any]: ...

    def why_illegal(self, action: Any) -> str | None: ...

    def apply(self, action: Any, *, check: bool = True) -> None: ...

    def is_over(self) -> bool: ...

    def outcome(self) -> tuple[int, ...]: ...

    def observe(self, seat: int | None) -> Any: ...

    def copy(self) -> Any: ...


@runtime_checkable
class GameRules(Protocol):
    """A rules object: options as data, the way to start a match, and the text form of actions."""

    @property
    def system(self) -> str: ...

    @property
    def players(self) -> int: ...

    def new_state(self, seed: int) -> Any: ...

    def parse_action(self, text: str) -> Any: ...

    def action_text(self, action: Any) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...

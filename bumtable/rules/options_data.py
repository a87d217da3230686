"""What every rules object shares: options as a frozen dataclass, changed by name, read back from JSON.

A rules class is a ``@dataclass(frozen=True, kw_only=True)`` whose every field has a
default (the preset for its default player count), inheriting :class:`OptionsData`.

>>> from bumtable.rules import get
>>> rules = get("arsehole", players=4)
>>> type(rules).from_json(rules.to_json()) == rules
True
>>> rules.replace(colour="red")
Traceback (most recent call last):
...
bumtable.errors.RulesError: arsehole has no option 'colour'; options: ...
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Self

from bumtable.errors import RulesError

_TYPE_WORDS = {
    bool: "true or false",
    int: "a whole number",
    str: "a string",
    tuple: "a list",
    float: "a number",
}


class OptionsData:
    """``replace``, ``to_json``, ``from_dict`` and ``from_json`` for a frozen dataclass of options."""

    system: str

    def _field_names(self) -> list[str]:
        return [f.name for f in dataclasses.fields(self)]  # type: ignore[arg-type]

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed (checked like a new rules object)."""
        names = self._field_names()
        for key in changes:
            if key not in names:
                raise RulesError(f"{self.system} has no option {key!r}; options: {', '.join(sorted(names))}")
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    def to_json(self) -> str:
        """JSON text; :meth:`from_json` reads it back."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read :meth:`to_dict`'s output back, lists becoming tuples; an unknown option or a value of the wrong
        type is a RulesError that names it."""
        if not isinstance(data, dict):
            raise RulesError(f"rules data must be an object, not {type(data).__name__}")
        defaults = cls()
        names = defaults._field_names()
        unknown = set(data) - set(names)
        if unknown:
            raise RulesError(
                f"unknown {defaults.system} options: {', '.join(sorted(unknown))}; options: {', '.join(sorted(names))}"
            )
        values = {k: _tuples(v) for k, v in data.items()}
        for key, value in values.items():
            expected = type(getattr(defaults, key))
            wrong = (
                (expected is int and (isinstance(value, bool) or not isinstance(value, int)))
                or (expected is float and (isinstance(value, bool) or not isinstance(value, int | float)))
                or (expected not in (int, float) and not isinstance(value, expected))
            )
            if wrong:
                word = _TYPE_WORDS.get(expected, f"a {expected.__name__}")
                raise RulesError(f"option {key!r} must be {word}, not {value!r}")
        try:
            return cls(**values)
        except TypeError as e:  # a nested value of the wrong shape
            raise RulesError(f"bad rules data: {e}") from None

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rules from :meth:`to_json` output."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RulesError(f"rules are not valid JSON: {e}") from None
        return cls.from_dict(data)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value

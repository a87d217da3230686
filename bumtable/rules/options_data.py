"""What every rules object shares: options as a frozen dataclass, changed by name, read back from JSON.

A rules class is a ``@dataclass(frozen=True, kw_only=True)`` inheriting :class:`OptionsData`, every field with
a default; the docstring under a field is the option's description, as players read it.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import json
import re
import reprlib
import textwrap
from typing import Annotated, Any, Literal, Self, TypedDict, get_args, get_origin, get_type_hints

from bumtable.errors import RulesError
from bumtable.rules.bounds import TYPE_BOUNDS, Bounds
from bumtable.rules.option_words import option_group, option_label, plain_help

_TYPE_WORDS = {
    bool: "true or false",
    int: "a whole number",
    str: "a string",
    float: "a number",
}


def type_problem(value: Any, hint: Any) -> str | None:
    """Why ``value`` does not fit the type ``hint``, in words (None when it fits).

    >>> type_problem(3, int) is None, type_problem(True, int), type_problem("c", Literal["a", "b"])
    (True, 'a whole number', "one of 'a', 'b'")
    >>> type_problem(((0, 3, "x"),), tuple[tuple[int, int, int], ...])
    'a list of lists of 3 whole numbers'
    """
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return (
            None
            if value in args and type(value) in {type(a) for a in args}
            else "one of " + ", ".join(repr(a) for a in args)
        )
    if origin is tuple:
        word = (
            "a list of " + _plural(args[0]) if len(args) == 2 and args[1] is Ellipsis else _fixed_words(args)
        )
        if not isinstance(value, tuple):
            return word
        if len(args) == 2 and args[1] is Ellipsis:
            return word if any(type_problem(v, args[0]) for v in value) else None
        if len(value) != len(args) or any(type_problem(v, a) for v, a in zip(value, args, strict=True)):
            return word
        return None
    if hint is bool:
        return None if isinstance(value, bool) else _TYPE_WORDS[bool]
    if hint is int:
        return None if isinstance(value, int) and not isinstance(value, bool) else _TYPE_WORDS[int]
    if hint is float:
        return None if isinstance(value, int | float) and not isinstance(value, bool) else _TYPE_WORDS[float]
    if isinstance(hint, type):
        return None if isinstance(value, hint) else _TYPE_WORDS.get(hint, f"a {hint.__name__}")
    return None  # a type this check does not know: the dataclass itself may still refuse the value


def type_words(hint: Any) -> str:
    """The values a type allows, in words (what :func:`type_problem` asks for)."""
    return type_problem(_NO_VALUE, hint) or "any value"


_NO_VALUE = object()  # no option type allows it: type_words asks what it should have been


def _plural(hint: Any) -> str:
    word = type_problem(object(), hint) or "values"
    if word.startswith("a list of "):
        return "lists of " + word[len("a list of ") :]
    if word.startswith("one of "):
        return "values " + word
    return (
        word.removeprefix("a ").removeprefix("an ") + "s"
        if not word.endswith("false")
        else "true or false values"
    )


def _fixed_words(args: tuple[Any, ...]) -> str:
    if len(set(args)) == 1:
        return f"a list of {len(args)} {_plural(args[0])}"
    return "a list of " + ", ".join((type_problem(object(), a) or "a value") for a in args)


_HINTS: dict[type, dict[str, Any]] = {}
_BOUNDS: dict[type, dict[str, Bounds]] = {}
_DOCS: dict[type, dict[str, str]] = {}

_short = reprlib.Repr()  # a value as an error message quotes it: cut short
_short.maxlist = _short.maxtuple = 6
_short.maxstring = _short.maxlong = _short.maxother = 40


class OptionsData:
    """``replace``, ``to_json``, ``from_dict`` and ``from_json`` for a frozen dataclass of options."""

    system: str

    def _field_names(self) -> list[str]:
        return [f.name for f in dataclasses.fields(self)]  # type: ignore[arg-type]

    @classmethod
    def option_types(cls) -> dict[str, Any]:
        hints = _HINTS.get(cls)
        if hints is None:
            names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            hints = {k: v for k, v in get_type_hints(cls).items() if k in names}
            _HINTS[cls] = hints
        return hints

    @classmethod
    def option_bounds(cls) -> dict[str, Bounds]:
        """Each option's bounds: its type's, narrowed where its field is ``Annotated`` with a ``Bounds``."""
        bounds = _BOUNDS.get(cls)
        if bounds is None:
            names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            bounds = {}
            for name, hint in get_type_hints(cls, include_extras=True).items():
                if name in names:
                    extra = [b for b in get_args(hint)[1:] if isinstance(b, Bounds)]
                    tight = extra[0] if get_origin(hint) is Annotated and extra else Bounds()
                    bounds[name] = TYPE_BOUNDS.merge(tight)
            _BOUNDS[cls] = bounds
        return bounds

    @classmethod
    def option_docs(cls) -> dict[str, str]:
        """Each option's description: the docstring under its field (a subclass's wins), as plain words.

        >>> from bumtable.rules.climbing.rules import ClimbingRules
        >>> ClimbingRules.option_docs()["leader"]
        'Who leads later hands: the boss or the bum.'
        """
        docs = _DOCS.get(cls)
        if docs is None:
            names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            docs = {}
            for klass in cls.__mro__:
                for name, text in _field_docstrings(klass).items():
                    if name in names:
                        docs.setdefault(name, text)
            _DOCS[cls] = docs
        return docs

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as the options alone: a worker builds the tables and action space, it is not sent them."""
        return {name: getattr(self, name) for name in self._field_names()}

    def check_values(self, values: dict[str, Any], *, bounds: bool = True) -> None:
        """A RulesError naming the first option unknown, of the wrong type or (``bounds``) out of bounds."""
        types, limits = self.option_types(), self.option_bounds()
        for key, value in values.items():
            if key not in types:
                raise RulesError(f"{self.system} has no option {key!r}; options: {', '.join(sorted(types))}")
            problem = type_problem(value, types[key]) or (limits[key].problem(value) if bounds else None)
            if problem is not None:
                raise RulesError(f"option {key!r} must be {problem}, not {_short.repr(value)}")

    def check_all(self) -> None:
        """Check every option (each family's ``__post_init__`` starts with it)."""
        self.check_values({name: getattr(self, name) for name in self._field_names()})

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, each checked against its type (lists become tuples)."""
        values = {k: _tuples(v) for k, v in changes.items()}
        self.check_values(values, bounds=False)  # the new rules check their bounds as they are made
        return dataclasses.replace(self, **values)  # type: ignore[type-var]

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read :meth:`to_dict`'s output back; a RulesError names an unknown option or a wrong value."""
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
        defaults.check_values(values, bounds=False)  # the bounds: as the rules are made
        try:
            return cls(**values)
        except TypeError as e:  # a nested value of the wrong shape
            raise RulesError(f"bad rules data: {e}") from None

    @classmethod
    def from_json(cls, text: str) -> Self:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RulesError(f"rules are not valid JSON: {e}") from None
        return cls.from_dict(data)


def options_class(rules: object) -> type[OptionsData]:
    """The options class of a rules object (every system's is one); anything else is a RulesError."""
    if not isinstance(rules, OptionsData):
        raise RulesError(f"{type(rules).__name__} is not a rules object")
    return type(rules)


OptionKind = Literal["bool", "int", "float", "str", "choice", "list"]
"""How a form asks for an option: a checkbox, a number, a text, one of ``choices``, or a list of ``item``s."""


class OptionField(TypedDict):
    """One option as a form shows it: ``item`` is a list's entry kind, ``choices`` a choice's values,
    ``allowed`` the values allowed in words, ``value`` the value in these rules as JSON data; ``label``,
    ``group`` and ``help`` (``doc`` with the engine's names told by their labels) are its plain words
    (:mod:`bumtable.rules.option_words`)."""

    name: str
    label: str
    group: str
    help: str
    kind: OptionKind
    item: OptionKind | None
    choices: list[Any]
    allowed: str
    doc: str
    value: Any


def _kind(hint: Any) -> OptionKind:
    origin = get_origin(hint)
    if origin is Literal:
        return "choice"
    if origin is tuple:
        return "list"
    return {bool: "bool", int: "int", float: "float"}.get(hint, "str")  # type: ignore[return-value]


def _item(hint: Any) -> OptionKind | None:
    if get_origin(hint) is not tuple:
        return None
    args = get_args(hint)
    kinds = {_kind(a) for a in args if a is not Ellipsis}
    return kinds.pop() if len(kinds) == 1 else "list"


def option_fields(rules: object, skip: tuple[str, ...] = ("system",)) -> list[OptionField]:
    """Every option of ``rules`` but those in ``skip``, as a form shows it, in declaration order.

    >>> from bumtable.rules import get
    >>> fields = {f["name"]: f for f in option_fields(get("bum-game", players=4))}
    >>> fields["exchange_order"]["choices"], fields["points"]["item"], fields["revolution_triggers"]["value"]
    (['higher-first', 'lower-first', 'simultaneous'], 'int', [[2, 2], [3, 2]])
    >>> fields["exchange_order"]["label"], fields["exchange_order"]["group"]
    ('Who gives first', 'Exchange')
    """
    klass = options_class(rules)
    types, docs = klass.option_types(), klass.option_docs()
    data = json.loads(json.dumps(rules.to_dict()))  # type: ignore[attr-defined]  # tuples as lists
    return [
        OptionField(
            name=name,
            label=option_label(name),
            group=option_group(name),
            help=plain_help(docs.get(name, "")),
            kind=_kind(types[name]),
            item=_item(types[name]),
            choices=list(get_args(types[name])) if get_origin(types[name]) is Literal else [],
            allowed=_allowed(types[name], klass.option_bounds()[name]),
            doc=docs.get(name, ""),
            value=value,
        )
        for name, value in data.items()
        if name not in skip
    ]


def _allowed(hint: Any, bounds: Bounds) -> str:
    """The values an option allows, in words: its type's, then its bounds (numbers and lists)."""
    words = type_words(hint)
    kind = _kind(hint)
    if kind in ("int", "float", "list") and (more := bounds.words(listed=kind == "list")):
        return f"{words} ({more})" if kind == "list" else f"{words} {more}"
    return words


def _field_docstrings(klass: type) -> dict[str, str]:
    """The docstrings written right under the annotated fields of one class's own body."""
    if klass is object or not dataclasses.is_dataclass(klass):
        return {}
    try:
        source = textwrap.dedent(inspect.getsource(klass))
    except (OSError, TypeError):  # no source (a frozen or compiled-only install): no descriptions
        return {}
    body = ast.parse(source).body[0]
    if not isinstance(body, ast.ClassDef):
        return {}
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body.body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = _plain(after.value.value)
    return docs


def _plain(docstring: str) -> str:
    """A field docstring as one line of plain words (no ``code`` marks, no line breaks)."""
    text = " ".join(inspect.cleandoc(docstring).split())
    return re.sub(r"``([^`]*)``", r"\1", text)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value

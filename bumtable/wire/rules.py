"""The wire form of each family's rules, built from the options its rules class declares (types, docstrings).
Validate ``rules.to_json()``, not ``to_dict()``, whose tuples strict validation refuses as lists."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, cast, get_args, get_origin

from pydantic import Field, TypeAdapter, create_model

from bumtable.rules.bounds import Bounds
from bumtable.rules.options_data import OptionsData
from bumtable.rules.protocol import Family
from bumtable.rules.registry import FAMILIES, SYSTEMS
from bumtable.wire.base import WireModel

__all__ = ["RULES", "RULES_MODELS", "RulesModel", "rules_model"]


def _wire_type(hint: Any, bounds: Bounds, *, top: bool = True) -> Any:
    """The JSON shape of an option's declared type: tuples as lists, with the option's bounds."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in (int, float):
        return Annotated[hint, Field(ge=bounds.lo, le=bounds.hi)]
    if hint is str:
        return Annotated[str, Field(max_length=bounds.chars)]
    if hint is bool or origin is Literal:
        return hint
    if origin is tuple:
        most = bounds.most if top else None
        if len(args) == 2 and args[1] is Ellipsis:
            item = _wire_type(args[0], bounds, top=False)
            return Annotated[list[item], Field(max_length=most)]  # type: ignore[valid-type]
        if args and len(set(args)) == 1:
            item = _wire_type(args[0], bounds, top=False)
            return Annotated[list[item], Field(min_length=len(args), max_length=len(args))]  # type: ignore[valid-type]
        return cast(Any, tuple)[
            tuple(_wire_type(a, bounds, top=False) for a in args)
        ]  # mixed: arrays by position
    raise TypeError(f"an option of type {hint!r} has no wire form yet: add it to bumtable.wire.rules")


def rules_model(family: Family) -> type[WireModel]:
    """A model of the rules dict of every system of ``family``: a new option needs no edit here."""
    names = sorted(s.name for s in SYSTEMS.values() if s.family is family)
    first = SYSTEMS[names[0]]
    sample = first.build(first.default_players)
    if not isinstance(sample, OptionsData):  # every rules class is; the model is made from its options
        raise TypeError(f"{type(sample).__name__} does not declare its options as OptionsData")
    cls = type(sample)
    written = sample.to_dict().keys()  # not every field: the climbing rules leave out their ``notes``
    docs = cls.option_docs()  # the same descriptions as `bumtable games GAME` shows
    bounds = cls.option_bounds()
    fields: dict[str, Any] = {
        "system": (
            cast(Any, Literal)[tuple(names)],
            Field(description=f"The rules system: one of the {family.name} family's."),
        )
    }
    for name, hint in cls.option_types().items():
        if name != "system" and name in written:
            fields[name] = (_wire_type(hint, bounds[name]), Field(description=docs.get(name)))
    model: type[WireModel] = create_model(
        f"{cls.__name__}Model",
        __base__=WireModel,
        __doc__=f"Every option of a {family.name} game's rules ({cls.__module__}.{cls.__name__}), as its "
        f"to_dict() writes them.",
        __module__=__name__,
        **fields,
    )
    return model


RULES_MODELS: dict[str, type[WireModel]] = {name: rules_model(f) for name, f in FAMILIES.items()}

if TYPE_CHECKING:
    RulesModel = WireModel
else:
    RulesModel = Annotated[Union[tuple(RULES_MODELS.values())], Field(discriminator="system")]  # noqa: UP007

RULES: TypeAdapter[WireModel] = TypeAdapter(RulesModel)

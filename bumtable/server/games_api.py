"""The games a table can be made for, and each game's options as a form asks for them (the lobby's form).

- ``GET /api/games``: every game's name, title, family, player counts, its rules' default options and the bot
  kinds a seat may hold (name and what it does, levels first).
- ``GET /api/games/{name}/options?players=N``: the preset for ``N`` players, option by option (kind, allowed
  values in words, description, value), and each variant with the options it changes.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from bumtable.bots import TABLE_BOTS, bot_about
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.rules.options_data import option_fields
from bumtable.rules.registry import system, systems, variant_changes

router = APIRouter()

FORM_SKIP = ("system", "players", "notes")
"""Options the form does not ask for: the game and its player count are asked apart; notes are words."""


@router.get("/api/games")
async def game_list() -> list[dict[str, Any]]:
    """Every game a table can be made for: its name, title, family, player counts, its rules' options as
    they are by default (``rules.to_dict()`` at the default player count) and the bot kinds a seat may hold
    (``bots``: name and what it does in this game, in the order a list offers them)."""
    return [
        {
            "name": sys.name,
            "title": sys.title,
            "family": sys.family.name,
            "players": list(range(sys.min_players, sys.max_players + 1)),
            "default_players": sys.default_players,
            "options": get(sys.name).to_dict(),
            "bots": [{"name": kind, "about": bot_about(kind, sys.name)} for kind in TABLE_BOTS],
        }
        for sys in map(system, systems())
    ]


@router.get("/api/games/{name}/options")
async def game_options(name: str, players: int | None = None) -> dict[str, Any]:
    """Game ``name``'s preset for ``players`` (default: the game's count) as a form asks for it: each option's
    kind, the values it allows, its description and value; and each variant with the options it changes.
    A table is made with ``variants`` and then ``options`` (only those changed) in ``POST /api/tables``."""
    try:
        sys = system(name)
    except BumtableError as e:
        raise HTTPException(status_code=404, detail=str(e)) from None
    try:
        rules = get(sys.name, players=players)
        variants = variant_changes(sys.name, players=players)
    except BumtableError as e:
        raise HTTPException(status_code=400, detail=str(e)) from None
    return {
        "game": sys.name,
        "players": rules.players,
        "options": option_fields(rules, skip=FORM_SKIP),
        "variants": [{"name": k, "changes": v} for k, v in variants.items()],
    }

"""The games a table can be made for, and each game's options as the lobby's form asks for them."""

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
"""The game and its player count are asked apart; notes are words."""


@router.get("/api/games")
async def game_list() -> list[dict[str, Any]]:
    """Every game a table can be made for: name, title, family, player counts, default options, and the bot
    kinds a seat may hold."""
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
    """Game ``name``'s preset for ``players`` as a form asks for it (each option's kind, allowed values,
    description and value), and each variant with the options it changes."""
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

"""The games an agent may start, and the rules and bots it asks for, checked: a bad argument is an
:class:`~bumtable.agents.errors.AgentError` that says what was wrong.

>>> [g["game"] for g in games_list()][:2]
['bum-game', 'president']
>>> seating(get("bum-game", players=4), seat=1, bots=["hard", "random"])
('hard', 'agent', 'random', 'hard')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bumtable.agents.errors import AgentError
from bumtable.bots.registry import TABLE_BOTS, check_bot_for
from bumtable.errors import BumtableError
from bumtable.rules import Rules, get
from bumtable.rules.registry import SYSTEMS, system
from bumtable.rules_text.summary import SUMMARIES
from bumtable.sim.lineups import fill_lineup

AGENT = "agent"
"""The agent's seat in a seating."""
DEFAULT_BOT = "heuristic"
"""The bot at every other seat when none is named (as ``bumtable play``)."""


def games_list() -> list[dict[str, Any]]:
    """Every game: its name, title, player counts, variants and its goal in a line."""
    out = []
    for s in SYSTEMS.values():
        parts = dict(SUMMARIES[s.family.name](s.build(s.default_players)))
        goal = parts.get("Goal", "").split(". ")[0].rstrip(".")
        out.append(
            {
                "game": s.name,
                "title": s.title,
                "players": {"min": s.min_players, "max": s.max_players, "default": s.default_players},
                "variants": sorted(s.variants),
                "line": f"{s.title}: {goal}." if goal else s.title,
            }
        )
    return out


def make_rules(
    game: str, players: int | None, variants: Sequence[str], options: dict[str, Any] | None
) -> Rules:
    """The rules asked for: the game's preset for ``players``, then the variants, then the options."""
    for key in ("players", "system"):
        if key in (options or {}):
            raise AgentError(f"options may not set {key!r}: name the game and its players on their own")
    try:
        return get(game, players=players, variants=tuple(variants), **(options or {}))
    except BumtableError as e:
        raise AgentError(str(e)) from None
    except TypeError as e:  # an option given twice, or named as no keyword can be
        raise AgentError(f"bad options for {game}: {e}") from None


def seating(rules: Rules, *, seat: int, bots: str | Sequence[str] | None) -> tuple[str, ...]:
    """Each seat's kind: :data:`AGENT` at ``seat``, ``bots`` at the others in turn (the list repeated, as
    ``bumtable play --bots`` fills a table)."""
    players = rules.players
    if not 0 <= seat < players:
        raise AgentError(f"no seat {seat}: the seats of a {players}-player game are 0 to {players - 1}")
    kinds = [bots] if isinstance(bots, str) else list(bots) if bots is not None else [DEFAULT_BOT]
    if not kinds:
        raise AgentError(
            f"bots names no bot kind; kinds: {', '.join(TABLE_BOTS)} (and any other make_bot knows)"
        )
    if len(kinds) > players - 1:
        raise AgentError(f"{len(kinds)} bots for the {players - 1} other seats of a {players}-player game")
    try:
        kinds = [check_bot_for(k, rules) for k in kinds]
    except BumtableError as e:
        raise AgentError(str(e)) from None
    others = list(fill_lineup(kinds, players - 1))  # the other seats in turn, as play seats bots
    others.insert(seat, AGENT)
    return tuple(others)


def known_game(game: str) -> str:
    """The game's own name (aliases read); an AgentError naming the games for one that is not."""
    try:
        return system(game).name
    except BumtableError as e:
        raise AgentError(str(e)) from None

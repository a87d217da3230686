"""A ladder of an agent against the bot levels, played through ``bumtable mcp``'s tools with the MCP SDK's own
client (docs/agents.md, "A ladder").

    pip install -e '.[agents]'
    .venv/bin/python examples/agent_ladder.py --games 20 --levels easy,medium,hard --seed 1

Each level plays ``--games`` games: the agent at one seat (seat ``g mod players`` in game ``g``), that level's bot
at every other seat, game ``g`` dealt by seed ``seed + g`` at every level (the same deals, level by level). A
climbing game is played for one hand (``rounds: 1``: a tournament's deal), Gin Bummy and Boojum whole. The report:
each level's share of the agent's decisions legal at the first try and its first places (ties share a first
place), each with Wilson's 95 % interval.

The agent is any Python callable given a :class:`Turn` (its seat's view in words and as data, its legal actions,
and why its last try was refused) that answers an action's text or code; :func:`uniform` by default, which picks
a legal action uniformly (so the ladder runs with no LLM: its figures are the floor an agent must clear). Point
``--agent module:function`` at your own, e.g. one that asks an LLM.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

import anyio
import typer
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult
from rich.console import Console
from rich.table import Table

from bumtable.rules import family_of, get
from bumtable.sim.tournament_stats import wilson


@dataclass(frozen=True)
class Turn:
    """What the agent is told at its turn."""

    game: str
    view: str
    """Its seat's view in words, as the terminal shows it."""
    observation: dict[str, Any]
    """Its seat's observation's wire form."""
    legal: list[dict[str, Any]]
    """Each legal action's ``text`` and ``code``."""
    refused: str | None
    """Why its last try at this turn was refused (None at a first try)."""


Agent = Callable[[Turn], str | int]


def uniform(seed: int) -> Agent:
    """A stand-in agent: a legal action, uniformly at random (seeded)."""
    rng = random.Random(seed)
    return lambda turn: rng.choice(turn.legal)["code"]


@dataclass
class Level:
    """One level's games: the agent's decisions, those legal at the first try, its first places."""

    name: str
    games: int = 0
    decisions: int = 0
    first_try: int = 0
    firsts: int = 0
    gave_up: int = 0
    places: list[int] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        legal = self.first_try / self.decisions if self.decisions else None
        first = self.firsts / self.games if self.games else None
        return {
            "level": self.name,
            "games": self.games,
            "decisions": self.decisions,
            "legal_first_try": legal,
            "legal_first_try_ci95": list(wilson(self.first_try, self.decisions)),
            "first_place": first,
            "first_place_ci95": list(wilson(self.firsts, self.games)),
            "mean_place": sum(self.places) / len(self.places) if self.places else None,
            "gave_up": self.gave_up,
        }


def answer(result: CallToolResult) -> Any:
    """A tool's structured answer; a tool's error stops the ladder (a refused action is handled before)."""
    if result.is_error:
        raise SystemExit(f"the server answered an error: {result.content[0].text}")  # type: ignore[union-attr]
    return result.structured_content


async def play_game(
    client: Client,
    agent: Agent,
    *,
    game: str,
    players: int,
    options: dict[str, Any],
    seat: int,
    bot: str,
    seed: int,
    tries: int,
) -> tuple[dict[str, Any], int]:
    """One game through the tools; the result and how many turns the agent gave up (played at random)."""
    start = {"game": game, "players": players, "options": options, "seat": seat, "bots": bot, "seed": seed}
    game_id = answer(await client.call_tool("start_game", start))["game_id"]
    gave_up, fallback = 0, random.Random(seed)
    while True:
        waited = answer(await client.call_tool("wait_for_turn", {"game_id": game_id, "timeout": 600}))
        if waited["over"]:
            break
        if not waited["your_turn"]:
            continue
        view = answer(await client.call_tool("view", {"game_id": game_id}))["result"]
        seen = answer(await client.call_tool("view_json", {"game_id": game_id}))
        legal = answer(await client.call_tool("legal_actions", {"game_id": game_id}))["actions"]
        refused = None
        for _ in range(tries):
            taken = await client.call_tool(
                "act", {"game_id": game_id, "action": agent(Turn(game, view, seen, legal, refused))}
            )
            if not taken.is_error:
                break
            refused = taken.content[0].text  # type: ignore[union-attr]
        else:  # the agent kept trying what is not legal: its turn is played for it, and said
            gave_up += 1
            answer(
                await client.call_tool("act", {"game_id": game_id, "action": fallback.choice(legal)["code"]})
            )
    result = answer(await client.call_tool("result", {"game_id": game_id}))
    await client.call_tool("leave_game", {"game_id": game_id})
    return result, gave_up


async def ladder(
    agent: Agent, *, game: str, players: int | None, levels: list[str], games: int, seed: int, tries: int
) -> list[Level]:
    rules = get(game, players=players)
    one_hand = {"rounds": 1} if family_of(rules).name == "climbing" else {}
    server = StdioServerParameters(command=sys.executable, args=["-m", "bumtable.cli", "mcp"])
    out = []
    async with Client(server) as client:
        for name in levels:
            level = Level(name)
            for g in range(games):
                result, gave_up = await play_game(
                    client,
                    agent,
                    game=game,
                    players=rules.players,
                    options=one_hand,
                    seat=g % rules.players,
                    bot=name,
                    seed=seed + g,
                    tries=tries,
                )
                tally = result["tally"]
                level.games += 1
                level.decisions += tally["decisions"]
                level.first_try += tally["legal_at_first_try"]
                level.firsts += result["place"] == 1
                level.places.append(result["place"])
                level.gave_up += gave_up
            out.append(level)
    return out


def load_agent(spec: str | None, seed: int) -> Agent:
    """``module:function`` (called with the seed, it returns the agent), or the uniform stand-in."""
    if spec is None:
        return uniform(seed)
    module, _, name = spec.partition(":")
    made: Agent = getattr(importlib.import_module(module), name)(seed)
    return made


def main(
    game: Annotated[str, typer.Option(help="The game (bumtable games lists them).")] = "bum-game",
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Players (default: the game's).")
    ] = None,
    levels: Annotated[
        str, typer.Option(help="The bot levels (or any bot kinds), comma-separated.")
    ] = "easy,medium,hard",
    games: Annotated[int, typer.Option(min=1, help="Games at each level.")] = 20,
    seed: Annotated[int, typer.Option(help="Game g is dealt by seed + g, at every level.")] = 1,
    agent: Annotated[
        str | None, typer.Option(help="module:function making the agent from a seed (default: uniform).")
    ] = None,
    tries: Annotated[int, typer.Option(min=1, help="Tries at a turn before it is played for the agent.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Play an agent against each bot level through bumtable mcp; its legal-move and first-place rates."""
    kinds = [k.strip() for k in levels.split(",") if k.strip()]
    played = anyio.run(
        lambda: ladder(
            load_agent(agent, seed),
            game=game,
            players=players,
            levels=kinds,
            games=games,
            seed=seed,
            tries=tries,
        )
    )
    rows = [level.row() for level in played]
    if as_json:
        typer.echo(json.dumps({"game": game, "players": players, "seed": seed, "levels": rows}))
        return
    table = Table(
        title=f"{agent or 'uniform'} against the bot levels: {game}, {games} games a level, seed {seed}"
    )
    for column in (
        "level",
        "games",
        "decisions",
        "legal at first try (95 %)",
        "first place (95 %)",
        "mean place",
    ):
        table.add_column(column)
    for row in rows:
        lo, hi = row["legal_first_try_ci95"]
        flo, fhi = row["first_place_ci95"]
        legal = "-" if row["legal_first_try"] is None else f"{row['legal_first_try']:.1%} ({lo:.1%}-{hi:.1%})"
        table.add_row(
            row["level"],
            str(row["games"]),
            str(row["decisions"]),
            legal,
            f"{row['first_place']:.1%} ({flo:.1%}-{fhi:.1%})",
            f"{row['mean_place']:.2f}",
        )
    Console().print(table)


if __name__ == "__main__":
    typer.run(main)

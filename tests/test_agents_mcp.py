"""Seats for LLM agents (``bumtable mcp``) through the MCP SDK's own client: over a real stdio subprocess, and
in memory for the rest; a seat at a real ``bumtable serve`` on loopback. The agent is told its seat's view
alone, exactly the rules' observation of that seat."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult
from server_helpers import Server, play_seat
from websockets.sync.client import connect

from bumtable.agents.games import Games
from bumtable.agents.server import agents_server
from bumtable.agents.terminal_words import terminal_words
from bumtable.bots.seeds import PER_DECISION
from bumtable.rules import get, systems
from bumtable.sim.runner import Runner

Call = Callable[[str, dict[str, Any]], Awaitable[CallToolResult]]


def in_memory(games: Games, script: Callable[[Call], Awaitable[None]]) -> None:
    """Run ``script`` against an in-memory server of ``games``, given a function that calls a tool."""

    async def main() -> None:
        async with Client(agents_server(games)) as client:
            await script(client.call_tool)

    anyio.run(main)


def data(result: CallToolResult) -> Any:
    """A tool's answer, which must not be an error."""
    assert not result.is_error, result.content
    return result.structured_content


def words(result: CallToolResult) -> str:
    text = result.content[0]
    assert text.type == "text"
    return text.text


def test_bumtable_mcp_serves_the_games_over_stdio() -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "bumtable.cli", "mcp", "--seed", "3"])

    async def main() -> None:
        async with Client(params) as client:
            listed = data(await client.call_tool("list_games", {}))["games"]
            assert sorted(g["game"] for g in listed) == sorted(systems())
            assert all(g["line"] and g["players"]["min"] <= g["players"]["default"] for g in listed)
            started = data(await client.call_tool("start_game", {"game": "gin-bummy", "seat": 1}))
            assert (started["game_id"], started["seat"], started["bots"]) == (
                "game-1",
                1,
                ["heuristic", None],
            )
            waited = data(await client.call_tool("wait_for_turn", {"game_id": "game-1", "timeout": 20}))
            assert waited["your_turn"] and "Your hand" in waited["view"]

    anyio.run(main)


def test_a_whole_local_game_is_played_through_the_tools() -> None:
    games = Games(seed=5, words_for=terminal_words)
    rng = random.Random(2)
    told: list[str] = []

    async def script(call: Call) -> None:
        start = {"game": "president", "players": 4, "options": {"rounds": 1}, "seat": 2, "bots": ["random"]}
        game = data(await call("start_game", start))["game_id"]
        while True:
            waited = data(await call("wait_for_turn", {"game_id": game, "timeout": 20}))
            told.append(waited["events"])
            if waited["over"]:
                break
            assert waited["your_turn"], waited
            legal = data(await call("legal_actions", {"game_id": game}))["actions"]
            pick = rng.choice(legal)
            taken = data(
                await call(
                    "act", {"game_id": game, "action": pick["code"] if rng.random() < 0.5 else pick["text"]}
                )
            )
            assert taken["action"] == pick["text"]
        result = data(await call("result", {"game_id": game}))
        outcome = result["outcome"]
        assert (
            result["over"]
            and result["place"] == outcome["places"][2]
            and sorted(outcome["places"]) == [1, 2, 3, 4]
        )
        assert result["tally"]["refused"] == 0 and result["tally"]["first_try_rate"] == 1.0
        assert data(await call("my_games", {}))["games"][0]["seed"] is not None  # told once the game is over
        assert "The game is over" in words(await call("view", {"game_id": game}))

    in_memory(games, script)
    story = "\n".join(told)
    assert "You pass" in story or "You play" in story
    assert "Hand 1" in story  # the terminal's words


def first_turn(game: str, players: int, seat: int, seed: int, bots: str) -> Any:
    """The state when ``seat`` is first to act, bots at the others deciding as every bumtable bot does."""
    state = get(game, players=players).new_state(seed)
    seats: list[Any] = [bots] * players
    seats[seat] = lambda _: None  # the agent: the play stops at its turn
    Runner(state, seats, PER_DECISION).play()
    return state


def test_an_illegal_action_is_refused_with_the_rules_reason_and_counted_then_a_legal_one_is_taken() -> None:
    games = Games(words_for=terminal_words)
    truth = first_turn("bum-game", 4, 1, 21, "heuristic")
    illegal = truth.rules.parse_action("set 2 2 2 2")
    reason = truth.why_illegal(illegal)
    assert reason is not None

    async def script(call: Call) -> None:
        start = {"game": "bum-game", "players": 4, "seat": 1, "seed": 21}
        game = data(await call("start_game", start))["game_id"]
        assert data(await call("my_games", {}))["games"][0]["seed"] is None  # the seed deals every hand
        assert data(await call("wait_for_turn", {"game_id": game, "timeout": 20}))["your_turn"]
        assert data(await call("view_json", {"game_id": game})) == truth.observe(1).to_dict()
        refused = await call("act", {"game_id": game, "action": "set 2 2 2 2"})
        assert refused.is_error and reason in words(refused)
        legal = data(await call("legal_actions", {"game_id": game}))["actions"]
        assert data(await call("act", {"game_id": game, "action": legal[0]["code"]}))["accepted"]
        tally = data(await call("result", {"game_id": game}))["tally"]
        assert tally == {
            "tries": 2,
            "refused": 1,
            "decisions": 1,
            "legal_at_first_try": 0,
            "first_try_rate": 0.0,
        }

    in_memory(games, script)


BAD = [
    ("start_game", {"game": "snap"}, "unknown game 'snap'; games: arsehole, boojum"),
    ("start_game", {"game": "president", "options": {"colour": "red"}}, "president has no option 'colour'"),
    ("start_game", {"game": "president", "options": {"rounds": -4}}, "option 'rounds'"),
    ("start_game", {"game": "president", "players": 2}, "President is for 3 to 8 players, not 2"),
    ("start_game", {"game": "president", "seat": 4}, "no seat 4: the seats of a 4-player game are 0 to 3"),
    ("start_game", {"game": "president", "bots": "genius"}, "unknown bot 'genius'"),
    ("start_game", {"game": "president", "bots": []}, "bots names no bot kind"),
    (
        "start_game",
        {"game": "president", "bots": "learned"},
        "trained for The Bum Game for 4 only, not President",
    ),
    ("start_game", {"game": "president", "variants": ["fast"]}, "president has no variant 'fast'"),
    ("view", {"game_id": "game-9"}, "no game 'game-9'; games: game-1"),
    ("act", {"game_id": "game-1", "action": "fly 3"}, "cannot read the action 'fly 3'"),
    ("act", {"game_id": "game-1", "action": 99999}, "no action has code 99999"),
    ("act", {"game_id": "game-1"}, "action"),
    ("act", {"game_id": "game-1", "action": True}, "Input should be a valid integer"),
    ("wait_for_turn", {"game_id": "game-1", "timeout": -1}, "timeout must be from 0 to 600 seconds, not -1"),
    ("join_table", {"link": "http://example.com/tables/1"}, "not a table link"),
]


def test_bad_arguments_get_clear_errors_and_the_server_goes_on() -> None:
    games = Games(seed=1)

    async def script(call: Call) -> None:
        data(await call("start_game", {"game": "president", "seat": 0}))
        for tool, arguments, said in BAD:
            answer = await call(tool, arguments)
            assert answer.is_error and said in words(answer), (tool, arguments, words(answer))
        assert data(await call("view_json", {"game_id": "game-1"}))["system"] == "president"
        assert len(data(await call("list_games", {}))["games"]) == len(list(systems()))

    in_memory(games, script)


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("agents-server")
    server = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log").start()
    yield server
    server.kill()


def test_an_agent_takes_a_seat_at_a_table_server_marked_as_an_agents(table_server: Server) -> None:
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
    made = table_server.create(game="president", players=3, options={"rounds": 1}, seats=seats, seed=4)
    ann: list[dict[str, Any]] = []
    person = threading.Thread(
        target=lambda: ann.extend(play_seat(table_server, made["id"], made["tokens"]["0"], 1))
    )
    person.start()
    games = Games(words_for=terminal_words)
    rules = get("president", players=3, rounds=1)
    actions = [rules.action_space().decode(code) for code in range(rules.action_space().size)]
    checked: list[int] = []

    async def script(call: Call) -> None:
        joined = data(await call("join_table", {"link": made["links"]["join"], "name": "Robo"}))
        game, seat = joined["game_id"], joined["seat"]
        assert seat == 1 and joined["kind"] == "table"
        while True:
            waited = data(await call("wait_for_turn", {"game_id": game, "timeout": 30}))
            if waited["over"]:
                break
            seen = data(await call("view_json", {"game_id": game}))
            truth = rules.new_state(4)
            for text in table_server.stored(made["id"]).actions:
                truth.apply(rules.parse_action(text))
            assert seen == truth.observe(seat).to_dict()  # the seat's own view, and nothing more
            checked.append(len(truth.history))
            illegal = next(a for a in actions if truth.why_illegal(a) is not None)
            refused = await call("act", {"game_id": game, "action": rules.action_text(illegal)})
            assert refused.is_error and f"was refused: {truth.why_illegal(illegal)}" in words(refused)
            legal = data(await call("legal_actions", {"game_id": game}))["actions"]
            assert data(await call("act", {"game_id": game, "action": legal[-1]["text"]}))["accepted"]
        result = data(await call("result", {"game_id": game}))
        assert result["over"] and sorted(result["outcome"]["places"]) == [1, 2, 3]
        assert result["tally"]["refused"] == result["tally"]["decisions"] == len(checked)

    in_memory(games, script)
    person.join(timeout=30)
    marks = [[s["agent"] for s in m["seats"]] for m in ann if m["type"] == "table"]
    assert [False, True, False] in marks  # the person's seat and the bot's are never marked
    assert all(not mark[0] and not mark[2] for mark in marks)
    assert checked  # the agent had turns


def test_a_bad_agent_flag_ends_the_connection_saying_why(table_server: Server) -> None:
    made = table_server.create(game="president", players=3, seed=4)
    url = f"ws://127.0.0.1:{table_server.port}/ws/tables/{made['id']}?token={made['tokens']['0']}&agent=maybe"
    with connect(url, open_timeout=10) as ws:
        message = json.loads(ws.recv(timeout=10))
    assert message["code"] == "invalid" and message["message"] == "agent must be true or false, not 'maybe'"


def test_the_command_line_loads_without_the_mcp_sdk() -> None:
    check = "import sys, bumtable.cli.app; print(sorted(m for m in sys.modules if m.split('.')[0] == 'mcp'))"
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"

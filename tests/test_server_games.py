"""The games and their options over HTTP (what the lobby's form is built from): every option of every game at
every player count, each variant's changes, and a table made with them."""

from __future__ import annotations

import json

import httpx
from server_helpers import Server

from bumtable.rules import get
from bumtable.rules.options_data import options_class, type_problem
from bumtable.rules.registry import system, systems

SKIPPED = {"system", "players", "notes"}


def test_every_option_of_every_game_is_described_with_its_preset_value_at_each_player_count(
    server: Server,
) -> None:
    for name in systems():
        sys = system(name)
        for players in range(sys.min_players, sys.max_players + 1):
            described = httpx.get(
                f"{server.http}/api/games/{name}/options", params={"players": players}, timeout=10
            ).json()
            rules = get(name, players=players)
            types = options_class(rules).option_types()
            preset = json.loads(json.dumps(rules.to_dict()))  # declared order, lists for tuples
            assert described["players"] == players
            assert [o["name"] for o in described["options"]] == [k for k in preset if k not in SKIPPED]
            for option in described["options"]:
                assert option["value"] == preset[option["name"]]
                assert option["doc"], f"{name} option {option['name']} has no description"
                for choice in option["choices"]:  # each choice offered is a value the option allows
                    assert type_problem(choice, types[option["name"]]) is None


def test_a_table_made_with_a_variant_and_an_option_has_them_over_the_preset(server: Server) -> None:
    described = httpx.get(f"{server.http}/api/games/bum-game/options", timeout=10).json()
    hour = next(v for v in described["variants"] if v["name"] == "one-hour")
    assert hour["changes"] == {"exchange": False, "target": 20}
    made = server.create(game="bum-game", variants=["one-hour"], options={"points": [4, 2, 1, 0]})
    rules = httpx.get(f"{server.http}/api/tables/{made['id']}", timeout=10).json()["rules"]
    assert (rules["exchange"], rules["target"], rules["points"]) == (False, 20, [4, 2, 1, 0])


def test_an_unknown_game_or_a_player_count_it_does_not_allow_is_refused_with_the_reason(
    server: Server,
) -> None:
    unknown = httpx.get(f"{server.http}/api/games/whist/options", timeout=10)
    assert unknown.status_code == 404 and "unknown game 'whist'" in unknown.json()["detail"]
    too_many = httpx.get(f"{server.http}/api/games/gin-bummy/options", params={"players": 9}, timeout=10)
    assert too_many.status_code == 400 and "2 to 4 players, not 9" in too_many.json()["detail"]

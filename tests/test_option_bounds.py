"""Every option has bounds from its type and meaning, checked whenever rules are made: a deck a table can hold,
a target a score can reach, an action space that can be listed. A table server refuses options out of bounds
with a 400 that names the option and what it allows, before anything is stored, and sets aside at start a
stored table whose options are out of bounds instead of rebuilding it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Server, table_record
from websockets.exceptions import ConnectionClosed

from bumtable.errors import RulesError
from bumtable.rules import get
from bumtable.rules.bounds import TYPE_BOUNDS
from bumtable.rules.climbing.action_space import (
    _deck_counts,
    _wild_sequences,
    all_actions,
    largest_hand,
    space_bound,
    wild_sequence_count,
)
from bumtable.rules.options_data import options_class
from bumtable.rules.registry import system, systems, variant_changes
from bumtable.server.store import Store


def _int_options(game: str) -> list[str]:
    klass = options_class(get(game))
    return [
        f.name
        for f in dataclasses.fields(klass)  # type: ignore[arg-type]
        if klass.option_types()[f.name] is int
    ]


@pytest.mark.parametrize("game", systems())
def test_every_whole_number_option_has_bounds_of_its_own_meaning(game: str) -> None:
    bounds = options_class(get(game)).option_bounds()
    loose = [
        name
        for name in _int_options(game)
        if (bounds[name].lo, bounds[name].hi) == (TYPE_BOUNDS.lo, TYPE_BOUNDS.hi)
    ]
    assert loose == []


@pytest.mark.parametrize("game", systems())
def test_every_preset_for_every_player_count_is_within_bounds(game: str) -> None:
    sys = system(game)
    for n in range(sys.min_players, sys.max_players + 1):
        rules = get(game, players=n)
        rules.check_all()  # type: ignore[union-attr]
        assert type(rules).from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("game", "options", "option", "allowed"),
    [
        ("bum-game", {"suits": [0] * 2000}, "suits", "a list of at most 16 entries"),
        ("bum-game", {"suits": [0, 7]}, "suits", "each from 0 to 3"),
        ("bum-game", {"jokers": 1_000_000}, "jokers", "from 0 to 16"),
        ("boojum", {"decks": 1_000_000}, "decks", "from 1 to 4"),
        ("boojum", {"hand_size": 500}, "hand_size", "from 1 to 20"),
        ("gin-bummy", {"max_turns": 10**30}, "max_turns", "from 0 to 100000"),
        ("president", {"rounds": 10**30}, "rounds", "from 0 to 1000"),
        ("bum-game", {"roles": ["x" * 500] * 4}, "roles", "each text at most 24 characters"),
    ],
)
def test_a_deck_or_match_no_table_can_hold_is_refused_naming_the_option_and_what_it_allows(
    game: str, options: dict[str, Any], option: str, allowed: str
) -> None:
    with pytest.raises(RulesError) as refused:
        get(game, **options)
    message = str(refused.value)
    assert f"option {option!r} must be {allowed}" in message
    assert len(message) < 300  # the value is quoted cut short, never whole


def test_a_target_no_score_can_reach_or_that_may_never_be_reached_is_refused() -> None:
    with pytest.raises(RulesError, match="'target' must be from 0 to"):
        get("bum-game", target=10**30)
    with pytest.raises(RulesError, match="'target' can never be reached: no place in a hand scores points"):
        get("bum-game", players=4, points=[0, 0, 0, 0])
    with pytest.raises(
        RulesError, match=r"'target' must be reached within 1000 hands: 5000 points may take 3334"
    ):
        get("bum-game", players=4, target=5000)  # six points a hand among four players
    with pytest.raises(RulesError, match="'points' may not be negative in a match played to a target"):
        get("bum-game", players=4, points=[1, -1000, -1000, -1000], target=1000)
    assert get("bum-game", players=4, target=1500).target == 1500  # 1,000 hands of six points reach it
    assert (
        get("president", players=4, points=[1, -1, -1, -1]).rounds == 10
    )  # a set number of hands ends anyway


def test_an_exchange_of_more_cards_than_a_hand_holds_is_refused() -> None:
    with pytest.raises(RulesError, match=r"passes 20 cards, but the smallest hand holds 13"):
        get("bum-game", players=4, exchange_pairs=[[0, 3, 20]])


@pytest.mark.parametrize(
    ("game", "players", "suits", "jokers"),
    [
        ("zheng-shangyou", 5, 4, 2),
        ("zheng-shangyou", 12, 8, 4),
        ("zheng-shangyou", 4, 8, 4),
        ("zheng-shangyou", 4, 6, 3),
        ("bum-game", 4, 4, 2),
    ],
)
def test_sequences_with_wild_cards_are_counted_exactly_without_listing_them(
    game: str, players: int, suits: int, jokers: int
) -> None:
    rules = get(game, players=players, suits=[i % 4 for i in range(suits)], jokers=jokers)
    listed = sum(1 for _ in _wild_sequences(*_deck_counts(rules), largest_hand(rules)))
    assert wild_sequence_count(rules) == listed


@pytest.mark.parametrize(
    "options",
    [
        {"suits": [i % 4 for i in range(16)], "jokers": 16},  # wild cards filling sequences
        {
            "exchange_high_gives": "choice",
            "exchange_pairs": [[0, 3, 13]],
        },  # thirteen cards of the Boss's choice
        {
            "wilds": [
                ["2", "A"],
                ["JK", "2"],
                ["3", "A"],
                ["4", "A"],
                ["5", "A"],
                ["6", "A"],
                ["7", "A"],
                ["8", "A"],
            ]
        },
    ],
)
def test_options_whose_actions_no_table_could_list_are_refused_before_anything_is_built(
    options: dict[str, Any],
) -> None:
    game = "zheng-shangyou" if "suits" in options else "bum-game"
    with pytest.raises(RulesError, match=r"distinct actions, more than the 250,000 a table can hold"):
        get(game, players=4, **options)


@pytest.mark.parametrize("game", ["bum-game", "president", "arsehole", "zheng-shangyou"])
def test_the_count_of_actions_is_never_below_the_actions_listed(game: str) -> None:
    sys = system(game)
    for n in (sys.min_players, sys.max_players):
        for variant in ["", *variant_changes(game, players=n)]:
            rules = get(game, players=n, variants=[variant] if variant else [])
            assert space_bound(rules) >= len(all_actions(rules)), (n, variant)


def test_the_form_shows_each_options_bounds() -> None:
    from bumtable.rules.options_data import option_fields

    fields = {f["name"]: f for f in option_fields(get("bum-game", players=4))}
    assert fields["jokers"]["allowed"] == "a whole number from 0 to 16"
    assert fields["suits"]["allowed"] == "a list of whole numbers (at most 16 entries, each from 0 to 3)"


# ----------------------------------------------------------------- the table server


REFUSED = [
    ("bum-game", {"suits": [0] * 2000}, "'suits' must be a list of at most 16 entries"),
    ("bum-game", {"jokers": 1_000_000}, "'jokers' must be from 0 to 16"),
    ("boojum", {"decks": 1_000_000}, "'decks' must be from 1 to 4"),
    ("bum-game", {"target": 10**30}, "'target' must be from 0 to 1000000"),
    ("bum-game", {"points": 10**30}, "'points' must be a list of whole numbers"),
]
"""Tables no server may make, and the words of the refusal."""


def test_a_table_with_options_out_of_bounds_gets_a_400_naming_the_option_and_nothing_is_stored(
    own_server: Server,
) -> None:
    for game, options, named in REFUSED:
        answer = httpx.post(
            f"{own_server.http}/api/tables",
            content=json.dumps({"game": game, "options": options}),
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert answer.status_code == 400, answer.text
        assert named in answer.json()["detail"]
        assert Store(own_server.database).load_tables() == []
        assert httpx.get(f"{own_server.http}/api/tables", timeout=5).status_code == 200


def test_a_stored_table_with_options_out_of_bounds_is_set_aside_at_start_with_a_logged_reason(
    own_server: Server,
) -> None:
    good = own_server.create(game="bum-game", players=4, seed=3)["id"]
    own_server.kill()
    rules = get("bum-game", players=4)
    record = table_record(rules, 5, "stalls")
    record.rules = {**record.rules, "jokers": 1_000_000}  # as a server without bounds stored it
    Store(own_server.database).add_table(record, [])
    own_server.start()

    answer = httpx.get(f"{own_server.http}/api/tables/stalls", timeout=10)
    assert answer.status_code == 410
    assert "set aside: option 'jokers' must be from 0 to 16" in answer.json()["detail"]
    assert "table stalls set aside: option 'jokers' must be from 0 to 16" in own_server.log.read_text()
    assert own_server.stored("stalls").status == "set-aside"
    page = httpx.get(f"{own_server.http}/t/stalls", timeout=10)  # the link people have says why
    assert page.status_code == 410 and "option &#x27;jokers&#x27; must be from 0 to 16" in page.text
    with own_server.connect("stalls") as ws:  # a connection is told why and closed
        refused = json.loads(ws.recv(timeout=10))
        assert refused["code"] == "set-aside" and "option 'jokers'" in refused["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    assert httpx.get(f"{own_server.http}/api/tables/{good}", timeout=10).json()["status"] == "playing"


def test_a_table_that_could_never_send_a_frame_is_refused_and_holds_no_place_among_the_tables_in_play(
    tmp_path: Path,
) -> None:
    """A target or points past what a frame carries once made a table stored "in play" for ever, counting
    against ``--max-tables``: such options are refused, and the one place goes to a table that plays."""
    server = Server(
        f"sqlite:///{tmp_path / 'dead.db'}", tmp_path / "server.log", ("--max-tables", "1")
    ).start()
    try:
        for options in ({"target": 10**30}, {"points": [10**30, 0, 0, 0]}, {"rounds": 10**30}):
            answer = httpx.post(
                f"{server.http}/api/tables",
                content=json.dumps({"game": "president", "players": 4, "options": options}),
                headers={"content-type": "application/json"},
                timeout=10,
            )
            assert answer.status_code == 400 and next(iter(options)) in answer.json()["detail"]
        made = server.create(game="bum-game", players=4, seed=1)
        with server.connect(made["id"], made["tokens"]["0"]) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "table"
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
    finally:
        server.kill()

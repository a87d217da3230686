"""A table's rules in words over HTTP (the web client's Rules panel): the summary follows the table's variants
and options, says what is changed from the preset in plain labels, and is the same text the terminal prints."""

from __future__ import annotations

import httpx
from server_helpers import Server

from bumtable.rules import get
from bumtable.rules.option_words import option_label
from bumtable.rules.registry import systems
from bumtable.rules_text.summary import rules_summary


def rules_of(server: Server, table: str) -> dict[str, object]:
    answer = httpx.get(f"{server.http}/api/tables/{table}/rules", timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_a_table_without_the_exchange_says_there_is_none(server: Server) -> None:
    made = server.create(game="bum-game", players=4, options={"exchange": False})
    words = rules_of(server, made["id"])
    sections = {s["label"]: s["text"] for s in words["sections"]}  # type: ignore[attr-defined]
    assert sections["Exchange"].startswith("none")
    preset = rules_of(server, server.create(game="bum-game", players=4)["id"])
    preset_sections = {s["label"]: s["text"] for s in preset["sections"]}  # type: ignore[attr-defined]
    assert not preset_sections["Exchange"].startswith("none")
    assert [(c["name"], c["label"], c["value"], c["preset"]) for c in words["changed"]] == [  # type: ignore[attr-defined]
        ("exchange", option_label("exchange"), False, True)
    ]
    assert preset["changed"] == [] and preset["variants"] == []


def test_a_variant_is_named_and_its_options_are_in_the_words(server: Server) -> None:
    """one-hour: 20 points to win and no exchange; the text is the terminal's for the same rules."""
    made = server.create(game="bum-game", players=4, variants=["one-hour"])
    words = rules_of(server, made["id"])
    rules = get("bum-game", players=4, variants=["one-hour"])
    assert words["variants"] == ["one-hour"]
    assert words["text"] == rules_summary(rules)
    goal = next(s["text"] for s in words["sections"] if s["label"] == "Goal")  # type: ignore[attr-defined]
    assert f"{rules.target} points" in goal
    assert {c["name"] for c in words["changed"]} == {"exchange", "target"}  # type: ignore[attr-defined]


def test_every_games_preset_is_told_in_sections_under_its_title(server: Server) -> None:
    for name in systems():
        answer = httpx.get(f"{server.http}/api/games/{name}/rules", timeout=10)
        assert answer.status_code == 200, (name, answer.text)
        words = answer.json()
        rules = get(name)
        assert words["text"] == rules_summary(rules)
        assert words["sections"] and all(s["label"] and s["text"] for s in words["sections"])
        assert words["title"] == words["text"].splitlines()[0]


def test_an_unknown_table_or_game_or_a_player_count_it_does_not_allow_is_refused(server: Server) -> None:
    assert httpx.get(f"{server.http}/api/tables/nope/rules", timeout=10).status_code == 404
    unknown = httpx.get(f"{server.http}/api/games/whist/rules", timeout=10)
    assert unknown.status_code == 404 and "unknown game 'whist'" in unknown.json()["detail"]
    too_many = httpx.get(f"{server.http}/api/games/gin-bummy/rules", params={"players": 9}, timeout=10)
    assert too_many.status_code == 400 and "not 9" in too_many.json()["detail"]

"""Seats and links: an invite link per person's seat, one join link for any free seat, the spectators' link, names
and presence told to everyone in ``table`` messages."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import httpx
from server_helpers import Server, next_of, receive, receive_any

from bumtable.rules.registry import systems

SEATS = [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]


def test_links_hold_each_seats_token_and_the_join_code(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    links = created["links"]
    assert set(links["seats"]) == {"0", "1", "2"}
    for seat, link in links["seats"].items():
        parts = urlsplit(link)
        assert parts.path == f"/t/{created['id']}"
        assert parse_qs(parts.query) == {"token": [created["tokens"][seat]]}
    assert parse_qs(urlsplit(links["join"]).query) == {"join": [created["join_code"]]}
    assert links["watch"] == f"{server.http}/t/{created['id']}"
    page = httpx.get(links["watch"], timeout=10)
    assert page.status_code == 200 and "bumtable join" in page.text


def test_the_join_link_gives_each_free_seat_once_then_says_none_is_left(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    join = f"{server.http}/api/tables/{created['id']}/join"
    first = httpx.post(join, json={"code": created["join_code"], "name": "Ann"}, timeout=10)
    second = httpx.post(join, json={"code": created["join_code"]}, timeout=10)
    assert first.status_code == second.status_code == 200
    assert [first.json()["seat"], second.json()["seat"]] == [1, 2]  # seat 0 is the maker's (the host)
    third = httpx.post(join, json={"code": created["join_code"]}, timeout=10)
    assert third.status_code == 409 and "every person's seat" in third.json()["detail"]
    wrong = httpx.post(join, json={"code": "not-the-code"}, timeout=10)
    assert wrong.status_code == 403 and "join code" in wrong.json()["detail"]
    info = httpx.get(f"{server.http}/api/tables/{created['id']}", timeout=10).json()
    assert [s["claimed"] for s in info["seats"]] == [True, True, True, False]
    assert info["seats"][1]["name"] == "Ann" and info["seats"][2]["name"] is None
    with server.connect(created["id"], first.json()["token"]) as ws:
        assert receive(ws)["seat"] == 1
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        assert receive(ws)["seat"] == 0
    log = server.log.read_text()
    assert f"/ws/tables/{created['id']}" in log  # connections are logged ...
    secrets = [
        created["join_code"],
        first.json()["token"],
        second.json()["token"],
        *created["tokens"].values(),
    ]
    assert not [s for s in secrets if s in log]  # ... with no seat token or join code in any line


def test_an_invite_link_of_a_seat_taken_through_the_join_link_stops_working(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    taken = httpx.post(
        f"{server.http}/api/tables/{created['id']}/join", json={"code": created["join_code"]}, timeout=10
    ).json()
    assert taken["seat"] == 1
    with server.connect(created["id"], created["tokens"]["1"]) as ws:
        refused = receive_any(ws)
        assert refused["type"] == "error" and refused["code"] == "bad-token"
        assert "join link" in refused["message"]
    with server.connect(created["id"], created["tokens"]["2"]) as ws:  # an invite nobody used still works
        assert receive(ws)["seat"] == 2


def test_without_a_host_every_persons_seat_is_free_for_the_join_link(server: Server) -> None:
    created = server.create(game="president", players=4, seats=SEATS, seed=1, host=False)
    join = f"{server.http}/api/tables/{created['id']}/join"
    seats = [
        httpx.post(join, json={"code": created["join_code"]}, timeout=10).json()["seat"] for _ in range(3)
    ]
    assert seats == [0, 1, 2]


def test_names_and_presence_reach_every_viewer_in_table_messages(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    with server.connect(created["id"]) as watch:
        opening = receive_any(watch)
        assert opening["type"] == "table" and opening["you"] is None
        assert [s["present"] for s in opening["seats"]] == [False, False, False, True]
        with server.connect(created["id"], created["tokens"]["2"]) as ws:
            mine = receive_any(ws)
            assert mine["type"] == "table" and mine["you"] == 2 and mine["seats"][2]["present"]
            ws.send('{"type": "name", "v": 1, "name": "Bea"}')
            named = next_of(watch, "table", lambda m: m["seats"][2]["name"] == "Bea")
            assert named["seats"][2]["present"] and named["seats"][2]["claimed"]
            ws.send(json.dumps({"type": "name", "v": 1, "name": "<script>"}))
            refused = next_of(ws, "error")
            assert refused["code"] == "invalid" and "name" in refused["message"]
        gone = next_of(watch, "table", lambda m: not m["seats"][2]["present"])
        assert gone["seats"][2]["name"] == "Bea"


def test_a_name_and_auto_play_given_on_connecting_are_the_seats_from_its_first_message(
    server: Server,
) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=2)
    table, token = created["id"], created["tokens"]["1"]
    with server.connect(table, f"{token}&name=Cy&auto=true") as ws:
        first = receive_any(ws)
        assert first["type"] == "table" and first["seats"][1]["name"] == "Cy" and first["seats"][1]["auto"]
    with server.connect(
        table, f"{token}&name=%3Cb%3E"
    ) as ws:  # the seat is served all the same, and told why
        refused = next_of(ws, "error")
        assert refused["code"] == "invalid" and "name" in refused["message"]
    info = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    assert info["seats"][1]["name"] == "Cy"  # the refused connection changed nothing


def test_a_seed_chosen_by_the_tables_maker_is_told_to_everyone(server: Server) -> None:
    """The maker of a table with a chosen seed may know every deal: the table says so; a request cannot hide it."""
    seeded = server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    drawn = server.create(game="bum-game", players=4, seats=SEATS)
    for made, expected in ((seeded, True), (drawn, False)):
        info = httpx.get(f"{server.http}/api/tables/{made['id']}", timeout=10).json()
        assert info["settings"]["seeded"] is expected
    hidden = httpx.post(
        f"{server.http}/api/tables",
        json={"game": "bum-game", "seed": 5, "settings": {"seeded": False}},
        timeout=10,
    )
    assert hidden.status_code == 400 and "seeded" in hidden.json()["detail"]


def test_the_game_list_names_every_game_a_table_can_be_made_for(server: Server) -> None:
    listed = httpx.get(f"{server.http}/api/games", timeout=10).json()
    assert [g["name"] for g in listed] == systems()
    bum = next(g for g in listed if g["name"] == "bum-game")
    assert bum["default_players"] in bum["players"] and bum["family"] == "climbing"


def test_the_game_list_says_what_each_bot_is_in_that_game(server: Server) -> None:
    """Boojum's medium is its heuristic (bumtable.bots.levels.LEVEL_KINDS) and its hard a search cut 16 moves
    on: their entries say so (LEVEL_ABOUT), while the other games' medium is the small search."""
    listed = {
        g["name"]: {b["name"]: b["about"] for b in g["bots"]}
        for g in httpx.get(f"{server.http}/api/games", timeout=10).json()
    }
    assert listed["boojum"]["medium"].startswith("the game's own heuristic, deciding at once")
    for game in ("bum-game", "gin-bummy", "zheng-shangyou"):
        assert listed[game]["medium"].startswith("a small search")
    assert listed["boojum"]["hard"].startswith(
        "a search over the heuristic's play: each likely move played 16"
    )
    assert listed["bum-game"]["hard"].startswith("the same search on the compiled engine (installed here)")
    assert listed["president"]["hard"].startswith("the same search with four to seven times the budget")


def test_the_lobby_and_table_pages_load_the_browser_client(server: Server) -> None:
    lobby = httpx.get(f"{server.http}/", timeout=10)
    assert lobby.status_code == 200 and 'data-page="lobby"' in lobby.text and "/static/app.js" in lobby.text
    created = server.create(game="bum-game", players=4, seed=1)
    table = httpx.get(f"{server.http}/t/{created['id']}", timeout=10)
    assert f'data-table="{created["id"]}"' in table.text and 'data-page="table"' in table.text
    script = httpx.get(f"{server.http}/static/app.js", timeout=10)
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]


def test_a_link_to_no_table_opens_a_page_that_says_so_and_leads_to_the_lobby(server: Server) -> None:
    missing = httpx.get(f"{server.http}/t/nope<script>", timeout=10)
    assert missing.status_code == 404 and "text/html" in missing.headers["content-type"]
    assert "No such table" in missing.text and 'href="/"' in missing.text
    assert "no table &#x27;nope&lt;script&gt;&#x27;" in missing.text  # the id said back, escaped


def test_an_address_nothing_answers_is_a_page_for_a_browser_and_json_for_the_api(server: Server) -> None:
    page = httpx.get(f"{server.http}/nothing", timeout=10)
    assert page.status_code == 404 and "No such page" in page.text and 'href="/"' in page.text
    api = httpx.get(f"{server.http}/api/nothing", timeout=10)
    assert api.status_code == 404 and api.json() == {"detail": "Not Found"}
    table = httpx.get(f"{server.http}/api/tables/nope", timeout=10)
    assert table.status_code == 404 and "no table 'nope'" in table.json()["detail"]

"""A table's chat: kept with the table, sent to everyone seated (spectators only where the table says so), the
latest messages sent on connecting; a message too long, too fast, blank or from a spectator it is closed to is
refused saying which, and nothing of it is kept or sent."""

from __future__ import annotations

from typing import Any

from server_helpers import Server, next_of, receive_any, send, stored_chat
from test_server_protocol_doc import validator

PEOPLE = [{"kind": "person"}] * 4
"""Four people: nobody moves until a person does, so nothing but chat and seats comes between the messages."""


def a_table(server: Server, **settings: Any) -> dict[str, Any]:
    return server.create(game="bum-game", players=4, seats=PEOPLE, seed=3, settings=settings)


def rename(ws: Any, name: str) -> dict[str, Any]:
    """Rename the seat: a table message every viewer gets after whatever was sent to it before."""
    send(ws, "name", name=name)
    return next_of(ws, "table", lambda m: name in [s["name"] for s in m["seats"]])


def test_a_message_goes_to_every_seat_with_the_writers_name_and_is_kept(server: Server) -> None:
    created = a_table(server)
    table, tokens = created["id"], created["tokens"]
    with server.connect(table, f"{tokens['0']}&name=Ann") as ann, server.connect(table, tokens["1"]) as bo:
        send(ann, "chat", text="  Good luck <b>all</b>\n")
        heard = [next_of(ws, "chat") for ws in (ann, bo)]
    assert heard[0] == heard[1]
    (line,) = heard[0]["lines"]
    assert set(line) == {"id", "seat", "name", "text", "at"}  # the seat and its name: nothing of a hand
    assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "Good luck <b>all</b>")
    assert stored_chat(server, table) == ["Good luck <b>all</b>"]
    validator("server-chat").validate(heard[0])
    validator("client-message").validate({"type": "chat", "v": 1, "text": "hi"})


def test_the_latest_hundred_messages_are_sent_on_connecting(server: Server) -> None:
    created = a_table(server)
    table, token = created["id"], created["tokens"]["0"]
    for first in range(0, 101, 5):  # five a connection: the rate allows no more
        with server.connect(table, token) as ws:
            for i in range(first, min(first + 5, 101)):
                send(ws, "chat", text=f"line {i}")
            last = f"line {min(first + 4, 100)}"
            next_of(ws, "chat", lambda m, last=last: m["lines"][-1]["text"] == last)
    with server.connect(table, created["tokens"]["1"]) as ws:
        assert receive_any(ws)["type"] == "table" and receive_any(ws)["type"] == "state"
        history = receive_any(ws)
    assert history["type"] == "chat"
    assert [line["text"] for line in history["lines"]] == [f"line {i}" for i in range(1, 101)]
    assert [line["id"] for line in history["lines"]] == sorted(line["id"] for line in history["lines"])
    assert len(stored_chat(server, table)) == 101


def test_spectators_neither_read_nor_write_the_players_chat_by_default(server: Server) -> None:
    created = a_table(server)
    table, token = created["id"], created["tokens"]["0"]
    with server.connect(table, token) as ann:
        send(ann, "chat", text="before anyone watched")
        next_of(ann, "chat")
        with server.connect(table) as watcher:
            next_of(watcher, "state")
            send(ann, "chat", text="players only")
            next_of(ann, "chat")
            rename(ann, "Ann")  # comes to the spectator after anything sent to it before
            seen = []
            while (message := receive_any(watcher))["type"] != "table" or message["seats"][0][
                "name"
            ] != "Ann":
                seen.append(message["type"])
            send(watcher, "chat", text="hello from the stands")
            refused = next_of(watcher, "error")
    assert "chat" not in seen
    assert refused["code"] == "spectator" and "spectators may not write" in refused["message"]
    assert stored_chat(server, table) == ["before anyone watched", "players only"]


def test_a_table_open_to_spectators_shows_them_its_chat_and_takes_theirs(server: Server) -> None:
    created = a_table(server, chat_spectators=True)
    table, token = created["id"], created["tokens"]["0"]
    with server.connect(table, f"{token}&name=Ann") as ann:
        send(ann, "chat", text="welcome")
        next_of(ann, "chat")
        with server.connect(table) as watcher:
            history = next_of(watcher, "chat")
            send(watcher, "chat", text="thanks")
            said = next_of(ann, "chat")
            echoed = next_of(watcher, "chat")
    assert [line["text"] for line in history["lines"]] == ["welcome"]
    assert said == echoed and said["lines"][0]["seat"] is None and said["lines"][0]["name"] is None
    assert stored_chat(server, table) == ["welcome", "thanks"]


def test_a_message_over_three_hundred_characters_is_refused_as_too_long(server: Server) -> None:
    created = a_table(server)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        send(ws, "chat", text="x" * 301)
        refused = next_of(ws, "error")
        send(ws, "chat", text="x" * 300)
        kept = next_of(ws, "chat")
    assert refused["code"] == "chat-too-long"
    assert "300 characters at most; this one has 301" in refused["message"]
    assert kept["lines"][0]["text"] == "x" * 300
    assert stored_chat(server, created["id"]) == ["x" * 300]


def test_a_sixth_message_within_ten_seconds_is_refused_as_too_fast(server: Server) -> None:
    created = a_table(server)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        for i in range(6):
            send(ws, "chat", text=f"spam {i}")
        refused = next_of(ws, "error")
    assert (
        refused["code"] == "chat-too-fast" and "at most 5 chat messages in 10 seconds" in refused["message"]
    )
    assert stored_chat(server, created["id"]) == [f"spam {i}" for i in range(5)]


def test_blank_or_control_character_only_text_is_refused(server: Server) -> None:
    created = a_table(server)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        codes = []
        for text in ["", "   ", "\u0000\u0007\t\n", "\u200b\u00a0"]:
            send(ws, "chat", text=text)
            codes.append(next_of(ws, "error")["code"])
        send(ws, "chat", text="ok\u0000 then")
        kept = next_of(ws, "chat")
    assert codes == ["chat-blank"] * 4
    assert kept["lines"][0]["text"] == "ok then"  # a control character inside is dropped
    assert stored_chat(server, created["id"]) == ["ok then"]

"""Leak audit over whole games of all six systems through a real server: every frame sent to each person's seat and
to a spectator is collected, each is exactly that viewer's view, and no card hidden from the viewer is in it. The
server's log (at debug, its most telling level) tells only what the spectators may know, and no key."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from leak_audit import (
    GAMES,
    OPTIONAL_REVOLUTION,
    SHORT,
    Played,
    audit,
    audit_log,
    audit_whole_game_http,
    knowledge,
    logged,
    play_in_process,
    play_whole_game,
    private_actions,
    watch,
)
from server_helpers import Server, play_seat, table_record


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_no_frame_or_http_answer_of_a_whole_game_shows_a_viewer_what_it_may_not_know(
    server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    """Every frame each viewer got is exactly its view, with no card hidden from it; the HTTP faces asked with each
    seat's token and without one during the game (on a person's turn) and after it show none either, a finished
    hand's events are exactly those its viewer's frames gave, and the record is refused until the game is over
    (see ``test_server_leaks_http.py``)."""
    played = play_whole_game(server, game, players, options, look=True)
    checked = audit(played.record, played.frames)
    assert checked >= len(played.record.actions)  # the spectator alone got a frame per action
    audit_whole_game_http(played)


def test_the_audit_finds_a_card_of_another_hand_put_into_a_frame() -> None:
    """The card check on its own (the view check off) catches a forged leak, and passes the true frames."""
    import random
    from dataclasses import replace

    from bumtable.rules import get
    from bumtable.server.store import SeatRecord
    from bumtable.server.table import Viewer, rebuild

    rules = get("bum-game", players=4)
    state, rng = rules.new_state(5), random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    record = table_record(
        rules,
        5,
        seats=[SeatRecord(seat=i, kind="person") for i in range(4)],
        actions=[],
    )
    frames: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
    viewers = {seat: Viewer(seat) for seat in frames}
    texts = [rules.action_text(a) for a in state.history]
    for step in range(len(texts) + 1):
        record.actions = texts[:step]
        table = rebuild(replace(record, actions=list(texts[:step])))
        for seat, viewer in viewers.items():
            frames[seat].append(table.frame(viewer))
    record.actions = texts
    assert audit(record, frames) == 2 * (len(texts) + 1)
    other = state.observe(1).to_dict()["hand"][0]
    forged = frames[0][-1]
    forged["events"] = [*forged["events"], {"kind": "note", "text": f"P1 holds {other}"}]
    with pytest.raises(AssertionError, match="hidden cards"):
        audit(record, frames, exact=False)


def test_a_private_choice_not_to_declare_a_revolution_is_not_told_by_frames_steps_or_the_clock() -> None:
    """Two players qualify for an optional revolution; the first declines, a choice no event tells of. Nobody else
    gets a frame for it, no step counts it (the frames', their events', the table's), and the clock does not show
    whose decision runs; the decider is sent its own new view, and the second qualifier its turn to choose."""
    import random

    from bumtable.rules import get
    from bumtable.server.settings import Clock, TableSettings
    from bumtable.server.store import SeatRecord
    from bumtable.server.table import Viewer, rebuild

    rules = get("bum-game", players=4).replace(
        revolution_declare="optional", revolution_triggers=((2, 1), (3, 1))
    )
    state, rng = rules.new_state(0), random.Random(0)
    while len(state.history) < 270:  # seed 0 plays to the first private choice: action 271, 'no-revolution'
        state.apply(rng.choice(state.legal_actions()))
    texts = [rules.action_text(a) for a in state.history]
    record = table_record(
        rules,
        0,
        seats=[SeatRecord(seat=i, kind="person", claimed=True) for i in range(4)],
        actions=list(texts),
        settings={"clock": {"bank": 100, "increment": 0}},
    )
    table = rebuild(record)
    assert table.state is not None and table.settings == TableSettings(clock=Clock(bank=100))
    decider = table.state.current_player()
    assert decider is not None
    viewers = {seat: Viewer(seat) for seat in (0, 1, 2, 3, None)}
    table.turn_start = 0.0  # the decider's clock runs ...
    before = {seat: table.frame(v) for seat, v in viewers.items()}
    for seat, frame in before.items():  # ... but only the decider sees that it does
        assert frame["clock"]["running"] == (decider if seat == decider else None)
    steps = table.state.step(None)
    decline = rules.parse_action("no-revolution")
    assert decline in table.state.legal_actions()
    table.state.apply(decline)
    table.record.actions.append("no-revolution")
    assert table.read_public() == []  # silent, and counted for nobody
    assert {table.state.step(seat) for seat in (0, 1, 2, 3, None)} == {steps}
    second = table.state.current_player()  # the other qualifier, whose choice it now is
    assert second not in (None, decider)
    for seat, viewer in viewers.items():
        changed = table.changed_frame(viewer)
        assert (changed is None) == (seat not in (decider, second)), seat  # only those two views changed
    # the next action anyone sees is numbered as if the silent one had not been
    table.state.apply(rng.choice(table.state.legal_actions()))
    table.record.actions.append("x")
    assert table.read_public() and table.state.step(None) == steps + 1
    after = table.changed_frame(viewers[None])
    assert after is not None and after["step"] == steps + 1
    assert all(e["step"] <= steps + 1 for e in after["events"])
    assert {e["step"] for e in after["events"]} == {steps + 1}


BOOJUM_ROUNDS = {"max_rounds": 4}
"""Four rounds of Boojum hold every kind of its events but a reshuffle, at a fifth of a whole game's time."""

LOGGED: list[tuple[str, int, dict[str, Any], int]] = [
    ("bum-game", 4, SHORT, 21),
    ("president", 4, SHORT, 20),  # seat 0's person gives cards of its choice in the second hand: give 6 J
    ("boojum", 4, BOOJUM_ROUNDS, 21),
    ("bum-game", 4, OPTIONAL_REVOLUTION, 22),  # a person declines a revolution: a silent action
]
"""The games played on a server that logs at debug: the game, players, options and seed."""


def test_the_debug_log_tells_only_public_events_and_no_key_hidden_card_or_private_action(
    tmp_path: Path,
) -> None:
    """Whole games on a server started with ``--log-level debug``, their HTTP faces asked with every seat's token
    and pages opened with the tokens and the join code: the log holds no key, no card hidden from the spectators
    at the time, no private action (which cards a player gave, a declined revolution), and its lines on the
    tables' events are exactly the spectators' events, counted as they were. A stand-in that declines a
    revolution for an away seat is not told of either."""
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path / 'tables.db'}", log, ("--log-level", "debug")).start()
    games: list[tuple[Played, int]] = []
    try:
        for game, players, options, seed in LOGGED:
            start = len(log.read_text().splitlines())
            # Boojum's many turns make asking over HTTP costly; the other games' asking is logged the same
            played = play_whole_game(server, game, players, options, seed=seed, look=game != "boojum")
            page = f"{server.http}/t/{played.table}"
            for query in [{"join": played.join_code}, *({"token": t} for t in played.tokens.values())]:
                assert httpx.get(page, params=query, timeout=10).status_code == 200
            games.append((played, start))
        start = len(log.read_text().splitlines())
        games.append((play_with_a_stand_in(server, seed=31), start))
    finally:
        server.kill()
    lines = log.read_text().splitlines()
    assert any(" DEBUG bumtable.server: " in line for line in lines), "the server did not log at debug"
    ends = [start for _, start in games[1:]] + [len(lines)]
    for (played, start), end in zip(games, ends, strict=True):
        audit_log(lines[start:end], played, knowledge(played.record, played.frames))
    assert "no-revolution" in private_actions(games[-2][0].record)  # the person's silent choice was made ...
    stood_in = games[-1][0].record
    assert ("no-revolution", "stand-in") in zip(
        stood_in.actions, stood_in.by, strict=True
    )  # ... the stand-in's
    assert any(
        line.endswith("P0's move made by stand-in") for line in lines[games[-1][1] :]
    )  # its others told


def play_with_a_stand_in(server: Server, seed: int) -> Played:
    """The Bum Game with optional revolutions, seat 0's person away from the start: a random stand-in plays it
    (with seed 31 it declines a revolution, a silent move) while seat 1's person plays and a spectator watches."""
    seats = [{"kind": "person"}] * 2 + [{"kind": "bot", "bot": "heuristic"}] * 2
    settings = {"away_after": 0, "stand_in": "random"}
    created = server.create(
        game="bum-game", players=4, seats=seats, seed=seed, options=OPTIONAL_REVOLUTION, settings=settings
    )
    table = created["id"]
    tokens = {int(seat): token for seat, token in created["tokens"].items()}
    with ThreadPoolExecutor(max_workers=2) as pool:
        spectator = pool.submit(watch, server.connect(table))
        person = pool.submit(play_seat, server, table, tokens[1], 101)
        frames: dict[int | None, list[dict[str, Any]]] = {1: person.result(240), None: spectator.result(240)}
    return Played(table, tokens, created["join_code"], frames, server.stored(table))


def test_the_log_audit_finds_a_key_a_hidden_card_a_private_action_and_a_silent_action_in_lines() -> None:
    """Each of the log audit's checks on its own catches a forged line, and the true lines pass."""
    played = play_in_process("president", 4, SHORT, 5)
    known = knowledge(played.record, played.frames)
    lines = [
        f"2026-01-01 00:00:00,000 DEBUG bumtable.server: table {played.table} step {e['step']}: {logged(e)}"
        for e in known.events[None]
        if e["step"] > 0
    ]
    assert audit_log(lines, played, known) == len(lines)
    hidden = sorted(known.held[0][1])[0]  # a card of seat 1's first hand: hidden from the spectators at first
    private = sorted(private_actions(played.record))[0]  # which cards someone gave
    act = f"""DEBUG uvicorn.error: < TEXT '{{"type": "act", "v": 1, "action": "{private}"}}' [50 bytes]"""
    first = next(
        e for e in known.events[None] if e["step"] > 0
    )  # the first line's: its player made that move
    other = f"table {played.table} step {first['step']}: P{(first['player'] + 1) % 4}'s move made by stand-in"
    counted = re.compile(r" step (\d+): ")  # a silent action counted from step 10 on
    forged = {
        "a seat token": [f"GET /ws/tables/t?token={played.tokens[2]}", *lines],
        "the join code": [*lines, f"GET /t/t?join={played.join_code}"],
        "hidden cards": [f"DEBUG uvicorn.error: < TEXT 'P1 holds {hidden}'", *lines],
        "private action": [*lines, act],
        "not the spectators' events": [
            counted.sub(lambda m: f" step {int(m[1]) + (int(m[1]) >= 10)}: ", line) for line in lines
        ],
        "a move no event": [lines[0], other, *lines[1:]],
    }
    for what, forgery in forged.items():
        with pytest.raises(AssertionError, match=what):
            audit_log(forgery, played, known)

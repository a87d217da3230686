"""Leak audit over whole games of all six systems through a real server: every frame sent to each person's seat and
to a spectator is collected, each is exactly that viewer's view, and no card hidden from the viewer is in it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from leak_audit import audit
from server_helpers import Server, play_seat, receive_any, table_record

SHORT = {"target": 0, "rounds": 2}
"""Climbing matches of two hands (whole matches, with every exchange and role of a second hand)."""
GAMES = [
    ("bum-game", 4, SHORT),
    ("president", 4, SHORT),
    ("arsehole", 4, SHORT),
    ("zheng-shangyou", 5, SHORT),
    ("gin-bummy", 2, {}),
    ("boojum", 4, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_no_frame_of_a_whole_game_shows_a_viewer_a_card_hidden_from_it(
    server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    people = min(2, players)
    seats = [{"kind": "person"}] * people + [{"kind": "bot", "bot": "heuristic"}] * (players - people)
    created = server.create(game=game, players=players, seats=seats, seed=21, options=options)
    table, tokens = created["id"], created["tokens"]
    with ThreadPoolExecutor(max_workers=people + 1) as pool:
        watching = server.connect(table)  # the spectator is there from the start
        spectator = pool.submit(watch, watching)
        seated = {
            seat: pool.submit(play_seat, server, table, tokens[str(seat)], 100 + seat)
            for seat in range(people)
        }
        frames: dict[int | None, list[dict[str, Any]]] = {
            seat: f.result(timeout=240) for seat, f in seated.items()
        }
        frames[None] = spectator.result(timeout=240)
    record = server.stored(table)
    assert record.status == "over"
    checked = audit(record, frames)
    assert checked >= len(record.actions)  # the spectator alone got a frame per action


def watch(ws: Any) -> list[dict[str, Any]]:
    """Every message a spectator gets until the game is over."""
    messages = []
    with ws:
        while True:
            message = receive_any(ws, timeout=60)
            messages.append(message)
            if message["type"] == "state" and message["observation"]["phase"] == "over":
                return messages


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
    steps = table.steps()
    decline = rules.parse_action("no-revolution")
    assert decline in table.state.legal_actions()
    table.state.apply(decline)
    table.record.actions.append("no-revolution")
    assert table.read_public() == [] and table.steps() == steps  # silent, and not counted
    second = table.state.current_player()  # the other qualifier, whose choice it now is
    assert second not in (None, decider)
    for seat, viewer in viewers.items():
        frame = table.changed_frame(viewer)
        assert (frame is None) == (seat not in (decider, second)), seat  # only those two views changed
    # the next action anyone sees is numbered as if the silent one had not been
    table.state.apply(rng.choice(table.state.legal_actions()))
    table.record.actions.append("x")
    assert table.read_public() and table.steps() == steps + 1
    after = table.changed_frame(viewers[None])
    assert after is not None and after["step"] == steps + 1
    assert all(e["step"] <= steps + 1 for e in after["events"])
    assert {e["step"] for e in after["events"]} == {steps + 1}

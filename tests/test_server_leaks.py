"""Leak audit over whole games of all six systems through a real server: every frame sent to each person's seat and
to a spectator is collected, each is exactly that viewer's view, and no card hidden from the viewer is in it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from leak_audit import audit
from server_helpers import Server, play_seat, receive_any

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

    from bumtable.rules import get
    from bumtable.server.store import SeatRecord, TableRecord
    from bumtable.server.table import Viewer, rebuild

    rules = get("bum-game", players=4)
    state, rng = rules.new_state(5), random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    record = TableRecord(
        id="t",
        game="bum-game",
        players=4,
        rules=rules.to_dict(),
        seed=5,
        engine_version=1,
        status="playing",
        seats=[SeatRecord(seat=i, kind="person") for i in range(4)],
        actions=[],
    )
    frames: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
    viewers = {seat: Viewer(seat) for seat in frames}
    texts = [rules.action_text(a) for a in state.history]
    for step in range(len(texts) + 1):
        record.actions = texts[:step]
        table = rebuild(TableRecord(**{**record.__dict__, "actions": list(texts[:step])}))
        for seat, viewer in viewers.items():
            frames[seat].append(table.frame(viewer))
    record.actions = texts
    assert audit(record, frames) == 2 * (len(texts) + 1)
    other = state.observe(1).to_dict()["hand"][0]
    forged = frames[0][-1]
    forged["events"] = [*forged["events"], {"kind": "note", "text": f"P1 holds {other}"}]
    with pytest.raises(AssertionError, match="hidden cards"):
        audit(record, frames, exact=False)

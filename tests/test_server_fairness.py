"""Fair deals: every frame carries the match's commitment from the first; each hand's shuffles are committed
to while it is played; every hand opened, with the seed and salt, only once the match is over."""

from __future__ import annotations

import random
from typing import Any

from server_helpers import Server, play_seat, table_record

from bumtable.rules import get
from bumtable.server.fairness import draw_commitment, match_commitment, replay_book
from bumtable.server.store import SeatRecord
from bumtable.server.table import Viewer, rebuild

SALT = "5a" * 32
SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def in_process(
    game: str, players: int, seed: int
) -> tuple[dict[int | None, list[dict[str, Any]]], list[str]]:
    """A whole game on the server's own table (random legal actions): every frame of each seat and a spectator,
    and the actions."""
    rules = get(game, players=players)
    seats = [SeatRecord(seat=i, kind="person", claimed=True) for i in range(players)]
    table = rebuild(table_record(rules, seed, "fair", seats=seats, actions=[], fair_salt=SALT))
    state = table.state
    assert state is not None
    viewers = {seat: Viewer(seat) for seat in [*range(players), None]}
    frames = {seat: [table.frame(v)] for seat, v in viewers.items()}
    rng = random.Random(seed)
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        table.record.actions.append(rules.action_text(action))
        table.read_public()
        for seat, viewer in viewers.items():
            frame = table.changed_frame(viewer)
            if frame is not None:
                frames[seat].append(frame)
    return frames, table.record.actions


def check_frames(frames: list[dict[str, Any]], table: str, seed: int, salt: str | None = None) -> int:
    """The promises of the fair-deal scheme over one viewer's frames, in order; the number of hands opened."""
    fairs = [f["fair"] for f in frames if f["type"] == "state"]
    assert fairs and all(f is not None for f in fairs)
    salt = salt or fairs[-1]["salt"]
    assert fairs[-1]["seed"] == seed, "the seed is told once the match is over"
    match = match_commitment(table, salt, seed)
    assert all(f["match"] == match for f in fairs), "one match commitment, from the first frame on"
    assert fairs[0]["commits"], "the first deal is committed to in the first frame"
    playing = [f for f in fairs if f["seed"] is None]
    assert all(f["salt"] is None for f in playing) and len(playing) < len(fairs)
    committed: dict[int, list[str]] = {}
    opened = 0
    for f in playing:
        committed[f["hand"]] = f["commits"]
        assert f["opened"] == [], "no hand is opened before the match is over"
    for hand in fairs[-1]["opened"]:
        if hand["hand"] in committed:
            assert [d["commit"] for d in hand["draws"]] == committed[hand["hand"]]
            for d in hand["draws"]:
                assert draw_commitment(table, d["draw"], d["salt"], d["order"]) == d["commit"]
            opened = max(opened, hand["hand"])
    return opened


def test_each_hand_is_committed_before_it_is_played_and_opened_only_after_the_match_in_every_viewers_frames() -> (
    None
):
    frames, _ = in_process("president", 3, 4)
    hands = {seat: check_frames(f, "fair", 4, SALT) for seat, f in frames.items()}
    assert len(set(hands.values())) == 1 and hands[None] >= 2
    fair = {seat: [f["fair"] for f in fs] for seat, fs in frames.items()}
    assert fair[0][0] == fair[None][0] and fair[0][-1] == fair[None][-1], "everyone sees the same commitments"


def test_opened_shuffles_are_the_engines_own_and_a_reshuffle_within_a_hand_is_committed_to() -> None:
    frames, actions = in_process("boojum", 3, 3)
    assert check_frames(frames[None], "fair", 3, SALT) >= 1
    state, book = replay_book(get("boojum", players=3), 3, actions)  # the engine, dealt again from the seed
    opened = {told["hand"]: told for told in frames[None][-1]["fair"]["opened"]}
    assert opened, "the match's end opens its hands"
    for hand, told in opened.items():
        assert [d["draw"] for d in told["draws"]] == book.hands[hand - 1]
        assert all(d["order"] == list(state.chance.draws[d["draw"]]) for d in told["draws"])
    first = len(frames[None][0]["fair"]["commits"])
    assert max(len(f["fair"]["commits"]) for f in frames[None]) > first, "a reshuffle is committed when drawn"


def test_a_real_servers_frames_commit_before_each_deal_and_tell_the_seed_only_at_the_end(
    server: Server,
) -> None:
    created = server.create(game="president", players=3, seats=SEATS, seed=12, options={"rounds": 2})
    table = created["id"]
    frames = play_seat(server, table, created["tokens"]["0"], 5)
    assert check_frames(frames, table, 12) == 2

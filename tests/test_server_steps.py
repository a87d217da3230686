"""The server sends the rules' steps: a choice told to nobody is counted by no frame, hand or scoreboard, and a
table rebuilt by replay sends the same steps as the table that played."""

from __future__ import annotations

from itertools import pairwise

from leak_audit import OPTIONAL_REVOLUTION, play_in_process, states

from bumtable.server.table import Viewer, rebuild

SEED = 3
"""With this seed, the in-process game of :data:`OPTIONAL_REVOLUTION` has a choice told to nobody."""


def test_a_table_rebuilt_by_replay_sends_the_steps_of_the_table_that_played() -> None:
    played = play_in_process("bum-game", 4, OPTIONAL_REVOLUTION, SEED)
    record = played.record
    spectator = states(played.frames[None])
    assert spectator[-1]["step"] < len(record.actions), "the game had no choice told to nobody"
    table = rebuild(record)
    assert table.state is not None
    for seat, got in played.frames.items():
        frames = states(got)
        events = [e for f in frames for e in f["events"]]
        assert all(0 <= b["step"] - a["step"] <= 1 for a, b in pairwise(events)), seat
        assert all(f["step"] == f["events"][-1]["step"] for f in frames if f["events"]), seat
        again = table.frame(Viewer(seat), since=0)
        assert again["step"] == frames[-1]["step"] == events[-1]["step"]
        assert again["events"] == events
    assert table.public()["actions"] == spectator[-1]["step"]
    board = next(a.data for a in reversed(played.answers) if a.path == "/scoreboard")
    assert table.scoreboard() == board


def test_a_finished_hand_ends_at_its_last_action_though_its_steps_leave_out_the_choice() -> None:
    played = play_in_process("bum-game", 4, OPTIONAL_REVOLUTION, SEED)
    table = rebuild(played.record)
    state = table.state
    assert state is not None and len(table.hands) == 3
    rules = table.rules
    for hand in table.hands:
        replay = rules.new_state(played.record.seed)
        for text in played.record.actions[: hand.last_action - 1]:
            replay.apply(rules.parse_action(text))
        before = len(replay.events(None))
        replay.apply(rules.parse_action(played.record.actions[hand.last_action - 1]))
        assert (
            before <= hand.last_seq < len(replay.events(None))
        )  # the hand's last event came with that action
        assert replay.step(None) == hand.last_step
    assert table.hands[-1].last_action - table.hands[-1].last_step == 1  # the choice told to nobody

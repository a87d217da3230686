"""CPU time the table server spends making the four frames of one action (``Table.changed_frame`` for each seat).

A Bum Game table for four with a turn clock plays 1,500 seeded random actions; after each, every seat's frame is
made; the best of three runs is printed in microseconds of CPU per action. Run it in two trees to compare them:

    .venv/bin/python bench/frames.py
"""

from __future__ import annotations

import dataclasses
import random
import time

from bumtable.rules import get
from bumtable.rules.registry import family_of
from bumtable.server.store import SeatRecord, TableRecord
from bumtable.server.table import Viewer, rebuild


def per_action(actions: int = 1500, seed: int = 1) -> float:
    """Seconds of CPU to make the four seats' frames after one action (one run)."""
    rules = get("bum-game", players=4)
    record = TableRecord(
        id="bench",
        game="bum-game",
        players=4,
        rules=rules.to_dict(),
        seed=3,
        engine_version=family_of(rules).engine_version,
        status="playing",
        seats=[SeatRecord(seat=i, kind="person") for i in range(4)],
        settings={"clock": {"bank": 600}},
    )
    table = rebuild(dataclasses.replace(record, actions=[], by=[]))
    state, rng = table.state, random.Random(seed)
    assert state is not None, table.problem
    viewers = [Viewer(seat) for seat in range(4)]
    for viewer in viewers:
        table.frame(viewer)
    spent = 0.0
    for _ in range(actions):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        table.record.actions.append(rules.action_text(action))
        table.record.by.append("seat")
        table.read_public()
        start = time.process_time()
        for viewer in viewers:
            table.changed_frame(viewer)
        spent += time.process_time() - start
    return spent / actions


if __name__ == "__main__":
    print(f"{min(per_action() for _ in range(3)) * 1e6:.0f} us of CPU per action for four frames")

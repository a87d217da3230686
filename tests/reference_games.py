"""Recorded reference games: a few seeded games per system, with what a spectator and seat 0 saw.

Each file in ``tests/reference/`` holds a game record and its transcript: for every action, its
text and the events it caused as a spectator and as seat 0 saw them, then the outcome. The test
``test_reference_games.py`` replays each record and diffs the transcript, so any change in how
a game plays or what its viewers see shows up as a diff of these files.

Make them again (after a change meant to alter play, with the engine version raised) with::

    .venv/bin/python tests/reference_games.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bumtable.bots import make_bot
from bumtable.rules import Event, GameRecord, get

FOLDER = Path(__file__).resolve().parent / "reference"
GAMES = [
    ("bum-game", 4, ()),
    ("bum-game", 6, ("optional-revolution",)),
    ("president", 5, ()),
    ("zheng-shangyou", 5, ()),
    ("arsehole", 4, ("bridge-suits",)),
    ("gin-bummy", 2, ()),
    ("gin-bummy", 4, ()),
    ("boojum", 4, ()),
]
MAX_ACTIONS = 600


def _event(e: Event) -> str:
    parts = [e.kind]
    if e.player is not None:
        parts.append(f"P{e.player}")
    if e.to is not None:
        parts.append(f"to P{e.to}")
    if e.text:
        parts.append(repr(e.text))
    if e.cards:
        parts.append(" ".join(e.cards))
    elif e.count:
        parts.append(f"({e.count} cards)")
    if e.rank is not None:
        parts.append(f"rank {e.rank}")
    return " ".join(parts)


def transcript(record: GameRecord) -> list[str]:
    """What happened, action by action, as a spectator (``*``) and seat 0 (``0``) saw it."""
    state = record.rules.new_state(record.seed, chance=record.chance)
    lines = [f"deal * {_event(e)}" for e in state.events(None)]
    lines += [f"deal 0 {_event(e)}" for e in state.events(0) if e.cards]
    seen = len(state.events(None))
    for i, text in enumerate(record.actions, 1):
        actor = state.current_player()
        state.apply(record.rules.parse_action(text))
        lines.append(f"{i} P{actor}: {text}")
        public, mine = state.events(None, seen), state.events(0, seen)
        seen += len(public)
        for pub, own in zip(public, mine, strict=True):
            lines.append(f"  * {_event(pub)}")
            if own != pub:
                lines.append(f"  0 {_event(own)}")
    outcome = state.outcome()
    lines.append(
        "outcome " + ("none (the record stops here)" if outcome is None else json.dumps(outcome.to_dict()))
    )
    return lines


def make(game: str, players: int, variants: tuple[str, ...], seed: int) -> dict[str, Any]:
    """A reference game: heuristic and random bots in turn, at most MAX_ACTIONS actions."""
    rules = get(game, players=players, variants=variants)
    state = rules.new_state(seed)
    bots = [make_bot("heuristic" if p % 2 == 0 else "random", seed + p, game=game) for p in range(players)]
    while not state.is_over() and len(state.history) < MAX_ACTIONS:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.observe(seat)))
    record = GameRecord.of(state)
    return {"record": record.to_dict(), "transcript": transcript(record)}


def path_of(game: str, players: int, variants: tuple[str, ...]) -> Path:
    return FOLDER / f"{'-'.join((game, str(players), *variants))}.json"


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for k, (game, players, variants) in enumerate(GAMES):
        data = make(game, players, variants, seed=1000 + k)
        lines = ",\n  ".join(json.dumps(line) for line in data["transcript"])
        text = f'{{\n "record": {json.dumps(data["record"])},\n "transcript": [\n  {lines}\n ]\n}}\n'
        path_of(game, players, variants).write_text(text)
        print(
            f"wrote {path_of(game, players, variants).name}: {len(data['record']['actions'])} actions",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()

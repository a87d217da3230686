"""The leak audit of server frames: every ``state`` frame a viewer got is exactly that viewer's view from the rules
layer (observation and events, checked against a replay of the stored log), and no card hidden from the viewer is
anywhere in it.

"Hidden" is decided without trusting the rules layer's own views: a card is in the game's card universe when it
was ever in some seat's hand; a viewer may know a card that the spectators' frames showed by that step or that
was ever in the viewer's own hand by then. Any other card of the universe in a frame is a leak. (With two copies
of a card, one public copy hides the other: the equality with the rules' view covers that case.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from bumtable.rules import rules_from_dict
from bumtable.server.store import TableRecord

WORD = re.compile(r"[A-Za-z0-9]+")


def words(data: Any) -> set[str]:
    """Every word in every string of a JSON value (card names, among others)."""
    return set(WORD.findall(json.dumps(data)))


def states(frames: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in frames if f["type"] == "state"]


def audit(record: TableRecord, frames: dict[int | None, list[dict[str, Any]]], *, exact: bool = True) -> int:
    """Check every viewer's frames (key: seat, None for the spectator); the number of frames checked. With
    ``exact`` off, only the card check runs (to show on a forged frame that it finds a leak by itself)."""
    rules = rules_from_dict(record.rules)
    n = rules.players
    truth = rules.new_state(record.seed)
    # per step: the cards each seat holds (the universe is their union over the game)
    held: list[list[set[str]]] = []
    for text in [*record.actions, None]:
        held.append([set(truth.observe(seat).to_dict().get("hand") or ()) for seat in range(n)])
        if text is not None:
            truth.apply(rules.parse_action(text))
    universe = set().union(*(h for step in held for h in step))
    assert universe, "no card was ever in a hand: the audit would check nothing"
    public: dict[int, set[str]] = {}  # step -> every word the spectator had been shown by then
    seen: set[str] = set()
    for frame in states(frames[None]):
        seen |= words(frame["observation"]) | words(frame["events"])
        public[frame["step"]] = set(seen)
    checked = 0
    for viewer, got in frames.items():
        replay = rules.new_state(record.seed)
        done = 0
        own: set[str] = set()
        for frame in states(got):
            assert frame["seat"] == viewer and frame["table"] == record.id
            for text in record.actions[done : frame["step"]]:
                replay.apply(rules.parse_action(text))
            done = frame["step"]
            # exactly the viewer's view from the rules layer, nothing else
            assert not exact or frame["observation"] == replay.observe(viewer).to_dict(), (
                viewer,
                frame["step"],
            )
            assert not exact or frame["events"] == [
                e.to_dict() for e in replay.events(viewer, frame["since"])
            ]
            if viewer is not None:
                for step in range(frame["step"] + 1):
                    own |= held[step][viewer]
            shown = (
                public[max(s for s in public if s <= frame["step"])] if viewer is not None else words(frame)
            )
            leaked = (words(frame) & universe) - shown - own
            assert not leaked, (
                f"seat {viewer} at step {frame['step']} was shown hidden cards {sorted(leaked)}"
            )
            checked += 1
    return checked

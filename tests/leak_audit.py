"""The leak audit of the server's faces: every face (server frames, HTTP answers, the server's log) shows a viewer
only what that viewer may know, taken from that viewer's observation and events, never from another player's real
action or the full state.

- Frames (:func:`audit`): every ``state`` frame a viewer got is exactly that viewer's view from the rules layer
  (observation and events, checked against a replay of the stored log), and no card hidden from the viewer is
  anywhere in it.
- HTTP (:func:`audit_http`): the table and the scoreboard (the same for everyone) show no card hidden from the
  spectators by then; a finished hand's events (``/hands/N``, with a seat's token or without) are exactly those
  the viewer's frames gave, with no card hidden from it by the hand's end; the record is refused while the game
  is played.
- The log (:func:`audit_log`): no key, no card hidden from the spectators at the time, no private action's text,
  and its lines on a table's events are exactly the spectators' events, counted as the frames counted them.

"Hidden" is decided without trusting the rules layer's own views: a card is in the game's card universe when it
was ever in some seat's hand; a viewer may know a card that the spectators' frames showed by that step or that
was ever in the viewer's own hand by then. Any other card of the universe in a frame is a leak. (With two copies
of a card, one public copy hides the other, and once every card has been shown a card's name tells nothing: the
equality with the rules' view, or with the viewer's frames, covers those cases.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
from server_helpers import Server, play_seat, receive_any
from websockets.sync.client import ClientConnection

from bumtable.rules import rules_from_dict
from bumtable.rules.events import GAME_OVER, HAND_OVER
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


# ---------------------------------------------------------------------------------------------- whole games

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
"""A whole game of each system: the game, its players and options."""
OPTIONAL_REVOLUTION = {
    "target": 0,
    "rounds": 3,
    "revolution_declare": "optional",
    "revolution_triggers": [[2, 1], [3, 1]],
}
"""The Bum Game where a revolution is declared by choice (a player holding a joker, or two): with seed 22 (two
people, heuristic bots) a person declines one in the third hand, a private choice that no event tells of (a silent
action: the table does not count it in its steps)."""


def watch(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message a spectator gets until the game is over."""
    messages = []
    with ws:
        while True:
            message = receive_any(ws, timeout=60)
            messages.append(message)
            if message["type"] == "state" and message["observation"]["phase"] == "over":
                return messages


@dataclass
class Played:
    """A whole game played through a server: its id, the people's tokens, every message each viewer got (key:
    seat, None for the spectator, there from the start) and the table as the database holds it at the end."""

    table: str
    tokens: dict[int, str]
    join_code: str
    frames: dict[int | None, list[dict[str, Any]]]
    record: TableRecord
    answers: list[Answer] = field(default_factory=list)
    """What the HTTP faces answered during and after the game (with ``look``)."""


def play_whole_game(
    server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    *,
    seed: int = 21,
    look: bool = False,
) -> Played:
    """Play a whole game: two people's seats (a random legal action on each turn) and heuristic bots, watched by
    a spectator from the start. With ``look``, the HTTP faces are asked (:func:`look_at`) on some of seat 0's
    turns, while the table waits for it (its first, the first after each hand's end, every fiftieth), and once the
    game is over."""
    people = min(2, players)
    seats = [{"kind": "person"}] * people + [{"kind": "bot", "bot": "heuristic"}] * (players - people)
    created = server.create(
        game=game, players=players, seats=seats, seed=seed, options=options, settings={"listed": True}
    )
    table = created["id"]
    tokens = {int(seat): token for seat, token in created["tokens"].items()}
    answers: list[Answer] = []
    seen: set[tuple[int | None, int]] = set()
    turns, ends = [0], [0]

    def lookout(frame: dict[str, Any]) -> bool:
        """Seat 0's hook on each frame (it never stops the seat): on some of its turns, look."""
        ends[0] += sum(e["kind"] == HAND_OVER for e in frame["events"])
        if frame["observation"]["legal"]:
            if turns[0] % 50 == 0 or ends[0]:
                answers.extend(look_at(server, table, tokens, seen, step=frame["step"]))
                ends[0] = 0
            turns[0] += 1
        return False

    with ThreadPoolExecutor(max_workers=people + 1) as pool:
        watching = server.connect(table)  # the spectator is there from the start
        spectator = pool.submit(watch, watching)
        seated = {
            seat: pool.submit(
                play_seat,
                server,
                table,
                tokens[seat],
                100 + seat,
                stop=lookout if look and seat == 0 else None,
            )
            for seat in range(people)
        }
        frames: dict[int | None, list[dict[str, Any]]] = {
            seat: f.result(timeout=240) for seat, f in seated.items()
        }
        frames[None] = spectator.result(timeout=240)
    if look:
        answers.extend(look_at(server, table, tokens, set()))
    record = server.stored(table)
    assert record.status == "over"
    return Played(table, tokens, created["join_code"], frames, record, answers)


# ---------------------------------------------------------------------------------------------- HTTP faces


@dataclass(frozen=True)
class Answer:
    """One HTTP answer: who asked (a seat by its token, None without one), what (the path after the table's), the
    table's step then, and whether the game was still being played."""

    viewer: int | None
    path: str
    step: int
    playing: bool
    status: int
    data: Any


def look_at(
    server: Server,
    table: str,
    tokens: dict[int, str],
    seen: set[tuple[int | None, int]],
    *,
    step: int | None = None,
) -> list[Answer]:
    """Ask every HTTP face of the table once, with each seat's token and without one: the record, the table, the
    scoreboard, each finished hand not asked for yet by that viewer (in ``seen``), and the table's entry in the
    lobby's list of open tables (it is listed). With ``step``, the table
    is waiting at that step for a person's move (the game is running); without, the game is over."""
    asked: list[tuple[int | None, str, httpx.Response]] = []
    base = f"{server.http}/api/tables/{table}"
    with httpx.Client(timeout=10) as http:
        for path in ("/record", "/record?hand=1"):
            asked.append((None, path, http.get(base + path)))
        listing = http.get(f"{server.http}/api/tables")
        entries = [t for t in listing.json()["tables"] if t["id"] == table]
        assert len(entries) == (1 if step is not None else 0)  # listed while played, not once over
        asked.extend((None, "/api/tables", httpx.Response(200, json=e)) for e in entries)
        for viewer, token in [(None, None), *tokens.items()]:
            query = {} if token is None else {"token": token}
            for path in ("", "/scoreboard"):
                asked.append((viewer, path, http.get(base + path, params=query)))
            for hand in asked[-1][2].json()["hands"]:
                if (viewer, hand["hand"]) not in seen:
                    path = f"/hands/{hand['hand']}"
                    asked.append((viewer, path, http.get(base + path, params=query)))
                    seen.add((viewer, hand["hand"]))
        playing = step is not None
        if step is None:
            now = http.get(base).json()
            assert now["status"] == "over", now["status"]
            step = now["actions"]
    return [
        Answer(viewer, path, step, playing, answer.status_code, answer.json())
        for viewer, path, answer in asked
    ]


@dataclass
class Knowledge:
    """What each viewer of a finished game may know, step by step, decided as :func:`audit` does: the universe
    of cards (every card ever in a hand), the words the spectator's frames had shown by each step, the cards each
    seat held after each action. Steps are the table's (actions anyone may know of: a silent action, a private
    choice no event tells of, is not counted); ``raw`` maps them to counts of all actions."""

    rules: dict[str, Any]
    universe: set[str]
    held: list[list[set[str]]]
    """For each count of all actions taken: the cards each seat held then."""
    public: dict[int, set[str]]
    """For each step: every word the spectator's frames had shown by then."""
    raw: dict[int, int]
    """For each step: the largest count of all actions at that step."""
    events: dict[int | None, list[dict[str, Any]]]
    """Each viewer's events, as its frames gave them, in order."""
    hands: list[tuple[int, int, int]]
    """Each finished hand's first and last event seq and its last step, read from the spectator's events (a game
    without hands has one, the whole game)."""

    def allowed(self, viewer: int | None, step: int) -> set[str]:
        """The words of the universe the viewer may know at ``step``: what the spectators were shown by then and
        what was ever in the viewer's own hand by then."""
        known = set(self.public[max(s for s in self.public if s <= step)])
        if viewer is not None:
            for held in self.held[: self.raw[step] + 1]:
                known |= held[viewer]
        return known

    def hidden(self, data: Any, viewer: int | None, step: int) -> set[str]:
        """The cards in ``data`` (any JSON value or text) hidden from the viewer at ``step``."""
        return (words(data) & self.universe) - self.allowed(viewer, step)


def knowledge(record: TableRecord, frames: dict[int | None, list[dict[str, Any]]]) -> Knowledge:
    """What each viewer of the stored game may know (the spectator's frames, key None, from the start on)."""
    rules = rules_from_dict(record.rules)
    truth = rules.new_state(record.seed)
    held: list[list[set[str]]] = []
    raw: dict[int, int] = {0: 0}  # a step -> the actions taken when it was last the step
    for text in [*record.actions, None]:
        held.append([set(truth.observe(seat).to_dict().get("hand") or ()) for seat in range(rules.players)])
        if text is not None:
            truth.apply(rules.parse_action(text))
            raw[truth.step(None)] = len(truth.history)
    universe = set().union(*(h for step in held for h in step))
    assert universe, "no card was ever in a hand: the audit would check nothing"
    events = {viewer: [e for f in states(got) for e in f["events"]] for viewer, got in frames.items()}
    public: dict[int, set[str]] = {}
    seen: set[str] = set()
    for frame in states(frames[None]):
        seen |= words(frame["observation"]) | words(frame["events"])
        public[frame["step"]] = set(seen)
    for step in range(min(public)):  # before the spectator's first frame (the bots moved first): its events
        public[step] = words([e for e in events[None] if e["step"] <= step])
    for viewer, got in events.items():
        assert [e["seq"] for e in got] == list(range(len(got))), f"{viewer} missed or got again some events"
    hands: list[tuple[int, int, int]] = []
    for event in events[None]:
        if event["kind"] == HAND_OVER or (event["kind"] == GAME_OVER and not hands):
            hands.append((hands[-1][1] + 1 if hands else 0, event["seq"], event["step"]))
        elif event["kind"] == GAME_OVER:  # the match's end closes its last hand
            hands[-1] = (hands[-1][0], event["seq"], event["step"])
    rules_json = json.loads(json.dumps(record.rules))  # as JSON has it (lists, not tuples)
    return Knowledge(rules_json, universe, held, public, raw, events, hands)


def audit_http(known: Knowledge, answers: list[Answer], *, exact: bool = True) -> int:
    """Check every HTTP answer; the number checked. The table and the scoreboard are the same for everyone (a
    token changes nothing there): they may show only what the spectators may know by then. A finished hand's
    events are exactly those the viewer's frames gave during it, and show no card hidden from that viewer by the
    hand's end. The record is refused while the game is running (it holds every hand and the seed). With
    ``exact`` off, the answers are not compared with the frames (to show that the card check finds a leak by
    itself)."""
    checked = 0
    for answer in answers:
        where = f"{answer.path or 'the table'} for seat {answer.viewer} at step {answer.step}"
        if answer.path.startswith("/record"):  # refused while the game is played, given once it is over
            if answer.playing:
                assert answer.status == 409, f"{where}: the record while the game is played"
                assert "still being played" in answer.data["detail"], where
            else:
                assert answer.status == 200 and answer.data["actions"], where
            checked += 1
            continue
        assert answer.status == 200, (where, answer.data)
        step, viewer, data = answer.step, answer.viewer, answer.data
        if answer.path.startswith("/hands/"):
            number = int(answer.path.removeprefix("/hands/"))
            assert answer.data["hand"] == number and answer.data["seat"] == viewer, where
            first, last, step = known.hands[number - 1]
            told = [e for e in known.events[viewer] if first <= e["seq"] <= last]
            assert not exact or answer.data["events"] == told, (
                f"{where}: not the events the viewer's frames gave"
            )
        else:
            viewer = None  # the same answer for everyone
            if answer.path == "/scoreboard":
                hands = [(h["first_seq"], h["last_seq"], h["last_step"]) for h in answer.data["hands"]]
                assert not exact or hands == known.hands[: len(hands)], where
            elif answer.path == "/api/tables":  # the list's entry: the seats, nothing of the play
                assert set(answer.data) == LISTED_KEYS, where
            else:  # the rules are public (they name cards: who holds 3d leads); the rest is checked for cards
                assert not exact or answer.data["actions"] == answer.step, where
                assert answer.data["rules"] == known.rules, where
                data = {k: v for k, v in answer.data.items() if k != "rules"}
        leaked = known.hidden(data, viewer, step)
        assert not leaked, f"{where} showed hidden cards {sorted(leaked)}"
        checked += 1
    return checked


LISTED_KEYS = {"id", "game", "title", "players", "created_at", "series", "seats", "free", "spectators"}
"""What the lobby's list tells of a table: no rules, no step, no turn (nothing that moves with the play)."""


def audit_whole_game_http(played: Played) -> None:
    """The HTTP audit of a whole game played with ``look``, and that it asked everything: every finished hand by
    every viewer, and while the game was played the table, the scoreboard (with a row, if there were two hands or
    more), the record and a finished hand."""
    known = knowledge(played.record, played.frames)
    assert audit_http(known, played.answers) == len(played.answers)
    hands = [a for a in played.answers if a.path.startswith("/hands/")]
    assert {a.viewer for a in hands} == {None, *played.tokens}
    assert {a.path for a in hands} == {f"/hands/{n}" for n in range(1, len(known.hands) + 1)}
    playing = [a for a in played.answers if a.playing]
    assert {a.path for a in playing} >= {"", "/scoreboard", "/record", "/record?hand=1"}
    if len(known.hands) > 1:
        assert any(a.path == "/hands/1" for a in playing)
        assert any(a.path == "/scoreboard" and a.data["rows"] for a in playing)


# ---------------------------------------------------------------------------------------------- the server's log

STEP_LINE = re.compile(r"\btable (?P<table>[0-9a-f]+) step (?P<step>\d+): (?P<text>.*)$")
"""The server's line for each public event of a table (at debug; a hand's and the game's end at info), and for
each move made for a seat by someone else (:data:`MOVER`)."""
MOVER = re.compile(r"P(?P<seat>\d+)'s move made by [\w-]+")
"""The server's line for a move made for a seat by a stand-in, by auto-play or on its clock running out."""


def private_actions(record: TableRecord) -> set[str]:
    """The texts of the actions the spectators were not told of in words: a silent one (no event tells of it,
    such as a private choice not to declare a revolution), or one whose words (past the first) are not all in
    the texts of the spectators' events of that action (which cards a player gave: ``give 5 K``, told to the
    spectators as ``gives 2 cards to P3``)."""
    rules = rules_from_dict(record.rules)
    state = rules.new_state(record.seed)
    seen = len(state.events(None))
    private: set[str] = set()
    for text in record.actions:
        state.apply(rules.parse_action(text))
        events = state.events(None, seen)  # the spectators' events of this action
        seen += len(events)
        if not events or not set(text.split()[1:]) <= {word for e in events for word in e.text.split()}:
            private.add(text)
    return private


def logged(event: dict[str, Any]) -> str:
    """How the server's log tells of a public event (after ``table ID step N: ``)."""
    if event["kind"] in (HAND_OVER, GAME_OVER):
        return f"{event['kind']} {event['text']}".rstrip()
    return f"P{event['player']} {event['kind']} {event['text']}".rstrip()


def audit_log(lines: list[str], played: Played, known: Knowledge) -> int:
    """Check the server's log lines written while one game was played (and nothing else); the number of lines.

    - No seat token and no join code is in any line.
    - The lines that tell of the table's events are exactly the spectators' events (from the first action on),
      numbered with the steps the spectators' frames gave: a silent action is neither told nor counted. A line
      telling who made a move for a seat (a stand-in...) follows the events of that move, whose first names
      that seat: a move no event tells of is not told by such a line either.
    - No line holds a card hidden from the spectators at the time (the step of the table's last line before it).
    - No line holds the text of an action the spectators were not told of in words (:func:`private_actions`).
    """
    text = "\n".join(lines)
    for secret in [*played.tokens.values(), played.join_code]:
        assert secret not in text, "a seat token or the join code is in the log"
    told = [(e["step"], logged(e)) for e in known.events[None] if e["step"] > 0]
    movers: dict[int, int | None] = {}  # step -> the player of its first event (who made the action)
    for event in known.events[None]:
        movers.setdefault(event["step"], event["player"])
    lines_told: list[tuple[int, str]] = []
    step, moved = 0, set[int]()
    for number, line in enumerate(lines, 1):
        match = STEP_LINE.search(line)
        if match is not None and match["table"] == played.table:
            mover = MOVER.fullmatch(match["text"].rstrip())
            if mover is None:
                step = int(match["step"])
                lines_told.append((step, match["text"].rstrip()))
            else:  # right after the lines of its action's events, which name its player first
                here = (int(match["step"]), int(mover["seat"]))
                assert here == (step, movers.get(step)) and step not in moved, (
                    f"log line {number} tells of a move no event (before it) told of: {line}"
                )
                moved.add(step)
        leaked = known.hidden(line, None, step)
        assert not leaked, f"log line {number} (at step {step}) holds hidden cards {sorted(leaked)}: {line}"
    wrong = next(
        (i for i, pair in enumerate(zip(lines_told, told, strict=False)) if pair[0] != pair[1]), None
    )
    assert lines_told == told, "the log's lines on the table's events are not the spectators' events: " + (
        f"{len(lines_told)} lines, {len(told)} events"
        if wrong is None
        else f"{lines_told[wrong]} for {told[wrong]}"
    )
    for action in private_actions(played.record):
        phrase = re.compile(rf"(?<![\w-]){re.escape(action)}(?![\w-])")
        for number, line in enumerate(lines, 1):
            assert not phrase.search(line), f"log line {number} tells of a private action {action!r}: {line}"
    return len(lines)


# ---------------------------------------------------------------------------------------------- in this process

IN_PROCESS_TABLE = "0123456789abcdef"


def play_in_process(game: str, players: int, options: dict[str, Any], seed: int) -> Played:
    """A whole game played in this process on the server's own :class:`~bumtable.server.table.Table` (random
    legal actions, every seat a person's): each seat's and the spectator's frames, and the HTTP answers the
    server would give (the table, the scoreboard, each finished hand as its frames gave it, the record: refused
    until the end) after each hand's end and at the end. Made-up keys. To show on forged answers and log lines that the audits
    find leaks."""
    import random

    from server_helpers import table_record

    from bumtable.rules import get
    from bumtable.server.store import SeatRecord
    from bumtable.server.table import Viewer, rebuild

    rules = get(game, players=players).replace(**options)
    seats = [SeatRecord(seat=i, kind="person", claimed=True) for i in range(players)]
    table = rebuild(table_record(rules, seed, IN_PROCESS_TABLE, seats=seats, actions=[]))
    state = table.state
    assert state is not None
    viewers: dict[int | None, Viewer] = {seat: Viewer(seat) for seat in [*range(players), None]}
    frames = {seat: [table.frame(viewer)] for seat, viewer in viewers.items()}
    rng = random.Random(seed)
    answers: list[Answer] = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        table.record.actions.append(rules.action_text(action))
        table.record.by.append("seat")
        ended = any(e.kind == HAND_OVER for e in table.read_public())
        for seat, viewer in viewers.items():
            frame = table.changed_frame(viewer)
            if frame is not None:
                frames[seat].append(frame)
        if ended or state.is_over():
            playing, step = not state.is_over(), state.step(None)
            if playing:
                refused = {"detail": "the match is still being played: its record would show hidden cards"}
                answers.append(Answer(None, "/record", step, playing, 409, refused))
            else:
                answers.append(Answer(None, "/record", step, playing, 200, {"actions": table.record.actions}))
            for seat in viewers:
                answers.append(Answer(seat, "", step, playing, 200, table.public()))
                answers.append(Answer(seat, "/scoreboard", step, playing, 200, table.scoreboard()))
                for hand in table.hands:
                    seen = [e for f in states(frames[seat]) for e in f["events"]]
                    events = [e for e in seen if hand.first_seq <= e["seq"] <= hand.last_seq]
                    data = {"table": table.id, "hand": hand.number, "seat": seat, "events": events}
                    answers.append(Answer(seat, f"/hands/{hand.number}", step, playing, 200, data))
    tokens = {seat: f"made-up-token-of-seat-{seat}" for seat in range(players)}
    return Played(table.id, tokens, "made-up-join-code", frames, table.record, answers)

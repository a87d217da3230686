"""A table in a server's memory; a viewer is sent only the rules' view for its seat and what is public."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError, RulesError
from bumtable.rules.events import GAME_OVER, HAND_OVER, Event
from bumtable.rules.protocol import AnyRules, AnyState
from bumtable.rules.registry import family_of, rules_from_dict
from bumtable.rules.standing import running_count
from bumtable.rules.wire_memo import WireMemo
from bumtable.server.chat import ChatWindow
from bumtable.server.fairness import Fairness
from bumtable.server.messages import SeatInfo, SeriesInfo, TableMessage
from bumtable.server.settings import DEFAULT_PACE, TableSettings
from bumtable.server.store import ChatRecord, TableRecord

CLOSE = {"type": "close"}
"""Put on a viewer's queue instead of a frame: the sender closes the connection (the client is too slow)."""


@dataclass(eq=False)
class Viewer:
    """One connection at a table: its seat (None: a spectator), its outgoing frames, its next event's seq."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    next: int = 0
    closed: bool = False
    last_observation: dict[str, Any] | None = None
    resync_frame: dict[str, Any] | None = None
    """The frame a resync queued, until it is sent: one resync at a time (a long match's frame is large)."""
    chat_window: ChatWindow | None = None
    """This connection's latest chat messages (a few in a window of seconds), made at its first."""


@dataclass(eq=False)
class SeatLive:
    """What the server knows of a seat now, beyond its stored form: connections, absence, clock."""

    connections: int = 0
    away_since: float = field(default_factory=time.monotonic)
    """When its last connection closed (or the server started); meaningful while ``connections`` is 0."""
    stand_in: bool = False
    bank: float | None = None
    agent: bool = False
    """Its latest connection said it plays for an agent (a program), not a person: the seat is marked so."""


@dataclass(frozen=True)
class Hand:
    """A finished hand (or the whole game, for a system without hands): its events and steps."""

    number: int
    first_seq: int
    last_seq: int
    last_step: int
    last_action: int
    """All actions taken when it ended, told of or not: the log's ``[:last_action]`` plays it to its end."""
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "last_step": self.last_step,
            "text": self.text,
        }


@dataclass(eq=False, kw_only=True)
class Table:
    record: TableRecord
    rules: AnyRules
    state: AnyState | None
    """None when the table cannot be replayed (see ``problem``)."""
    settings: TableSettings = field(default_factory=TableSettings)
    problem: str | None = None
    last_actor: int | None = None
    auto_due: float | None = None
    """When auto-play makes the seat to act's lone move (monotonic seconds), once it has been drawn."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    viewers: set[Viewer] = field(default_factory=set)
    live: list[SeatLive] = field(default_factory=list)
    turn_start: float | None = None
    timer: asyncio.TimerHandle | None = None
    board: list[dict[str, Any]] = field(default_factory=list)
    """The scoreboard: a row per finished hand (and the game's end, if it changed the count)."""
    hands: list[Hand] = field(default_factory=list)
    unit: str = ""
    public_seq: int = 0
    """How many public events the board and hands have read."""
    totals: tuple[int, ...] | None = None
    row_start: tuple[int, ...] | None = None
    idle_since: float | None = None
    put_away: bool = False
    """True once the service has dropped this table from memory (a later request reads it again)."""
    memo: WireMemo = field(default_factory=dict)
    """The public parts of this moment's observations in their wire form, shared by every viewer's frame."""
    memo_at: int = -1
    fair: Fairness | None = None
    """The table's fair-deal commitments (``fairness.py``); None for a table stored before them."""
    default_pace: float = DEFAULT_PACE
    """The server's pace, for a table whose settings choose none."""
    last_move_at: float | None = None
    """When the latest action was taken (monotonic seconds): the next move the server makes waits the pace."""
    pace_due: float | None = None
    """When the server makes its next move, once it has waited the pace (monotonic seconds)."""
    chat: list[ChatRecord] = field(default_factory=list)
    """The latest chat messages, oldest first (a viewer is sent them on connecting)."""
    chat_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while a chat message is stored and sent (not the table's lock: chat never waits for a bot)."""
    offers: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    """The rematch messages sent, by old seat (None: spectators), sent again to a seat that connects again."""
    series_before: tuple[int, list[int]] | None = None
    """A rematch's series before this table: matches over and each of this table's seats' wins."""

    @property
    def pace(self) -> float:
        """Seconds between the server's moves while someone is connected (the table's, else the server's)."""
        return self.default_pace if self.settings.pace is None else self.settings.pace

    @property
    def waiting(self) -> bool:
        """A waiting room not yet left: nothing is dealt, nobody moves (every person's seat taken, or the
        maker started it, ends it)."""
        return (
            self.settings.wait
            and not self.record.started
            and any(s.kind == "person" and not s.claimed for s in self.record.seats)
        )

    def stand_in_free_seats(self) -> None:
        """A table started with bots: the stand-in plays each person's seat nobody has taken."""
        if self.record.started:
            for seat in self.record.seats:
                if seat.kind == "person" and not seat.claimed and not self.live[seat.seat].connections:
                    self.live[seat.seat].stand_in = True

    def series(self) -> dict[str, Any] | None:
        """A rematch's series: matches over (this one once over) and each seat's wins; None for no rematch."""
        if self.series_before is None:
            return None
        matches, wins = self.series_before
        if self.state is not None and self.state.is_over():
            winners = self.winners()
            return {"matches": matches + 1, "wins": [w + (s in winners) for s, w in enumerate(wins)]}
        return {"matches": matches, "wins": list(wins)}

    def winners(self) -> list[int]:
        """The seats that won, once the game is over (else none)."""
        outcome = None if self.state is None else self.state.outcome()
        return [] if outcome is None else sorted(int(w) for w in outcome.winners)

    @property
    def id(self) -> str:
        return self.record.id

    def status(self) -> str:
        if self.state is None:
            return "stale"
        return "over" if self.state.is_over() else "playing"

    def is_person(self, seat: int) -> bool:
        return self.record.seats[seat].kind == "person"

    def reset_clocks(self) -> None:
        clock = self.settings.clock
        for seat, live in enumerate(self.live):
            live.bank = clock.bank if clock is not None and self.is_person(seat) else None

    def people_present(self) -> bool:
        """Whether some person is connected to their seat (a table nobody is at waits)."""
        return any(self.is_person(s) and live.connections for s, live in enumerate(self.live))

    # ------------------------------------------------------------------ what everyone may know
    def table_message(self, you: int | None) -> dict[str, Any]:
        seats = [
            SeatInfo(
                seat=s.seat,
                kind="bot" if s.kind == "bot" else "person",
                bot=s.bot,
                name=s.name,
                claimed=s.claimed,
                present=s.kind == "bot" or self.live[s.seat].connections > 0,
                stand_in=self.live[s.seat].stand_in,
                auto=s.auto and s.seat == you,  # others must not learn which moves were the only ones
                agent=s.kind == "person" and self.live[s.seat].agent,
            )
            for s in self.record.seats
        ]
        message = TableMessage(
            table=self.id,
            you=you,
            game=self.record.game,
            family=family_of(self.rules).name,
            players=self.record.players,
            status=self.status(),  # type: ignore[arg-type]
            problem=self.problem,
            rules=self.record.rules,
            settings={**self.settings.to_dict(), "pace": self.pace},
            card_table=family_of(self.rules).card_table(self.rules),
            seats=seats,
            spectators=sum(1 for v in self.viewers if v.seat is None),
            waiting=self.waiting,
            maker=self.record.maker,
            rematch_of=self.record.rematch_of,
            rematch=self.record.rematch,
            series=None if (series := self.series()) is None else SeriesInfo(**series),
        )
        return message.model_dump(mode="json")

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table now (the HTTP answer)."""
        info = self.table_message(None)
        for key in ("type", "v", "you", "card_table"):
            del info[key]
        info["turn"] = None if self.state is None else self.state.observe(None).turn
        info["actions"] = self.step(None)
        info["engine_version"] = self.record.engine_version
        return info

    def clock_info(self, now: float, turn: int | None) -> dict[str, Any] | None:
        """The clock for a viewer whose observation shows ``turn``: it runs only on a turn the viewer may see."""
        if self.settings.clock is None or self.state is None:
            return None
        running = self.state.current_player() if self.turn_start is not None else None
        if running != turn:
            running = None
        banks: list[float | None] = []
        for seat, live in enumerate(self.live):
            bank = live.bank
            if bank is not None and seat == running and self.turn_start is not None:
                bank = max(0.0, bank - (now - self.turn_start))
            banks.append(None if bank is None else round(bank, 3))
        return {"banks": banks, "running": running}

    def step(self, seat: int | None) -> int:
        """The actions ``seat`` was told of (``state.step``); for a table not replayed, its log's length."""
        return len(self.record.actions) if self.state is None else self.state.step(seat)

    def frame(self, viewer: Viewer, since: int | None = None) -> dict[str, Any]:
        """A ``state`` message for the viewer from ``since`` (default: its cursor) on; moves the cursor."""
        frame = self._frame(viewer, since, always=True)
        assert frame is not None
        return frame

    def changed_frame(self, viewer: Viewer) -> dict[str, Any] | None:
        """The viewer's next frame, or None when nothing it may know changed (a frame would tell of it)."""
        return self._frame(viewer, None, always=False)

    def _frame(self, viewer: Viewer, since: int | None, *, always: bool) -> dict[str, Any] | None:
        state = self.state
        assert state is not None
        start = viewer.next if since is None else min(since, self.public_seq)  # never past the end
        events = state.events(viewer.seat, start)
        observation = state.observe(viewer.seat)
        if self.memo_at != len(self.record.actions):
            self.memo, self.memo_at = {}, len(self.record.actions)
        data = observation.to_dict(self.memo)
        if not (always or events or data != viewer.last_observation):
            return None
        viewer.next = events[-1].seq + 1 if events else max(start, viewer.next)
        viewer.last_observation = data
        return {  # a StateMessage's JSON form, made directly (the hot path; tests check it against the model)
            "type": "state",
            "v": 1,
            "table": self.id,
            "seat": viewer.seat,
            "step": state.step(viewer.seat),
            "observation": data,
            "events": [e.to_dict() for e in events],
            "since": start,
            "next": viewer.next,
            "clock": self.clock_info(time.monotonic(), observation.turn),
            "by": self.made_by(viewer.seat),
            "fair": None if self.fair is None else self.fair.frame(state, len(self.hands)),
        }

    def made_by(self, seat: int | None) -> str | None:
        """Who made the latest action, as ``seat`` may know it: auto-play (a lone move) only to its seat."""
        by = self.record.by[-1] if self.record.by else None
        return "seat" if by == "auto" and seat != self.last_actor else by

    def read_public(self) -> list[Event]:
        """Bring the scoreboard and the finished hands up to date with the public events; those events."""
        state = self.state
        assert state is not None
        events = state.events(None, self.public_seq)
        if not events:
            self.note_deals()
            return []
        self.public_seq = events[-1].seq + 1
        count = running_count(state.observe(None))
        if count is not None:
            self.totals, self.unit = count
            start = self.row_start or (0,) * len(self.totals)
            for event in events:
                if event.kind == HAND_OVER or (event.kind == GAME_OVER and self.totals != start):
                    self.board.append(
                        {
                            "step": event.step,
                            "text": event.text,
                            "gains": [b - a for a, b in zip(start, self.totals, strict=True)],
                            "totals": list(self.totals),
                        }
                    )
                    start = self.row_start = self.totals
        for event in events:
            ends_hand = event.kind == HAND_OVER or (event.kind == GAME_OVER and not self.hands)
            if ends_hand:
                first = self.hands[-1].last_seq + 1 if self.hands else 0
                number = len(self.hands) + 1
                self.hands.append(Hand(number, first, event.seq, event.step, len(state.history), event.text))
            elif event.kind == GAME_OVER and self.hands and self.hands[-1].last_seq < event.seq:
                last = self.hands[-1]  # the match's end closes its last hand
                self.hands[-1] = Hand(
                    last.number, last.first_seq, event.seq, event.step, len(state.history), last.text
                )
        self.note_deals()
        return events

    def note_deals(self) -> None:
        """File the shuffles drawn since the last look under the hand now being played (the fair deals)."""
        if self.fair is not None and self.state is not None:
            self.fair.book.note(self.state, hands_done=len(self.hands))

    def scoreboard(self) -> dict[str, Any]:
        state = self.state
        outcome = None if state is None else state.outcome()
        return {
            "table": self.id,
            "game": self.record.game,
            "status": self.status(),
            "unit": self.unit,
            "rows": self.board,
            "totals": None if self.totals is None else list(self.totals),
            "hands": [h.to_dict() for h in self.hands],
            "outcome": None if outcome is None else outcome.to_dict(),
        }


SET_ASIDE = "set-aside"
"""The status of a stored table whose options this server refuses: kept, but never rebuilt at a start."""


def unplayable(record: TableRecord) -> str | None:
    try:
        rules_from_dict(record.rules)
    except RulesError as e:
        return str(e)
    return None


def stale(record: TableRecord, problem: str) -> Table:
    rules = rules_from_dict(record.rules)
    settings = TableSettings.from_dict(record.settings)
    live = [SeatLive() for _ in record.seats]
    return Table(record=record, rules=rules, state=None, problem=problem, settings=settings, live=live)


def rebuild(record: TableRecord) -> Table:
    """A table from its stored form: its log replayed, unless its engine version changed (then stale)."""
    rules = rules_from_dict(record.rules)
    now = family_of(rules).engine_version
    if now != record.engine_version:
        return stale(
            record,
            f"this table was played with {record.game} engine version {record.engine_version}; this server has "
            f"version {now}, which may replay it differently, so it is not replayed",
        )
    state = rules.new_state(record.seed)
    live = [SeatLive() for _ in record.seats]
    table = Table(
        record=record,
        rules=rules,
        state=state,
        settings=TableSettings.from_dict(record.settings),
        live=live,
        fair=fairness_of(record),
    )
    table.read_public()
    for i, text in enumerate(record.actions):
        try:
            table.last_actor = state.current_player()
            state.apply(rules.parse_action(text))
        except BumtableError:  # the reason and the action's text may name hidden cards: neither is told
            table.state, table.problem = None, f"action {i + 1} of its log no longer replays with this server"
            return table
        table.read_public()
    table.reset_clocks()
    table.stand_in_free_seats()
    return table


def fairness_of(record: TableRecord) -> Fairness | None:
    """The table's fair-deal commitments, from its stored salt (None: stored before tables had one)."""
    return None if record.fair_salt is None else Fairness(record.id, record.fair_salt, record.seed)

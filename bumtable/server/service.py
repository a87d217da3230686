"""The table service: tables in memory, rebuilt from the store on start; one lock per table.

An action is written to the table's log **before** it is applied and sent, so a crash loses nothing anyone
saw. Bots, stand-ins for absent people and auto-play move for seats on the same observations as people.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from bumtable.bots import TABLE_BOTS, make_bot
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.rules.events import GAME_OVER, HAND_OVER
from bumtable.rules.record import GameRecord
from bumtable.rules.registry import family_of, system
from bumtable.server.absence import clock_ran_out, next_deadline, settle, start_clock, waiting_seats
from bumtable.server.bot_pool import BotPool
from bumtable.server.chat import ChatWindow, read_chat
from bumtable.server.listing import LIST_LIMIT, open_tables
from bumtable.server.names import taken_by
from bumtable.server.rematch import rematch_order, series_before
from bumtable.server.settings import Limits, TableSettings
from bumtable.server.store import SeatRecord, Store, TableRecord, hash_token
from bumtable.server.table import (
    CLOSE,
    SET_ASIDE,
    Hand,
    SeatLive,
    Table,
    Viewer,
    fairness_of,
    rebuild,
    stale,
    unplayable,
)
from bumtable.server.writer import LogWriter
from bumtable.sim.runner import bot_turn

log = logging.getLogger("bumtable.server")

RETRY_AFTER = 1.0
"""Seconds before a table's moves are tried again after one could not be made (its action not written)."""

MIN_BANK_AFTER_TIMEOUT = 10.0

"""Seconds a seat's clock gets after the stand-in made a move for it, when the increment is smaller."""


WAITING = "the table is waiting for its players: it starts once every seat is taken, or its maker starts it"


class TableError(BumtableError):
    """A request the service refuses; ``code`` names why (one of ``ErrorMessage``'s codes)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, kw_only=True)
class SeatSpec:
    kind: str = "person"
    bot: str = "heuristic"


@dataclass(frozen=True, kw_only=True)
class Created:
    table: Table
    tokens: dict[int, str]
    join_code: str


def table_bot(kind: str, game: str, who: str) -> None:
    """A TableError unless ``kind`` is a bot a table offers: one whose budget keeps a decision short."""
    if kind.lower() not in (*TABLE_BOTS, "greedy"):
        raise TableError(
            "bad-seats",
            f"{who}: a table's bots are {', '.join(TABLE_BOTS)}; {kind[:40]!r} is not one of them",
        )
    make_bot(kind, 0, game=game)


class TableService:
    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.writer = LogWriter(store)
        self.stored: dict[str, TableRecord] = {}
        """Tables read from the store and not yet rebuilt (nor being rebuilt)."""
        self.loading: dict[str, asyncio.Task[Table]] = {}
        self.sweeper: asyncio.Task[None] | None = None
        workers = self.limits.bot_workers
        self.bots = BotPool(workers, self.limits.bot_decisions or max(1, workers))

    # ------------------------------------------------------------------ start and create
    async def start(self) -> None:
        """Read every table in play, then rebuild them in the background (one asked for is rebuilt first)."""
        records = await asyncio.to_thread(self.store.load_tables, status="playing")
        playable = []
        for record in records:
            reason = unplayable(record)
            if reason is None:
                playable.append(record)
            else:  # never rebuilt: its options could stall the server at every start
                log.warning("table %s set aside: %s", record.id, reason)
                await asyncio.to_thread(self.store.set_status, record.id, SET_ASIDE)
        records = playable
        self.stored = {record.id: record for record in records}
        log.info("%d tables in play stored; rebuilding them from their logs", len(records))
        self._spawn(self._rebuild_all(list(self.stored)))
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _rebuild_all(self, ids: list[str]) -> None:
        started = time.monotonic()
        for table_id in ids:
            await self.get(table_id)
        if ids:
            log.info("%d tables rebuilt in %.1f s", len(ids), time.monotonic() - started)

    async def get(self, table_id: str) -> Table:
        """The table of that id, rebuilt from its log if not in memory; a TableError if there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        task = self.loading.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self._load(table_id, self.stored.pop(table_id, None))
            )
            self.loading[table_id] = task
        return await asyncio.shield(task)

    async def _load(self, table_id: str, record: TableRecord | None) -> Table:
        try:
            if record is None:
                record = await asyncio.to_thread(self.store.load_table, table_id)
                if record is None:
                    raise TableError("no-table", f"no table {table_id!r}")
            reason = unplayable(record)
            if reason is not None:
                raise TableError(SET_ASIDE, f"table {table_id!r} was set aside: {reason}")
            return await self._rebuild(record)
        finally:
            self.loading.pop(table_id, None)

    async def _rebuild(self, record: TableRecord) -> Table:
        try:
            table = await asyncio.to_thread(rebuild, record)
        except Exception as e:  # a stored form this server cannot read at all: the table is stale, not lost
            log.exception("table %s cannot be rebuilt", record.id)
            table = stale(record, f"this table cannot be read by this server ({type(e).__name__})")
        table.default_pace = self.limits.pace
        table.chat = await asyncio.to_thread(self.store.recent_chat, record.id, self.limits.chat_history)
        if record.rematch_of is not None:
            chain = await asyncio.to_thread(self.store.chain, record.id)
            table.series_before = series_before(record.players, record.rematch_seats, chain)
        table.idle_since = time.monotonic()
        self.tables[table.id] = table
        if table.problem:
            log.warning("table %s not replayed: %s", table.id, table.problem)
        else:
            log.debug("table %s rebuilt: %s, %d actions", table.id, record.game, table.step(None))
            self._spawn(self.drive(table))
        return table

    async def _sweep(self) -> None:
        idle_after = self.limits.idle_after
        while True:
            await asyncio.sleep(min(60.0, idle_after / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.viewers:
                    table.idle_since = None
                elif table.idle_since is None:
                    table.idle_since = now
                elif now - table.idle_since >= idle_after:
                    self._put_away(table)

    def _put_away(self, table: Table) -> None:
        """Drop an idle table from memory unless something is under way at it; :meth:`get` reads it again."""
        if table.viewers or table.lock.locked() or table.timer is not None:
            return
        table.put_away = True
        del self.tables[table.id]
        log.info("table %s put away: nobody there for %.0f s", table.id, self.limits.idle_after)

    async def stop(self) -> None:
        """Stop the tasks, timers and writer, once the moves being made are finished and written."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in list(self.tables.values()):
            await table.lock.acquire()  # held to the end: no move starts after this
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        pending = [*self.tasks, *self.loading.values()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        self.bots.close()
        await self.writer.close()

    async def create(
        self,
        game: str,
        *,
        players: int | None = None,
        variants: Iterable[str] = (),
        options: dict[str, Any] | None = None,
        seats: list[SeatSpec] | None = None,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        host: bool = True,
    ) -> Created:
        """A new table and its keys; with ``host``, the first person's seat is the maker's, taken already."""
        self._check_room()
        sys = system(game)
        rules = get(sys.name, players=players, variants=list(variants))
        chosen = dict(options or {})
        people = {k: v for k, v in sys.people_options.items() if k not in chosen}
        if chosen or people:
            unknown = sorted(set(chosen) - set(rules.to_dict()))
            if unknown:
                raise TableError("bad-rules", f"{sys.name} has no option {unknown[0]!r}")
            rules = rules.replace(**people, **chosen)
        table_settings = replace(TableSettings.from_dict(settings), seeded=seed is not None)
        table_bot(table_settings.stand_in, sys.name, "the stand-in")
        specs = seats or [SeatSpec()] + [SeatSpec(kind="bot")] * (rules.players - 1)
        if len(specs) != rules.players:
            raise TableError(
                "bad-seats", f"{rules.players} players need {rules.players} seats, not {len(specs)}"
            )
        tokens: dict[int, str] = {}
        stored: list[SeatRecord] = []
        for i, spec in enumerate(specs):
            if spec.kind == "person":
                tokens[i] = secrets.token_urlsafe(24)
                taken = host and len(tokens) == 1
                stored.append(
                    SeatRecord(seat=i, kind="person", token_hash=hash_token(tokens[i]), claimed=taken)
                )
            elif spec.kind == "bot":
                table_bot(spec.bot, sys.name, f"seat {i}")  # before anything is stored
                stored.append(SeatRecord(seat=i, kind="bot", bot=spec.bot))
            else:
                raise TableError("bad-seats", f"seat {i}: kind must be 'person' or 'bot', not {spec.kind!r}")
        await asyncio.to_thread(
            rules.action_space
        )  # listed once per rules, off the event loop (bounded: see rules)
        join_code = secrets.token_urlsafe(12)
        record = TableRecord(
            id=secrets.token_hex(8),
            game=sys.name,
            players=rules.players,
            rules=rules.to_dict(),
            seed=secrets.randbits(62) if seed is None else seed,
            engine_version=family_of(rules).engine_version,
            status="playing",
            settings=table_settings.to_dict(),
            join_hash=hash_token(join_code),
            seats=stored,
            fair_salt=secrets.token_hex(32),
            maker=min(tokens) if host and tokens else None,
        )
        table = await self._install(record, rules, table_settings)
        return Created(table=table, tokens=tokens, join_code=join_code)

    def _check_room(self) -> None:
        playing = sum(1 for t in self.tables.values() if t.status() == "playing")
        playing += sum(1 for r in self.stored.values() if r.status == "playing") + len(self.loading)
        if playing >= self.limits.max_tables:
            raise TableError(
                "too-many-tables", f"this server has {playing} tables in play, its limit; try again later"
            )

    async def _install(self, record: TableRecord, rules: Any, settings: TableSettings) -> Table:
        """Store a new table and start it (its bots move unless it waits for its people)."""
        table = Table(
            record=record,
            rules=rules,
            state=rules.new_state(record.seed),
            settings=settings,
            live=[SeatLive() for _ in record.seats],
            fair=fairness_of(record),
            default_pace=self.limits.pace,
        )
        table.reset_clocks()
        table.read_public()
        await asyncio.to_thread(self.store.add_table, record, record.seats)
        if record.rematch_of is not None:
            chain = await asyncio.to_thread(self.store.chain, record.id)
            table.series_before = series_before(record.players, record.rematch_seats, chain)
        self.tables[table.id] = table
        kinds = ", ".join(s.kind if s.bot is None else f"{s.kind} {s.bot}" for s in record.seats)
        log.info("table %s created: %s for %d (%s)", table.id, record.game, record.players, kinds)
        self._spawn(self.drive(table))
        return table

    # ------------------------------------------------------------------ seats and viewers
    async def listed(self) -> list[dict[str, Any]]:
        records = await asyncio.to_thread(self.store.listed_tables, LIST_LIMIT)
        return open_tables(records, self.tables)

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` holds (None without a token: a spectator); a TableError for any other token."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in table.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise TableError(
            "bad-token",
            "that token holds no seat at this table (a seat given out through the join link has a new token)",
        )

    async def claim_free_seat(
        self, table: Table, code: str | None, name: str | None = None
    ) -> tuple[int, str]:
        """A free person's seat and a new token for it, given the join code (none at a listed table)."""
        join_hash = table.record.join_hash
        if code is None:
            if not table.settings.listed:
                raise TableError("bad-token", "this table is not listed: taking a seat needs its join code")
        elif join_hash is None or not hmac.compare_digest(join_hash, hash_token(code)):
            raise TableError("bad-token", "that is not this table's join code")
        async with table.lock:
            free = [s for s in table.record.seats if s.kind == "person" and not s.claimed and not s.reserved]
            if not free:
                kept = any(s.reserved and not s.claimed for s in table.record.seats)
                raise TableError(
                    "seat-taken",
                    "every person's seat at this table is taken"
                    + (" or kept for its player from the match before" if kept else ""),
                )
            seat, token = free[0].seat, secrets.token_urlsafe(24)
            waiting = table.waiting
            await self._update_seat(table, seat, token_hash=hash_token(token), claimed=True, name=name)
            table.live[seat].away_since = time.monotonic()  # its wait starts now, not when the table was made
            log.info("table %s seat %d taken through the join link", table.id, seat)
            self._announce(table)
            if waiting and not table.waiting:
                self._begin(table)
            self._schedule(table)
        return seat, token

    async def join(
        self,
        table: Table,
        seat: int | None,
        since: int = 0,
        *,
        name: str | None = None,
        auto: bool | None = None,
        token_hash: str | None = None,
        agent: bool = False,
    ) -> Viewer:
        """A new viewer, sent its first messages; ``token_hash`` is checked again under the lock (the join
        link may just have replaced it). ``agent``: the connection plays its seat for an agent, not a person."""
        if table.state is None:
            raise TableError("engine-version", table.problem or "this table cannot be played")
        viewer = Viewer(seat)
        async with table.lock:
            if table.put_away:  # dropped from memory meanwhile: the caller asks for the table again
                raise TableError("put-away", "that table was put away while idle; ask for it again")
            if len(table.viewers) >= self.limits.max_connections:
                raise TableError(
                    "table-full",
                    f"this table has {len(table.viewers)} connections, its limit; try again later",
                )
            if (
                seat is not None
                and token_hash is not None
                and table.record.seats[seat].token_hash != token_hash
            ):
                raise TableError(
                    "bad-token", "that seat was just given out through the join link: its token changed"
                )
            table.viewers.add(viewer)
            try:
                await self._arrive(table, viewer, since, name, auto, agent)
            except BaseException:
                table.viewers.discard(viewer)
                if seat is not None:
                    table.live[seat].connections -= 1
                    table.live[seat].away_since = time.monotonic()
                raise
        return viewer

    async def _arrive(
        self, table: Table, viewer: Viewer, since: int, name: str | None, auto: bool | None, agent: bool
    ) -> None:
        seat = viewer.seat
        waiting = table.waiting
        if seat is not None:
            now = time.monotonic()
            settle(table, now)
            live = table.live[seat]
            live.connections += 1
            live.agent = agent  # the seat's latest connection says who plays it
            stored = table.record.seats[seat]
            changes: dict[str, Any] = {} if stored.claimed else {"claimed": True, "reserved": False}
            if name is not None and name != stored.name:
                changes["name"] = name
            if auto is not None and auto != stored.auto:
                changes["auto"] = auto
            if changes:
                await self._update_seat(table, seat, **changes)
            if live.stand_in:
                live.stand_in = False
                log.info("table %s seat %d back from the stand-in", table.id, seat)
            log.info("table %s seat %d connected", table.id, seat)
            start_clock(table, now)
            self._announce(table)
        else:
            self._announce(table)  # the count of spectators changed
        viewer.next = min(since, table.public_seq)
        if waiting and not table.waiting:  # the last seat taken: everyone is dealt in
            self._begin(table)
        elif not table.waiting:
            self._send(viewer, table.frame(viewer, since))
        if table.chat and (seat is not None or table.settings.chat_spectators):
            self._send(viewer, self._chat_message(table, table.chat))
        if table.record.rematch is not None:
            try:
                self._send(viewer, await self._offer_for(table, seat))
            except TableError as e:  # the rematch cannot be read now: the table message still names it
                log.warning("table %s: its rematch could not be offered: %s", table.id, e)
        await self._move_on(table)

    def _begin(self, table: Table) -> None:
        """The waiting room is over: each viewer gets its first frame and the clock starts (the caller, which
        has told everyone of the seat or start that ended the wait, moves the play on)."""
        log.info("table %s: the waiting is over; the game starts", table.id)
        start_clock(table, time.monotonic())
        for viewer in list(table.viewers):
            self._send(viewer, table.frame(viewer))

    async def start_with_bots(self, table: Table, seat: int | None) -> None:
        """The maker starts a waiting table: its free seats are played by the stand-in (and may be taken
        later, as an away player takes theirs back)."""
        if seat is None:
            raise TableError("spectator", "a spectator cannot start the table")
        async with table.lock:
            if not table.waiting:
                raise TableError("not-waiting", "this table is not waiting for players: it has started")
            maker = table.record.maker
            if maker is not None and seat != maker:
                raise TableError(
                    "not-maker", f"only the table's maker (P{maker}) may start it before every seat is taken"
                )
            await asyncio.to_thread(self.store.set_started, table.id)
            table.record.started = True
            table.stand_in_free_seats()
            log.info("table %s started with bots by seat %d", table.id, seat)
            self._announce(table)
            self._begin(table)
            await self._move_on(table)

    async def leave(self, table: Table, viewer: Viewer) -> None:
        """Forget a viewer whose connection closed; a seat nobody holds any more starts to wait."""
        async with table.lock:
            table.viewers.discard(viewer)
            viewer.closed = True
            if viewer.seat is not None:
                now = time.monotonic()
                settle(table, now)
                live = table.live[viewer.seat]
                live.connections -= 1
                if live.connections == 0:
                    live.away_since = now
                    log.info("table %s seat %d left", table.id, viewer.seat)
                start_clock(table, now)
                self._announce(table)
                await self._move_on(table)
            else:
                self._announce(table)  # the count of spectators changed

    async def resync(self, table: Table, viewer: Viewer, since: int) -> None:
        """Send the viewer its frame again from ``since`` on; one resync at a time, else ``too-fast``."""
        if viewer.resync_frame is not None:
            raise TableError("too-fast", "your last resync's frame has not been sent yet: read it first")
        async with table.lock:
            if table.waiting:
                raise TableError("waiting", WAITING)
            frame = table.frame(viewer, since)
            viewer.resync_frame = frame
            self._send(viewer, frame)

    async def set_auto(self, table: Table, seat: int | None, on: bool) -> None:
        if seat is None:
            raise TableError("spectator", "a spectator has no seat to play")
        async with table.lock:
            await self._update_seat(table, seat, auto=on)
            self._announce(
                table, only=seat
            )  # others are not told: they would learn which moves were lone ones
            await self._move_on(table)

    async def set_name(self, table: Table, seat: int | None, name: str) -> None:
        if seat is None:
            raise TableError("spectator", "a spectator has no seat to name")
        async with table.lock:
            await self._update_seat(table, seat, name=name)
            self._announce(table)

    # ------------------------------------------------------------------ play
    async def act(self, table: Table, seat: int | None, text: str, step: int | None = None) -> None:
        """Take the action ``text`` for ``seat``, then let the bots play; a TableError says why it is refused."""
        if seat is None:
            raise TableError("spectator", "a spectator cannot act")
        async with table.lock:
            state = table.state
            if state is None:
                raise TableError("engine-version", table.problem or "this table cannot be played")
            if state.is_over():
                raise TableError("illegal", "the game is over")
            if table.waiting:
                raise TableError("waiting", WAITING)
            if step is not None and step != state.step(seat):
                raise TableError(
                    "stale",
                    f"the table has moved on since step {step} (it is at step {state.step(seat)}): "
                    "that action was not taken",
                )
            actor = state.current_player()
            if actor != seat:
                turn = state.observe(seat).turn
                whose = f"P{turn} is to act" if turn is not None else "another player is to act"
                raise TableError("not-your-turn", f"it is not your turn: {whose}")
            try:
                action = table.rules.parse_action(text)
            except BumtableError as e:
                raise TableError("bad-action", str(e)) from None
            reason = state.why_illegal(action)
            if reason is not None:
                raise TableError("illegal", reason)
            await self._commit(table, action, "seat")
            await self._move_on(table)

    async def drive(self, table: Table) -> None:
        """Let the bots play while it is a bot's turn (after a table is made or rebuilt)."""
        async with table.lock:
            if table.state is not None and not table.put_away:
                start_clock(table, time.monotonic())
                await self._move_on(table)

    async def _move_on(self, table: Table) -> None:
        """Let bots, stand-ins and auto-play move, then set the timer; a move not written is tried again later."""
        try:
            await self._play_bots(table)
        except Exception:
            log.exception("table %s: a bot's move could not be made; trying again in a second", table.id)
            self._retry(table)
            return
        self._schedule(table)

    def _retry(self, table: Table) -> None:
        if table.timer is not None:
            table.timer.cancel()
        table.timer = asyncio.get_running_loop().call_later(
            RETRY_AFTER, lambda: self._spawn(self._tick(table))
        )

    async def _play_bots(self, table: Table) -> None:
        """Play every turn that is not a present person's to make: bots, stand-ins, auto-play."""
        state = table.state
        assert state is not None
        while not state.is_over() and not table.waiting:
            actor = state.current_player()
            if actor is None:
                return
            seat = table.record.seats[actor]
            live = table.live[actor]
            if seat.kind == "bot":
                by, kind = "seat", seat.bot or "heuristic"
            elif seat.auto and live.connections and not live.stand_in and len(state.legal_actions()) == 1:
                # made after a person's quick think, so that neither the time nor the clock tells others that
                # the seat had no other move; only while its person is there, as a move they chose would be
                now = time.monotonic()
                if table.auto_due is None:
                    think = random.Random(f"{table.record.seed}:{len(table.record.actions)}")
                    longest = self.limits.auto_pause
                    table.auto_due = now + think.uniform(longest / 3, longest)
                if now < table.auto_due or self._paced(table, now):
                    return  # the table's timer comes back for it (absence.next_deadline)
                await self._commit(table, state.legal_actions()[0], "auto")
                continue
            elif live.stand_in and table.people_present():
                by, kind = "stand-in", table.settings.stand_in
            else:
                return
            if self._paced(table, time.monotonic()):
                return
            await self._bot_move(table, actor, kind, by)

    @staticmethod
    def _paced(table: Table, now: float) -> bool:
        """Whether the server's next move must wait for the pace (someone is connected, and the table's last
        action was less than ``pace`` seconds ago); its time is then ``table.pace_due``. Nobody waits on the
        lock meanwhile: the table's timer comes back for the move."""
        pace = table.pace
        if pace <= 0 or not table.viewers or table.last_move_at is None:
            return False
        due = table.last_move_at + pace
        if now >= due:
            return False
        table.pace_due = due
        return True

    async def _bot_move(self, table: Table, actor: int, kind: str, by: str) -> None:
        state = table.state
        assert state is not None
        turn = bot_turn(state, actor)  # the runner's step: its seeding and forced-move rule
        if turn.forced is not None:  # the bot's only answer: it need not queue behind others' searches
            action = turn.forced
        else:
            action = await self.bots.choose(kind, turn.seed, table.record.game, state.observe(actor))
        reason = state.why_illegal(action)
        if reason is not None:  # a bot's bug must not write an illegal action to the log: its first legal one
            log.error(
                "table %s: the %s bot chose an illegal action (%s); its first legal one is played",
                table.id,
                kind,
                reason,
            )
            action = state.legal_actions()[0]
        await self._commit(table, action, by)

    async def _commit(self, table: Table, action: Any, by: str) -> None:
        """Write the action to the log, then apply it and send the frames; unwritten, a TableError ``storage``."""
        state = table.state
        assert state is not None
        now = time.monotonic()
        actor = state.current_player()
        settle(table, now)
        text = table.rules.action_text(action)
        index = len(table.record.actions)
        try:
            await self.writer.append(table.id, index, text, by)
        except Exception as e:
            log.error(
                "table %s: an action could not be written to the log: %s", table.id, e
            )  # no step: maybe silent
            start_clock(table, time.monotonic())
            raise TableError(
                "storage", "the server could not save that action; nothing changed, try again"
            ) from e
        clock = table.settings.clock
        if clock is not None and actor is not None:
            live = table.live[actor]
            if live.bank is not None and by in ("seat", "auto"):
                live.bank += clock.increment
            elif live.bank is not None and by == "clock":
                live.bank = max(clock.increment, MIN_BANK_AFTER_TIMEOUT)
        table.record.actions.append(text)
        table.record.by.append(by)
        table.last_actor = actor
        table.auto_due = table.pace_due = None
        table.last_move_at = time.monotonic()
        state.apply(action, check=False)
        public = table.read_public()
        step = state.step(None)  # as the frames count: an action no event tells of is not counted
        for event in public:
            if event.kind in (HAND_OVER, GAME_OVER):
                log.info("table %s step %d: %s %s", table.id, step, event.kind, event.text)
            else:
                log.debug("table %s step %d: P%s %s %s", table.id, step, event.player, event.kind, event.text)
        if by != "seat" and public:
            log.info("table %s step %d: P%s's move made by %s", table.id, step, actor, by)
        if state.is_over():
            table.record.status = "over"
            await asyncio.to_thread(self.store.set_status, table.id, "over", table.winners())
            log.info("table %s over after %d actions", table.id, len(table.record.actions))
            self._announce(table)
        start_clock(table, time.monotonic())
        for viewer in list(table.viewers):
            frame = table.changed_frame(viewer)
            if frame is not None:
                self._send(viewer, frame)

    # ------------------------------------------------------------------ chat
    async def chat(self, table: Table, viewer: Viewer, text: str) -> None:
        """Keep a chat message with the table, then send it to everyone who may read the chat."""
        seat, limits = viewer.seat, self.limits
        if seat is None and not table.settings.chat_spectators:
            raise TableError(
                "spectator", "this table's chat is for its players: spectators may not write in it"
            )
        shown = read_chat(text, limit=limits.chat_length)
        if viewer.chat_window is None:
            viewer.chat_window = ChatWindow(most=limits.chat_burst, seconds=limits.chat_window)
        if not viewer.chat_window.take(time.monotonic()):
            raise TableError(
                "chat-too-fast",
                f"at most {limits.chat_burst} chat messages in {limits.chat_window:g} seconds: "
                "wait a moment before the next",
            )
        name = None if seat is None else table.record.seats[seat].name
        async with table.chat_lock:  # stored and sent in one order
            try:
                line = await asyncio.to_thread(self.store.add_chat, table.id, seat, name, shown)
            except Exception as e:
                log.error("table %s: a chat message could not be stored: %s", table.id, e)
                raise TableError("storage", "the server could not keep that message; it was not sent") from e
            table.chat = [*table.chat, line][-limits.chat_history :] if limits.chat_history else []
            message = self._chat_message(table, [line])
            for other in list(table.viewers):
                if other.seat is not None or table.settings.chat_spectators:
                    self._send(other, message)

    @staticmethod
    def _chat_message(table: Table, lines: list[Any]) -> dict[str, Any]:
        return {"type": "chat", "v": 1, "table": table.id, "lines": [line.to_dict() for line in lines]}

    # ------------------------------------------------------------------ rematch
    async def rematch(self, table: Table, viewer: Viewer, how: str) -> None:
        """A rematch of a finished table: the first request makes it (and tells everyone), a later one is
        answered with the asker's own seat there."""
        seat = viewer.seat
        if seat is None:
            raise TableError("spectator", "a spectator has no seat to keep in a rematch")
        if table.state is None or not table.state.is_over():
            raise TableError("still-playing", "a rematch is asked for once the match is over")
        async with table.lock:
            if table.record.rematch is None:
                await self._make_rematch(table, seat, how == "shuffled")
            else:
                self._send(viewer, await self._offer_for(table, seat))

    async def _make_rematch(self, old: Table, by: int, shuffled: bool) -> None:
        self._check_room()
        seed = secrets.randbits(62)
        order = rematch_order(old.record.players, seed=seed, shuffled=shuffled)
        tokens: dict[int, str] = {}
        seats: list[SeatRecord] = []
        for new, was in enumerate(order):
            before = old.record.seats[was]
            if before.kind == "bot":
                seats.append(SeatRecord(seat=new, kind="bot", bot=before.bot))
                continue
            tokens[new] = secrets.token_urlsafe(24)
            kept = before.claimed  # a person's seat: kept for them; a free one stays free
            seats.append(
                SeatRecord(
                    seat=new,
                    kind="person",
                    token_hash=hash_token(tokens[new]),
                    name=before.name if kept else None,
                    reserved=kept,
                )
            )
        join_code = secrets.token_urlsafe(12)
        settings = replace(old.settings, seeded=False)
        record = TableRecord(
            id=secrets.token_hex(8),
            game=old.record.game,
            players=old.record.players,
            rules=dict(old.record.rules),
            seed=seed,
            engine_version=family_of(old.rules).engine_version,
            status="playing",
            settings=settings.to_dict(),
            join_hash=hash_token(join_code),
            seats=seats,
            fair_salt=secrets.token_hex(32),
            rematch_of=old.id,
            rematch_seats=list(order),
            maker=order.index(by),
        )
        new_table = await self._install(record, old.rules, settings)
        old.record.rematch = new_table.id
        log.info("table %s: a rematch, %s, asked for by seat %d", old.id, new_table.id, by)
        how = "shuffled" if shuffled else "same"
        base = {"type": "rematch", "v": 1, "table": old.id, "rematch": new_table.id, "seats": how, "by": by}
        free = {str(s.seat): tokens[s.seat] for s in seats if s.kind == "person" and not s.reserved}
        old.offers[None] = {**base, "seat": None, "token": None, "join": None, "free": {}}
        for was, before in enumerate(old.record.seats):
            if before.kind == "person" and before.claimed:
                new = order.index(was)
                maker = was == by
                old.offers[was] = {
                    **base,
                    "seat": new,
                    "token": tokens[new],
                    "join": join_code if maker and free else None,
                    "free": free if maker else {},
                }
        self._announce(old)
        for viewer in list(old.viewers):
            self._send(viewer, old.offers.get(viewer.seat, old.offers[None]))

    async def _offer_for(self, old: Table, seat: int | None) -> dict[str, Any]:
        """The rematch message for a seat of the old table (sent before, or made now: a seat whose rematch
        seat nobody has taken yet gets a new token for it, as its person has shown they hold the old seat)."""
        offer = old.offers.get(seat)
        if offer is not None:
            return offer
        new_id = old.record.rematch
        assert new_id is not None
        new = await self.get(new_id)
        order = new.record.rematch_seats or list(range(new.record.players))
        by = order[new.record.maker or 0]
        offer = {
            "type": "rematch",
            "v": 1,
            "table": old.id,
            "rematch": new.id,
            "seats": "same" if order == list(range(len(order))) else "shuffled",
            "by": 0 if by is None else by,
            "seat": None,
            "token": None,
            "join": None,
            "free": {},
        }
        kept = seat is not None and old.record.seats[seat].claimed and seat in order
        if seat is None or not kept:
            return offer
        place = order.index(seat)
        async with new.lock:
            there = new.record.seats[place]
            if there.kind == "person" and not there.claimed:
                token = secrets.token_urlsafe(24)
                await self._update_seat(new, place, token_hash=hash_token(token))
                offer = {**offer, "seat": place, "token": token}
                old.offers[seat] = offer
        return offer

    # ------------------------------------------------------------------ absence and the clock
    def _schedule(self, table: Table) -> None:
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        deadline = next_deadline(table)
        if deadline is not None:
            delay = max(0.0, deadline - time.monotonic())
            table.timer = asyncio.get_running_loop().call_later(delay, lambda: self._spawn(self._tick(table)))

    async def _tick(self, table: Table) -> None:
        table.timer = None  # it fired
        async with table.lock:
            state = table.state
            if state is None or state.is_over() or table.put_away:
                return
            now = time.monotonic()
            away_after = table.settings.away_after
            over = [s for s in waiting_seats(table) if now - table.live[s].away_since >= (away_after or 0.0)]
            for seat in over:
                table.live[seat].stand_in = True
                log.info(
                    "table %s seat %d away for %.0f s: the stand-in plays it", table.id, seat, away_after
                )
            if over:
                settle(table, now)
                start_clock(table, now)
                self._announce(table)
            actor = clock_ran_out(table, now)
            if actor is not None:
                # not logged here: the move may be a private choice; _commit logs it when an event tells of it
                try:
                    await self._bot_move(table, actor, table.settings.stand_in, "clock")
                except Exception:
                    log.exception(
                        "table %s: the clock's move could not be made; trying again in a second", table.id
                    )
                    self._retry(table)
                    return
            await self._move_on(table)

    # ------------------------------------------------------------------ sending and storing
    def reply(self, viewer: Viewer, message: dict[str, Any]) -> None:
        self._send(viewer, message)

    def _send(self, viewer: Viewer, message: dict[str, Any]) -> None:
        """Queue a message for a viewer; a viewer too slow to take its frames is closed (it resyncs)."""
        if viewer.closed:
            return
        if viewer.queue.qsize() >= self.limits.max_queued_frames:
            viewer.closed = True
            viewer.queue.put_nowait(CLOSE)
            return
        viewer.queue.put_nowait(message)

    def _announce(self, table: Table, only: int | None = None) -> None:
        for viewer in list(table.viewers):
            if only is None or viewer.seat == only:
                self._send(viewer, table.table_message(viewer.seat))

    async def _update_seat(self, table: Table, seat: int, **changes: Any) -> None:
        if changes.get("name") is not None:  # no two seats of a table named alike (Ann, ANN)
            other = taken_by(changes["name"], {s.seat: s.name for s in table.record.seats if s.seat != seat})
            if other is not None:
                raise TableError(
                    "name-taken",
                    f"P{other} is called {table.record.seats[other].name!r}: choose another name",
                )
        await asyncio.to_thread(self.store.update_seat, table.id, seat, **changes)
        table.record.seats[seat] = replace(table.record.seats[seat], **changes)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's task failed", exc_info=task.exception())

    # ------------------------------------------------------------------ replay and records
    def finished_hand(self, table: Table, number: int) -> Hand:
        """Finished hand ``number`` (from 1), or the refusal to tell of it."""
        if table.state is None:
            raise TableError("engine-version", table.problem or "this table cannot be played")
        if not 1 <= number <= len(table.hands):
            raise TableError(
                "no-hand", f"this table has {len(table.hands)} finished hands; there is no hand {number}"
            )
        return table.hands[number - 1]

    def hand_events(self, table: Table, number: int, seat: int | None) -> list[dict[str, Any]]:
        hand = self.finished_hand(table, number)
        assert table.state is not None
        return [e.to_dict() for e in table.state.events(seat, hand.first_seq) if e.seq <= hand.last_seq]

    def hand_frames(self, table: Table, number: int, seat: int | None) -> list[dict[str, Any]]:
        """Finished hand ``number`` as ``seat`` (None: a spectator) saw it, a frame per step it was told of: the
        step, its observation and that step's events; the first frame is the hand's start (its deal).

        The hand is played again from the table's seed and log, stopped at the hand's end where the family deals
        hands, so its last frame shows the hand as it ended, not the next deal."""
        hand = self.finished_hand(table, number)
        start = table.hands[number - 2].last_action if number > 1 else 0
        rules = table.rules
        state = rules.new_state(table.record.seed)
        for text in table.record.actions[:start]:
            state.apply(rules.parse_action(text))
        stop = family_of(rules).stop_at_hand_end
        if stop is not None:
            stop(state)
        frames: list[dict[str, Any]] = []
        seq = hand.first_seq
        for i in range(start, hand.last_action + 1):
            if i > start:
                told = state.step(seat)
                state.apply(rules.parse_action(table.record.actions[i - 1]))
                if state.step(seat) == told:
                    continue  # an action this viewer was not told of: no frame
            events = [e for e in state.events(seat, seq) if e.seq <= hand.last_seq]
            seq = events[-1].seq + 1 if events else seq
            frames.append(
                {
                    "step": state.step(seat),
                    "observation": state.observe(seat).to_dict({}),
                    "events": [e.to_dict() for e in events],
                }
            )
        return frames

    def record(self, table: Table, hand: int | None = None) -> dict[str, Any]:
        """The match's record, to the end of ``hand`` if given; only once it is over (it shows hidden cards)."""
        state = table.state
        if state is None:
            raise TableError("engine-version", table.problem or "this table cannot be played")
        if not state.is_over():
            raise TableError(
                "still-playing",
                "the match is still being played: its record would show hidden cards; each seat may replay "
                "the finished hands as it saw them (GET .../hands/N)",
            )
        names = [s.name or f"P{s.seat}" for s in table.record.seats]
        kinds = [s.kind if s.bot is None else s.bot for s in table.record.seats]
        fair = {}
        if table.fair is not None:  # the maker may have chosen the seed: the record says so
            fair = {"fair": {**table.fair.record(state), "seeded": table.settings.seeded}}
        whole = GameRecord.of(state, table=table.id, seats=kinds, names=names, **fair)
        if hand is None:
            return whole.to_dict()
        if not 1 <= hand <= len(table.hands):
            raise TableError(
                "no-hand", f"this table has {len(table.hands)} finished hands; there is no hand {hand}"
            )
        return replace(whole, actions=whole.actions[: table.hands[hand - 1].last_action]).to_dict()

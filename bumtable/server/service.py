"""The table service: tables in memory, rebuilt from the store on start; one lock per table.

An action comes in as text from a seat's connection. The rules decide: a bad text is answered
with the notation error, an action that is not legal now with ``state.why_illegal``, and a seat
that is not to act with whose turn it is. An accepted action is committed to the table's log in
the database **before** it is applied and broadcast, so a crash loses nothing anyone saw. Bots
play their seats on the same observations as people, deciding off the event loop
(``asyncio.to_thread``), seeded from (table seed, seat, action number) as the terminal game does.

Each viewer (a seat's connection or a spectator's) gets frames holding only its own observation
and the events it may see, built by the rules layer (``state.observe``, ``state.events``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bumtable.bots import make_bot
from bumtable.bots.seeds import bot_seed
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.rules.protocol import AnyRules, AnyState
from bumtable.rules.registry import family_of, rules_from_dict, system
from bumtable.server.messages import StateMessage
from bumtable.server.store import SeatRecord, Store, TableRecord, hash_token

log = logging.getLogger("bumtable.server")


class TableError(BumtableError):
    """A request the service refuses; ``code`` names why (see :class:`~bumtable.server.messages.ErrorMessage`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, kw_only=True)
class SeatSpec:
    """Who sits in a seat when a table is made: a person, or a bot of a kind."""

    kind: str = "person"
    bot: str = "heuristic"


@dataclass(eq=False)
class Viewer:
    """One connection's place at a table: its seat (None: a spectator), its outgoing frames and the seq of
    the next event it has not been sent."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    next: int = 0


@dataclass(eq=False, kw_only=True)
class Table:
    """A table in play: its stored form, its rules and state, its lock and its viewers."""

    record: TableRecord
    rules: AnyRules
    state: AnyState | None
    """None when the table cannot be replayed (see ``problem``)."""
    problem: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    viewers: set[Viewer] = field(default_factory=set)

    @property
    def id(self) -> str:
        return self.record.id

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table: game, seats, status, whose turn, how many actions."""
        turn = None
        if self.state is not None:
            turn = self.state.observe(None).turn
        return {
            "id": self.id,
            "game": self.record.game,
            "players": self.record.players,
            "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in self.record.seats],
            "status": "stale" if self.problem else self.record.status,
            "problem": self.problem,
            "engine_version": self.record.engine_version,
            "actions": len(self.record.actions),
            "turn": turn,
            "rules": self.record.rules,
        }


class TableService:
    """Every table of one server process, backed by a :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ start and create
    async def start(self) -> None:
        """Rebuild every table by replaying its log, then let bots play where it is their turn."""
        records = await asyncio.to_thread(self.store.load_tables)
        for record in records:
            table = rebuild(record)
            self.tables[table.id] = table
            if table.problem:
                log.warning("table %s not replayed: %s", table.id, table.problem)
            else:
                log.info("table %s rebuilt: %s, %d actions", table.id, record.game, len(record.actions))
                self._spawn(self.drive(table))

    async def stop(self) -> None:
        """Stop the bots' tasks."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def create(
        self,
        game: str,
        *,
        players: int | None = None,
        variants: Iterable[str] = (),
        options: dict[str, Any] | None = None,
        seats: list[SeatSpec] | None = None,
        seed: int | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table and a token for each person's seat; a RulesError or TableError names what is wrong.

        Seats default to one person (seat 0) and heuristic bots; a table of people plays with the
        game's ``people_options`` unless ``options`` set them.
        """
        sys = system(game)
        rules = get(sys.name, players=players, variants=list(variants))
        chosen = dict(options or {})
        people = {k: v for k, v in sys.people_options.items() if k not in chosen}
        if chosen or people:
            data = rules.to_dict()
            unknown = sorted(set(chosen) - set(data))
            if unknown:
                raise TableError("bad-rules", f"{sys.name} has no option {unknown[0]!r}")
            rules = rules.replace(**people, **chosen)
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
                stored.append(SeatRecord(seat=i, kind="person", token_hash=hash_token(tokens[i])))
            elif spec.kind == "bot":
                make_bot(
                    spec.bot, 0, game=sys.name
                )  # an unknown bot kind fails here, before anything is stored
                stored.append(SeatRecord(seat=i, kind="bot", bot=spec.bot))
            else:
                raise TableError("bad-seats", f"seat {i}: kind must be 'person' or 'bot', not {spec.kind!r}")
        record = TableRecord(
            id=secrets.token_hex(8),
            game=sys.name,
            players=rules.players,
            rules=rules.to_dict(),
            seed=secrets.randbits(62) if seed is None else seed,
            engine_version=family_of(rules).engine_version,
            status="playing",
            seats=stored,
        )
        table = Table(record=record, rules=rules, state=rules.new_state(record.seed))
        await asyncio.to_thread(self.store.add_table, record, stored)
        self.tables[table.id] = table
        log.info("table %s created: %s for %d, seats %s", table.id, sys.name, rules.players, stored)
        self._spawn(self.drive(table))
        return table, tokens

    # ------------------------------------------------------------------ viewers
    def table(self, table_id: str) -> Table:
        """The table of that id (a TableError if there is none)."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no-table", f"no table {table_id!r}")
        return table

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` holds (None without a token: a spectator); a TableError for any other token."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in table.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise TableError("bad-token", "that token holds no seat at this table")

    async def join(self, table: Table, seat: int | None, since: int = 0) -> Viewer:
        """A new viewer of the table, sent its first frame (events from ``since`` on)."""
        if table.state is None:
            raise TableError("engine-version", table.problem or "this table cannot be played")
        viewer = Viewer(seat)
        async with table.lock:
            table.viewers.add(viewer)
            viewer.queue.put_nowait(self.frame(table, viewer, since))
        return viewer

    def leave(self, table: Table, viewer: Viewer) -> None:
        """Forget a viewer whose connection closed."""
        table.viewers.discard(viewer)

    async def resync(self, table: Table, viewer: Viewer, since: int) -> None:
        """Send the viewer its observation again with every event from ``since`` on."""
        async with table.lock:
            viewer.queue.put_nowait(self.frame(table, viewer, since))

    def frame(self, table: Table, viewer: Viewer, since: int | None = None) -> dict[str, Any]:
        """A ``state`` message for the viewer: its observation and the events it saw from ``since`` (default:
        its cursor) on; moves its cursor past them."""
        state = table.state
        assert state is not None
        start = viewer.next if since is None else since
        events = state.events(viewer.seat, start)
        viewer.next = events[-1].seq + 1 if events else max(start, viewer.next)
        message = StateMessage(
            table=table.id,
            seat=viewer.seat,
            step=len(table.record.actions),
            observation=state.observe(viewer.seat).to_dict(),
            events=[e.to_dict() for e in events],
            since=start,
            next=viewer.next,
        )
        return message.model_dump(mode="json")

    # ------------------------------------------------------------------ play
    async def act(self, table: Table, seat: int | None, text: str) -> None:
        """Take the action ``text`` for ``seat``, then let the bots play; a TableError with the rules' reason
        if the action is refused."""
        if seat is None:
            raise TableError("spectator", "a spectator cannot act")
        async with table.lock:
            state = table.state
            if state is None:
                raise TableError("engine-version", table.problem or "this table cannot be played")
            if state.is_over():
                raise TableError("illegal", "the game is over")
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
            await self._commit(table, action)
            await self._play_bots(table)

    async def drive(self, table: Table) -> None:
        """Let the bots play while it is a bot's turn (after a table is made or rebuilt)."""
        async with table.lock:
            await self._play_bots(table)

    async def _play_bots(self, table: Table) -> None:
        state = table.state
        assert state is not None
        kinds = {s.seat: s.bot for s in table.record.seats if s.kind == "bot"}
        while not state.is_over():
            actor = state.current_player()
            if actor is None or actor not in kinds:
                return
            bot = make_bot(
                kinds[actor] or "heuristic",
                bot_seed(state.seed, actor, len(state.history)),
                game=table.record.game,
            )
            action = await asyncio.to_thread(bot.choose, state.observe(actor))
            await self._commit(table, action)

    async def _commit(self, table: Table, action: Any) -> None:
        """Write the action to the log, then apply it and send every viewer its frame (lock held)."""
        state = table.state
        assert state is not None
        text = table.rules.action_text(action)
        index = len(table.record.actions)
        await asyncio.to_thread(self.store.append_action, table.id, index, text)
        table.record.actions.append(text)
        state.apply(action, check=False)
        if state.is_over():
            table.record.status = "over"
            await asyncio.to_thread(self.store.set_status, table.id, "over")
            log.info("table %s over after %d actions", table.id, len(table.record.actions))
        for viewer in table.viewers:
            viewer.queue.put_nowait(self.frame(table, viewer))

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


def rebuild(record: TableRecord) -> Table:
    """A table from its stored form: its log replayed, unless its engine version changed (then it says so)."""
    rules = rules_from_dict(record.rules)
    now = family_of(rules).engine_version
    if now != record.engine_version:
        problem = (
            f"this table was played with {record.game} engine version {record.engine_version}; this server has "
            f"version {now}, which may replay it differently, so it is not replayed"
        )
        return Table(record=record, rules=rules, state=None, problem=problem)
    state = rules.new_state(record.seed)
    for i, text in enumerate(record.actions):
        try:
            state.apply(rules.parse_action(text))
        except BumtableError as e:
            problem = f"action {i} ({text!r}) no longer replays: {e}"
            return Table(record=record, rules=rules, state=None, problem=problem)
    record.status = "over" if state.is_over() else "playing"
    return Table(record=record, rules=rules, state=state)

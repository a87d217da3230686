"""A seat at a table server (``bumtable serve``), taken with the links ``bumtable join`` takes. The connection says
it plays for an agent (``agent=true``), so the table marks the seat; the server judges every action, and its
frames (the seat's observation and events) are all the agent is told."""

from __future__ import annotations

import threading
import time
from functools import partial
from itertools import groupby
from typing import Any

from rich.text import Text

from bumtable.agents.choice import read_action
from bumtable.agents.errors import AgentError, Refused
from bumtable.agents.seat_game import SeatGame
from bumtable.agents.seat_words import SeatNames, WordsFor
from bumtable.client.links import RemoteError, TableLink, scoreboard, table_info, take_free_seat
from bumtable.client.table_socket import Lost, Message, TableSocket
from bumtable.rules.events import Event
from bumtable.rules.registry import family_of, rules_from_dict

ANSWER_WITHIN = 15.0
"""Seconds to wait for the server's answer to an action, or for its first messages."""
FATAL = {"no-table", "bad-token", "seat-taken", "table-full", "engine-version", "set-aside", "invalid"}
"""Error codes that answer a connection's opening and close it: the seat cannot be had."""
MOVED_FOR_THE_SEAT = ("clock", "stand-in")
"""A frame made by these for the seat is not the answer to its action (which the server then refuses)."""


class TableGame(SeatGame):
    """The seat of ``link`` (a seat's own link, or the join link: a free seat is taken with it)."""

    kind = "table"

    def __init__(self, game_id: str, link: str, *, name: str | None, words_for: WordsFor) -> None:
        super().__init__(game_id)
        try:
            parsed = TableLink.parse(link)
            if parsed.token is None and parsed.join is None:
                raise AgentError(
                    "that is the table's page, for watching: an agent takes a seat with a seat's own link "
                    "(…/t/ID?token=…) or the join link (…/t/ID?join=…)"
                )
            table_info(parsed)  # a missing table or an unreachable server is said before a seat is taken
            if parsed.join is not None:
                _, token = take_free_seat(parsed, name)
                parsed = parsed.for_seat(token)
        except RemoteError as e:
            raise AgentError(str(e)) from None
        assert parsed.token is not None
        self.link = parsed
        self.seat_link = parsed.seat_link(parsed.token)
        self.name = name
        self.words_for = words_for
        self.table: dict[str, Any] | None = None
        self.next = 0
        self.step = 0
        self.frames = 0
        self.by: str | None = None
        self.own_frames = 0
        self.refusals: list[str] = []
        self.acting = False
        """An action was sent and its answer is awaited (an error then is its refusal, not news)."""
        self.arrived = False
        self.leaving = False
        self.socket = TableSocket(parsed, url=self._url, say=self._say, put=self._put)
        kept = f" (the seat is yours: join_table with {self.seat_link} to come back)"
        try:
            self.socket.open()
        except RemoteError as e:
            raise AgentError(f"{e}{kept}") from None
        with self.cond:
            came = self.cond.wait_for(lambda: self.arrived or self.problem is not None, timeout=ANSWER_WITHIN)
            problem = self.problem
        if problem is not None or not came:
            self.close()
            raise AgentError(
                (problem or f"the table at {parsed.page()} did not answer within {ANSWER_WITHIN:g} s") + kept
            )

    def about(self) -> dict[str, Any]:
        with self.cond:
            table = self.table or {}
            return {
                "game_id": self.game_id,
                "kind": self.kind,
                "game": table.get("game"),
                "players": table.get("players"),
                "seat": self.seat,
                "table": self.link.table,
                "seat_link": self.seat_link,
                "waiting": bool(table.get("waiting")),
                "over": self.over(),
            }

    # ------------------------------------------------------------------ the connection (its own thread)
    def _url(self) -> str:
        return self.link.socket_url(since=self.next, name=self.name, agent=True)

    def _say(self, text: Text) -> None:
        with self.cond:
            self.tell(text.plain)

    def _put(self, item: Message | Lost) -> None:
        with self.cond:
            if isinstance(item, Lost):
                self._lost(item)
            else:
                kind = item.data.get("type")
                if kind == "table":
                    self._on_table(item.data)
                elif kind == "state":
                    self._on_state(item.data)
                elif kind == "error":
                    self._on_error(item.data)
                elif kind == "chat":
                    for line in item.data.get("lines", []):
                        who = line.get("name") or (
                            "a spectator" if line.get("seat") is None else f"P{line['seat']}"
                        )
                        self.tell(f"Chat, {who}: {line.get('text', '')}")
            self.cond.notify_all()

    def _lost(self, lost: Lost) -> None:
        if self.leaving or lost.connection != self.socket.connections or self.over():
            return
        if lost.problem is not None or not self.arrived:
            self.problem = lost.problem or "the server closed the connection"
            return
        threading.Thread(target=self._reconnect, name=f"reconnect {self.game_id}", daemon=True).start()

    def _reconnect(self) -> None:
        try:
            self.socket.reconnect()
        except RemoteError as e:
            with self.cond:
                self.problem = str(e)
                self.cond.notify_all()

    def _on_table(self, data: dict[str, Any]) -> None:
        self.table = data
        if self.rules is None:
            self.rules = rules_from_dict(data["rules"])
            self.words = self.words_for(self.rules)
            self.seat = data.get("you")
        self.seats = SeatNames.numbered(int(data["players"]), self.seat, [_kind(s) for s in data["seats"]])
        self.arrived = True

    def _on_state(self, data: dict[str, Any]) -> None:
        rules, words = self.rules, self.words
        assert rules is not None and words is not None
        obs = family_of(rules).observation_from_dict(data["observation"], rules)
        events = [Event.from_dict(e) for e in data["events"]]
        was_over = self.over()
        if self.obs is None:
            self.tell(words.opening(obs, self.seats))
        else:  # each action's events told against the observation before them, as a person's client does
            for _, group in groupby(events, key=lambda e: e.step):
                self.tell(words.news(self.obs, list(group), obs, self.seats))
        self.obs, self.next, self.step, self.by = obs, data["next"], data["step"], data.get("by")
        self.frames += 1
        if any(e.player == self.seat for e in events):  # an action of this seat's (not another's move)
            self.own_frames += 1
        if self.over() and not was_over:
            self.tell(words.final(obs, self.seats))

    def _on_error(self, data: dict[str, Any]) -> None:
        code, text = str(data.get("code", "")), str(data.get("message", ""))
        if code in FATAL and not self.arrived:
            self.problem = f"the server refused the seat: {text}"
            return
        self.refusals.append(text)
        if not self.acting:  # not an action's refusal: a name refused, say
            self.tell(f"The server says: {text}")

    # ------------------------------------------------------------------ the agent's turn
    def act(self, given: str | int) -> dict[str, Any]:
        with self.cond:
            obs = self.started()
            assert self.rules is not None
            if self.over():
                raise AgentError(f"game {self.game_id} is over: result gives the places and returns")
            try:
                attempt = read_action(self.rules, obs.to_dict()["legal"], given)
            except Refused:
                self.tally.refuse()
                raise
            refusals, frames = len(self.refusals), self.own_frames
            self.acting = True  # (``cond`` is held: no answer is read before the wait)
            try:
                self.socket.send({"type": "act", "v": 1, "action": attempt.text, "step": self.step})
                return self._answer(attempt.text, refusals, frames)
            finally:
                self.acting = False

    def _answer(self, text: str, refusals: int, frames: int) -> dict[str, Any]:
        """Wait for the server's answer to the action ``text`` (``cond`` held): its refusal, or a frame it made."""
        deadline = time.monotonic() + ANSWER_WITHIN
        while True:  # the first refusal, or a frame the action made
            self.cond.wait_for(
                partial(self._answered, refusals, frames), timeout=max(0.0, deadline - time.monotonic())
            )
            if len(self.refusals) > refusals:
                self.tally.refuse()
                raise Refused(f"{text!r} was refused: {self.refusals[refusals]}")
            self.check()
            if self.own_frames > frames and self.by not in MOVED_FOR_THE_SEAT:
                self.tally.accept()
                return {"accepted": True, "action": text, "turn": self.turn_line()}
            if time.monotonic() >= deadline:
                raise AgentError(
                    f"the server did not answer within {ANSWER_WITHIN:g} s; wait_for_turn tells whether "
                    "the action was taken"
                )
            frames = self.own_frames

    def _answered(self, refusals: int, frames: int) -> bool:
        """A refusal or a frame of this seat's action came since there were ``refusals`` and ``frames``, or the
        table was lost."""
        return len(self.refusals) > refusals or self.own_frames > frames or self.problem is not None

    def outcome(self) -> dict[str, Any] | None:
        if not self.over():
            return None
        try:
            board = scoreboard(self.link)
        except RemoteError as e:
            raise AgentError(f"the result could not be fetched: {e}") from None
        outcome: dict[str, Any] | None = board.get("outcome")
        return outcome

    def close(self) -> None:
        with self.cond:
            self.leaving = True
            self.cond.notify_all()
        self.socket.close()


def _kind(seat: dict[str, Any]) -> str:
    """A seat of a ``table`` message in a word or two, as the table shows it."""
    if seat.get("kind") == "bot":
        return f"{seat.get('bot')} bot"
    if seat.get("agent"):
        return "agent"
    if not seat.get("claimed"):
        return "person, free seat"
    return "person" if seat.get("present") else "person, away"

"""A game in this process: the agent's seat against bots, which play their turns themselves in a thread of the
game's own. Each bot takes its turn as at a table server (``sim.runner.bot_turn``): a fresh bot per decision,
seeded by the game's seed, its seat and the actions so far, and a lone legal action made without asking; so a
seed gives the same game whatever the agent's timing."""

from __future__ import annotations

import logging
import threading
from typing import Any

from bumtable.agents.choice import read_action
from bumtable.agents.errors import AgentError, Refused
from bumtable.agents.seat_game import SeatGame
from bumtable.agents.seat_words import SeatNames, WordsFor
from bumtable.bots import make_bot
from bumtable.rules import Rules
from bumtable.sim.runner import bot_turn

log = logging.getLogger("bumtable.agents")


class LocalGame(SeatGame):
    """The agent at ``seat``, ``bots[p]`` (a bot kind) at every other seat ``p``."""

    kind = "local"

    def __init__(
        self, game_id: str, rules: Rules, *, seed: int, seat: int, bots: tuple[str, ...], words_for: WordsFor
    ) -> None:
        super().__init__(game_id)
        self.rules = rules
        self.seed = seed
        self.seat = seat
        self.bots = bots
        self.state = rules.new_state(seed)
        kinds = ["agent" if p == seat else f"{kind} bot" for p, kind in enumerate(bots)]
        self.seats = SeatNames.numbered(rules.players, seat, kinds)
        self.words = words_for(rules)
        self.obs = self.state.observe(seat)
        self.seen = len(self.state.events(seat))
        """The seat's events told so far (the opening tells the story until now)."""
        self.tell(self.words.opening(self.obs, self.seats))
        self.closed = False
        self.worker: threading.Thread | None = None
        self.play_bots()

    def about(self) -> dict[str, Any]:
        assert self.rules is not None
        return {
            "game_id": self.game_id,
            "kind": self.kind,
            "game": self.rules.system,
            "players": self.rules.players,
            "seat": self.seat,
            "bots": [None if p == self.seat else kind for p, kind in enumerate(self.bots)],
            "seed": self.seed if self.over() else None,  # the seed deals every hand: told once it is over
            "over": self.over(),
        }

    # ------------------------------------------------------------------ the agent's turn
    def act(self, given: str | int) -> dict[str, Any]:
        assert self.rules is not None and self.seat is not None
        with self.cond:
            self.check()
            if self.state.is_over():
                raise AgentError(f"game {self.game_id} is over: result gives the places and returns")
            legal = self.obs.to_dict()["legal"]
            try:
                attempt = read_action(self.rules, legal, given)
                if self.state.current_player() != self.seat:
                    raise Refused(f"it is not your turn: {self.turn_line().removeprefix('Not your turn: ')}")
                reason = self.state.why_illegal(attempt.action)
                if reason is not None:
                    raise Refused(f"{attempt.text!r} is not legal now: {reason}")
            except Refused:
                self.tally.refuse()
                raise
            self.state.apply(attempt.action)
            self.tally.accept()
            self.after_action()
            done = {"accepted": True, "action": attempt.text, "turn": self.turn_line()}
        self.play_bots()
        return done

    # ------------------------------------------------------------------ the bots' turns
    def play_bots(self) -> None:
        """Start the bots' thread, unless it runs or the seat is to act (or the game is over)."""
        with self.cond:
            if self.worker is not None or self.closed or self.state.current_player() in (None, self.seat):
                return
            self.worker = threading.Thread(target=self._bots, name=f"bots of {self.game_id}", daemon=True)
            self.worker.start()

    def _bots(self) -> None:
        try:
            while True:
                with self.cond:
                    seat = self.state.current_player()
                    if seat is None or seat == self.seat or self.closed:
                        return
                    turn = bot_turn(self.state, seat)
                    seen = self.state.observe(seat)
                action = turn.forced if turn.forced is not None else self._decide(seat, turn.seed, seen)
                with self.cond:  # nobody else moves while a bot's seat is to act
                    self.state.apply(action)
                    self.after_action()
        except Exception as e:  # the game stops with a reason; the server goes on
            log.exception("a bot failed in game %s", self.game_id)
            with self.cond:
                self.problem = f"a bot failed: {e}"
        finally:
            with self.cond:
                self.worker = None
                self.cond.notify_all()

    def _decide(self, seat: int, seed: int, seen: Any) -> Any:
        assert self.rules is not None
        return make_bot(self.bots[seat], seed, game=self.rules.system).choose(seen)

    def after_action(self) -> None:
        """Tell what the latest action did as the seat saw it, and wake whoever waits (``cond`` is held)."""
        assert self.words is not None and self.seat is not None
        before = self.obs
        events = self.state.events(self.seat, self.seen)
        self.seen += len(events)
        self.obs = self.state.observe(self.seat)
        if events:
            self.tell(self.words.news(before, events, self.obs, self.seats))
        if self.state.is_over():
            self.tell(self.words.final(self.obs, self.seats))
        self.cond.notify_all()

    def outcome(self) -> dict[str, Any] | None:
        with self.cond:
            outcome = self.state.outcome() if self.state.is_over() else None
            return None if outcome is None else outcome.to_dict()

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

"""What every game an agent plays offers its tools, whether against local bots or at a table server: the seat's
view (in words and as its observation's wire form), its legal actions, acting, waiting for its turn with what
happened meanwhile, and the result. Only the seat's observation and events are ever read."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from typing import Any

from bumtable.agents.errors import AgentError
from bumtable.agents.seat_words import GameWords, SeatNames
from bumtable.agents.tally import Tally
from bumtable.rules import Rules
from bumtable.rules.phases import OVER
from bumtable.rules_text.summary import rules_summary

LONGEST_WAIT = 600.0
"""The longest ``wait`` in seconds (an MCP client gives up on a request long before)."""


class SeatGame(ABC):
    """One seat an agent plays; ``cond`` guards what the game's threads and the tools share."""

    kind: str
    """``local`` (against bots in this process) or ``table`` (at a table server)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.cond = threading.Condition()
        self.tally = Tally()
        self.news: list[str] = []
        """What happened since the agent last waited, in words, oldest first."""
        self.problem: str | None = None
        """Why the game cannot go on (a bot failed, the table was lost), once it cannot."""
        self.rules: Rules | None = None
        self.seat: int | None = None
        self.seats = SeatNames(())
        self.words: GameWords | None = None
        self.obs: Any = None
        """The seat's latest observation (None before the first)."""

    # ------------------------------------------------------------------ what a family of games supplies
    @abstractmethod
    def act(self, given: str | int) -> dict[str, Any]:
        """Take the action ``given`` for the seat; :class:`~bumtable.agents.errors.Refused` when not taken."""

    @abstractmethod
    def outcome(self) -> dict[str, Any] | None:
        """The game's outcome (``Outcome.to_dict()``) once it is over, else None."""

    @abstractmethod
    def about(self) -> dict[str, Any]:
        """The game in a few fields: its id, kind, game, players and the agent's seat."""

    @abstractmethod
    def close(self) -> None:
        """Let the game go (a table's connection is closed; its seat waits there)."""

    # ------------------------------------------------------------------ shared
    def over(self) -> bool:
        return self.obs is not None and self.obs.phase == OVER

    def your_turn(self) -> bool:
        obs = self.obs
        return obs is not None and obs.seat is not None and obs.turn == obs.seat and bool(obs.legal_actions())

    def settled(self) -> bool:
        """The agent's turn, the end, or a problem: waiting is over."""
        return self.your_turn() or self.over() or self.problem is not None

    def check(self) -> None:
        """An AgentError when the game cannot go on."""
        if self.problem is not None:
            raise AgentError(f"game {self.game_id} cannot go on: {self.problem}")

    def started(self) -> Any:
        """The seat's observation; an AgentError while there is none yet (a table that waits for players)."""
        self.check()
        if self.obs is None:
            raise AgentError(
                f"game {self.game_id} has not started: the table waits for its players (wait_for_turn waits)"
            )
        return self.obs

    def turn_line(self) -> str:
        obs = self.obs
        if self.problem is not None:
            return f"The game cannot go on: {self.problem}."
        if obs is None:
            return "The table waits for its players."
        if self.over():
            return "The game is over: result gives the places and returns."
        if self.your_turn():
            n = len(obs.legal_actions())
            return f"Your turn: {n} legal action{'s' if n != 1 else ''} (legal_actions lists them)."
        if obs.turn is None:
            return "Not your turn: another player is choosing."
        return f"Not your turn: {self.seats.names[obs.turn]} to act."

    def view_words(self) -> str:
        """The table as the seat sees it, as the terminal shows it, and whose turn it is."""
        with self.cond:
            obs = self.started()
            assert self.words is not None
            return f"{self.words.table(obs, self.seats)}\n\n{self.turn_line()}"

    def view_json(self) -> dict[str, Any]:
        """The seat's observation in its wire form (``observation.to_dict()``)."""
        with self.cond:
            data: dict[str, Any] = self.started().to_dict()
            return data

    def legal(self) -> dict[str, Any]:
        """The seat's legal actions now (none when it is not its turn), each with its text and code."""
        with self.cond:
            obs = self.started()
            return {
                "your_turn": self.your_turn(),
                "actions": obs.to_dict()["legal"],
                "turn": self.turn_line(),
            }

    def rules_words(self) -> str:
        """The game's rules in short, as ``bumtable games GAME`` and the terminal's ``r`` say them."""
        assert self.rules is not None
        return rules_summary(self.rules)

    def wait(self, timeout: float) -> dict[str, Any]:
        """Wait until the seat is to act or the game ends (at most ``timeout`` seconds); what happened since
        the last wait, in words, and the view when the seat is to act or the game is over."""
        if not 0 <= timeout <= LONGEST_WAIT:
            raise AgentError(f"timeout must be from 0 to {LONGEST_WAIT:g} seconds, not {timeout:g}")
        deadline = time.monotonic() + timeout
        with self.cond:
            self.cond.wait_for(self.settled, timeout=max(0.0, deadline - time.monotonic()))
            news, self.news = self.news, []
            answer: dict[str, Any] = {
                "your_turn": self.your_turn(),
                "over": self.over(),
                "timed_out": not self.settled(),
                "events": "\n".join(news),
                "turn": self.turn_line(),
            }
            if self.problem is not None:
                answer["problem"] = self.problem
            if (self.your_turn() or self.over()) and self.words is not None:
                answer["view"] = self.words.table(self.obs, self.seats)
            return answer

    def result(self) -> dict[str, Any]:
        """The places and returns once the game is over (the agent's own first), and the tally of its tries."""
        outcome = self.outcome()
        answer: dict[str, Any] = {"game_id": self.game_id, "over": outcome is not None, "seat": self.seat}
        if outcome is not None and self.seat is not None:
            answer["place"] = outcome["places"][self.seat]
            answer["return"] = outcome["returns"][self.seat]
            answer["outcome"] = outcome
        answer["tally"] = self.tally.to_dict()
        return answer

    def tell(self, line: str) -> None:
        """Add a piece of news (the caller holds ``cond``)."""
        if line.strip():
            self.news.append(line.rstrip())

"""The one game loop of bots and people: ``bumtable play``, simulations and tournaments play here and the table
server takes its bots' turns from :func:`bot_turn`, so a forced move, a bot's seed and a hand's end are decided
the same way everywhere.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> runner = Runner(state, ["heuristic", "random", "heuristic", "random"], PerSeat((1, 2, 3, 4)))
>>> runner.play(until=HAND_END).end, state.observe(None).last_result.hand_no
('hand', 1)
>>> runner.play().end, state.is_over()
('over', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bumtable.bots import Bot, make_bot
from bumtable.bots.seeds import PER_DECISION, PerDecision, PerSeat
from bumtable.rules import State, family_of

Until = Literal["hand", "game"]
HAND_END: Until = "hand"
"""Stop when the hand in play ends (or the game, where it has no hands)."""
GAME_END: Until = "game"

End = Literal["over", "hand", "stopped"]
OVER: End = "over"
HAND: End = "hand"
"""The hand in play ended; the game goes on."""
STOPPED: End = "stopped"
"""A person (their function gave None) or ``on_step`` (it gave False) stopped the play."""

Person = Callable[[int], Sequence[Any] | None]
"""A person's seat: given the seat at its turn, the actions they take (None to stop)."""

StepHook = Callable[[int, Any], bool]
"""Told of each action just taken, with the seat that took it; False stops the play."""


@dataclass(frozen=True)
class Played:
    actions: list[Any]
    end: End


@dataclass(frozen=True)
class BotTurn:
    """A fresh bot's turn: the lone legal action ``forced``, made without asking, or the seed of the bot."""

    forced: Any | None
    seed: int


def bot_turn(state: State, seat: int) -> BotTurn:
    """``seat``'s turn now under ``PER_DECISION``, as the table server and :class:`Runner` take it."""
    legal = state.legal_actions()
    return BotTurn(legal[0] if len(legal) == 1 else None, PER_DECISION.seed(state, seat))


class Runner:
    """Plays ``state`` with ``seats[p]`` (a bot kind or a :data:`Person`) at seat ``p``, bots seeded by
    ``seeding``; ``check`` checks every action's legality. ``PerSeat`` bots are made once and last over calls
    of :meth:`play`; a forced move is made without asking a fresh bot, and without asking a lasting one unless
    its ``asks_forced_moves``."""

    def __init__(
        self,
        state: State,
        seats: Sequence[str | Person],
        seeding: PerDecision | PerSeat = PER_DECISION,
        *,
        check: bool = False,
    ) -> None:
        n = state.rules.players
        if len(seats) != n:
            raise ValueError(f"{len(seats)} seats for a {n}-player game")
        self.state = state
        self.seats = tuple(seats)
        self.check = check
        self.hands_over = family_of(state.rules).hands_over
        self.game = state.rules.system
        self.bots: list[Bot | None] = [None] * n
        """Each seat's lasting bot (``PerSeat``); None for a person, or a bot made per decision."""
        self.unasked = [False] * n
        if isinstance(seeding, PerSeat):
            for p, (who, seed) in enumerate(zip(self.seats, seeding.seeds, strict=True)):
                if isinstance(who, str):
                    bot = make_bot(who, seed, game=self.game)
                    self.bots[p] = bot
                    self.unasked[p] = not bot.asks_forced_moves

    def play(self, until: Until = GAME_END, on_step: StepHook | None = None) -> Played:
        """Play until the game is over, ``until`` the hand in play ends, or a person or ``on_step`` stops."""
        state = self.state
        current, legal_actions, observe, apply = (
            state.current_player,
            state.legal_actions,
            state.observe,
            state.apply,
        )
        bots, unasked, check = self.bots, self.unasked, self.check
        hands_over = self.hands_over if until == HAND_END else None
        start = 0 if hands_over is None else hands_over(state)
        actions: list[Any] = []
        while True:
            seat = current()
            if seat is None:
                return Played(actions, OVER if state.is_over() else HAND)
            bot = bots[seat]
            if bot is not None:  # the seat's lasting bot: one action (the hot path of simulations)
                legal = legal_actions()
                action = legal[0] if len(legal) == 1 and unasked[seat] else bot.choose(observe(seat))
                apply(action, check=check)
                actions.append(action)
                if on_step is not None and not on_step(seat, action):
                    return Played(actions, STOPPED)
            else:  # a person, or a bot made for this decision
                taken = self.decide(seat)
                if taken is None:
                    return Played(actions, STOPPED)
                for action in taken:
                    apply(action, check=check)
                    actions.append(action)
                    if on_step is not None and not on_step(seat, action):
                        return Played(actions, STOPPED)
            if hands_over is not None and hands_over(state) != start:
                return Played(actions, OVER if state.is_over() else HAND)

    def decide(self, seat: int) -> Sequence[Any] | None:
        """The actions of a seat with no lasting bot: its person's, or a fresh bot's."""
        who = self.seats[seat]
        if not isinstance(who, str):
            return who(seat)
        turn = bot_turn(self.state, seat)
        if turn.forced is not None:
            return (turn.forced,)
        return (make_bot(who, turn.seed, game=self.game).choose(self.state.observe(seat)),)

"""The one game loop: bots and people in their seats, played to the game's end or the end of the hand in play.

``bumtable play``, the table server, ``simulate``, ``simulate_games`` and tournaments all play here, so a forced
move, a bot's seed and a hand's end are decided the same way everywhere:

- a seat is played by a bot kind (``"heuristic"``) or by a person (:data:`Person`: a function that gives the
  seat's actions at its turn);
- bots are seeded as :mod:`bumtable.bots.seeds` says: a fresh bot per decision (``PER_DECISION``), or one bot
  per seat for the whole game (``PerSeat``);
- a forced move (one legal action) is made without asking the bot where asking could change nothing: always
  for a bot made for that one decision, and for a seat's lasting bot when it says it neither draws nor keeps
  anything for such a move (``asks_forced_moves`` False);
- play stops when the game is over, at the end of the hand in play (:data:`HAND_END`, told by the family's
  ``hands_over``; a game without hands ends with its one hand), or when a person or ``on_step`` stops it.

The table server plays one step at a time under its table's lock, its bots deciding in worker processes: it
takes each bot's turn from :func:`bot_turn`, the same rule :class:`Runner` follows for fresh bots.

>>> from bumtable.bots.seeds import PerSeat
>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> runner = Runner(state, ["heuristic", "random", "heuristic", "random"], PerSeat((1, 2, 3, 4)))
>>> played = runner.play(until=HAND_END)
>>> played.end, state.observe(None).last_result.hand_no, len(played.actions) > 0
('hand', 1, True)
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
"""Stop when the game is over."""

End = Literal["over", "hand", "stopped"]
OVER: End = "over"
"""The game is over."""
HAND: End = "hand"
"""The hand in play ended (a state that stops at its hand's end, or :data:`HAND_END`); the game goes on."""
STOPPED: End = "stopped"
"""A person (their function gave None) or ``on_step`` (it gave False) stopped the play."""

Person = Callable[[int], Sequence[Any] | None]
"""A seat a person plays: given the seat at its turn, the actions the person takes (one, or the several that one
typed line stands for); None when they stop."""

StepHook = Callable[[int, Any], bool]
"""Told of each action just taken, with the seat that took it; False stops the play."""


@dataclass(frozen=True)
class Played:
    """What one call of :meth:`Runner.play` did: the actions taken, in order, and why it stopped."""

    actions: list[Any]
    end: End


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn under ``PER_DECISION``: ``forced`` is the lone legal action (made without asking a bot), else
    None and the bot made with ``seed`` decides."""

    forced: Any | None
    seed: int


def bot_turn(state: State, seat: int) -> BotTurn:
    """The turn of ``seat``'s bot now, a fresh bot deciding (the table server's one step: it asks its worker
    processes for the decision).

    >>> from bumtable.rules import get
    >>> state = get("gin-bummy").new_state(seed=1)
    >>> turn = bot_turn(state, state.current_player())
    >>> turn.forced is None, turn.seed == PER_DECISION.seed(state, state.current_player())
    (True, True)
    """
    legal = state.legal_actions()
    return BotTurn(legal[0] if len(legal) == 1 else None, PER_DECISION.seed(state, seat))


class Runner:
    """Plays ``state`` with ``seats[p]`` (a bot kind or a :data:`Person`) at seat ``p``, bots seeded by
    ``seeding``; with ``check``, every action is checked for legality as it is applied (bots' too).

    A seat's lasting bots (``PerSeat``) are made here, once: calls of :meth:`play` go on with the same bots, as
    a simulation playing a match hand by hand needs.
    """

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
        """Whether a forced move of the seat's lasting bot is made without asking it."""
        if isinstance(seeding, PerSeat):
            for p, (who, seed) in enumerate(zip(self.seats, seeding.seeds, strict=True)):
                if isinstance(who, str):
                    bot = make_bot(who, seed, game=self.game)
                    self.bots[p] = bot
                    self.unasked[p] = not bot.asks_forced_moves

    def play(self, until: Until = GAME_END, on_step: StepHook | None = None) -> Played:
        """Play until the game is over, or ``until`` the hand in play ends, or a person or ``on_step`` stops."""
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
            taken: Sequence[Any] | None
            if bot is not None:  # the seat's lasting bot
                legal = legal_actions()
                taken = legal if len(legal) == 1 and unasked[seat] else (bot.choose(observe(seat)),)
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
        """The actions of a seat with no lasting bot: its person's, or a fresh bot's (:func:`bot_turn`)."""
        who = self.seats[seat]
        if not isinstance(who, str):
            return who(seat)
        turn = bot_turn(self.state, seat)
        if turn.forced is not None:
            return (turn.forced,)
        return (make_bot(who, turn.seed, game=self.game).choose(self.state.observe(seat)),)

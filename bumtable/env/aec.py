"""A PettingZoo AEC environment over any bumtable game, as PettingZoo's classic games are built.

An illegal action (one the action mask forbids) ends the game at once, as PettingZoo's classic games
document it: the acting agent gets -1, every other agent 0, and every agent is terminated.

Rewards are paid per game (``rewards="game"``: the outcome's returns at the end) or, in a match of several
hands, per hand (``rewards="hand"``: each hand's points, centred, when it ends; see :func:`centred`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from bumtable import rules as r
from bumtable.env.text import view_text
from bumtable.rules.outcome import place_returns
from bumtable.tensors import Planes, Vector, planes_for

ILLEGAL_REWARD = -1.0
GAME: Final = "game"
HAND: Final = "hand"
REWARDS: Final = (GAME, HAND)
"""When rewards are paid: at the game's end, or at each hand's end in a match of several hands."""

Mask = np.ndarray[Any, np.dtype[np.int8]]


def check_rewards(rewards: str) -> str:
    """``rewards`` if it is one of :data:`REWARDS`, else a ValueError naming the choices."""
    if rewards not in REWARDS:
        raise ValueError(f"rewards must be one of {', '.join(map(repr, REWARDS))}, not {rewards!r}")
    return rewards


def centred(points: Sequence[float]) -> tuple[float, ...]:
    """Each seat's points less the table's mean, so that a hand's rewards sum to 0.

    >>> centred((3, 1, 0, 0))
    (2.0, 0.0, -1.0, -1.0)
    """
    mean = sum(points) / len(points)
    return tuple(float(p) - mean for p in points)


class BumtableEnv(AECEnv):  # type: ignore[misc]
    """One game of ``rules`` for agents ``player_0`` .. ``player_{n-1}`` (agent ``k`` is seat ``k``)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "bumtable_v0",
        "is_parallelizable": False,
    }

    def __init__(self, rules: r.Rules, *, render_mode: str | None = None, rewards: str = GAME) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.render_mode = render_mode
        self.reward_mode = check_rewards(rewards)
        family = r.family_of(rules)
        self.per_hand = rewards == HAND and family.stop_at_hand_end is not None
        """Paid per hand: asked for, and a match of these rules is several hands (else one hand is the game)."""
        self._hands_over = family.hands_over
        self._hand_points = family.hand_points
        self._hand_places = family.hand_places
        self._hands_paid = 0
        self.planes: Planes = planes_for(rules)
        self._space = rules.action_space()
        self.possible_agents = [f"player_{k}" for k in range(rules.players)]
        self._seat = {agent: k for k, agent in enumerate(self.possible_agents)}
        size = self._space.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=self.planes.high, shape=(self.planes.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self.state: r.State | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        """``agent`` if it is one of this game's, else a KeyError naming them."""
        if agent not in self._seat:
            raise KeyError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` deals as ``rules.new_state(seed)``; without one, the next seed of this env's
        generator (itself seeded by the last seed given)."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(2**31))
        self.state = self.rules.new_state(game_seed)
        self._hands_paid = self._hands_over(self.state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._paid = False
        """Whether the last step paid any agent (so ``rewards`` must be made 0 again)."""
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _game(self) -> r.State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _select(self) -> None:
        """The agent to act; once the game is over, the first agent still to be stepped out."""
        seat = self._game().current_player()
        self.agent_selection = self.possible_agents[seat] if seat is not None else self.agents[0]

    def observe(self, agent: str) -> dict[str, Vector | Mask]:
        """The agent's vector and action mask, both from ``state.observe(seat)`` alone."""
        seen = self._game().observe(self._seat[self._known(agent)])
        return {
            "observation": self.planes.encode(seen),
            "action_mask": np.frombuffer(r.legal_mask(seen), dtype=np.int8),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` (a code) for the agent to act; an illegal one ends the game (module docstring)."""
        if self.state is None:
            raise ResetNeeded("call reset() before step()")
        if not self.agents:
            raise ResetNeeded("the game is over and every agent has stepped out: call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._game()
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # the last step paid someone: this one starts from nothing
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        if action is not None and not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action is an int code of the action space, not {action!r}")
        code = None if action is None else int(action)
        chosen = self._space.decode(code) if code is not None and 0 <= code < self._space.size else None
        if chosen is None or chosen not in state.legal_actions():
            self.rewards[agent] = ILLEGAL_REWARD
            self._paid = True
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": code}
        else:
            state.apply(chosen, check=False)
            outcome = state.outcome()
            paid = self._payout(state, outcome)
            if paid is not None:
                self.rewards = {a: float(paid[self._seat[a]]) for a in self.agents}
                self._paid = True
            if outcome is not None:
                self.terminations = dict.fromkeys(self.agents, True)
        if self._paid:
            self._accumulate_rewards()
        if self.terminations[agent]:
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def _payout(self, state: r.State, outcome: r.Outcome | None) -> Sequence[float] | None:
        """What each seat is paid for the action just taken, or None: per game, the outcome's returns at the
        end; per hand, when a hand ends, its points centred (its places' returns where hands have no points)."""
        if not self.per_hand:
            return None if outcome is None else outcome.returns
        hands = self._hands_over(state)
        if hands == self._hands_paid:
            return None
        self._hands_paid = hands
        points = self._hand_points(state)
        if points is not None:
            return centred(points)
        places = self._hand_places(state)
        return None if places is None else place_returns(places)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the view of the seat to act as text (a spectator's once over)."""
        if self.render_mode is None:
            return None
        state = self._game()
        text = view_text(state.observe(state.current_player()))
        outcome = state.outcome()
        if outcome is not None:
            text += f"\nover ({outcome.reason}): places {list(outcome.places)}"
        return text

    def close(self) -> None:
        """Nothing to release (no window, file or process); PettingZoo asks for it beside ``render``."""

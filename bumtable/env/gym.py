"""A Gymnasium environment over any bumtable game: one learner in a seat, bots in the others.

It drives the AEC environment (:class:`~bumtable.env.aec.BumtableEnv`), so spaces, observations, rewards and
the illegal-action rule are the same: an action the mask forbids (or a code outside the space) gives the
learner -1 and ends the episode (``terminated``), with ``info["illegal_action"]`` the code. ``step`` after the
end, or before ``reset``, raises Gymnasium's ``ResetNeeded``.

Each opponent is one bot for the whole episode, made anew at each reset and seeded as seat ``p`` of a
tournament's first table for the deal seeded by the game's seed (``PerSeat.of_table(seed, 0, n)``), so the same
reset seed and the same actions give the same episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.error import ResetNeeded

from bumtable import rules as r
from bumtable.bots import Bot, make_bot
from bumtable.bots.seeds import PerSeat
from bumtable.env.aec import GAME, BumtableEnv, Mask
from bumtable.errors import BumtableError

Observation = dict[str, Any]
"""``"observation"``: the learner's vector (float32); ``"action_mask"``: its legal actions (int8, 1 legal)."""


def opponent_kinds(n: int, seat: int, opponents: str | Sequence[str]) -> list[str]:
    """The bot kind at each seat but ``seat`` (one kind for all, or one per other seat); a ValueError for a
    seat outside the table or a wrong number of kinds."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise ValueError(f"seat must be 0..{n - 1} for a {n}-player game, not {seat!r}")
    kinds = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
    if len(kinds) != n - 1:
        raise ValueError(
            f"opponents must be one bot kind or {n - 1} kinds (one per other seat), not {len(kinds)}"
        )
    return kinds


class BumtableGymEnv(gymnasium.Env[Observation, np.int64]):
    """``rules`` with the learner in ``seat`` and a bot of each kind of ``opponents`` in the other seats (one kind
    for all, or one per other seat in seat order); ``rewards`` as the AEC environment's ("game" or "hand")."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        rules: r.Rules,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        rewards: str = GAME,
        render_mode: str | None = None,
    ) -> None:
        n = rules.players
        kinds = opponent_kinds(n, seat, opponents)
        for kind in kinds:
            try:
                make_bot(kind, 0, game=rules.system)
            except BumtableError as e:
                raise ValueError(str(e)) from e
        self.aec = BumtableEnv(rules, render_mode=render_mode, rewards=rewards)
        self.rules = rules
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.kinds: tuple[str | None, ...] = (*kinds[:seat], None, *kinds[seat:])
        """Each seat's bot kind; None at the learner's seat."""
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._space = rules.action_space()
        self._bots: dict[str, tuple[int, Bot]] = {}
        """The opponents of this episode: each agent's seat and bot."""
        self._mask: Mask | None = None
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, played by the bots up to the learner's turn. ``seed`` deals as ``rules.new_state(seed)``;
        without one, the game's seed is drawn from this environment's generator. ``options`` are not used."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.aec.reset(seed=game_seed)
        seeds = PerSeat.of_table(game_seed, 0, self.rules.players).seeds
        game = self.rules.system
        self._bots = {
            agent: (p, make_bot(kind, seeds[p], game=game))
            for p, (agent, kind) in enumerate(zip(self.aec.possible_agents, self.kinds, strict=True))
            if kind is not None
        }
        self._play_bots()
        seen, info = self._seen()
        return seen, info

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (a code), then the bots up to the learner's next turn or the end."""
        if self.aec.state is None:
            raise ResetNeeded("call reset() before step()")
        if self._over:
            raise ResetNeeded("the episode is over: call reset() before step() again")
        aec = self.aec
        aec.step(action)  # the AEC env refuses what is not a code
        self._play_bots()
        seen, info = self._seen()
        illegal = aec.infos[self.agent].get("illegal_action")
        if illegal is not None:
            info["illegal_action"] = illegal
        # PettingZoo's record of what an agent was paid since its last action: the learner's reward
        reward = float(aec._cumulative_rewards[self.agent])
        return seen, reward, self._over, False, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's legal actions now, as booleans (the method sb3-contrib's MaskablePPO asks for)."""
        if self._mask is None:
            raise ResetNeeded("call reset() before action_masks()")
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the AEC environment's view (the seat to act's) as text."""
        return self.aec.render()

    def _play_bots(self) -> None:
        """The bots' turns until the learner is to act or the game is over."""
        aec, learner, bots, space = self.aec, self.agent, self._bots, self._space
        state = aec.state
        assert state is not None
        while not aec.terminations[learner] and aec.agent_selection != learner:
            seat, bot = bots[aec.agent_selection]
            legal = state.legal_actions()
            forced = len(legal) == 1 and not bot.asks_forced_moves
            aec.step(space.encode(legal[0] if forced else bot.choose(state.observe(seat))))
        self._over = aec.terminations[learner]

    def _seen(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation, and an info holding a copy of its mask (where mask users look)."""
        seen: Observation = self.aec.observe(self.agent)
        mask: Mask = seen["action_mask"]
        self._mask = mask
        return seen, {"action_mask": mask.copy()}

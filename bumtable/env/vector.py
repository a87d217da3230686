"""A Gymnasium vector environment over the compiled engine: ``num_envs`` games at once, the learner in one
seat, the compiled ``heuristic`` or ``random`` policy in the others (``docs/fast.md``).

It follows :class:`~bumtable.env.gym.BumtableGymEnv` (``rewards="game"``) row by row: the same spaces,
observations, masks, seeds and illegal-action rule (-1, and the episode ends, ``info["illegal_action"]`` the
code). An episode is a whole match, its reward the learner's return at the end. Rows reset themselves as
Gymnasium 1.x's vector environments do by default (next step): the step after an episode ends starts a new
one in that row, ignoring its action, with reward 0.

Row ``i`` of ``reset(seed=s)`` deals as ``rules.new_state(s + i)`` and later episodes from that row's
generator, as ``SyncVectorEnv`` over the per-game environment does; the opponents' policies draw from a
generator per row seeded by the row's game seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from bumtable import rules as r
from bumtable.env.aec import ILLEGAL_REWARD
from bumtable.env.gym import opponent_kinds
from bumtable.sim.fast_hands import FAST_BOTS, fast_engine
from bumtable.tensors import planes_for

Observations = dict[str, npt.NDArray[Any]]
"""``"observation"``: (num_envs, planes) float32; ``"action_mask"``: (num_envs, actions) int8, 1 legal."""


class FastVectorEnv(gymnasium.vector.VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of ``rules`` on the compiled engine, the learner in ``seat`` and ``opponents`` (one
    kind, or one per other seat in seat order: ``heuristic``, ``greedy`` or ``random``) in the others."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        rules: r.Rules,
        num_envs: int,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        n = rules.players
        kinds = opponent_kinds(n, seat, opponents)
        for kind in kinds:
            if kind not in FAST_BOTS:
                raise ValueError(f"the compiled engine's opponents are {', '.join(FAST_BOTS)}, not {kind!r}")
        fast_engine()  # numba, or how to install it
        from bumtable.fast import make
        from bumtable.fast.policies import generators, policies

        self.rules = rules
        self.game = make(rules)  # a RulesError naming what the compiled engine covers
        self.policies = policies(self.game)
        if any(kind not in (None, "random") for kind in kinds):
            self.policies.check_heuristic()  # the heuristic opponents: The Bum Game's
        self._generators = generators
        self.num_envs = int(num_envs)
        self.seat = int(seat)
        self.kinds: tuple[str | None, ...] = (*kinds[:seat], None, *kinds[seat:])
        """Each seat's policy; None at the learner's seat."""
        planes = planes_for(rules)
        size = self.game.num_actions
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=planes.high, shape=(planes.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.state: Any = None
        """The engine's :class:`~bumtable.fast.FastState`, one row per environment (None before reset)."""
        self.game_seeds = np.zeros(self.num_envs, dtype=np.int64)
        """Each row's game seed: its match deals as ``rules.new_state(seed)``."""
        self._row_rngs: list[np.random.Generator] = []
        self._bot_gens = np.zeros(self.num_envs, dtype=np.uint64)
        self._done = np.zeros(self.num_envs, dtype=np.bool_)
        self._deck = tuple(int(c) for c in getattr(rules, "deck_codes", ()))

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """New games in every row, played by the opponents up to the learner's turn. ``seed``: an int (row
        ``i`` deals ``rules.new_state(seed + i)``), one int per row, or None (seeds drawn from this
        environment's generator). ``options`` are not used."""
        if seed is None:
            seeds = None
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = [int(s) for s in cast(Sequence[int], seed)]
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments: give one per row")
        super().reset(seed=None if seeds is None else seeds[0])
        if seeds is None:
            if not self._row_rngs:
                self._row_rngs = [
                    seeding.np_random(int(self.np_random.integers(2**31)))[0] for _ in range(self.num_envs)
                ]
            seeds = [int(g.integers(2**31)) for g in self._row_rngs]
        else:
            self._row_rngs = [seeding.np_random(s)[0] for s in seeds]
        self.state = None
        self._start(np.arange(self.num_envs), seeds)
        self._done[:] = False
        mask = self.state.legal_action_mask.astype(np.int8)
        obs = {"observation": self.state.observation.copy(), "action_mask": mask}
        return obs, self._infos(mask)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Each row's learner plays its code; rows whose episode ended at the last step start a new one."""
        if self.state is None:
            raise ResetNeeded("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.num_envs} integer codes (one per environment), not an array of "
                f"{acts.dtype} {acts.shape}"
            )
        acts = acts.astype(np.int64)
        state = self.state
        fresh = self._done.copy()
        size = self.game.num_actions
        inside = (acts >= 0) & (acts < size)
        legal = np.zeros(self.num_envs, dtype=np.bool_)
        legal[inside] = state.legal_action_mask[np.flatnonzero(inside), acts[inside]]
        illegal = ~fresh & ~legal
        go = ~fresh & legal
        self.policies.play(state, self.kinds, self._bot_gens, np.where(go, acts, -1))
        ended = go & state.terminated
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        rewards[ended] = state.rewards[ended, self.seat]
        rewards[illegal] = ILLEGAL_REWARD
        observation = state.observation.copy()
        if ended.any():  # the learner's view of the end, not the last actor's
            self.policies.observe_seat(state, np.flatnonzero(ended), self.seat, observation)
        if fresh.any():
            rows = np.flatnonzero(fresh)
            self._start(rows, [int(self._row_rngs[i].integers(2**31)) for i in rows])
            observation[rows] = state.observation[rows]
        mask = state.legal_action_mask.astype(np.int8)
        terminated = ended | illegal
        self._done = terminated.copy()
        infos = self._infos(mask)
        if illegal.any():
            infos["illegal_action"] = np.where(illegal, acts, 0)
            infos["_illegal_action"] = illegal
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return {"observation": observation, "action_mask": mask}, rewards, terminated, truncated, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each row's legal actions now, as booleans (num_envs, actions): what sb3-contrib's MaskablePPO asks."""
        if self.state is None:
            raise ResetNeeded("call reset() before action_masks()")
        masks: npt.NDArray[np.bool_] = self.state.legal_action_mask.copy()
        return masks

    def _infos(self, mask: npt.NDArray[np.int8]) -> dict[str, Any]:
        return {"action_mask": mask.copy(), "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}

    def _start(self, rows: npt.NDArray[np.int64], seeds: Sequence[int]) -> None:
        """New games in ``rows`` dealt as ``rules.new_state(seed)``, played up to the learner's turn."""
        new = self.game.init(np.asarray(seeds, dtype=np.int64), deals=[self._deal(s) for s in seeds])
        for i, s in zip(rows, seeds, strict=True):
            self.game_seeds[i] = s
            self._bot_gens[i] = self._generators(s, 1)[0]
        if self.state is None or len(rows) == self.num_envs:
            self.state = new
        else:
            _put_rows(self.state, rows, new)
        self.policies.play(self.state, self.kinds, self._bot_gens)

    def _deal(self, seed: int) -> list[tuple[int, ...]]:
        """The shuffles ``rules.new_state(seed)`` deals from: its cut's and first hand's, then one per hand
        the match may take, drawn on from its generator as the rules layer draws them."""
        chance = self.rules.new_state(seed).chance.copy()
        if not self.game.tables.ends_match:
            for _ in range(self.game.tables.hands - 1):
                chance.shuffle([int(c) for c in self._deck])
        draws: list[tuple[int, ...]] = chance.draws
        return draws


def _put_rows(state: Any, rows: npt.NDArray[np.int64], new: Any) -> None:
    """Copy ``new``'s rows into ``rows`` of ``state``, widening a field whose rows are narrower (draws)."""
    for name in state.__slots__:
        mine, theirs = getattr(state, name), getattr(new, name)
        if mine.shape[1:] != theirs.shape[1:]:
            wide = tuple(max(a, b) for a, b in zip(mine.shape[1:], theirs.shape[1:], strict=True))
            grown = np.zeros((mine.shape[0], *wide), dtype=mine.dtype)
            grown[(slice(None), *(slice(0, d) for d in mine.shape[1:]))] = mine
            setattr(state, name, grown)
            mine = grown
        mine[rows] = 0
        mine[(rows, *(slice(0, d) for d in theirs.shape[1:]))] = theirs

"""Deep Monte Carlo, as in DouZero: a Q(s, a) network fitted to the returns of whole hands played by an
epsilon-greedy copy of itself against itself and the ``random`` and ``heuristic`` bots.

Each training hand is played the way ``bumtable tournament`` plays a hand: ``rules.new_state(deal)``
(no history), the runner until the hand ends (``HAND_END``), places from the hand's public result. A seat the
learner plays records (observation vector, action code) at each decision with a choice; when the hand ends
each record gets that seat's return (:class:`~bumtable.rules.Outcome` ``returns`` of the hand's places). The
records go to a replay buffer the network learns from by mean squared error, each used about ``reuse`` times.

>>> from bumtable import rules
>>> trained = train(rules.get("bum-game", players=4), TrainConfig(seed=1, hands=3, batch=32, eval_hands=0))
>>> trained.hands, trained.samples > 0, trained.steps > 0
(3, True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from bumtable.bots.learned import Matrix, Network, action_features, save_weights
from bumtable.bots.seeds import PerSeat
from bumtable.rules import Outcome, Rules
from bumtable.rules.outcome import ROUNDS
from bumtable.sim.runner import HAND_END, Runner
from bumtable.sim.tournament import deal_is_a_hand, deal_seed, hand_result
from bumtable.tensors import planes_for
from bumtable.train.model import QNet

SELF = "self"
"""A seat the learner plays (the other seats are bot kinds)."""


@dataclass(frozen=True, kw_only=True)
class TrainConfig:
    """How to train: a budget (``minutes`` and/or ``hands``; the first reached stops), the network, the
    learning, the opponents' mix and the evaluation against ``random`` shown while training."""

    seed: int = 0
    minutes: float | None = None
    hands: int | None = None
    hidden: tuple[int, ...] = (256, 128, 64)
    batch: int = 512
    learning_rate: float = 3e-4
    reuse: float = 2.0
    """Each record is learnt from about this many times."""
    buffer: int = 100_000
    epsilon: tuple[float, float] = (0.1, 0.01)
    """The chance of a random legal action at the start and (linearly, over the first half) later."""
    opponents: dict[str, float] = field(
        default_factory=lambda: {SELF: 0.5, "random": 0.25, "heuristic": 0.25}
    )
    """Each other seat is the learner or a bot kind, drawn with these weights (one seat is always the learner)."""
    eval_hands: int = 200
    """Hands (seats rotated) against three ``random`` in each evaluation; 0: none."""
    eval_every: int = 2_000
    """Training hands between evaluations."""
    threads: int = 2

    def __post_init__(self) -> None:
        if self.minutes is None and self.hands is None:
            raise ValueError("a training budget needs minutes or hands")
        if (self.minutes is not None and self.minutes <= 0) or (self.hands is not None and self.hands < 1):
            raise ValueError(f"the budget must be positive: minutes={self.minutes}, hands={self.hands}")
        if not self.opponents or min(self.opponents.values()) < 0 or sum(self.opponents.values()) <= 0:
            raise ValueError(
                f"opponents needs kinds with weights that are not negative, not {self.opponents}"
            )
        if self.batch < 1 or self.batch > self.buffer or self.reuse <= 0:
            raise ValueError(
                f"the network learns only with 1 <= batch <= buffer and reuse > 0, not batch={self.batch}, "
                f"buffer={self.buffer}, reuse={self.reuse}"
            )


@dataclass
class Status:
    """How training stands, for a progress bar."""

    hands: int = 0
    samples: int = 0
    steps: int = 0
    loss: float = float("nan")
    first_vs_random: float | None = None
    done: float = 0.0
    """The share of the budget spent, 0 to 1."""


@dataclass(frozen=True)
class Trained:
    """A trained network and what training did."""

    model: QNet
    rules: Rules
    config: TrainConfig
    hands: int
    samples: int
    steps: int
    seconds: float
    evaluations: list[tuple[int, float]]
    """(training hands so far, first-place rate against three ``random``) at each evaluation."""

    def network(self) -> Network:
        return self.model.network()

    def about(self) -> dict[str, Any]:
        """How these weights were trained, as the weights file keeps it."""
        return {
            "method": "deep monte carlo",
            "config": asdict(self.config),
            "hands": self.hands,
            "samples": self.samples,
            "steps": self.steps,
            "seconds": round(self.seconds, 1),
            "evaluations": self.evaluations,
        }

    def export(self, path: str | Path) -> None:
        """Write the weights for :class:`bumtable.bots.learned.LearnedBot`."""
        save_weights(path, self.network(), rules=self.rules, trained=self.about())


class Actor:
    """Plays a learner's seats with a NumPy copy of the network: a random legal action with chance
    ``epsilon``, else the best valued (the first of exact ties); records what it chose where it had a choice."""

    def __init__(self, rules: Rules, network: Network, rng: random.Random) -> None:
        self.planes = planes_for(rules)
        self.features = action_features(rules)
        self.encode_action = rules.action_space().encode
        self.network = network
        self.rng = rng
        self.epsilon = 0.0
        self.records: dict[int, list[tuple[Matrix, int]]] = {}

    def seat(self, state: Any) -> Callable[[int], Sequence[Any]]:
        """The runner's callback for a learner's seat of ``state``."""

        def act(seat: int) -> Sequence[Any]:
            observation = state.observe(seat)
            legal = observation.legal_actions()
            if len(legal) == 1:
                return (legal[0],)
            obs = self.planes.encode(observation)
            codes = [self.encode_action(a) for a in legal]
            if self.epsilon and self.rng.random() < self.epsilon:
                i = self.rng.randrange(len(legal))
            else:
                i = int(np.argmax(self.network.values(obs, self.features[codes])))
            self.records.setdefault(seat, []).append((obs, codes[i]))
            return (legal[i],)

        return act


def hand_returns(rules: Rules, deal: int, seats: Sequence[Any], seeds: PerSeat) -> tuple[float, ...]:
    """Play deal ``deal`` as a tournament plays a hand, ``seats[p]`` a bot kind or a callback taking the
    state; each seat's return (the hand's places as an :class:`Outcome`)."""
    state = rules.new_state(deal).copy(history=False)
    players = [who if isinstance(who, str) else who(state) for who in seats]
    Runner(state, players, seeds).play(until=HAND_END)
    result = hand_result(state, players)
    outcome = Outcome.from_places(
        result.places, scores=[int(p) for p in result.points], reason=ROUNDS, length=1
    )
    return outcome.returns


def first_place_rate(rules: Rules, network: Network, *, hands: int, seed: int) -> float:
    """The greedy network's first-place rate against ``random`` in the other seats: ``hands`` hands, each
    deal in every seat (deals and bot seeds as a tournament seeded ``seed`` draws them)."""
    actor = Actor(rules, network, random.Random(seed))
    n = rules.players
    firsts = 0
    for i in range(-(-hands // n)):
        deal = deal_seed(seed, i)
        for table in range(n):
            seats: list[Any] = ["random"] * n
            seats[table] = actor.seat
            returns = hand_returns(rules, deal, seats, PerSeat.of_table(deal, table, n))
            firsts += returns[table] == max(returns)
    return firsts / (-(-hands // n) * n)


def train(rules: Rules, config: TrainConfig, progress: Callable[[Status], None] | None = None) -> Trained:
    """Train a network for ``rules`` (a climbing game's hand) within ``config``'s budget."""
    if not deal_is_a_hand(rules):
        raise ValueError(f"training plays single hands of the climbing games, not {rules.system}")
    torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    rng = random.Random(config.seed)
    n = rules.players
    planes = planes_for(rules)
    features = action_features(rules)
    model = QNet(planes.size, features.shape[1], hidden=config.hidden)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate)
    actor = Actor(rules, model.network(), rng)
    memory_obs = np.zeros((config.buffer, planes.size), dtype=np.float32)
    memory_code = np.zeros(config.buffer, dtype=np.int64)
    memory_return = np.zeros(config.buffer, dtype=np.float32)
    features_t = torch.from_numpy(np.array(features))
    kinds, weights = list(config.opponents), list(config.opponents.values())
    status = Status()
    evaluations: list[tuple[int, float]] = []
    eval_seed = rng.getrandbits(62)
    owed, filled, at = 0.0, 0, 0
    begin = time.perf_counter()

    def spent() -> float:
        shares = []
        if config.minutes is not None:
            shares.append((time.perf_counter() - begin) / (config.minutes * 60))
        if config.hands is not None:
            shares.append(status.hands / config.hands)
        return min(1.0, max(shares))

    def evaluate() -> None:
        if config.eval_hands:
            rate = first_place_rate(rules, actor.network, hands=config.eval_hands, seed=eval_seed)
            evaluations.append((status.hands, rate))
            status.first_vs_random = rate

    while True:
        status.done = spent()
        if status.done >= 1.0:
            break
        start, end = config.epsilon
        actor.epsilon = end + (start - end) * max(0.0, 1.0 - 2.0 * status.done)
        seats: list[Any] = [rng.choices(kinds, weights)[0] for _ in range(n)]
        seats[rng.randrange(n)] = SELF
        seats = [actor.seat if kind == SELF else kind for kind in seats]
        actor.records = {}
        returns = hand_returns(rules, rng.getrandbits(62), seats, PerSeat.drawn(rng, n))
        status.hands += 1
        for seat, records in actor.records.items():
            for obs, code in records:
                memory_obs[at], memory_code[at], memory_return[at] = obs, code, returns[seat]
                at = (at + 1) % config.buffer
                filled = min(filled + 1, config.buffer)
                status.samples += 1
                owed += config.reuse / config.batch
        stepped = False
        while owed >= 1.0 and filled >= config.batch:
            owed -= 1.0
            pick = np.array(rng.sample(range(filled), config.batch))
            obs_t = torch.from_numpy(memory_obs[pick])
            target = torch.from_numpy(memory_return[pick])
            values = model(obs_t, features_t[torch.from_numpy(memory_code[pick])])
            loss = torch.nn.functional.mse_loss(values, target)
            optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            torch.nn.utils.clip_grad_norm_(model.parameters(), 40.0)
            optimizer.step()
            status.steps += 1
            status.loss = float(loss.detach())
            stepped = True
        if stepped:
            actor.network = model.network()
        if config.eval_every and status.hands % config.eval_every == 0:
            evaluate()
        if progress is not None:
            progress(status)
    if not evaluations or evaluations[-1][0] != status.hands:
        evaluate()
    status.done = 1.0
    if progress is not None:
        progress(status)
    seconds = time.perf_counter() - begin
    return Trained(model, rules, config, status.hands, status.samples, status.steps, seconds, evaluations)

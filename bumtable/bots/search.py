"""The search bot: information-set Monte Carlo tree search over determinizations (Cowling, Powley and
Whitehouse 2012, "single-observer" ISMCTS), for every game through the rules interface.

Each iteration deals the hidden cards anew, consistent with what the bot has seen
(``Family.sample_state``: one *determinization*), and walks one tree shared by all of them:

- **Select**: from the root, while every action legal in this determinization has a node, take the one with
  the best UCB score among those legal here, counting a node's *availability* (how often it was legal when its
  parent was visited) instead of the parent's visits (the ISMCTS form of UCB1).
- **Expand**: add one action legal here that has no node yet, chosen at random.
- **Play out**: the rest of the hand (a game without hands: the game), every seat played by the rollout
  policy (the game's heuristic bot, or uniform random), cut short after ``max_rollout`` actions.
- **Back up**: each node on the path adds the value of the seat that chose its action: its place in the hand
  (first 1, last 0, linear between; or its points, ``reward``), or an estimate of it when the playout was
  cut short.

Nodes are keyed by an action's text (``rules.action_text``), so an opponent's "set 7 7" is one node whatever
sevens the determinization dealt; the bot plays the root action visited most. With a budget in iterations
(and no time limit) the same seed chooses the same action.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> bot = SearchBot(seed=1, game="bum-game", config=SearchConfig(iterations=30))
>>> seat = state.current_player()
>>> action = bot.choose(state.observe(seat))
>>> action in state.legal_actions()
True
>>> SearchBot(seed=1, game="bum-game", config=SearchConfig(iterations=30)).choose(state.observe(seat)) == action
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from bumtable.bots.base import Bot, RandomBot, legal_or_raise
from bumtable.bots.inference import WEIGHTS
from bumtable.bots.search_eval import estimate
from bumtable.errors import BumtableError
from bumtable.rules.protocol import AnyState, Family
from bumtable.rules.registry import system


@dataclass(frozen=True, kw_only=True)
class SearchConfig:
    """How much and how the search bot searches."""

    iterations: int = 200
    """Determinizations searched per decision (the budget; with ``seconds`` set, the most)."""
    seconds: float | None = None
    """A time budget per decision (wall clock, so no longer deterministic); None: iterations alone."""
    exploration: float = 0.7
    """UCB's exploration constant (at least 0; useful values run from 0 to 1)."""
    rollout: Literal["heuristic", "random"] = "heuristic"
    """Who plays out the rest of the hand: the game's heuristic bot at every seat, or uniform random moves."""
    max_rollout: int = 300
    """Actions a playout may take before it stops and the position is estimated instead."""
    max_depth: int = 0
    """The deepest the tree grows (1: only the bot's own choices now, each played out by the policy: a flat
    Monte Carlo search; 0: no limit)."""
    first_weight: float = 0.0
    """How much of a playout's value is first place alone (1 for first, 0 otherwise) rather than the place's
    linear value: 0 plays for a good place, 1 only for first."""
    paired: bool = False
    """Flat search with every action played out on the same deals (see :meth:`SearchBot._paired`); the tree
    settings (exploration, depth, guided) are then unused."""
    guided: bool = True
    """Expand first the action the rollout policy would play (else a random untried one)."""
    prune: int = 0
    """Search only this many actions, the rollout policy's best by its own ranking (a policy with a
    ``ranked`` method: the climbing games' heuristic), when a decision has more; 0: every action."""
    infer: float = 0.0
    """Hand inference (:mod:`bumtable.bots.inference`): each deal of the hidden cards counts by how well it
    explains the other players' moves this hand, a move the rollout policy would not have made with the
    deal's cards multiplying its weight by this (the chance of a slip); 0: no inference, every deal counts
    1. With ``paired`` only, in the families that have it (the climbing games, by a replay of the hand; Gin
    Bummy, by the others' passed-over and discarded number cards)."""
    halving: bool = False
    """With ``paired``: spend the budget by sequential halving (Karnin, Koren and Somekh 2013): rounds in
    which every action still in play is played out on the same new deals and the worse half is dropped, so
    the last few are compared on many deals rather than every action on a few; the rollout policy's own
    choice stays in to the last round."""
    favourite_ties: bool = False
    """With ``paired``: among actions with the same best total, play the rollout policy's own choice (else the
    first in the legal order). Where playouts often end alike (cut short in a long game), the search then
    leaves the heuristic only for an action that did better."""
    margin: float = 0.0
    """With ``paired``: leave the rollout policy's own choice only for an action whose mean beats it by more
    than this many standard errors of their difference, deal by deal over the deals both were played out on
    (a paired test; 2 is about 95 % one-sided confidence); 0: the best mean wins. Where the playouts' values
    are noisy, most departures from a good policy are noise: this keeps the ones the deals show."""

    reward: Literal["place", "points"] = "place"
    """What a finished playout is worth to each seat: ``place``, its place in the hand (first 1, last 0,
    linear between); ``points``, the points the hand scored it, scaled so the hand's best is 1 and its worst
    0 (where the family tells a hand's points, ``Family.hand_points``: the climbing games, a partnership's
    members each credited the team's points; elsewhere, and in a hand whose points are all equal, its place).
    The two differ where a game does not score every place: Zheng Shangyou and Arsehole pay only first and
    second. A playout cut short (``max_rollout``) is estimated as before, on the places' scale."""

    cutoff: Literal["rank", "margin"] = "rank"
    """How a playout cut short (``max_rollout``) is valued where the family's estimate is a number per seat
    (Boojum's prospects, :func:`~bumtable.bots.search_eval.estimate`): ``rank``, the seat's place among the
    seats' numbers, like a finished hand's; ``margin``, its own number less the others' mean, on a fixed
    scale (:data:`~bumtable.bots.search_eval.MARGIN_SCALE`), so a change to the seat's own prospects shows
    even when it changes no place. Elsewhere ``rank``."""

    token_weight: float = 2.0
    """Boojum: what a token held counts in the estimate of a playout cut short, against at most 1 for the
    cards that could claim it now (:func:`~bumtable.bots.search_eval.boojum_prospects`); more makes a claim
    worth more than the group's cards' nearness to the other tokens. Unused elsewhere."""

    def __post_init__(self) -> None:
        """A setting outside its range is a BumtableError that names it and the range.

        >>> SearchConfig(iterations=0)
        Traceback (most recent call last):
        ...
        bumtable.errors.BumtableError: search setting iterations=0: must be at least 1
        """
        for name, (low, high) in SETTING_RANGES.items():
            value = getattr(self, name)
            if value is None:  # seconds: no time budget
                continue
            if not (math.isfinite(value) and low <= value <= high):  # a NaN or an infinity fails too
                wanted = f"at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
                if name == "seconds":
                    wanted = "more than 0 (or none)"
                raise BumtableError(f"search setting {name}={value!r}: must be {wanted}")

    def settings_text(self) -> str:
        """The configuration as a tournament record holds it: its repr, less the settings added since records
        began (:data:`LATER_SETTINGS`) while they are off, so a record made before such a setting existed
        still matches a configuration that does not use it.

        >>> SearchConfig(iterations=50).settings_text().endswith("favourite_ties=False)")
        True
        >>> SearchConfig(iterations=50, margin=2.0).settings_text().endswith("favourite_ties=False, margin=2.0)")
        True
        """
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if f.name not in LATER_SETTINGS or getattr(self, f.name) != LATER_SETTINGS[f.name]
        ]
        return f"{type(self).__name__}({', '.join(shown)})"


SETTING_RANGES: dict[str, tuple[float, float]] = {
    "iterations": (1, math.inf),
    "seconds": (math.ulp(0.0), math.inf),
    "exploration": (0, math.inf),
    "max_rollout": (0, math.inf),
    "max_depth": (0, math.inf),
    "first_weight": (0, 1),
    "prune": (0, math.inf),
    "infer": (0, 1),
    "margin": (0, math.inf),
    "token_weight": (0, math.inf),
}
"""Each number setting's range, both ends included (a share from 0 to 1; a count or weight at least 0)."""

LATER_SETTINGS: dict[str, Any] = {"margin": 0.0, "reward": "place", "cutoff": "rank", "token_weight": 2.0}
"""Settings added after tournament records began, each with the value that leaves the search as it was."""


def search_config(text: str) -> SearchConfig:
    """A configuration from ``NAME=VALUE`` pairs joined by ``:`` (a bot kind's name: ``search:iterations=50``);
    an unknown name or a value of the wrong type is a BumtableError that says so.

    >>> search_config("iterations=50:max_depth=1:rollout=random")
    SearchConfig(iterations=50, seconds=None, exploration=0.7, rollout='random', max_rollout=300, max_depth=1, first_weight=0.0, paired=False, guided=True, prune=0, infer=0.0, halving=False, favourite_ties=False, margin=0.0, reward='place', cutoff='rank', token_weight=2.0)
    >>> search_config("depth=1")
    Traceback (most recent call last):
    ...
    bumtable.errors.BumtableError: search has no setting 'depth'; settings: cutoff, exploration, favourite_ties, first_weight, guided, halving, infer, iterations, margin, max_depth, max_rollout, paired, prune, reward, rollout, seconds, token_weight
    """
    fields = {f.name: f for f in dataclasses.fields(SearchConfig)}
    values: dict[str, Any] = {}
    for pair in filter(None, text.split(":")):
        name, _, raw = pair.partition("=")
        if name not in fields:
            raise BumtableError(f"search has no setting {name!r}; settings: {', '.join(sorted(fields))}")
        default = getattr(SearchConfig(), name)
        try:
            if isinstance(default, bool):
                if raw not in ("true", "false"):
                    raise ValueError(raw)
                values[name] = raw == "true"
            elif name == "seconds":
                values[name] = None if raw == "none" else float(raw)
            else:
                values[name] = type(default)(raw)
        except ValueError:
            wanted = {bool: "true or false", int: "a whole number", float: "a number"}.get(
                type(default), "text"
            )
            raise BumtableError(f"search setting {name}={raw!r}: not {wanted}") from None
    hints = get_type_hints(SearchConfig)
    for name, value in values.items():  # a setting of a few named values (rollout, reward, cutoff)
        named = get_args(hints[name]) if get_origin(hints[name]) is Literal else ()
        if named and value not in named:
            raise BumtableError(f"search setting {name}={value!r}: {' or '.join(named)}")
    return SearchConfig(**values)


@dataclass
class Stat:
    """One action's playouts in a search: how many, the sum of the searching seat's values, and how many
    of them it ended on top (a value of 1: first place, or the best estimate when cut short), each counted
    by its deal's weight."""

    deals: int = 0
    total: float = 0.0
    tops: float = 0.0
    aheads: float = 0.0
    """The weight of the playouts that left the seat above the table's average (a value above one half: a
    better place than the middle, or, cut short, prospects above the others' by ``cutoff``)."""
    cuts: int = 0
    """How many of the playouts were cut short (``max_rollout``) and valued by the estimate."""
    places: float = 0.0
    """The seat's places (1 first) in the playouts that reached the hand's end, each by its deal's weight."""
    placed: float = 0.0
    """The weight of the playouts that reached the hand's end (``places`` over it: the mean place)."""
    best_place: int = 0
    """The best place (1 first) any of those playouts reached; 0 where none reached the end."""
    at_best: float = 0.0
    """The weight of the playouts that reached :attr:`best_place`."""
    weight: float = 0.0
    """The deals' weights summed (hand inference weighs deals; without it each weighs 1)."""

    by_deal: dict[int, tuple[float, float]] | None = None
    """Each deal's value and weight by the deal's number in the search (kept only when a paired test needs
    them: ``margin``)."""

    def add(
        self, value: float, weight: float = 1.0, deal: int | None = None, cut: bool = False, place: int = 0
    ) -> None:
        if place:
            self.places += weight * place
            self.placed += weight
            if place < self.best_place or not self.best_place:
                self.best_place, self.at_best = place, 0.0
            if place == self.best_place:
                self.at_best += weight
        if deal is not None:
            if self.by_deal is None:
                self.by_deal = {}
            self.by_deal[deal] = (value, weight)
        self.deals += 1
        self.cuts += cut
        self.total += weight * value
        self.weight += weight
        if value > 0.5:
            self.aheads += weight
            if value >= 1.0:
                self.tops += weight

    @property
    def mean(self) -> float:
        """The weighted mean value."""
        return self.total / self.weight if self.weight else 0.0

    @property
    def mean_place(self) -> float:
        """The weighted mean place (1 first) of the playouts that reached the hand's end; 0 where none did."""
        return self.places / self.placed if self.placed else 0.0

    @property
    def top_share(self) -> float:
        """The weighted share of playouts that ended on top."""
        return self.tops / self.weight if self.weight else 0.0

    def share_at(self, place: int) -> float:
        """The weighted share of playouts that reached the hand's end in ``place``, the best place still open
        (no playout can do better): 0 where none reached it.

        >>> s = Stat(); s.add(0.5, place=2); s.add(0.0, place=3)
        >>> s.share_at(2), s.share_at(1)
        (0.5, 0.0)
        """
        if self.best_place and place > self.best_place:
            raise ValueError(f"a playout reached place {self.best_place}: place {place} is not the best open")
        return self.at_best / self.weight if self.weight and place == self.best_place else 0.0

    @property
    def ahead_share(self) -> float:
        """The weighted share of playouts that left the seat above the table's average."""
        return self.aheads / self.weight if self.weight else 0.0


class _Node:
    """One action's node: who chose it, how often it was visited and legal, and the values backed up."""

    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class SearchBot:
    """Chooses by ISMCTS (see the module); ``heuristic`` plays the rollouts by default."""

    asks_forced_moves = False  # one legal action: it is returned, nothing drawn or kept

    def __init__(self, seed: int = 0, game: str = "bum-game", config: SearchConfig | None = None) -> None:
        from bumtable.bots import make_bot  # the registry of bots names this one too

        self.config = config or SearchConfig()
        self.rng = random.Random(seed)
        self.family: Family = system(game).family
        self.name = "search"
        self.policy: Bot = (
            make_bot("heuristic", seed, game) if self.config.rollout == "heuristic" else RandomBot(seed)
        )
        self.deals_dealt = 0
        """Deals of the hidden cards made so far (numbers them for ``margin``'s paired test)."""
        self.iterations_done = 0
        """Iterations the last decision searched (for tests and measurements)."""
        self.stats: dict[str, Stat] = {}
        """What the last decision's search found for each action it tried, by the action's text (for hints:
        :mod:`bumtable.bots.hints`). Empty when the decision was forced."""
        self.favourite: str | None = None
        """The rollout policy's own choice in the last decision, by its text, where :meth:`_best` broke ties
        for it and held it to ``margin``'s test (``favourite_ties`` or ``margin``; else ``None``): a hint
        says when a tie went to it."""
        self.cut_short = False
        """Whether the last playout was cut short and valued by the estimate."""
        self.places: Sequence[int] = ()
        """Each seat's place in the last playout, where it reached the hand's end (else empty)."""

    def choose(self, observation: Any) -> Any:
        legal = legal_or_raise(observation)
        self.stats = {}
        self.favourite = None
        if len(legal) == 1:
            return legal[0]
        text: Callable[[Any], str] = observation.rules.action_text
        by_key = {text(a): a for a in legal}
        if len(by_key) == 1:
            return legal[0]
        if self.config.paired:
            prune, ranked = self.config.prune, getattr(self.policy, "ranked", None)
            if prune and len(by_key) > prune and ranked is not None:
                order = dict.fromkeys(text(a) for a in ranked(observation))
                by_key = {k: by_key[k] for k in list(order)[:prune]}
            if self.config.halving and len(by_key) > 2:
                return by_key[self._halving(observation, by_key)]
            return by_key[self._paired(observation, by_key)]
        root = self._search(observation, text)
        self.stats = {k: Stat(c.visits, c.total, weight=c.visits) for k, c in root.children.items()}
        best = max(
            by_key,
            key=lambda k: (
                (root.children[k].visits, root.children[k].total) if k in root.children else (-1, 0.0)
            ),
        )
        return by_key[best]

    def _paired(self, observation: Any, by_key: dict[str, Any]) -> str:
        """Flat Monte Carlo with every action played out on the same determinizations: each new deal of the
        hidden cards is played out once after each legal action, so actions are compared on the same cards (a
        paired comparison: far less noise than each action on its own deals). The key of the best mean (ties
        and ``margin``: see :meth:`_best`)."""
        config = self.config
        favourite = None  # with a margin, the rollout policy's choice is asked before the playouts
        if config.margin:
            favourite = observation.rules.action_text(self.policy.choose(observation))
        stats = self.stats = {key: Stat() for key in by_key}
        deadline = None if config.seconds is None else time.perf_counter() + config.seconds
        done = 0
        while done == 0 or done + len(by_key) <= config.iterations:
            done += self._one_deal(observation, by_key, list(by_key), stats)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations_done = done
        if favourite is None and config.favourite_ties:  # (after them, as before margin existed)
            favourite = observation.rules.action_text(self.policy.choose(observation))
        return self._best(list(stats), stats, favourite)

    def _best(self, keys: list[str], stats: dict[str, Stat], favourite: str | None) -> str:
        """The key of the best total of ``keys`` (ties: see ``favourite_ties``; a best that is not the rollout
        policy's choice, ``favourite``, must also pass ``margin``'s test)."""
        config = self.config
        if favourite is None or not (config.favourite_ties or config.margin):
            return max(keys, key=lambda k: stats[k].total)
        self.favourite = favourite
        best = max(keys, key=lambda k: (stats[k].total, k == favourite))
        shown = best == favourite or favourite not in stats or not config.margin
        return best if shown or paired_gain(stats[best], stats[favourite], config.margin) else favourite

    def _halving(self, observation: Any, by_key: dict[str, Any]) -> str:
        """Paired flat search by sequential halving: ``ceil(log2(k))`` rounds for ``k`` actions, each round
        giving the actions still in play an equal share of what is left of the budget for it, all on the same
        new deals; after each round the better half (by the mean over every deal so far, which all of them
        shared) goes on. Every action is played out at least once (so a decision with more actions than the
        budget takes ``k`` playouts); a round whose share is less than one deal each adds none and halves on
        what was found. The rollout policy's own choice is never dropped before the last round. The key of
        the best."""
        config = self.config
        alive = list(by_key)
        favourite = observation.rules.action_text(self.policy.choose(observation))
        stats = self.stats = {key: Stat() for key in by_key}
        rounds = math.ceil(math.log2(len(alive)))
        deadline = None if config.seconds is None else time.perf_counter() + config.seconds
        done = 0
        for r in range(rounds):
            deals = (config.iterations - done) // (rounds - r) // len(alive)
            for _ in range(deals if r else max(1, deals)):
                done += self._one_deal(observation, by_key, alive, stats)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            if r == rounds - 1 or (deadline is not None and time.perf_counter() >= deadline):
                break
            ranked = sorted(alive, key=lambda k: -stats[k].total)
            keep = ranked[: math.ceil(len(alive) / 2)]
            if favourite in alive and favourite not in keep and len(keep) > 1:
                keep[-1] = favourite
            alive = keep
        self.iterations_done = done
        return self._best(alive, stats, favourite)

    def _one_deal(
        self, observation: Any, by_key: dict[str, Any], keys: list[str], stats: dict[str, Stat]
    ) -> int:
        """Deal the hidden cards once, weigh the deal, and play it out after each of ``keys``' actions, adding
        to their stats; the playouts made."""
        family = self.family
        base = family.sample_state(observation, self.rng)
        if family.stop_at_hand_end is not None:  # playouts end with the hand: no next hand dealt
            family.stop_at_hand_end(base)
        start = family.hands_over(base)
        weight = self._weight(observation, base)
        deal = self.deals_dealt if self.config.margin else None
        self.deals_dealt += 1
        for key in keys:
            state = base.copy(history=False)
            state.apply(by_key[key], check=False)
            value = self._play_out(state, start)[observation.seat]
            place = self.places[observation.seat] if self.places else 0
            stats[key].add(value, weight, deal, self.cut_short, place)
        return len(keys)

    def _weight(self, observation: Any, deal: AnyState) -> float:
        """How much the deal counts: 1, or with ``infer`` set, how well it explains the others' moves."""
        slip = self.config.infer
        if not slip:
            return 1.0
        weigh = WEIGHTS.get(self.family.name)
        return 1.0 if weigh is None else weigh(observation, deal, self.policy, slip)

    def _search(self, observation: Any, text: Callable[[Any], str]) -> _Node:
        config, rng, family = self.config, self.rng, self.family
        root = _Node(-1)
        deadline = None if config.seconds is None else time.perf_counter() + config.seconds
        done = 0
        while done < config.iterations:
            done += 1
            state = family.sample_state(observation, rng)
            if family.stop_at_hand_end is not None:
                family.stop_at_hand_end(state)
            start = family.hands_over(state)
            path = self._select_and_expand(root, state, start, text)
            values = self._play_out(state, start)
            for node in path:
                node.visits += 1
                node.total += values[node.actor]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations_done = done
        return root

    def _select_and_expand(
        self, root: _Node, state: AnyState, start: int, text: Callable[[Any], str]
    ) -> list[_Node]:
        """Walk down the tree in this determinization, adding one node; the path (the root left out)."""
        c, hands_over = self.config.exploration, self.family.hands_over
        node, path = root, list[_Node]()
        depth = self.config.max_depth or 1_000_000
        while not state.is_over() and hands_over(state) == start and len(path) < depth:
            actor = state.current_player()
            assert actor is not None
            keyed = {text(a): a for a in state.legal_actions()}
            untried = []
            for key in keyed:
                child = node.children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.avail += 1
            if untried:
                key = self._expansion(state, actor, untried, text)
                child = node.children[key] = _Node(actor)
                state.apply(keyed[key], check=False)
                path.append(child)
                return path
            key = max(keyed, key=lambda k: _ucb(node.children[k], c))
            node = node.children[key]
            state.apply(keyed[key], check=False)
            path.append(node)
        return path

    def _expansion(self, state: AnyState, actor: int, untried: list[str], text: Callable[[Any], str]) -> str:
        """The action to add a node for: the one the rollout policy would play, if it has none yet (so the first
        replies searched are the likely ones, not random ones), else one of the untried at random."""
        if self.config.guided and len(untried) > 1:
            choice = text(self.policy.choose(state.observe(actor)))
            if choice in untried:
                return choice
        return untried[self.rng.randrange(len(untried))]

    def _play_out(self, state: AnyState, start: int) -> Sequence[float]:
        """Play the rest of the hand (or game); each seat's value there, from 0 (last, or the fewest points)
        to 1 (first, or the most points); a playout cut short is scored by the place-like estimate of
        :func:`~bumtable.bots.search_eval.estimate` whatever the ``reward``."""
        family, policy, rng = self.family, self.policy, self.rng
        random_policy = self.config.rollout == "random"
        for _ in range(self.config.max_rollout):
            if state.is_over() or family.hands_over(state) != start:
                break
            actor = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif random_policy:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy.choose(state.observe(actor))
            state.apply(action, check=False)
        else:
            if not state.is_over() and family.hands_over(state) == start:
                self.cut_short = True
                self.places = ()
                return estimate(family.name, state, self.config.cutoff, self.config.token_weight)
        self.cut_short = False
        places = family.hand_places(state)
        assert places is not None
        self.places = places
        values = self._points(state) if self.config.reward == "points" else None
        if values is None:
            values = place_values(places)
        w = self.config.first_weight
        if w:
            return [(1 - w) * v + (w if p == 1 else 0.0) for v, p in zip(values, places, strict=True)]
        return values

    def _points(self, state: AnyState) -> tuple[float, ...] | None:
        """Each seat's points in the hand just over, scaled from the worst (0) to the best (1); None where the
        family does not tell them or every seat scored alike."""
        points = self.family.hand_points(state)
        if not points:
            return None
        low, high = min(points), max(points)
        if high == low:
            return None
        return tuple((p - low) / (high - low) for p in points)


def paired_gain(better: Stat, base: Stat, margin: float) -> bool:
    """Whether ``better`` beats ``base`` by more than ``margin`` standard errors of their difference, deal by
    deal over the deals both were played out on (each counted by its weight).

    >>> a, b = Stat(), Stat()
    >>> for deal, (x, y) in enumerate([(1, 0), (1, 0), (1, 1), (0, 0)]):
    ...     a.add(x, deal=deal); b.add(y, deal=deal)
    >>> paired_gain(a, b, 1.0), paired_gain(a, b, 2.0)  # differences 1, 1, 0, 0: mean 0.5, error 0.29
    (True, False)
    """
    mine, theirs = better.by_deal or {}, base.by_deal or {}
    shared = [(mine[d][0] - theirs[d][0], mine[d][1]) for d in mine if d in theirs]
    total = sum(w for _, w in shared)
    if len(shared) < 2 or total <= 0:
        return False
    squares = sum(w * w for _, w in shared)
    if total - squares / total <= 0:  # all the weight on one deal: nothing to test with
        return False
    mean = sum(w * x for x, w in shared) / total
    # the weighted sample variance (unbiased for weights that count repeats: n - 1 when every weight is 1)
    variance = sum(w * (x - mean) ** 2 for x, w in shared) / (total - squares / total)
    return mean > margin * math.sqrt(variance * squares / (total * total))


def place_values(places: Sequence[int]) -> tuple[float, ...]:
    """Each player's value from their place: first 1, last 0, linear between (tied places share a value).

    >>> place_values((2, 4, 1, 3))
    (0.6666666666666666, 0.0, 1.0, 0.3333333333333333)
    """
    worst = len(places) - 1 or 1
    return tuple((len(places) - p) / worst for p in places)


def _ucb(node: _Node, c: float) -> float:
    return node.total / node.visits + c * math.sqrt(math.log(node.avail) / node.visits)

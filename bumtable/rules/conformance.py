"""One conformance checker for every rules system, in the style of Pgx's ``api_test``: :func:`check_game`
plays a random game through the interface alone and checks every promise of :mod:`bumtable.rules.protocol`
on the way; plug-ins add a family's own checks."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, is_dataclass, replace
from typing import Any, Protocol

from bumtable.rules.conformance_wire import wire_facts_problem
from bumtable.rules.events import Event
from bumtable.rules.outcome import REASONS, Outcome
from bumtable.rules.protocol import AnyObservation, AnyRules, AnyState
from bumtable.rules.record import GameRecord
from bumtable.rules.registry import family_of
from bumtable.rules.wire_memo import WireMemo


class ConformanceError(AssertionError):
    """A rules system broke a promise of the interface; the message says which, where."""


class Plugin(Protocol):
    """A family's own checks, called at each step of a checked game."""

    def start(self, state: AnyState) -> None: ...

    def step(self, before: AnyState, action: Any, after: AnyState) -> None: ...


@dataclass
class Stats:
    """What a checked game covered."""

    actions: int = 0
    samples: int = 0
    wire_checks: int = 0
    events: int = 0
    phases: set[str] = field(default_factory=set)
    over: bool = False


Sampler = Callable[[AnyObservation, random.Random], AnyState]


def check_game(
    rules: AnyRules,
    seed: int,
    *,
    max_actions: int = 400,
    every: int = 7,
    plugins: Sequence[Plugin] = (),
    sample_state: Sampler | None = None,
) -> Stats:
    """Play ``rules`` from ``seed`` at random and check the game; the costly checks every ``every`` actions."""
    rng = random.Random(seed)
    state = rules.new_state(seed)
    sampler = sample_state or family_of(rules).sample_state
    where = f"{rules.system} for {rules.players}, seed {seed}"
    n = rules.players
    stats = Stats()
    for plugin in plugins:
        plugin.start(state)
    choices: list[int] = []
    while not state.is_over() and stats.actions < max_actions:
        at = f"{where}, action {stats.actions + 1}"
        _expect(state.outcome() is None, at, "outcome() must be None while the game runs")
        seat = state.current_player()
        _expect(seat is not None and 0 <= seat < n, at, f"current_player() is {seat!r}")
        assert seat is not None
        legal = state.legal_actions()
        _check_legal(rules, state, seat, legal, at)
        obs = state.observe(seat)
        stats.phases.add(obs.phase)
        if stats.actions % every == 0:
            _check_sampling(state, seat, (seat + 1 + rng.randrange(n - 1)) % n, sampler, rng, at)
            _check_wire(rules, obs, at)
            _check_shared_wire(state, at)
            _check_copies(state, legal, rng, at)
            problem = wire_facts_problem(state)
            _expect(problem is None, at, problem or "")
            stats.samples += 1
            stats.wire_checks += 1
        k = rng.randrange(len(legal))
        choices.append(k)
        before = state.copy() if plugins else state
        state.apply(legal[k])
        for plugin in plugins:
            plugin.step(before, legal[k], state)
        stats.actions += 1
    stats.events = _check_events(state, n, where)
    _check_steps(state, n, where)
    if state.is_over():
        stats.over = True
        _check_outcome(state.outcome(), n, where)
        _expect(state.legal_actions() == (), where, "a finished game has no legal actions")
        _expect(state.current_player() is None, where, "a finished game has no player to act")
    _check_record(rules, seed, state, choices, where)
    return stats


def _expect(ok: bool, at: str, message: str) -> None:
    if not ok:
        raise ConformanceError(f"{at}: {message}")


def _check_legal(rules: AnyRules, state: AnyState, seat: int, legal: tuple[Any, ...], at: str) -> None:
    _expect(isinstance(legal, tuple), at, f"legal_actions() must be a tuple, not {type(legal).__name__}")
    _expect(len(legal) > 0, at, "no legal action while the game runs")
    _expect(len(set(legal)) == len(legal), at, "legal_actions() lists an action twice")
    seen: Any = state.observe(seat)
    if is_dataclass(seen) and not isinstance(seen, type):
        seen = replace(seen)  # made afresh: observe may hand over the state's legal actions, kept with it
    obs_legal = seen.legal_actions()
    _expect(obs_legal == legal, at, "the observation's legal actions differ from the state's")
    space = rules.action_space()
    codes = set()
    for action in legal:
        reason = state.why_illegal(action)
        _expect(reason is None, at, f"why_illegal refuses the legal {rules.action_text(action)!r}: {reason}")
        code = space.encode(action)
        _expect(
            0 <= code < space.size, at, f"code {code} of {rules.action_text(action)!r} is outside the space"
        )
        _expect(space.decode(code) == action, at, f"decode(encode({rules.action_text(action)!r})) differs")
        text = rules.action_text(action)
        _expect(rules.parse_action(text) == action, at, f"parse_action(action_text(a)) differs for {text!r}")
        codes.add(code)
    mask = space.mask(legal)
    _expect(len(mask) == space.size, at, "the mask is not the size of the action space")
    marked = {i for i, m in enumerate(mask) if m}
    _expect(marked == codes, at, "the mask does not mark exactly the legal actions")


def _check_sampling(
    state: AnyState, seat: int, other: int, sampler: Sampler, rng: random.Random, at: str
) -> None:
    for who in (seat, other):
        obs = state.observe(who)
        guess = sampler(obs, rng)
        _expect(guess.observe(who) == obs, at, f"observe(sample_state(o), {who}) != o in phase {obs.phase!r}")
        if who == seat:
            _expect(
                guess.legal_actions() == state.legal_actions(), at, "a sampled state has other legal actions"
            )


def _check_wire(rules: AnyRules, obs: AnyObservation, at: str) -> None:
    data = obs.to_dict()
    text = json.dumps(data)
    _expect(
        "rules" not in data, at, "an observation's wire form must not carry the rules (they are sent once)"
    )
    _expect(data.get("system") == rules.system, at, "an observation's wire form must name its system")
    legal = data.get("legal")
    _expect(isinstance(legal, list), at, "an observation's wire form must list the legal actions ('legal')")
    space = rules.action_space()
    expected = [{"text": rules.action_text(a), "code": space.encode(a)} for a in obs.legal_actions()]
    _expect(
        legal == expected, at, "the wire form's legal actions are not the observation's, with their codes"
    )
    back = family_of(rules).observation_from_dict(json.loads(text), rules)
    _expect(back.to_dict() == data, at, "an observation read back from its wire form writes another")


def _check_shared_wire(state: AnyState, at: str) -> None:
    memo: WireMemo = {}
    for viewer in [*range(state.rules.players), None]:
        obs = state.observe(viewer)
        _expect(
            obs.to_dict(memo) == obs.to_dict(),
            at,
            f"viewer {viewer}'s wire form differs when written with a memo",
        )


def _check_copies(state: AnyState, legal: tuple[Any, ...], rng: random.Random, at: str) -> None:
    seat = state.current_player()
    views = [state.observe(p) for p in range(state.rules.players)]
    light = state.copy(history=False)
    _expect(list(light.history) == [], at, "copy(history=False) keeps the history")
    _expect(
        [light.observe(p) for p in range(state.rules.players)] == views, at, "a light copy observes otherwise"
    )
    twin = state.copy()
    twin.apply(legal[rng.randrange(len(legal))])
    _expect(state.current_player() == seat, at, "an action on a copy moved the original's turn")
    _expect(
        [state.observe(p) for p in range(state.rules.players)] == views,
        at,
        "an action on a copy changed the original",
    )
    light.apply(legal[0])
    _expect(
        [state.observe(p) for p in range(state.rules.players)] == views,
        at,
        "an action on a light copy changed the original",
    )


def _check_events(state: AnyState, n: int, where: str) -> int:
    public = state.events(None)
    _expect(
        [e.seq for e in public] == list(range(len(public))), where, "events are not numbered 0, 1, 2, ..."
    )
    for e in public:
        _expect(e.count >= len(e.cards), where, f"event {e.seq} ({e.kind}) counts fewer cards than it shows")
    for seat in range(n):
        seen = state.events(seat)
        _expect(
            len(seen) == len(public), where, f"seat {seat} and a spectator see different numbers of events"
        )
        for mine, theirs in zip(seen, public, strict=True):
            _check_event_pair(mine, theirs, seat, where)
        tail = state.events(seat, len(seen) // 2)
        _expect(tail == seen[len(seen) // 2 :], where, "events(seat, start) is not the tail from start")
    return len(public)


def _check_steps(state: AnyState, n: int, where: str) -> None:
    for viewer in [*range(n), None]:
        last = 0
        for e in state.events(viewer):
            _expect(
                e.step - last in (0, 1),
                f"{where}, event {e.seq} ({e.kind})",
                f"viewer {viewer}'s steps skip from {last} to {e.step}",
            )
            last = e.step
        _expect(
            state.step(viewer) == last,
            where,
            f"viewer {viewer}'s steps skip: step() is {state.step(viewer)}, its latest event's step {last}",
        )
        _expect(
            last <= len(state.history), where, f"viewer {viewer} was told of more actions than were taken"
        )


def _check_event_pair(mine: Event, public: Event, seat: int, where: str) -> None:
    at = f"{where}, event {public.seq} ({public.kind})"
    _expect(
        (mine.seq, mine.step, mine.kind, mine.player, mine.to)
        == (public.seq, public.step, public.kind, public.player, public.to),
        at,
        f"seat {seat} sees another event than a spectator",
    )
    _expect(mine.count == public.count, at, "the number of cards of an event differs by viewer")
    if mine.cards != public.cards:
        _expect(
            seat in (mine.player, mine.to),
            at,
            f"seat {seat} sees cards {mine.cards} that are hidden from the table, but is no party to the event",
        )
        _expect(public.cards == (), at, "a spectator sees some of an event's hidden cards")


def _check_outcome(outcome: Outcome | None, n: int, where: str) -> None:
    _expect(outcome is not None, where, "a finished game must have an outcome")
    assert outcome is not None
    _expect(
        len(outcome.places) == len(outcome.scores) == len(outcome.returns) == n,
        where,
        "the outcome needs a place, a score and a return per player",
    )
    _expect(all(1 <= p <= n for p in outcome.places), where, f"places {outcome.places} are not within 1..{n}")
    _expect(outcome.reason in REASONS, where, f"unknown reason {outcome.reason!r}")
    _expect(outcome.length >= 1, where, "a finished game lasted at least one hand, turn or round")
    _expect(math.isclose(sum(outcome.returns), 0.0, abs_tol=1e-9), where, "returns must sum to zero")
    _expect(all(-1.0 <= r <= 1.0 for r in outcome.returns), where, "returns lie in [-1, 1]")
    if outcome.winners:
        _expect(
            set(outcome.winners) == {p for p in range(n) if outcome.places[p] == 1},
            where,
            "the winners are exactly the players in first place",
        )
        best = max(outcome.returns)
        _expect(
            all(outcome.returns[w] == best for w in outcome.winners), where, "a winner has a lower return"
        )
    else:
        _expect(all(r == 0.0 for r in outcome.returns), where, "a game nobody won returns 0 to everyone")
    _expect(
        Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome,
        where,
        "the outcome does not round-trip through JSON",
    )


def _check_record(rules: AnyRules, seed: int, state: AnyState, choices: list[int], where: str) -> None:
    n = rules.players
    views = [state.observe(p) for p in range(n)] + [state.observe(None)]
    again = rules.new_state(seed)
    for k in choices:
        again.apply(again.legal_actions()[k])
    record = GameRecord.of(state)
    _expect(GameRecord.of(again) == record, where, "the same seed and choices gave another record")
    replayed = GameRecord.from_json(record.to_json()).replay()
    _expect(
        [replayed.observe(p) for p in range(n)] + [replayed.observe(None)] == views,
        where,
        "the record's JSON replays to other observations",
    )
    dealt = rules.new_state(seed + 1, chance=state.chance.draws)
    for action in state.history:
        dealt.apply(action)
    _expect(
        [dealt.observe(p) for p in range(n)] + [dealt.observe(None)] == views,
        where,
        "the chance draws, given to another seed, deal another game",
    )

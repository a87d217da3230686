"""Engines broken on purpose: the conformance checker must catch each break, naming it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from bumtable.rules import Outcome, get
from bumtable.rules.conformance import ConformanceError, check_game
from bumtable.rules.events import EventLog


class BrokenState:
    """A real state with one method replaced (the rest passes through)."""

    def __init__(self, inner: Any, rules: Any, **overrides: Any) -> None:
        self._inner = inner
        self._over = overrides
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        if name in self._over:
            return lambda *a, **k: self._over[name](self._inner, *a, **k)
        return getattr(self._inner, name)

    def copy(self, *, history: bool = True) -> Any:
        if "copy" in self._over:
            return self._over["copy"](self)
        return BrokenState(self._inner.copy(history=history), self.rules, **self._over)


class BrokenRules:
    """Real rules whose states (or action space) are broken."""

    def __init__(self, inner: Any, space: Any = None, **overrides: Any) -> None:
        self._inner = inner
        self._space = space
        self._over = overrides

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def new_state(self, seed: int, *, chance: Any = None) -> Any:
        return BrokenState(self._inner.new_state(seed, chance=chance), self, **self._over)

    def action_space(self) -> Any:
        return self._space or self._inner.action_space()


class DropFirstMask:
    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.size = inner.size
        self.encode, self.decode = inner.encode, inner.decode

    def mask(self, legal: Iterable[Any]) -> bytearray:
        legal = list(legal)
        return self.inner.mask(legal[1:])


def bad_outcome(inner: Any) -> Outcome | None:
    real = inner.outcome()
    if real is None:
        return None
    n = len(real.places)
    return Outcome(real.places, real.scores, (1.0,) * n, real.winners, real.reason, real.length)


@pytest.mark.parametrize("game", ["president", "gin-bummy", "boojum"])
@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        ({"legal_actions": lambda s: list(s.legal_actions())}, "must be a tuple"),
        (
            {"events": lambda s, seat, start=0: s.events(None if seat is None else 0, start)},
            "no party to the event",
        ),
        ({"copy": lambda s: s}, "on a copy"),
        (
            {
                "events": lambda s, seat, start=0: [
                    replace(e, step=e.step + (e.step > 9)) for e in s.events(seat, start)
                ]
            },
            "steps skip from 9 to 11",
        ),
        ({"step": lambda s, seat: s.step(seat) + 1}, "steps skip: step"),
    ],
    ids=[
        "mutable-legal-list",
        "events-leak-seat-0-cards",
        "copy-shares-state",
        "events-skip-a-step",
        "step-ahead",
    ],
)
def test_a_broken_state_fails_the_checker(game: str, break_it: dict[str, Any], message: str) -> None:
    rules = BrokenRules(get(game), **break_it)
    with pytest.raises(ConformanceError, match=message):
        check_game(rules, seed=3, max_actions=200, every=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["bum-game", "gin-bummy", "boojum"])
def test_a_sampler_that_ignores_the_observation_fails(game: str) -> None:
    rules = get(game)
    with pytest.raises(ConformanceError, match="sample_state"):
        check_game(
            rules,
            seed=5,
            max_actions=50,
            every=1,
            sample_state=lambda o, rng: rules.new_state(rng.randrange(9)),
        )


@pytest.mark.parametrize("game", ["arsehole", "gin-bummy", "boojum"])
def test_a_mask_that_misses_a_legal_action_fails(game: str) -> None:
    real = get(game)
    rules = BrokenRules(real, space=DropFirstMask(real.action_space()))
    with pytest.raises(ConformanceError, match="mask does not mark exactly"):
        check_game(rules, seed=2, max_actions=50)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["gin-bummy", "zheng-shangyou"])
def test_returns_that_do_not_sum_to_zero_fail(game: str) -> None:
    rules = BrokenRules(get(game), outcome=bad_outcome)
    with pytest.raises(ConformanceError, match="sum to zero"):
        check_game(rules, seed=1, max_actions=100_000, every=500)  # type: ignore[arg-type]


def test_the_checker_passes_the_real_engines_it_breaks_above() -> None:
    for game in ("president", "gin-bummy", "boojum"):
        stats = check_game(get(game), seed=3, max_actions=60, every=3)
        assert stats.actions == 60


@pytest.mark.parametrize(
    ("game", "module", "name"),
    [
        ("boojum", "bumtable.rules.boojum.observation", "phase_actions"),
        ("gin-bummy", "bumtable.rules.gin_bummy.observation", "legal_actions"),
    ],
)
def test_an_observation_whose_own_legal_actions_are_wrong_fails(
    game: str, module: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The observation may be handed the state's legal actions; the checker works them out from its fields."""
    real = getattr(__import__(module, fromlist=[name]), name)
    monkeypatch.setattr(f"{module}.{name}", lambda *a: real(*a)[1:])
    with pytest.raises(ConformanceError, match="observation's legal actions differ"):
        check_game(get(game), seed=3, max_actions=60, every=1)


CHOICE_TOLD_TO_NOBODY: dict[str, Any] = {
    "target": 0,
    "rounds": 3,
    "revolution_declare": "optional",
    "revolution_triggers": [[2, 1], [3, 1]],
}
"""The Bum Game where a revolution is declared by choice: declining while another player may still declare is told
to nobody (with seed 8 and ``every=50``, the checker's game has such a choice)."""


def test_events_numbered_by_every_action_fail_where_a_choice_was_told_to_nobody(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Numbered by the actions taken, the events after a choice told to nobody would skip a step, telling of it."""
    add = EventLog.add

    def numbered_by_actions(log: EventLog, kind: str, action: int, **fields: Any) -> None:
        add(log, kind, action, **fields)
        event, insiders, public_text = log.entries[-1]
        log.entries[-1] = (replace(event, step=action), insiders, public_text)

    monkeypatch.setattr(EventLog, "add", numbered_by_actions)
    with pytest.raises(ConformanceError, match="steps skip"):
        check_game(get("bum-game", players=4, **CHOICE_TOLD_TO_NOBODY), seed=8, max_actions=400, every=50)

"""``bumtable join`` says why a typed move is not legal from the seat's observation alone, as read back from the
wire: the reason must be the one the server's state gives (the rules' own words), for every system."""

from __future__ import annotations

import random

import pytest

from bumtable.cli.remote_view import why_illegal_from
from bumtable.rules import get, systems
from bumtable.rules.registry import family_of


@pytest.mark.parametrize("game", systems())
def test_the_reason_worked_out_from_the_observation_is_the_states_own(game: str) -> None:
    rules = get(game)
    family, space = family_of(rules), rules.action_space()
    rng = random.Random(7)
    state = rules.new_state(11)
    checked = refused = 0
    while not state.is_over() and checked < 60:
        seat = state.current_player()
        assert seat is not None
        if len(state.legal_actions()) > 1:
            obs = family.observation_from_dict(state.observe(seat).to_dict(), rules)  # as the client has it
            why = why_illegal_from(obs)
            for code in rng.sample(range(space.size), min(space.size, 40)):
                action = space.decode(code)
                assert why(action) == state.why_illegal(action), (game, rules.action_text(action))
                refused += state.why_illegal(action) is not None
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10 and refused > 100

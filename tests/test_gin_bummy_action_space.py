"""Gin Bummy's action space: its size follows from the rules, it holds every action that can ever be legal
and nothing else, codes round-trip, and the mask marks exactly the legal actions of states and observations."""

from __future__ import annotations

import random

import pytest

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.errors import IllegalActionError
from bumtable.rules.gin_bummy import (
    ACE,
    BUM,
    DISCARD,
    DRAW_BEG,
    DRAW_STOCK,
    JOKER_PLAY,
    VARIANTS,
    GinBummyAction,
    GinBummyRules,
    all_actions,
    gin_bummy,
    position,
)
from bumtable.rules.gin_bummy.cards import is_number

NUMBERS = [c for c in range(8, JOKER) if is_number(c)]


def _variants() -> list[GinBummyRules]:
    out = []
    for i, name in enumerate(["", *VARIANTS]):
        rules = gin_bummy(2 + i % 3)
        out.append(rules.replace(**VARIANTS[name](rules)) if name else rules)
    return [*out, gin_bummy(3).replace(jokers=1), gin_bummy(2).replace(jokers=1, joker_carries_joker=False)]


@pytest.mark.parametrize(
    ("options", "size"),
    [
        ({}, 3 + 48 + 4 + 53),
        ({"joker_carries_joker": False}, 3 + 48 + 4 + 52),
        ({"jokers": 1}, 3 + 48 + 4 + 52),
        ({"jokers": 0}, 3 + 48 + 4),
        ({"players": 4, "turn_over": "shuffle", "call": "next-turn"}, 108),
    ],
)
def test_the_size_follows_from_the_jokers_and_whether_one_may_carry_the_other(
    options: dict[str, object], size: int
) -> None:
    space = gin_bummy().replace(**options).action_space()
    assert space.size == size == len(all_actions(gin_bummy().replace(**options)))


def test_the_layout_is_a_base_and_an_offset_per_kind_of_action() -> None:
    rules = gin_bummy()
    space = rules.action_space()
    kinds = [space.decode(i).kind for i in range(space.size)]
    assert kinds[:3] == [DRAW_STOCK, DRAW_BEG, BUM]
    assert kinds[3:51] == [DISCARD] * 48 and kinds[51:55] == [ACE] * 4 and kinds[55:] == [JOKER_PLAY] * 53
    for i, c in enumerate(range(8, 56)):  # 2c .. Ks, in code order
        assert space.encode(GinBummyAction(DISCARD, c)) == 3 + i
    assert [space.decode(51 + i).text for i in range(4)] == ["ace Ac", "ace Ad", "ace Ah", "ace As"]
    assert space.encode(rules.parse_action("joker JK 2c")) == 55
    assert space.encode(rules.parse_action("joker JK JK")) == 107


def test_actions_the_rules_never_allow_have_no_code() -> None:
    space = gin_bummy().replace(joker_carries_joker=False).action_space()
    for action in (
        GinBummyAction(DISCARD, JOKER),
        GinBummyAction(DISCARD, int(Card.parse("As"))),
        GinBummyAction(ACE, int(Card.parse("7c"))),
        GinBummyAction(JOKER_PLAY, JOKER),
    ):
        with pytest.raises(IllegalActionError, match="not in this game's action space"):
            space.encode(action)
    with pytest.raises(IllegalActionError, match=r"outside 0\.\.106"):
        space.decode(107)


def test_the_space_is_built_once_per_rules_and_equal_rules_share_it() -> None:
    assert gin_bummy(3).action_space() is gin_bummy(3).action_space()
    assert gin_bummy(3).action_space() is not gin_bummy(3).replace(jokers=0).action_space()


def _position_where_legal(rules: GinBummyRules, action: GinBummyAction) -> list[GinBummyAction]:
    """The legal actions of a position built so that ``action`` should be one of them."""
    others = [""] * (rules.players - 1)
    card = action.card
    filler = [c for c in NUMBERS if c != card and (card < 0 or c >> 2 != card >> 2)][:5]
    hand = [str(Card(c)) for c in filler]
    if action.kind == BUM:  # a turn that begins with a winning hand (whenever the rules call)
        state = position(rules, ["2s 6h 4d 9c", *others])
    elif action.kind == DRAW_BEG:
        state = position(rules, [" ".join(hand[:4]), *others], beg=hand[4])
    elif action.kind == DISCARD and is_number(card):
        state = position(rules, [" ".join([*hand[:4], str(Card(card))]), *others], stock_top=hand[4])
        state.apply(rules.parse_action("draw stock"))
    elif action.kind == JOKER_PLAY:
        state = position(rules, [" ".join([*hand, "JK", str(Card(card))]), *others])
    else:  # draw stock, a face card, an Ace
        extra = [str(Card(card))] if card >= 0 else []
        state = position(rules, [" ".join([*hand, *extra]), *others])
    return list(state.legal_actions())


@pytest.mark.parametrize(
    "rules", _variants(), ids=lambda r: f"{r.players}p-{r.jokers}jk-{r.joker_carries_joker}"
)
def test_every_action_of_the_space_is_legal_in_some_position(rules: GinBummyRules) -> None:
    space = rules.action_space()
    for code in range(space.size):
        action = space.decode(code)
        assert action in _position_where_legal(rules, action), action.text


def test_the_mask_marks_exactly_the_legal_actions_in_random_positions_of_every_variant() -> None:
    checked = 0
    for k, rules in enumerate(_variants()):
        space = rules.action_space()
        for seed in range(8):
            rng = random.Random(100 * k + seed)
            state = rules.new_state(100 * k + seed)
            while not state.is_over():
                legal = state.legal_actions()
                codes = [space.encode(a) for a in legal]
                assert [space.decode(c) for c in codes] == list(legal)
                assert all(rules.parse_action(space.decode(c).text) == space.decode(c) for c in codes)
                mask = space.mask(legal)
                assert len(mask) == space.size and {i for i, m in enumerate(mask) if m} == set(codes)
                obs = state.observe(state.current_player())
                assert space.mask(obs.legal_actions()) == mask
                assert not any(
                    any(space.mask(state.observe(p).legal_actions()))
                    for p in range(rules.players)
                    if p != state.current_player()
                )
                state.apply(legal[rng.randrange(len(legal))])
                checked += 1
    assert checked > 1000

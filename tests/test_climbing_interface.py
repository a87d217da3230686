"""The climbing engine keeps the one interface's promises: explicit chance, cheap independent copies,
immutable legal actions, one Outcome, events that never show a viewer a hidden card, and an exact
action space in which every legal action has a code."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bumtable.bots import make_bot
from bumtable.errors import IllegalActionError, RulesError
from bumtable.rules import Rules, State, get, legal_mask
from bumtable.rules import events as ev
from bumtable.rules.climbing.action_space import all_actions, block_bases, largest_hand
from bumtable.rules.climbing.observation import legal_from
from bumtable.rules.climbing.plays import PASS_PLAY, SEQUENCE, SET
from bumtable.rules.outcome import ROUNDS, TARGET

PRESETS: list[tuple[str, int, tuple[str, ...]]] = [
    ("bum-game", 3, ()),
    ("bum-game", 4, ()),
    ("bum-game", 5, ("optional-revolution", "bum-only")),
    ("bum-game", 8, ("simultaneous-exchange",)),
    ("president", 3, ()),
    ("president", 4, ("must-play",)),
    ("president", 5, ()),
    ("president", 8, ()),
    ("zheng-shangyou", 4, ()),
    ("zheng-shangyou", 5, ("twos-in-sequences",)),
    ("zheng-shangyou", 6, ("partnership", "flush-breaks-ties")),
    ("zheng-shangyou", 7, ("eldest-leads",)),
    ("zheng-shangyou", 12, ()),
    ("arsehole", 3, ("final-position",)),
    ("arsehole", 4, ("bridge-suits", "two-card-exchange")),
    ("arsehole", 5, ("multiple-sequences", "follow-with-more", "jokers", "wild-twos")),
    ("arsehole", 6, ("single-sequences", "reverse-both", "bridge-suits")),
]
IDS = ["-".join((g, str(n), *v)) for g, n, v in PRESETS]


def rules_of(game: str, players: int, variants: tuple[str, ...]) -> Rules:
    return get(game, players=players, variants=variants)


def playout(rules: Rules, seed: int, limit: int = 100_000) -> Iterator[State]:
    """Each state of a random match (before each action), then the last one."""
    state = rules.new_state(seed)
    rng = random.Random(seed)
    for _ in range(limit):
        yield state
        if state.is_over():
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- chance


@pytest.mark.parametrize(("game", "players", "variants"), PRESETS[::3], ids=IDS[::3])
def test_a_chance_script_deals_the_same_match_under_another_seed(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = rules_of(game, players, variants)
    original = list(playout(rules, 5, limit=300))[-1]
    again = rules.new_state(99, chance=original.chance.draws)
    probe = rules.new_state(5)
    for action in original.history:
        for seat in (None, *range(players)):
            assert again.observe(seat) == probe.observe(seat)
        again.apply(action)
        probe.apply(action)
    assert again.hands == original.hands and again.scores == original.scores
    assert again.chance.draws == original.chance.draws


def test_a_chance_script_that_is_not_an_order_of_the_deck_is_refused() -> None:
    rules = get("bum-game", players=4)
    draws = [list(d) for d in rules.new_state(5).chance.draws]
    draws[-1][0] = draws[-1][1]  # a card twice, another missing
    with pytest.raises(RulesError, match="chance script draw"):
        rules.new_state(5, chance=draws)
    with pytest.raises(RulesError, match="chance script draw"):
        rules.new_state(5, chance=[[1, 2, 3]])


# ---------------------------------------------------------------- copies and legal actions


def test_legal_actions_are_an_immutable_tuple_the_caller_cannot_change() -> None:
    state = get("president", players=4).new_state(3)
    legal = state.legal_actions()
    assert isinstance(legal, tuple) and legal
    with pytest.raises(AttributeError):
        legal.clear()  # type: ignore[attr-defined]
    assert state.legal_actions() == legal
    assert state.observe(state.current_player()).legal_actions() == legal


def test_a_copy_without_history_is_independent_and_plays_on_exactly_like_the_original() -> None:
    rules = get("bum-game", players=4)
    state = list(playout(rules, 8, limit=200))[-1]
    cheap = state.copy(history=False)
    assert cheap.history == [] and cheap.log is None and cheap.events(0) == [] and cheap.chance.draws == []
    full = state.copy()
    assert full.history == state.history and full.events(None) == state.events(None)
    rng = random.Random(1)
    before = state.observe(None)
    while not cheap.is_over():
        legal = cheap.legal_actions()
        action = legal[rng.randrange(len(legal))]
        cheap.apply(action)
        full.apply(action)
        assert cheap.observe(None) == full.observe(None)  # the same deals: the generator was copied
    assert state.observe(None) == before  # neither copy touched the original
    assert cheap.outcome() == full.outcome()


# ---------------------------------------------------------------- outcome


@pytest.mark.parametrize(("game", "players", "variants"), PRESETS[::2], ids=IDS[::2])
def test_the_outcome_puts_the_match_winner_first_alone_and_the_rest_by_score(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = rules_of(game, players, variants).replace(target=0, rounds=3)
    for seed in range(2):
        *_, state = playout(rules, seed)
        outcome = state.outcome()
        assert outcome is not None and outcome.reason == ROUNDS
        assert outcome.length == state.hand_no == len(state.results) == 3
        w = state.winner
        assert outcome.winners == (w,) and outcome.places[w] == 1
        assert outcome.scores == tuple(state.scores)
        assert abs(sum(outcome.returns)) < 1e-9
        for p in range(players):
            if p == w:
                continue
            above = sum(1 for q in range(players) if q != w and state.scores[q] > state.scores[p])
            assert outcome.places[p] == 2 + above


def test_a_match_winner_tied_on_points_is_still_first_alone() -> None:
    rules = get("bum-game", players=4, target=6)
    for seed in range(300):
        *_, state = playout(rules, seed)
        w = state.winner
        tied = [p for p in range(4) if p != w and state.scores[p] == state.scores[w]]
        if tied:  # first to reach the target wins; the other, on equal points, is second
            outcome = state.outcome()
            assert outcome is not None and outcome.reason == TARGET and outcome.winners == (w,)
            assert all(outcome.places[p] == 2 for p in tied)
            return
    raise AssertionError("no tie at the target in 300 seeds")


def test_no_outcome_while_the_match_is_on() -> None:
    assert get("zs").new_state(1).outcome() is None


# ---------------------------------------------------------------- events


def may_see(event: ev.Event, seat: int | None) -> bool:
    """Whether ``seat`` may see an event's cards, from what the cards are (written out from the rules):
    a hand only its holder, cards passed face down only giver and receiver; plays, revolutions and the
    cut are public."""
    if event.kind == ev.DEAL:
        return seat == event.player
    if event.kind == ev.GIVE:
        return seat in (event.player, event.to)
    return event.kind in (ev.PLAY, ev.REVOLUTION, "cut")


@pytest.mark.parametrize(("game", "players", "variants"), PRESETS, ids=IDS)
def test_no_event_shows_a_viewer_a_card_it_may_not_see(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = rules_of(game, players, variants)
    kinds: set[str] = set()
    for seed in range(2):
        *_, state = playout(rules, seed, limit=1500)
        full = state.events(None)
        for seat in (None, *range(players)):
            seen = state.events(seat)
            assert len(seen) == len(full) == len(state.log)  # type: ignore[attr-defined]
            for event, (whole, _, _) in zip(seen, state.log.entries, strict=True):  # type: ignore[attr-defined]
                kinds.add(event.kind)
                if may_see(whole, seat):
                    assert event == whole
                else:
                    assert event.cards == (), f"{seat} sees {event}"
                    assert event.count == whole.count
                    if event.kind == ev.GIVE:  # the count and the two players, never the cards
                        assert (
                            event.text
                            == f"gives {whole.count} card{'s' if whole.count != 1 else ''} to P{event.to}"
                        )
    assert {ev.DEAL, ev.PLAY, ev.PASS, ev.TRICK, ev.LEAD, ev.OUT, ev.HAND_OVER} <= kinds
    if rules.exchange:
        assert ev.GIVE in kinds


def test_events_give_the_reasons_a_trick_ends_and_a_player_leads() -> None:
    rules = get("president", players=4)
    reasons: set[str] = set()
    leads: set[str] = set()
    for seed in range(3):
        *_, state = playout(rules, seed, limit=2000)
        for e in state.events(None):
            if e.kind == ev.TRICK:
                reasons.add(e.text)
            elif e.kind == ev.LEAD:
                leads.add(e.text)
    assert {"passes", "four-of-a-value", "wipe", "sat-out"} <= reasons
    assert {"lead-card", "bum", "trick-winner", "after-winner"} <= leads


def test_the_match_ends_with_a_game_over_event_naming_the_winner_and_the_reason() -> None:
    *_, state = playout(get("arsehole", players=4), 2)
    last = state.events(1)[-1]
    assert last.kind == ev.GAME_OVER and last.player == state.winner and last.text == TARGET


def test_a_declined_revolution_leaves_no_trace_for_the_other_seats() -> None:
    rules = get("bum-game", players=4, variants=["optional-revolution"])
    for seed in range(200):
        state = rules.new_state(seed)
        if state.phase != "revolution":
            continue
        decider = state.current_player()
        start = len(state.events(None))
        state.apply(rules.parse_action("no-revolution"))
        for seat in (None, *range(4)):
            assert not any(e.player == decider and e.kind == ev.REVOLUTION for e in state.events(seat, start))
        return
    raise AssertionError("no first-hand revolution decision in 200 seeds")


# ---------------------------------------------------------------- the action space


@pytest.mark.parametrize(("game", "players", "variants"), PRESETS, ids=IDS)
def test_every_legal_action_has_a_code_that_decodes_back_and_the_mask_is_the_legal_set(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = rules_of(game, players, variants)
    space = rules.action_space()
    assert rules.action_space() is space  # built once per rules
    for seed in range(3):
        for state in playout(rules, seed, limit=600):
            legal = state.legal_actions()
            codes = [space.encode(a) for a in legal]
            assert [space.decode(c) for c in codes] == list(legal)
            mask = legal_mask(state)
            assert len(mask) == space.size and sum(mask) == len(set(legal))
            assert all(mask[c] for c in codes)
            seat = state.current_player()
            if seat is not None:
                obs = state.observe(seat)
                assert legal_mask(obs) == mask
                assert legal_from(obs) == legal  # the seat's own view works out the same actions


def test_the_space_is_every_kind_of_play_in_blocks_with_pass_first() -> None:
    rules = get("zheng-shangyou", players=5)
    space = rules.action_space()
    blocks = block_bases(rules)
    assert blocks["pass"] == (0, 1) and space.decode(0) == PASS_PLAY
    assert list(blocks) == ["pass", "set", "sequence", "give"]
    base, size = blocks["sequence"]
    plays = [space.decode(c) for c in range(base, base + size)]
    assert all(p.kind == SEQUENCE for p in plays)
    assert any(p.cards[-1] > p.rank for p in plays)  # wild cards filling a sequence
    assert any(p.suit >= 0 for p in plays)  # flushes
    assert all(p.size <= largest_hand(rules) for p in plays)
    assert space.size == sum(s for _, s in blocks.values()) == len(all_actions(rules))


def test_a_code_outside_the_space_and_an_action_the_rules_never_allow_are_refused() -> None:
    space = get("president", players=4).action_space()
    with pytest.raises(IllegalActionError, match="outside"):
        space.decode(space.size)
    with pytest.raises(IllegalActionError, match="not in this game's action space"):
        space.encode(get("bum-game", players=4).parse_action("seq 3 4 5"))  # no sequences in President


def test_sets_of_the_space_hold_wild_cards_only_where_the_rules_allow_them() -> None:
    rules = get("bum-game", players=4)
    t = rules.tables
    for play in rules.action_space().actions:  # type: ignore[attr-defined]
        if play.kind == SET:
            assert all(c == play.rank or c in t.subs[play.rank] for c in play.cards)


def test_a_state_stopped_at_its_hands_end_deals_no_next_hand_and_refuses_every_action() -> None:
    state = get("president", players=4).new_state(seed=4)
    state.stop_at_hand_end()
    bot = make_bot("heuristic", 1, "president")
    last = None
    while (seat := state.current_player()) is not None:
        last = state.legal_actions()[0]
        state.apply(bot.choose(state.observe(seat)))
    copy = state.copy(history=False)
    assert len(state.results) == 1 and not state.is_over() and copy.current_player() is None
    assert state.legal_actions() == () and state.observe(0).turn is None
    assert last is not None and "deals no next hand" in (state.why_illegal(last) or "")

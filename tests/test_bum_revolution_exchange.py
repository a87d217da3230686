"""The Bum Game: revolutions and the card exchange, for 3, 4 and 5 players, and the variants.

``deal`` rigs the deck so that each role is dealt the cards we write (through the
engine's own deal, revolution and exchange), at the start of the second hand unless
said otherwise: the first hand has no exchange.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import BUM_RANKS, FOUR, REVOLT4, codes, deal, find_seed, get, held, rank_texts

from bumtable import rules as R
from bumtable.rules import State

R3, R4, R5 = get(3), get(4), get(5)


def hand_codes(state: State, player: int) -> list[int]:
    return sorted(int(c) for c in state.hand_of(player))


def ranks(text: str) -> list[str]:
    return rank_texts(codes(text))


def jokers_to(rules: R.Rules, role: int, k: int) -> dict[int, str]:
    """Role ``role`` dealt ``k`` Jokers and its lowest other cards (other roles get the rest)."""
    size = rules.hand_sizes()[role]
    return {role: " ".join(["JK"] * k + list(BUM_RANKS[: size - k]))}


# ---------------------------------------------------------------- the exchange


def test_exchange_for_4_boss_gives_2_lowest_bum_gives_2_highest_keeping_jokers() -> None:
    state, _ = deal(R4, FOUR)
    assert state.revolution is None and state.roles == [0, 1, 2, 3]
    # Boss: gives 4c 5c, gets the Bum's 2s and Ks (the Bum keeps his Joker).
    assert hand_codes(state, 0) == sorted(codes("6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 2d Ad 2s Ks"))
    assert hand_codes(state, 3) == sorted(codes("3s 4s 5s 6s 7s 8s 9s 10s Js Qs JK 4c 5c"))
    # Foreman gives his lowest card (a 3) to the Worker, who gives his highest non-Joker (an Ace).
    assert held(state, 1) == ranks("3 4 5 6 7 8 9 10 J Q K A A 2")
    assert held(state, 2) == ranks("JK 3 3 4 5 6 7 8 9 10 J Q K")
    assert state.ncards == [14, 14, 13, 13]
    assert state.phase == "play" and state.current_player() == 0  # no choice to make: the Boss leads


def test_exchange_records_who_gave_what_to_whom() -> None:
    state, _ = deal(R4, FOUR)
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    assert moves == {(0, 3): ["4", "5"], (3, 0): ["K", "2"], (1, 2): ["3"], (2, 1): ["A"]}


def test_exchange_for_3_boss_gives_lowest_card_bum_gives_highest_non_joker_middleman_none() -> None:
    hands = {
        0: "4c 4d 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c JK",
        2: "3c 3d 3h 5d 6d 7d 8d 9d 10d Jd Qd Kd JK",
    }
    state, dealt = deal(R3, hands)
    assert state.revolution is None
    assert held(state, 0) == ranks("4 5 6 7 8 9 10 J Q K K A 2 JK")
    assert held(state, 2) == ranks("3 3 3 4 5 6 7 8 9 10 J Q JK")
    assert hand_codes(state, 1) == sorted(dealt[1])  # the Middleman neither passes nor receives
    assert {(t.giver, t.receiver) for t in state.transfers} == {(0, 2), (2, 0)}


def test_exchange_for_5_boss_bum_two_foreman_worker_one_middleman_none() -> None:
    hands = {
        0: "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 2d",
        1: "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h 3s",
        3: "JK 2s As Ks Qs Js 10s 9s 8s 7s 6s 5s 4s",
        4: "JK 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad",
    }
    state, dealt = deal(R5, hands)
    assert state.revolution is None
    assert held(state, 0) == ranks("5 6 7 8 9 10 J Q K K A A 2 2")  # gave 3 4, got A K
    assert held(state, 4) == ranks("JK 3 3 4 4 5 6 7 8 9 10 J Q")  # gave A K, kept the Joker
    assert held(state, 1) == ranks("3 4 5 6 7 8 9 10 J Q K A 2 2")  # gave a 3, got the 2
    assert held(state, 3) == ranks("JK 3 4 5 6 7 8 9 10 J Q K A")  # gave the 2, kept the Joker
    assert hand_codes(state, 2) == sorted(dealt[2])  # the Middleman neither passes nor receives
    counts = Counter((t.giver, t.receiver, len(t.cards)) for t in state.transfers)
    assert counts == Counter({(0, 4, 2): 1, (4, 0, 2): 1, (1, 3, 1): 1, (3, 1, 1): 1})


def test_the_bum_passes_twos_before_aces() -> None:
    # Twos rank above Aces: a Bum holding JK 2 2 A keeps the Joker and gives the two Twos.
    hands = {3: "JK 2s 2h As Ks Qs Js 10s 9s 8s 7s 6s 5s"}
    state, _ = deal(R4, hands)
    assert state.revolution is None
    assert rank_texts(next(t.cards for t in state.transfers if t.giver == 3)) == ["2", "2"]


LOW_BUM = {
    0: "10c 10d 10h 10s Jc Jd Jh Js Qc Qd Qh Qs Kc Kd",
    3: "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s JK",
}


def test_the_bum_passes_in_turn_after_receiving_the_bosss_cards() -> None:
    # "The Bum, in turn, must pass his two highest cards": having received the Boss's two 10s,
    # they are his highest, and they go back.
    state, _ = deal(R4, LOW_BUM)
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    assert moves[(0, 3)] == ["10", "10"] and moves[(3, 0)] == ["10", "10"]
    # With the simultaneous-exchange variant he passes his own highest, the 5s.
    state, _ = deal(get(4, "simultaneous-exchange"), LOW_BUM)
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    assert moves[(0, 3)] == ["10", "10"] and moves[(3, 0)] == ["5", "5"]


def test_no_exchange_in_the_first_hand() -> None:
    state, dealt = deal(R4, FOUR, hand_no=1)
    assert state.transfers == []
    for role in range(4):
        assert hand_codes(state, role) == sorted(dealt[role])


# ---------------------------------------------------------------- revolutions, 4 players


def test_revolution_when_the_worker_has_both_jokers_roles_rotate_from_the_exchange_on() -> None:
    state, _ = deal(R4, REVOLT4)
    assert state.revolution is not None and state.revolution.player == 2 and state.revolution.jokers == 2
    # Worker -> Boss, Bum -> Foreman, Boss -> Worker, Foreman -> Bum.
    assert state.roles == [2, 3, 0, 1]
    assert [state.role_name(p) for p in range(4)] == ["Worker", "Bum", "Boss", "Foreman"]
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    # New Boss (2) gives his two lowest to the new Bum (1), who gives his two highest non-Jokers.
    # New Foreman (3) gives his lowest to the new Worker (0), who gives his highest non-Joker.
    assert moves == {(2, 1): ["5", "6"], (1, 2): ["A", "2"], (3, 0): ["3"], (0, 3): ["2"]}
    assert held(state, 2).count("JK") == 2  # the Jokers go back into her hand
    assert state.current_player() == 2  # the new Boss leads


def test_revolution_when_the_bum_has_both_jokers() -> None:
    hands = {**REVOLT4, 2: REVOLT4[3], 3: REVOLT4[2]}
    state, _ = deal(R4, hands)
    assert state.revolution is not None and state.revolution.player == 3
    assert state.roles == [2, 3, 0, 1]  # the same rotation: the Worker (2) is the new Boss
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    assert moves == {(2, 1): ["3", "4"], (1, 2): ["A", "2"], (3, 0): ["5"], (0, 3): ["2"]}
    assert state.current_player() == 2


@pytest.mark.parametrize("role", [0, 1])
def test_no_revolution_when_the_boss_or_foreman_has_both_jokers(role: int) -> None:
    state, _ = deal(R4, jokers_to(R4, role, 2))
    assert state.revolution is None and state.roles == [0, 1, 2, 3]
    assert state.current_player() == 0


def test_no_revolution_when_worker_and_bum_have_one_joker_each() -> None:
    state, _ = deal(R4, FOUR)
    assert state.revolution is None


def test_revolution_in_the_first_hand_changes_roles_but_there_is_no_exchange() -> None:
    def worker_revolts(s: State) -> bool:
        return s.revolution is not None and s.revolution.old_roles[s.revolution.player] == 2

    _, state = find_seed(R4, worker_revolts)
    rev = state.revolution
    assert rev is not None
    assert state.hand_no == 1 and state.transfers == []
    assert state.roles == [(2, 3, 0, 1)[r] for r in rev.old_roles]
    assert state.roles[rev.player] == 0 and state.current_player() == rev.player


def test_hand_results_record_the_roles_after_the_revolution() -> None:
    state, _ = deal(R4, REVOLT4)
    while not state.results:
        state.apply(state.legal_actions()[0])
    result = state.results[0]
    assert result.revolution and result.roles == (2, 3, 0, 1)


# ---------------------------------------------------------------- revolutions, 3 and 5 players


def test_revolution_for_3_only_the_bum_and_boss_and_bum_swap() -> None:
    hands = {
        0: "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 3d",
        2: "JK JK 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad",
    }
    state, _ = deal(R3, hands)
    assert state.revolution is not None and state.revolution.player == 2
    assert state.roles == [2, 1, 0]  # the Middleman stays the Middleman
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in state.transfers}
    assert moves == {(2, 0): ["4"], (0, 2): ["2"]}  # the new Boss passes his lowest, gets the 2
    assert state.current_player() == 2


@pytest.mark.parametrize("role", [0, 1])
def test_no_revolution_for_3_unless_the_bum_has_both_jokers(role: int) -> None:
    state, _ = deal(R3, jokers_to(R3, role, 2))
    assert state.revolution is None and state.roles == [0, 1, 2]


@pytest.mark.parametrize(("role", "k"), [(4, 2), (4, 3), (3, 3)])
def test_revolution_for_5_bum_with_two_jokers_or_worker_with_all_three(role: int, k: int) -> None:
    state, _ = deal(R5, jokers_to(R5, role, k))
    assert state.revolution is not None and state.revolution.player == role
    # Worker -> Boss, Bum -> Foreman, Boss -> Middleman, Foreman -> Worker, Middleman -> Bum.
    assert state.roles == [2, 3, 4, 0, 1]
    pairs = Counter((t.giver, t.receiver, len(t.cards)) for t in state.transfers)
    # New Boss (3) and new Bum (2) swap two cards; new Foreman (4) and new Worker (1) one.
    assert pairs == Counter({(3, 2, 2): 1, (2, 3, 2): 1, (4, 1, 1): 1, (1, 4, 1): 1})
    assert state.current_player() == 3


@pytest.mark.parametrize(("role", "k"), [(3, 2), (4, 1), (0, 3), (2, 3), (1, 2)])
def test_no_revolution_for_5_otherwise(role: int, k: int) -> None:
    state, _ = deal(R5, jokers_to(R5, role, k))
    assert state.revolution is None and state.roles == [0, 1, 2, 3, 4]


# ---------------------------------------------------------------- variants


def test_bum_only_variant_worker_with_both_jokers_cancels_the_exchange_only() -> None:
    rules = get(4, "bum-only")
    state, dealt = deal(rules, REVOLT4)
    assert state.revolution is None and state.roles == [0, 1, 2, 3]
    assert state.cancelled_exchange and state.transfers == []
    for role in range(4):
        assert hand_codes(state, role) == sorted(dealt[role])
    assert state.current_player() == 0


def test_bum_only_variant_bum_with_both_jokers_is_a_true_revolution() -> None:
    rules = get(4, "bum-only")
    state, _ = deal(rules, {**REVOLT4, 2: REVOLT4[3], 3: REVOLT4[2]})
    assert state.revolution is not None and state.revolution.player == 3
    assert state.roles == [2, 3, 0, 1] and not state.cancelled_exchange and state.transfers


def test_bum_only_variant_for_5_worker_with_all_three_jokers_cancels_the_exchange() -> None:
    rules = get(5, "bum-only")
    state, _ = deal(rules, jokers_to(rules, 3, 3))
    assert state.revolution is None and state.cancelled_exchange and state.transfers == []
    state, _ = deal(rules, jokers_to(rules, 4, 2))
    assert state.revolution is not None


def test_exchange_goes_ahead_when_nobody_has_the_jokers_in_the_bum_only_variant() -> None:
    state, _ = deal(get(4, "bum-only"), FOUR)
    assert not state.cancelled_exchange and len(state.transfers) == 4


@pytest.mark.parametrize("variant", ["single-session", "one-hour"])
def test_single_session_and_one_hour_games_have_no_exchange(variant: str) -> None:
    rules = get(4, variant)
    state, dealt = deal(rules, FOUR)
    assert state.transfers == []
    for role in range(4):
        assert hand_codes(state, role) == sorted(dealt[role])


def test_optional_revolution_the_joker_holder_decides() -> None:
    rules = get(4, "optional-revolution")
    state, _ = deal(rules, REVOLT4)
    assert state.phase == "revolution" and state.current_player() == 2
    assert sorted(rules.action_text(a) for a in state.legal_actions()) == ["no-revolution", "revolution"]
    assert state.transfers == [] and state.roles == [0, 1, 2, 3]

    declared = R.apply(state, rules.parse_action("revolution"))
    automatic, _ = deal(R4, REVOLT4)
    assert declared.roles == automatic.roles == [2, 3, 0, 1]
    assert declared.hands == automatic.hands
    assert declared.current_player() == 2

    declined = R.apply(state, rules.parse_action("no-revolution"))
    assert declined.revolution is None and declined.roles == [0, 1, 2, 3]
    moves = {(t.giver, t.receiver): rank_texts(t.cards) for t in declined.transfers}
    # The usual exchange: the Worker keeps both Jokers and passes the 2.
    assert moves == {(0, 3): ["3", "3"], (3, 0): ["A", "2"], (1, 2): ["3"], (2, 1): ["2"]}
    assert declined.current_player() == 0


def test_optional_revolution_is_offered_only_to_a_player_dealt_the_trigger() -> None:
    state, _ = deal(get(4, "optional-revolution"), FOUR)
    assert state.phase == "play"
    assert all(a.kind_name in ("set", "sequence") for a in state.legal_actions())


def test_optional_revolution_can_be_decided_in_the_first_hand() -> None:
    rules = get(4, "optional-revolution")
    _, state = find_seed(rules, lambda s: s.phase == "revolution")
    assert state.hand_no == 1
    holder = state.current_player()
    after = R.apply(state, rules.parse_action("revolution"))  # apply() copies the state first
    assert after.revolution is not None and after.revolution.player == holder
    assert after.roles[holder] == 0 and after.transfers == []
    declined = R.apply(state, rules.parse_action("no-revolution"))
    assert declined.revolution is None and declined.current_player() == state.roles.index(0)

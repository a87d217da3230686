"""President (``/work/shared/rules/president.txt``): each test is named after the rule it checks.

Positions are reached three ways: seeded new matches (``find_seed``), a rigged second-round deal
(``rigged``: role ``r`` is dealt chosen cards, through the engine's own deal and exchange), and
hand-built play positions (``ptable``: conftest's ``table`` with the seats put in player order).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from checker import check_random_play
from conftest import codes, find_seed, play, reason, seated, texts

from bumtable import rules as R
from bumtable.cards import Card
from bumtable.errors import IllegalActionError, NotationError, RulesError
from bumtable.rules import Chance, GameRecord, Rules, State
from bumtable.rules.climbing.plays import GIVE, PASS, SET, Play
from bumtable.rules.climbing.state import Transfer
from bumtable.rules.president import roles_for

C3 = int(Card.parse("3c"))
D3 = int(Card.parse("3d"))


def pres(players: int, *variants: str) -> Rules:
    return R.get("president", players=players, variants=list(variants))


def ptable(players: int, hands: list[str], *, turn: int = 0, variants: tuple[str, ...] = ()) -> State:
    """A play position, player ``p`` holding ``hands[p]``, seated in player order 0, 1, 2, ..."""
    return seated(pres(players, *variants), hands, turn=turn)


def rank(state: State, code: int) -> int:
    return state.rules.tables.rank_of_code[code]


def all_codes(state: State, player: int) -> list[int]:
    return [c for cards in state.hands[player] for c in cards]


def rigged(players: int, hands: dict[int, str], *, seed: int = 0) -> tuple[State, dict[int, list[int]]]:
    """Round 2 where player ``p`` had role ``p`` and is dealt ``hands[p]`` (plus the lowest cards left).

    The seats stay the match's random order; the Bum deals from the player on his left.
    """
    rules = pres(players)
    n = players
    state = rules.new_state(seed)
    state.roles = list(range(n))
    state.roles_assigned = True
    state.hand_no = 1
    start = state.order.index(n - 1) + 1
    dealt_to = [state.order[(start + j) % n] for j in range(n)]
    size_of = dict(zip(dealt_to, rules.hand_sizes(), strict=True))
    rest = Counter(int(c) for c in rules.deck())
    dealt: dict[int, list[int]] = {}
    for p, text in hands.items():
        dealt[p] = codes(text)
        rest.subtract(dealt[p])
        assert min(rest.values()) >= 0, f"{text!r} repeats a card"
    leftover = sorted(rest.elements(), key=lambda c: (rank(state, c), c))
    for p in range(n):
        need = size_of[p] - len(dealt.get(p, []))
        assert need >= 0, f"player {p} is dealt only {size_of[p]} cards"
        dealt[p] = dealt.get(p, []) + leftover[:need]
        leftover = leftover[need:]
    got = dict.fromkeys(range(n), 0)
    deck = []
    for i in range(rules.deck_size):
        p = dealt_to[i % n]
        deck.append(dealt[p][got[p]])
        got[p] += 1
    state.chance = Chance(seed, [deck])  # the next shuffle (the deal) puts the deck in this order
    state._start_hand()
    state._legal = None
    return state, dealt


def to_round(state: State, hand_no: int, rng: random.Random) -> State:
    while state.hand_no < hand_no and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------- deal, seating, roles


@pytest.mark.parametrize("players", range(3, 9))
def test_52_cards_are_dealt_as_evenly_as_possible(players: int) -> None:
    rules = pres(players)
    for seed in range(5):
        state = rules.new_state(seed)
        counts = [len(all_codes(state, p)) for p in range(players)]
        assert counts == state.ncards
        assert sum(counts) == 52 and max(counts) - min(counts) <= 1
        assert sorted(counts, reverse=True) == list(rules.hand_sizes())
        dealt = Counter(c for p in range(players) for c in all_codes(state, p))
        assert dealt == Counter(int(c) for c in rules.deck())
    assert rules.deck_size == 52 and rules.jokers == 0


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_first_round_has_no_roles_no_exchange_and_the_3_of_diamonds_leads(players: int) -> None:
    rules = pres(players)
    for seed in range(8):
        state = rules.new_state(seed)
        assert state.hand_no == 1 and state.phase == "play"
        assert not state.roles_assigned and state.transfers == []
        holder = next(p for p in range(players) if D3 in all_codes(state, p))
        assert state.current_player() == state.leader == holder
        assert state.top is None
    # whoever holds it leads, wherever they sit: here the last seat
    _, state = find_seed(rules, lambda s: D3 in all_codes(s, s.order[-1]))
    assert state.current_player() == state.order[-1]


def test_seating_is_a_random_order_fixed_for_the_match() -> None:
    rules = pres(5)
    assert rules.new_state(3).order == rules.new_state(3).order
    orders = {tuple(rules.new_state(seed).order) for seed in range(30)}
    assert len(orders) > 10
    assert all(sorted(o) == list(range(5)) for o in orders)
    state = rules.new_state(7)
    seats = list(state.order)
    rng = random.Random(1)
    for hand in range(2, 6):
        to_round(state, hand, rng)
        assert state.hand_no == hand
        assert state.order == seats  # roles changed, the seats did not
    assert len({tuple(r.order) for r in state.results}) > 1


def test_role_names_president_vice_president_neutral_vice_bum_bum() -> None:
    assert roles_for(3) == ("President", "Neutral", "Bum")
    assert roles_for(4) == ("President", "Vice-president", "Vice-bum", "Bum")
    assert roles_for(5) == ("President", "Vice-president", "Neutral", "Vice-bum", "Bum")
    assert roles_for(8)[2:6] == ("Neutral 1", "Neutral 2", "Neutral 3", "Neutral 4")
    assert pres(7).points == (6, 5, 4, 3, 2, 1, 0)


@pytest.mark.parametrize("players", [3, 5])
def test_roles_come_from_the_finishing_order_of_the_previous_round(players: int) -> None:
    state = to_round(pres(players).new_state(2), 2, random.Random(2))
    order = state.results[0].order
    assert sorted(order) == list(range(players))
    for place, p in enumerate(order):
        assert state.roles[p] == place
    names = [state.role_name(p) for p in order]
    assert names == list(roles_for(players))
    assert names[0] == "President" and names[-1] == "Bum"


def test_later_rounds_the_bum_leads_after_trading_and_play_keeps_the_same_order() -> None:
    state = to_round(pres(5).new_state(4), 2, random.Random(4))
    seats = list(state.order)
    bum, president = state.results[0].order[-1], state.results[0].order[0]
    assert state.phase == "exchange" and state.current_player() == president
    while state.phase == "exchange":
        state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.current_player() == state.leader == bum
    # play goes round the same seats: after the Bum, the next seat clockwise
    state.apply(next(a for a in state.legal_actions() if a.kind == SET and a.rank != state.rules.tables.wipe))
    assert state.current_player() == seats[(seats.index(bum) + 1) % 5]
    assert state.order == seats


# ---------------------------------------------------------------- trading


def test_trading_3_players_bum_gives_best_card_except_3c_then_president_chooses_any() -> None:
    # The Bum holds the 3 of clubs (ranked above the 2s), the 2 of clubs and the Ace of clubs.
    state, _ = rigged(3, {0: "2d 2h 2s Ad Ah As", 2: "3c 2c Ac"})
    president, bum = 0, 2
    assert state.phase == "exchange" and state.current_player() == president
    ace_c, two_c = int(Card.parse("Ac")), int(Card.parse("2c"))
    # the 3 of clubs ranks above the 2 but the Bum keeps it; the 2 of clubs is his best other card
    assert state.transfers == [Transfer(bum, president, (two_c,))]
    assert C3 in all_codes(state, bum) and two_c in all_codes(state, president)
    # legal actions are the President's give choices: one card of any rank he holds
    legal = state.legal_actions()
    assert all(a.kind == GIVE and a.size == 1 for a in legal)
    held_ranks = {rank(state, c) for c in all_codes(state, president)}
    assert {a.cards[0] for a in legal} == held_ranks
    assert "give 2" in texts(state)  # any card, even the one just received
    # wrong number, cards not held, and plays are refused with a reason
    assert reason(state, "give 4 5") == "give exactly 1 card, not 2"
    assert "do not hold" in (reason(state, "give 3c") or "")
    assert "choose 1 card to give" in (reason(state, "set 4") or "")
    assert "choose 1 card to give" in (reason(state, "pass") or "")
    with pytest.raises(IllegalActionError):
        play(state, "give 4 5")
    sizes = list(state.ncards)
    four = state.hands[president][1][-1]
    play(state, "give 4")
    assert state.transfers[1] == Transfer(president, bum, (four,))
    assert rank(state, four) == 1
    assert state.ncards[president] == sizes[president] - 1 and state.ncards[bum] == sizes[bum] + 1
    assert state.phase == "play" and state.current_player() == bum
    assert "there is nothing to give now" in (reason(state, "give 4") or "")
    assert ace_c in all_codes(state, bum)


def test_trading_3_players_bum_gives_the_ace_when_the_president_holds_every_2() -> None:
    state, _ = rigged(3, {0: "2c 2d 2h 2s Ad Ah As", 2: "3c Ac"})
    assert state.transfers == [Transfer(2, 0, (int(Card.parse("Ac")),))]


def test_trading_4_plus_players_president_bum_two_cards_vice_president_vice_bum_one() -> None:
    hands = {0: "2h 2s 4c 4d", 1: "5c 6c", 2: "7c", 3: "Kc Kd 9c", 4: "3c 2c 2d As"}
    state, _ = rigged(5, hands, seed=3)
    president, vp, vb, bum = 0, 1, 3, 4
    sym = state.rules.tables.symbol_index
    # the Bum's two best cards but the 3 of clubs go up first; the President chooses two
    assert state.transfers == [Transfer(bum, president, tuple(codes("2d 2c")))]
    assert state.phase == "exchange" and state.current_player() == president
    assert all(a.kind == GIVE and a.size == 2 for a in state.legal_actions())
    assert reason(state, "give 4") == "give exactly 2 cards, not 1"
    assert "do not hold" in (reason(state, "give K K") or "")
    play(state, "give 4 4")
    assert state.transfers[1].giver == president and state.transfers[1].receiver == bum
    assert [rank(state, x) for x in state.transfers[1].cards] == [sym["4"], sym["4"]]
    # then the Vice-bum's best card goes to the Vice-president, who chooses one
    assert state.transfers[2].giver == vb and state.transfers[2].receiver == vp
    assert [rank(state, x) for x in state.transfers[2].cards] == [sym["K"]]
    assert state.phase == "exchange" and state.current_player() == vp
    assert all(a.kind == GIVE and a.size == 1 for a in state.legal_actions())
    assert reason(state, "give 4 5") == "give exactly 1 card, not 2"
    five = state.hands[vp][sym["5"]][-1]
    play(state, "give 5")
    assert state.transfers[3] == Transfer(vp, vb, (five,))
    assert len(state.transfers) == 4  # Neutral (player 2) trades nothing
    assert C3 in all_codes(state, bum)
    assert state.phase == "play" and state.current_player() == bum
    assert state.ncards == [len(all_codes(state, p)) for p in range(5)]
    assert sorted(state.ncards, reverse=True) == list(pres(5).hand_sizes())


# ---------------------------------------------------------------- plays and tricks


def test_a_play_is_1_to_4_cards_of_one_value() -> None:
    state = ptable(3, ["5c 5d 5h 5s 9c 3c 3d", "6c", "7c"])
    assert texts(state) == {"set 5", "set 5 5", "set 5 5 5", "set 5 5 5 5", "set 9", "set 3", "set 3c"}
    assert "pass" not in texts(state)
    assert "cannot pass" in (reason(state, "pass") or "")
    for bad in ("set 5 9", "set 3 3c", "5 9"):
        with pytest.raises(NotationError):
            state.rules.parse_action(bad)
    assert "short of" in (reason(state, "set 3c 3c") or "")  # there is one 3 of clubs
    assert "short of" in (reason(state, "set 9 9") or "")
    play(state, "set 5 5 5 5")
    assert state.ncards[0] == 3


def test_a_follow_has_the_same_number_of_cards_and_equal_or_higher_value() -> None:
    state = ptable(3, ["7c 7d 4c", "6c 6d 7h 8c 8d 8h 9c 9d", "Kc"])
    play(state, "set 7 7")
    assert texts(state) == {"set 8 8", "set 9 9", "pass"}
    assert "does not beat" in (reason(state, "set 6 6") or "")
    assert "exactly 2 cards" in (reason(state, "set 8 8 8") or "")
    assert "exactly 2 cards" in (reason(state, "set 7") or "")
    play(state, "set 8 8")
    assert state.top_player == 1 and state.current_player() == 2
    # an equal value may follow
    state = ptable(3, ["7c 4c", "7d 4d", "Kc"])
    play(state, "set 7")
    assert "set 7" in texts(state) and reason(state, "set 7") is None
    play(state, "set 7")
    assert state.top_player == 1 and state.current_player() == 2
    state = ptable(3, ["7c 4c", "8d 8h 4d", "Kc"])
    play(state, "set 7")
    assert "exactly 1 card to follow 7" in (reason(state, "set 8 8") or "")  # one card, not "1 cards"


def test_a_player_who_passes_cannot_play_again_until_the_trick_ends() -> None:
    state = ptable(4, ["5c Jc 4d", "Ac 2c 4h", "6c Kc 4s", "7c Qc 8c"])
    play(state, "set 5", "pass")
    assert state.sat_out[1]
    play(state, "set 6", "set 7", "set J")
    assert state.current_player() == 2  # player 1 passed: skipped, though he could beat the Jack
    play(state, "set K", "pass")
    assert state.current_player() == 0
    play(state, "pass")  # everyone else has passed after the King: the trick ends
    assert state.top is None and state.current_player() == 2
    assert state.sat_out == [False] * 4
    play(state, "set 4", "set 8", "pass")
    assert state.current_player() == 1 and "set A" in texts(state)  # a new trick: he may play again


def test_by_default_a_player_who_passed_may_not_come_back_even_with_the_3_of_clubs() -> None:
    state = ptable(4, ["5c Jc 4d", "3c 2c 4h", "6c Kc 4s", "7c Qc 8c"])
    play(state, "set 5", "pass", "set 6", "set 7", "set J")
    assert state.current_player() == 2  # player 1 holds the 3 of clubs but passed: skipped


def test_wipe_after_pass_lets_a_player_who_passed_come_back_with_the_3_of_clubs_only() -> None:
    rules = pres(4).replace(wipe_after_pass=True)
    state = seated(rules, ["5c Jc 4d", "3c 2c 4h", "6c Kc 4s", "7c Qc 8c"])
    play(state, "set 5", "pass", "set 6", "set 7", "set J")
    assert state.current_player() == 1 and state.sat_out[1]  # a play since his pass: asked again
    assert texts(state) == {"set 3c", "pass"}
    assert "only the 3c" in (reason(state, "set 2") or "")
    play(state, "pass")
    assert state.current_player() == 2  # passed again: not asked twice about the Jack
    play(state, "set K", "pass", "pass")
    assert state.current_player() == 1 and texts(state) == {"set 3c", "pass"}
    play(state, "set 3c")  # the 3 of clubs wins the trick at once
    assert state.top is None and state.current_player() == 1


def test_wipe_after_pass_needs_the_wipe_card_and_players_who_pass_sitting_out() -> None:
    with pytest.raises(RulesError, match="wipe_after_pass"):
        R.get("bum-game", players=4, wipe_after_pass=True)
    with pytest.raises(RulesError, match="wipe_after_pass"):
        pres(4).replace(pass_final=False, wipe_after_pass=True)


def test_random_play_with_wipe_after_pass_keeps_every_rule() -> None:
    stats = check_random_play(pres(4).replace(wipe_after_pass=True), range(8), hands=6)
    assert stats.comebacks > 0 and stats.wipes > 0


def test_the_trick_ends_when_all_other_players_have_passed_and_its_winner_leads() -> None:
    state = ptable(3, ["5c 9c", "6c 8c", "7c 10c"])
    play(state, "set 5", "set 6", "set 7", "pass")
    assert state.current_player() == 1 and state.top is not None
    play(state, "pass")
    assert state.top is None and state.current_player() == state.leader == 2


def test_four_cards_of_the_same_value_on_top_end_the_trick_and_their_player_leads() -> None:
    state = ptable(4, ["9c 4c", "9d 4d", "9h 4h", "9s 4s"])
    play(state, "set 9", "set 9", "set 9")
    assert state.top is not None
    play(state, "set 9")
    assert state.top is None and state.current_player() == 3
    # pairs: two pairs of one value make four
    state = ptable(4, ["9c 9d 4c", "9h 9s 4d", "Kc Kd", "Ac Ad"])
    play(state, "set 9 9", "set 9 9")
    assert state.top is None and state.current_player() == 1
    # a pass in between does not break the four on the table
    state = ptable(4, ["9c 9d 4c", "Kc", "9h 4d", "9s 4h"])
    play(state, "set 9", "pass", "set 9", "set 9")
    assert state.current_player() == 0 and state.top is not None
    play(state, "set 9")
    assert state.top is None and state.current_player() == 0
    # not four of a value: the trick goes on
    state = ptable(4, ["8c 4c", "9d 4d", "9h 4h", "9s 4s"])
    play(state, "set 8", "set 9", "set 9", "set 9")
    assert state.top is not None and state.current_player() == 0


def test_the_3_of_clubs_can_be_played_on_anything_and_wins_the_trick_at_once() -> None:
    state = ptable(3, ["8c 8d 4c", "3c 5c", "Kc Kd"])
    play(state, "set 8 8")
    assert "set 3c" in texts(state)
    assert reason(state, "set 3c") is None
    play(state, "set 3c")  # a single 3 of clubs on a pair
    assert state.top is None and state.current_player() == 1
    assert state.sat_out == [False] * 3
    # on a set of four, and on the highest single
    state = ptable(3, ["2c", "3c 5c", "2d 2h 2s 4c"], turn=2)
    play(state, "set 2 2 2")
    assert state.current_player() == 0 and texts(state) == {"pass"}
    play(state, "pass", "set 3c")
    assert state.top is None and state.current_player() == 1
    # led, it ends the trick at once too: its player leads again
    state = ptable(3, ["3c 5c", "6c", "7c"])
    play(state, "set 3c")
    assert state.top is None and state.current_player() == 0
    assert state.last_trick is not None and state.last_trick[1] == 0


def test_going_out_on_the_3_of_clubs_puts_that_player_last() -> None:
    state = ptable(4, ["3c", "5c 6c", "7c 8c", "9c 10c"])
    play(state, "set 3c")
    assert state.losers == [0] and state.finished == []
    assert state.scores[0] == 0  # the lowest place's points
    assert state.top is None and state.current_player() == 1  # out: the next player still in leads
    play(state, "set 5", "pass", "pass", "set 6")  # player 1 goes out first
    assert state.finished == [1] and state.scores[1] == 3
    play(state, "set 7", "pass", "set 8")  # player 2 second: player 3 holds cards
    result = state.results[0]
    assert result.order == (1, 2, 3, 0)
    assert result.points == (0, 3, 2, 1)
    assert state.scores == [0, 3, 2, 1]


def test_going_out_on_the_3_of_clubs_when_it_would_end_the_round_still_puts_that_player_last() -> None:
    state = ptable(3, ["3c 4c", "9c", "5c 6c"])
    play(state, "set 4", "set 9")  # player 1 is out first
    play(state, "pass", "set 3c")  # player 0 goes out on the 3 of clubs: player 2 is left holding cards
    result = state.results[0]
    assert result.order == (1, 2, 0)
    assert result.points == (0, 2, 1)
    assert state.scores == [0, 2, 1]


def test_the_round_ends_when_one_player_holds_cards() -> None:
    state = ptable(3, ["5c", "6c", "7c 8c"])
    play(state, "set 5")
    assert state.finished == [0] and state.hand_no == 1
    play(state, "set 6")
    assert len(state.results) == 1 and state.results[0].order == (0, 1, 2)
    assert state.results[0].points == (2, 1, 0)
    assert state.hand_no == 2 and state.roles == [0, 1, 2]
    assert state.phase == "exchange" and state.current_player() == 0


def test_the_winner_of_a_trick_who_is_out_passes_the_lead_to_the_next_player_still_in() -> None:
    state = ptable(4, ["9c", "5c 6c", "7c 8c", "4c 10c"])
    play(state, "set 9")
    assert state.finished == [0] and state.current_player() == 1  # the trick goes on without him
    play(state, "pass", "pass", "pass")
    assert state.top is None and state.current_player() == state.leader == 1
    # a player out mid-trick can still be beaten; then the beater leads
    state = ptable(4, ["9c", "5c 6c", "7c 8c", "4c 10c"])
    play(state, "set 9", "pass", "pass", "set 10")  # no one left in the trick to answer the 10
    assert state.top is None and state.current_player() == 3


def test_must_play_variant_refuses_a_pass_when_a_play_exists() -> None:
    state = ptable(3, ["5c 9c", "6c 7d 4d", "8c 8d"], variants=("must-play",))
    assert state.rules.must_play
    play(state, "set 5")
    assert texts(state) == {"set 6", "set 7"}
    assert reason(state, "pass") == "you can beat the last play, and these rules say you must"
    with pytest.raises(IllegalActionError):
        play(state, "pass")
    play(state, "set 7", "set 8")
    assert state.current_player() == 0
    assert texts(state) == {"set 9"}  # the 9 beats the 8: must play it
    play(state, "set 9")
    # nothing beats the 9 of player 1's 6 and 4: pass is the only action
    assert texts(state) == {"pass"} and reason(state, "pass") is None
    # without the variant the same pass is allowed
    free = ptable(3, ["5c 9c", "6c 7d 4d", "8c 8d"])
    play(free, "set 5")
    assert "pass" in texts(free) and reason(free, "pass") is None


# ---------------------------------------------------------------- the match


def test_the_match_ends_after_10_rounds_and_the_highest_total_wins() -> None:
    rules = pres(4)
    assert rules.rounds == 10 and rules.target == 0
    for seed in range(3):
        state = rules.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            assert state.hand_no <= 10
            state.apply(rng.choice(state.legal_actions()))
        assert state.hand_no == 10 and len(state.results) == 10
        assert state.current_player() is None and state.legal_actions() == ()
        assert state.why_illegal(Play(PASS)) == "the match is over"
        totals = [sum(r.points[p] for r in state.results) for p in range(4)]
        outcome = state.outcome()
        assert outcome is not None and outcome.reason == "rounds" and outcome.length == 10
        assert list(outcome.scores) == state.scores == totals
        assert state.winner is not None and state.scores[state.winner] == max(state.scores)
        assert outcome.winners == (state.winner,) and outcome.places[state.winner] == 1
        # ties go to the better finish in the last round
        best = [p for p in state.results[-1].order if state.scores[p] == max(state.scores)]
        assert state.winner == best[0]


def test_a_target_given_from_python_plays_to_the_target_with_no_hidden_round_limit() -> None:
    rules = R.get("president", players=4, target=25)
    assert rules.target == 25 and rules.rounds == 0
    lengths = []
    for seed in range(3):
        state = rules.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert outcome is not None and outcome.reason == "target"
        assert max(state.scores) >= 25 and state.scores[outcome.winners[0]] >= 25
        lengths.append(outcome.length)
    assert max(lengths) > 10  # past the preset's ten rounds


def test_a_game_record_of_a_president_match_replays_exactly() -> None:
    rules = pres(5)
    state = rules.new_state(21)
    rng = random.Random(21)
    midway = None
    while not state.is_over():
        if midway is None and state.phase == "exchange":
            midway = (len(state.history), state.copy())
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.of(state, seats="test")
    again = GameRecord.from_json(record.to_json()).replay()
    assert again.rules == rules and again.seed == 21
    assert again.history == state.history and again.results == state.results
    assert again.scores == state.scores and again.winner == state.winner
    assert again.hands == state.hands and again.order == state.order
    assert midway is not None
    part = record.replay(midway[0])
    assert part.phase == "exchange" and part.hands == midway[1].hands
    assert part.transfers == midway[1].transfers and part.current_player() == midway[1].current_player()


# ---------------------------------------------------------------- random play


SWEEP_SEEDS = 8  # matches of 10 rounds per player count: 480 rounds in all


@pytest.mark.parametrize("players", range(3, 9))
def test_random_play_keeps_every_rule(players: int) -> None:
    rules = pres(players)
    t = rules.tables
    deck = Counter(int(c) for c in rules.deck())
    n = players
    rounds = 0
    wipe_outs = 0
    for seed in range(SWEEP_SEEDS):
        state = rules.new_state(seed)
        rng = random.Random(1000 + seed)
        seats = list(state.order)
        checked_lead = 0
        seen_transfers = 0
        loser: int | None = None
        while not state.is_over():
            legal = state.legal_actions()
            assert legal, "no legal action while the match is on"
            for a in legal:
                assert state.why_illegal(a) is None, rules.action_text(a)
            assert state.ncards == [len(all_codes(state, p)) for p in range(n)]
            on_table = Counter(c for _, cs in state.played for c in cs)
            in_hands = Counter(c for p in range(n) for c in all_codes(state, p))
            assert in_hands + on_table == deck
            assert state.order == seats
            # new transfers: a lower role gives its best cards but the 3 of clubs
            for tr in state.transfers[seen_transfers:]:
                if state.roles[tr.giver] > state.roles[tr.receiver]:
                    given = [t.rank_of_code[c] for c in tr.cards]
                    kept = [t.rank_of_code[c] for c in all_codes(state, tr.giver) if c != C3]
                    assert C3 not in tr.cards
                    assert not kept or min(given) >= max(kept)
            seen_transfers = len(state.transfers)
            if state.phase == "play" and checked_lead < state.hand_no and not state.played:
                checked_lead = state.hand_no
                if state.hand_no == 1:
                    assert D3 in all_codes(state, state.current_player())
                else:
                    assert state.roles[state.current_player()] == n - 1
                    assert len(state.transfers) == (2 if n == 3 else 4)
            if state.phase == "exchange":
                assert all(a.kind == GIVE for a in legal)
            else:
                assert all(a.kind != GIVE for a in legal)
            action = rng.choice(legal)
            if action.kind == SET and action.rank == t.wipe and len(legal) > 2:
                action = rng.choice([a for a in legal if a.rank != t.wipe])  # keep the 3 of clubs back
            player = state.current_player()
            hand_before = state.hand_no
            if action.kind == SET and action.rank == t.wipe and state.ncards[player] == 1:
                loser = player  # going out on the 3 of clubs
            state.apply(action)
            if len(state.results) == hand_before:  # the round just ended
                rounds += 1
                result = state.results[-1]
                assert sorted(result.order) == list(range(n))
                assert [result.points[p] for p in result.order] == list(rules.points)
                if loser is not None:
                    wipe_outs += 1
                    assert result.order[-1] == loser
                if not state.is_over():
                    assert [state.roles[p] for p in result.order] == list(range(n))
                loser = None
        assert len(state.results) == 10
        totals = [sum(r.points[p] for r in state.results) for p in range(n)]
        assert state.scores == totals and state.scores[state.winner] == max(totals)
    assert rounds == 10 * SWEEP_SEEDS
    assert wipe_outs > 0  # the sweep saw players go out on the 3 of clubs


def test_must_play_refuses_a_pass_even_when_only_one_play_beats_the_table() -> None:
    state = ptable(3, ["5c 9c", "6c 4d", "7c 8d"], variants=("must-play",))
    play(state, "set 5")
    assert texts(state) == {"set 6"}
    assert reason(state, "pass") == "you can beat the last play, and these rules say you must"


def test_must_play_never_forces_the_3_of_clubs() -> None:
    state = ptable(3, ["9c 10c", "3c 4d", "7c 8d"], variants=("must-play",))
    play(state, "set 9")
    assert texts(state) == {"set 3c", "pass"}
    assert reason(state, "pass") is None

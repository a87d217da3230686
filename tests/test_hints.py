"""Hints in the terminal: ``h`` at the prompt (or ``--hints`` at every turn) shows what the hard bot would play
from the person's own observation, and why in a few words; asking changes nothing in the game; at a shared
table (``join``) hints are refused with why."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path
from typing import Any

from rich.console import Console
from test_cli_play import bumtable

from bumtable.bots import make_bot, make_level
from bumtable.bots.hints import hint
from bumtable.bots.search import Decision, SearchBot, Stat
from bumtable.bots.seeds import bot_seed
from bumtable.cli.prompt import LineReader
from bumtable.cli.saves import load_record
from bumtable.cli.turn import NO_HINTS, TurnPrompt
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.families import face_for
from bumtable.rules import get


def play(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """``bumtable play`` in a new process."""
    return bumtable("play", *args, stdin=stdin)


def _found(stats: dict[str, Stat], favourite: str | None = None) -> Decision:
    """A search's decision that found ``stats`` (its action unused by the hint's words)."""
    return Decision(None, stats, favourite)


def test_the_hint_is_the_hard_bots_move_from_the_persons_observation_with_a_reason() -> None:
    state = get("bum-game", players=4).new_state(seed=3)
    for _ in range(6):  # a few moves in, so the trick has plays to answer
        state.apply(make_bot("heuristic", 1).choose(state.observe(state.current_player())))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    assert seat is not None
    observation = state.observe(seat)
    advice = hint(observation, seed=9)
    assert advice.action == make_bot("hard", seed=9, game="bum-game").choose(observation)
    assert advice.text == state.rules.action_text(advice.action)
    assert re.search(r"came out on top in \d+ % of \d+ deals played out", advice.why), advice.why
    assert hint(observation, seed=9) == advice  # the same moment and seed: the same hint


def test_at_a_table_of_more_than_two_the_hint_gives_each_moves_mean_place_the_search_weighs_too() -> None:
    """The search values a playout by its place as well as by first place, so a move may be chosen over one
    that came first more often: the hint gives the mean place beside the first-place share, for the move
    and for the next best, and whichever came first less often has the better place."""
    state = get("president", players=4).new_state(seed=3)
    for _ in range(6):
        state.apply(make_bot("heuristic", 1, "president").choose(state.observe(state.current_player())))
    seat = state.current_player()
    assert seat is not None
    observation = state.observe(seat)
    advice = hint(observation, seed=2)
    bot = make_bot("hard", seed=2, game="president")
    assert isinstance(bot, SearchBot)
    decision = bot.decide(observation)
    assert decision.action == advice.action
    stats = decision.stats
    mine, rival = stats[advice.text], stats[advice.rival_text]
    assert 1.0 <= mine.mean_place <= 4.0 and 1.0 <= rival.mean_place <= 4.0
    assert f"average place {mine.mean_place:.1f} of 4" in advice.why, advice.why
    assert advice.rival_share == f"{round(100 * rival.top_share)} %, average place {rival.mean_place:.1f}"
    assert mine.top_share >= rival.top_share or mine.mean_place < rival.mean_place


def test_a_place_is_given_only_for_a_move_whose_playouts_all_reached_the_end_and_never_at_two_seats() -> None:
    """A move whose playouts were cut short (Boojum's near the game's end, say) has no place to give: its
    first-place share alone; at a table of two the place says nothing the first-place share does not."""
    from bumtable.bots.hints import _fared

    bot = make_bot("hard", seed=1, game="boojum")
    assert isinstance(bot, SearchBot)
    done, cut, mixed = Stat(), Stat(), Stat()
    for deal in range(4):
        done.add(1.0 if deal else 0.5, place=1 if deal else 2)
        cut.add(0.4, cut=True)
        mixed.add(0.7, place=2) if deal % 2 else mixed.add(0.6, cut=True)
    line, rival, share = _fared(bot, _found({"claim moons": done, "done": cut}), "claim moons", 4)
    assert line == "came out on top in 75 % of 4 deals played out, average place 1.2 of 4"
    assert (rival, share) == ("done", "0 %")  # all cut short: no "average place 0.0"
    line, _, share = _fared(bot, _found({"claim moons": mixed, "done": done}), "claim moons", 4)
    assert line == "came out on top in 0 % of 4 deals played out" and share == "75 %, average place 1.2"
    assert _fared(bot, _found({"claim moons": done, "done": mixed}), "claim moons", 2) == (
        "came out on top in 75 % of 4 deals played out",
        "done",
        "0 %",
    )


def test_once_a_seat_has_gone_out_a_hint_counts_the_best_place_left_not_first_place() -> None:
    """First place taken, no playout can come first: the hint's share is of the playouts that reached the best
    place still open (the observation's, ``Family.first_open_place``), named, not a first-place share of 0 %
    each; while first place is open, a move none of whose playouts came first shows 0 % on top."""
    from bumtable.bots.hints import _fared

    bot = make_bot("hard", seed=1, game="bum-game")
    assert isinstance(bot, SearchBot)
    mine, other = Stat(), Stat()
    for place in (2, 2, 3, 4):
        mine.add((4 - place) / 3, place=place)
    for place in (3, 2, 4, 3):
        other.add((4 - place) / 3, place=place)
    found = _found({"3": mine, "5 5": other})
    line, rival, share = _fared(bot, found, "3", 4, open_place=2)
    assert (
        line == "came out best of the places left (2nd) in 50 % of 4 deals played out, average place 2.8 of 4"
    )
    assert (rival, share) == ("5 5", "25 %, average place 3.0")
    line, rival, share = _fared(bot, found, "3", 4)  # nobody out: first place open, and no playout reached it
    assert line == "came out on top in 0 % of 4 deals played out, average place 2.8 of 4"
    assert share == "0 %, average place 3.0"
    worse = Stat()
    for place in (3, 4, 4, 3):
        worse.add((4 - place) / 3, place=place)
    # a move that never reached the best place left shows 0 %
    assert _fared(bot, _found({"3": mine, "5 5": worse}), "3", 4, open_place=2)[2] == "0 %, average place 3.5"
    # no playout reached it: 0 %, the place still named
    assert _fared(bot, _found({"3": worse, "5 5": worse}), "3", 4, open_place=2)[0].startswith(
        "came out best of the places left (2nd) in 0 % of 4"
    )


def test_a_real_hint_after_the_first_seat_went_out_names_the_best_place_left() -> None:
    state = get("bum-game", players=4).new_state(seed=5)
    heuristic = make_bot("heuristic", 1)
    while not state.observe(0).finished or state.current_player() in state.observe(0).finished:
        state.apply(heuristic.choose(state.observe(state.current_player())))
    seat = state.current_player()
    assert seat is not None and state.observe(seat).finished  # someone is out, not this seat
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
        seat = state.current_player()
        assert seat is not None
    advice = hint(state.observe(seat), seed=2, level="medium")
    assert "came out best of the places left (2nd) in " in advice.why, advice.why
    assert "came out on top" not in advice.why


def test_while_nobody_has_gone_out_a_hint_counts_first_place_even_where_no_playout_reached_it() -> None:
    """First place is open at a hand's start (The Bum Game, seed 4) and all through a game of Gin Bummy for 3
    (nobody goes out before its end), even where no playout of any move came first: the hint says "on top",
    0 %, not "best of the places left"."""

    def position(game: str, players: int, seed: int, moves: int) -> Any:
        state = get(game, players=players).new_state(seed=seed)
        heuristic = make_bot("heuristic", 1, game=game)
        for _ in range(moves):
            state.apply(heuristic.choose(state.observe(state.current_player())))
        return state.observe(state.current_player())

    for observation in (position("bum-game", 4, 4, 0), position("gin-bummy", 3, 0, 44)):
        bot = make_level("medium", 2, observation.rules.system)  # the hint's bot, seeded alike
        assert isinstance(bot, SearchBot)
        stats = bot.decide(observation).stats
        assert min(s.best_place for s in stats.values() if s.best_place) > 1  # no playout came first
        advice = hint(observation, seed=2, level="medium")
        assert "came out on top in 0 % of " in advice.why and "places left" not in advice.why, advice.why


def test_a_hint_whose_playouts_were_all_cut_short_tells_equal_shares_apart_by_the_search_estimate() -> None:
    """Where every playout was cut short, two moves may leave you above the table's average equally often
    (0 % against 0 % at Boojum's start): the hint adds the estimate the search chose by, on average, on its
    own scale, in plain words (``margin``: tokens' worth ahead of the others; ``rank``: your place among the seats),
    and none for a move some of whose playouts reached the end."""
    from dataclasses import replace

    from bumtable.bots.hints import _fared
    from bumtable.bots.search_eval import MARGIN_SCALE, BoojumEstimate

    bot = make_bot("hard", seed=1, game="boojum")
    assert isinstance(bot, SearchBot) and isinstance(bot.estimate, BoojumEstimate) and bot.estimate.by_margin
    better, worse, mixed = Stat(), Stat(), Stat()
    for value in (0.45, 0.47):
        better.add(value, cut=True)
        worse.add(value - 1 / (2 * MARGIN_SCALE), cut=True)  # one prospect point lower on every deal
        mixed.add(value, cut=True) if value < 0.46 else mixed.add(1.0, place=1)
    found = _found({"lay AM": better, "lay 5ML": worse})
    line, rival, share = _fared(bot, found, "lay AM", 4)
    assert line == (
        "played 16 moves on in 2 deals, it left you ahead of the others in 0 % of them; "
        "on average 1.0 tokens' worth behind"
    )
    assert (rival, share) == ("lay 5ML", "0 %, 2.0 tokens' worth behind")
    # a playout reached the end: no estimate to give
    assert _fared(bot, _found({"lay AM": better, "lay 5ML": mixed}), "lay AM", 4)[2] == "50 %"
    bot.estimate = replace(bot.estimate, cutoff="rank")
    line, _, share = _fared(bot, found, "lay AM", 4)
    assert line.endswith("in 0 % of them; on average place 2.6 of 4") and share == "0 %, place 2.7 of 4"
    assert _fared(bot, found, "lay AM", 2)[0].endswith("in 0 % of them")  # two seats: the share says it all


def test_h_at_the_prompt_shows_the_hint_and_asking_changes_nothing_in_the_game(tmp_path: Path) -> None:
    plain, asked = tmp_path / "plain.json", tmp_path / "asked.json"
    common = ("bum-game", "--players", "4", "--seed", "7", "--target", "3")
    first = play(*common, "--save", str(plain), stdin="#1\n" * 6 + "quit\n")
    second = play(*common, "--save", str(asked), stdin="h\n#1\n" * 6 + "quit\n")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert "Hint:" not in first.stdout
    assert second.stdout.count("Hint: ") == 6
    assert "deals played out" in second.stdout
    assert load_record(plain)[0].actions == load_record(asked)[0].actions


def test_the_hints_flag_shows_a_hint_at_every_turn() -> None:
    run = play("gin-bummy", "--seed", "4", "--hints", stdin="#1\n" * 3 + "quit\n")
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("Hint: ") >= 3
    assert run.stdout.count("Your move") == run.stdout.count("Hint: ")


def test_the_next_best_move_in_a_hint_is_drawn_as_the_menu_draws_moves() -> None:
    """The hint names the next best move in the game's notation (``Hint.why``); the terminal draws it as it
    draws the menu's moves (a Gin Bummy card with its suit sign)."""
    state = get("gin-bummy", players=2).new_state(seed=5)
    seat = state.current_player()
    assert seat is not None
    observation = state.observe(seat)
    advice = hint(observation, seed=bot_seed(state.seed, seat, 0))
    assert advice.rival is not None and advice.rival in state.legal_actions()
    plain = state.rules.action_text(advice.rival)
    assert f"next best, {plain}:" in advice.why
    drawn = face_for(state.rules).option_text(observation, advice.rival).plain
    assert drawn != plain  # a suit sign, not a letter
    run = play("gin-bummy", "--seed", "5", stdin="h\nquit\n")
    assert run.returncode == 0, run.stderr
    shown = " ".join(run.stdout.split())
    named = re.search(r"next best, (.+?): \d+ %\)", shown)
    assert named is not None, shown
    assert re.search("[♠♥♦♣]", named.group(1)) and not re.search(r"\b[2-9TJQKA][shdc]\b", named.group(1))


def test_at_a_shared_table_h_says_hints_are_not_given_there() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(seed=2)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    seat = state.current_player()
    assert seat is not None
    turn = TurnPrompt(
        face_for(rules),
        rules,
        Seats.numbered(4, seat, ["heuristic"] * 4),
        console,
        LineReader(console, stream=io.StringIO("?\nh\nquit\n")),
    )
    assert turn.ask(state.observe(seat), state.why_illegal) is None
    said = " ".join(out.getvalue().split())
    assert NO_HINTS in said
    assert "h hint" not in said and "h, hint" not in said  # not offered there, so not advertised


def test_a_gin_bummy_hint_says_what_the_move_does_for_the_hands_core_and_size() -> None:
    """Gin Bummy's words (bumtable.bots.move_words) read the hand's core and size, by the rules: a face card
    shed makes the hand smaller, and after a stock draw from four cards swaps (the four-card rule); fewer
    than four cards starves; an Ace is discarded for three cards; a Joker takes two cards out; a Beg card
    that adds to the core says so; a hint gives the words before the search's figures."""
    from bumtable.bots.move_words import gin_words
    from bumtable.rules.gin_bummy import gin_bummy, position

    def said(hands: list[str], beg: str = "5c", then: str | None = None) -> dict[str, str]:
        state = position(gin_bummy(), hands, beg=beg)
        if then is not None:
            state.apply(state.rules.parse_action(then))
        observation = state.observe(0)
        return {state.rules.action_text(a): gin_words(observation, a) for a in observation.legal_actions()}

    opening = said(["2s 6h 6d Kh 8h", "7c 7d 7h 7s 8c"])  # no club in the core: 5c adds one
    assert opening == {
        "discard Kh": "sheds a face card",
        "draw beg": "takes the Beg's card: one for your core",
        "draw stock": "",
    }
    four = said(["2s 6h 9d Kh", "7c 7d 7h 7s 8c"], beg="5s")  # 5s adds nothing the core lacks
    assert four["discard Kh"] == "starves: 3 cards left, fewer than four"
    assert four["draw beg"] == ""
    swap = said(["2s 6h 9d Kh", "7c 7d 7h 7s 8c"], then="draw stock")
    assert swap["discard Kh"] == "swaps a face card for the card drawn (the four-card rule)"
    wild = said(["2s 6h 9d Ah JK Qs", "7c 7d 7h 7s 8c"])
    assert wild["ace Ah"] == "discards an Ace and draws three"
    assert wild["joker JK Qs"] == "plays a Joker: two cards gone in one turn"  # six cards: four left
    assert (
        said(["2s 6h Ah JK Qs", "7c 7d 7h 7s 8c"])["joker JK Qs"] == "starves: 3 cards left, fewer than four"
    )
    state = get("gin-bummy", players=2).new_state(seed=4)
    observation = state.observe(state.current_player())
    advice = hint(observation, seed=2, level="medium")
    words = gin_words(observation, advice.action)
    assert advice.why.startswith(f"{words}; " if words else "came out on top in "), advice.why
    assert "came out on top in " in advice.why


def test_a_boojum_hint_says_whether_a_bid_spends_a_card_the_hand_can_spare() -> None:
    """Boojum's words: a claim names its token; a card laid on a bid is one the hand can spare (its loss to
    the hand's value no more than any card's) or one it needs; ending the claims with a token claimable says
    what that keeps; every move has words."""
    from bumtable.bots.move_words import boojum_words
    from bumtable.rules.boojum.actions import CLAIM, DONE, LAY

    state = get("boojum", players=4, max_rounds=3).new_state(seed=6)
    bids: set[str] = set()
    claims: set[str] = set()
    dones: set[str] = set()
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        observation = state.observe(seat)
        for action in observation.legal_actions():
            words = boojum_words(observation, action)
            assert words, state.rules.action_text(action)
            if action.kind == CLAIM:
                claims.add(words)
            if action.kind == LAY and observation.lot >= 0:
                bids.add(words)
            if action.kind == DONE:
                dones.add(words)
        state.apply(make_bot("heuristic", seed=len(state.history), game="boojum").choose(observation))
    assert bids == {"bids with a card your hand can spare", "bids with a card you need"}
    assert claims and claims <= {
        f"claims the {suit} token" for suit in ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
    }
    # ending the claims (a choice only while a token is claimable) says what it keeps
    assert dones == {
        "makes no more claims this round, keeping the cards a claim would discard (they count toward the "
        "other tokens too)"
    }


def test_a_boojum_hint_gives_the_share_of_playouts_that_left_the_seat_ahead() -> None:
    """Boojum's playouts end 16 moves on, at the game's start long before anyone wins, so none ends on top:
    the hint gives the share of the deals that left the seat ahead of the others instead of a
    meaningless 0 % on top."""
    from bumtable.bots.move_words import boojum_words
    from bumtable.bots.search_eval import margin_of

    state = get("boojum", players=4).new_state(seed=3)
    observation = state.observe(state.current_player())
    advice = hint(observation, seed=1)
    bot = make_bot("hard", seed=1, game="boojum")
    assert isinstance(bot, SearchBot)
    decision = bot.decide(observation)
    assert decision.action == advice.action
    mine = decision.stats[advice.text]
    assert not any(s.tops for s in decision.stats.values())
    assert mine.cuts == mine.deals  # every playout cut short, 16 moves on
    margin = margin_of(mine.mean)  # what the search chose by, in tokens' worth
    ahead = f"{abs(margin):.1f} tokens' worth {'ahead' if margin > 0 else 'behind'}"
    shown = (
        f"played 16 moves on in {mine.deals} deals, it left you ahead of the others in "
        f"{round(100 * mine.ahead_share)} % of them; on average {ahead}"
    )
    assert advice.why.startswith(f"{boojum_words(observation, advice.action)}; {shown}; next best, "), (
        advice.why
    )


def test_a_hint_says_when_the_move_tied_with_the_next_best_and_what_broke_the_tie() -> None:
    """Boojum's playouts often end alike (cut short 16 moves on), so the move and the next best can tie
    exactly: the hint says so and that the tie went to the heuristic's own choice (``favourite_ties``), or
    to the search's order, or that a better next best failed ``margin``'s test; nothing where the move was
    simply better."""
    import random
    from dataclasses import replace

    from bumtable.bots.hints import _fared

    state = get("boojum", players=4).new_state(seed=0)
    rng = random.Random(0)
    for _ in range(14):  # a position, reached by random moves, where hard's choice ties with the next best
        rng.random()
        state.apply(rng.choice(state.legal_actions()))
    observation = state.observe(state.current_player())
    advice = hint(observation, seed=1)
    bot = make_bot("hard", seed=1, game="boojum")
    assert isinstance(bot, SearchBot)
    decision = bot.decide(observation)
    assert decision.action == advice.action
    mine, best = decision.stats[advice.text], decision.stats[advice.rival_text]
    assert best.total == mine.total and decision.favourite == advice.text  # a real tie, the heuristic's move
    assert advice.why.endswith(f"; next best, {advice.rival_text}: {advice.rival_share}")
    assert advice.rival_share.endswith(", tied: the heuristic's own choice is played"), advice.why

    better, worse = Stat(), Stat()
    better.add(0.6, cut=True)
    worse.add(0.4, cut=True)
    tied = _found({"lay AM": better, "lay 5ML": better})
    assert _fared(bot, tied, "lay AM", 4)[2].endswith(", tied: the first in the search's order is played")
    bot.config = replace(bot.config, favourite_ties=False)  # halving asks the heuristic, but ties go by order
    assert bot.decide(observation).favourite is None
    assert _fared(bot, tied, "lay AM", 4)[2].endswith(", tied: the first in the search's order is played")
    bot.config = replace(bot.config, margin=2.0)
    # with margin a tie goes to the heuristic too
    tied = _found({"lay AM": better, "lay 5ML": better}, "lay AM")
    assert _fared(bot, tied, "lay AM", 4)[2].endswith(", tied: the heuristic's own choice is played")
    held = _found({"lay AM": worse, "lay 5ML": better}, "lay AM")
    assert _fared(bot, held, "lay AM", 4)[2].endswith(
        ", not better by the margin's test: the heuristic's own choice is played"
    )
    simply = _found({"lay AM": better, "lay 5ML": worse}, "lay AM")
    assert not _fared(bot, simply, "lay AM", 4)[2].endswith("played")  # simply better: nothing to explain

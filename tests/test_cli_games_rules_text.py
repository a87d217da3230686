"""What the command line says about each game's rules: ``bumtable games GAME`` (every option in words), the
rules summary that ``r`` prints at the prompt, and the help of ``games`` and ``moves``."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from test_cli_play import bumtable
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.cli.common import make_rules
from bumtable.rules import get, rules_from_dict
from bumtable.rules.options_data import options_class
from bumtable.rules.registry import SYSTEMS
from bumtable.rules_text.summary import rules_summary

RUNNER = CliRunner()

KEY_WORDS = {
    "bum-game": ["Boss", "Bum", "Revolution", "Joker", "Wild cards", "sequence", "Exchange", "100 points"],
    "president": ["3 of clubs", "3 of diamonds", "Vice-president", "top four cards", "give 4 7", "10 rounds"],
    "zheng-shangyou": ["flush", "BJ", "RJ", "Winner", "Loser", "no wild card", "11"],
    "arsehole": ["Boss", "Foreman", "Bum", "best card", "give 4", "11 points", "player after the dealer"],
    "gin-bummy": ["Bum!", "Beg", "stock", "starves", "Ace", "Joker", "four number cards", "face card"],
    "boojum": ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots", "pips", "claim", "Location", "2SY"],
}
"""Words a newcomer needs from each summary: goal, cards, what beats what, roles and exchange, the end."""


def flat(text: str) -> str:
    """The text with its line breaks and indents made single spaces (a phrase may be wrapped anywhere)."""
    return " ".join(text.split())


def games(*args: str, columns: int = 100) -> str:
    """``bumtable games ARGS`` through the real app; its output (a failure shows stderr and the error)."""
    run = RUNNER.invoke(app, ["games", *args], env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert run.exit_code == 0, (run.output, run.exception)
    return run.output


def help_text(command: str, columns: int) -> str:
    run = RUNNER.invoke(app, [command, "--help"], env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert run.exit_code == 0, run.output
    return run.output


@pytest.mark.parametrize("game", sorted(SYSTEMS))
def test_pressing_r_shows_a_summary_of_each_game_that_fits_100_columns_and_names_what_a_newcomer_needs(
    game: str,
) -> None:
    sys = SYSTEMS[game]
    for players in sorted({sys.min_players, sys.default_players, sys.max_players}):
        text = rules_summary(sys.build(players).replace(**sys.people_options))
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 100, text
        body = text.split("\n\n")[0].splitlines()
        assert 10 <= len(body) <= 20, text
        assert body[0] == f"{sys.title} for {players} players"
        assert "the preset for" in lines[-1]  # nothing differs from the preset: it says so
    text = flat(rules_summary(sys.build(sys.default_players)))
    missing = [word for word in KEY_WORDS[game] if word not in text]
    assert not missing, text


def test_summary_follows_the_player_count_roles_exchange_points_and_goal() -> None:
    three = flat(rules_summary(get("bum-game", players=3)))
    assert "Boss, Middleman, Bum" in three and "2 1 0" in three and "first to 75 points" in three
    assert "the Boss and the Bum swap 1 card:" in three
    assert "the Bum becomes Boss, the Boss becomes Bum." in three
    five = flat(rules_summary(get("president", players=5)))
    assert "President, Vice-president, Neutral, Vice-bum, Bum" in five
    assert "the Vice-bum gives the Vice-president its best card" in five


def test_options_set_with_o_and_variants_show_in_the_summary_with_their_descriptions() -> None:
    rules = make_rules("bum-game", 4, ["one-hour"], None, ["exchange_keep_jokers=false", "points=[5,2,1,0]"])
    text = rules_summary(rules)
    tail = flat(text[text.index("In force here, unlike the preset for 4 players:") :])
    assert "Variant one-hour." in tail and "single-session" not in tail  # its changes are one-hour's
    assert "target = 20 (preset: 100). Points that win the match" in tail
    assert "exchange_keep_jokers = false (preset: true). The lower role keeps Jokers" in tail
    assert "points = [5, 2, 1, 0] (preset: [3, 2, 1, 0]). Points for each place" in tail
    assert "5 2 1 0" in text  # and the body reads the rules in force
    assert max(len(line) for line in text.splitlines()) <= 100
    zs = rules_summary(make_rules("zs", 6, ["partnership"], None, []))
    assert "Variant partnership." in zs and "Partners:" in zs


def test_typing_r_at_the_prompt_shows_the_rules_with_the_variant_and_options_given_on_the_command_line() -> (
    None
):
    run = bumtable("play", "bum-game", "--seed", "1", "-v", "bum-only", "-o", "target=50", stdin="r\nquit\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    summary = flat(out[out.index("The Bum Game for 4 players\n") :])
    assert "Goal: be first to get rid of your cards." in summary and "first to 50 points" in summary
    assert "In force here, unlike the preset for 4 players: Variant bum-only." in summary
    assert "target = 50 (preset: 100). Points that win the match" in summary
    assert (
        "exchange_cancel_triggers = [[2, 2]] (preset: []). (role, Jokers) that cancel the exchange" in summary
    )


def test_people_at_gin_bummy_see_no_turn_limit_as_a_change_but_see_one_they_set() -> None:
    people = get("gin-bummy", players=2, max_turns=0)
    assert "In force" not in rules_summary(people)
    text = flat(rules_summary(make_rules("gin-bummy", 2, [], None, ["max_turns=300"])))
    assert "max_turns = 300 (preset: 0). Safeguard for simulations" in text


def test_every_option_of_every_game_has_a_description() -> None:
    for sys in SYSTEMS.values():
        rules = sys.build(sys.default_players)
        docs = options_class(rules).option_docs()
        undescribed = [name for name in rules.to_dict() if not docs.get(name)]
        assert not undescribed, (sys.name, undescribed)


def test_games_game_tells_the_rules_in_short_and_keeps_the_options_behind_a_flag() -> None:
    out = games("zheng-shangyou", columns=80)
    lines = out.splitlines()
    assert lines[0] == "Zheng Shangyou for 5 players" and len(lines) < 40
    assert flat(rules_summary(get("zheng-shangyou"), 80).split("\n\n")[0]) in flat(out)
    assert "Variants (bumtable play zheng-shangyou -v NAME):" in flat(out)
    assert "bumtable games zheng-shangyou --options" in flat(out)
    assert "Allowed:" not in out and "flush_beats =" not in out  # the option dump is behind --options
    assert max(len(line) for line in lines) <= 80


def test_games_game_options_describes_each_option_with_its_preset_and_allowed_values() -> None:
    out = games("bum-game", "--options")
    assert "exchange_pairs = [[0, 3, 2], [1, 2, 1]]\n" in out
    block = flat(out[out.index("exchange_pairs = ") :].split("\n\n")[0])
    assert "(higher role, lower role, cards): the higher gives its lowest cards" in block
    assert "Allowed: a list of lists of 3 whole numbers." in block
    assert 'follow = "higher"' in out and "Allowed: one of 'higher', 'equal-or-higher'." in out
    assert "players = 4\n" in out and "Allowed: a whole number from 3 to 12." in out
    assert "(not described)" not in out and "system =" not in out
    rules = get("bum-game")
    assert all(f"\n{name} = " in out for name in rules.to_dict() if name != "system")
    narrow = games("boojum", "--options", columns=60)
    assert max(len(line) for line in narrow.splitlines()) <= 60
    assert "max_rounds = 60" in narrow


def test_games_game_with_players_shows_that_count_s_presets() -> None:
    out = games("president", "-n", "5", "--options")
    assert "for 5 players" in out.splitlines()[0]
    assert games("president", "-n", "5").startswith("President for 5 players\n")
    assert "exchange_pairs = [[0, 4, 2], [1, 3, 1]]" in out and "players = 5" in out
    bad = RUNNER.invoke(app, ["games", "president", "-n", "9"])
    assert bad.exit_code == 2 and "3 to 8 players" in bad.output


def test_games_game_json_stays_the_rules_data_that_reads_back() -> None:
    data = json.loads(games("gin-bummy", "--json"))
    assert data == get("gin-bummy").to_dict()
    assert rules_from_dict(data) == get("gin-bummy")


def test_games_help_promises_only_flags_that_exist() -> None:
    text = help_text("games", 100)
    description = text[text.index("Usage:") : text.index("╭")]
    assert set(re.findall(r"--[a-z][a-z-]*", description)) <= {"--json", "--players", "--options", "--help"}
    assert "-o NAME=VALUE" in description
    options = text[text.index("Options") :]
    assert "--json" in options and "--players" in options


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_moves_and_games_help_wrap_whole_paragraphs_at_any_width(columns: int) -> None:
    for command in ("moves", "games"):
        text = help_text(command, columns)
        description = text[text.index("Usage:") : text.index("╭")].splitlines()[1:]
        lines = [line.strip() for line in description]
        for line, after in itertools.pairwise(lines):
            if line and after:  # a line broken inside a paragraph: only where the next word did not fit
                assert len(line) + 1 + len(after.split()[0]) > columns - 4, (command, line, after)
        assert any("Gin Bummy" in line for line in lines) or command == "games"


@pytest.mark.parametrize("game", ["bum-game", "president", "arsehole", "zheng-shangyou"])
def test_a_match_without_the_exchange_says_it_has_none(game: str) -> None:
    played = rules_summary(get(game).replace(exchange=False))
    assert "none in this match." in played
    assert "none in this match." not in rules_summary(get(game))

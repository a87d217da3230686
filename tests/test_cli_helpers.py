"""Small pieces of the command line checked directly: links, names, the clock, narration, match ends."""

from __future__ import annotations

from rich.text import Text

from bumtable.cli.create_cmd import parse_clock
from bumtable.cli.match_end import scored_parts
from bumtable.cli.play_cmd import in_force, title_line
from bumtable.cli.remote_input import is_quit
from bumtable.cli.remote_view import made_by
from bumtable.client.links import TableLink, name_problem, record_link
from bumtable.faces.terminal.families import face_for
from bumtable.rules import get


def test_a_clock_without_an_increment_gets_an_increment_of_0() -> None:
    assert parse_clock("300") == {"bank": 300.0, "increment": 0.0}


def test_quit_is_read_in_any_case_and_with_spaces_around() -> None:
    assert [is_quit(" Quit "), is_quit("q"), is_quit("1"), is_quit(None)] == [True, True, False, False]


def test_a_name_may_hold_an_apostrophe_a_hyphen_and_digits_but_not_a_bang() -> None:
    assert name_problem("O'Neil-2") is None
    assert name_problem("Ann!") == (
        "bad name 'Ann!': a name is 1 to 24 letters, digits, spaces and .'-_, starting with a letter, a digit or _"
    )


def test_a_join_link_parses_and_a_seat_link_keeps_its_https() -> None:
    link = TableLink.parse("https://cards.example/t/ab12?join=c0de")
    assert (link.table, link.token, link.join) == ("ab12", None, "c0de")
    assert link.seat_link("t0k") == "https://cards.example/t/ab12?token=t0k"


def test_a_table_link_gives_its_record_link_and_a_record_link_stays_as_it_is() -> None:
    assert (
        record_link("http://127.0.0.1:8000/t/ab12?token=xyz")
        == "http://127.0.0.1:8000/api/tables/ab12/record"
    )
    record = "http://127.0.0.1:8000/api/tables/ab12/record?hand=2"
    assert record_link(record) == record


def test_a_move_made_by_the_clock_is_said_so_on_a_line_without_a_full_stop() -> None:
    told = made_by([Text("You play 7♠")], "clock")
    assert [str(line) for line in told] == ["You play 7♠ (the clock ran out: the stand-in played)"]
    assert [str(line) for line in made_by([Text("P1 passes.")], "seat")] == ["P1 passes."]


def test_a_target_given_beside_a_variant_is_said_as_given() -> None:
    rules = get("bum-game", players=4, variants=["one-hour"], target=6)
    assert in_force(rules, ["one-hour"], {}) == ["Variant one-hour: exchange=false (target=6 as given)."]
    assert in_force(get("bum-game", players=4, variants=["one-hour"]), ["one-hour"], {}) == [
        "Variant one-hour: exchange=false, target=20."
    ]


def test_the_title_line_names_the_options_given() -> None:
    rules = get("president", players=4, target=11, rounds=0).replace(wipe_after_pass=True)
    assert title_line(rules, [], {"wipe_after_pass": True}) == (
        "President for 4, first to 11 points, options: wipe_after_pass=true."
    )


def test_each_hand_s_gains_add_up_to_the_match_scores() -> None:
    state = get("bum-game", players=3, target=3, rounds=0).new_state(seed=4)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    parts, unit = scored_parts(state, 0, face_for(state.rules))
    outcome = state.outcome()
    assert outcome is not None
    assert (unit, parts[0].label) == ("points", "hand 1")
    assert sum(sum(p.gains) for p in parts) == sum(outcome.scores)

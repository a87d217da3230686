"""The terminal honours NO_COLOR and TERM=dumb: colour is never the only cue, and it can be switched off."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

BIN = str(Path(sys.executable).with_name("bumtable"))
SGR = re.compile(r"\x1b\[([0-9;]*)m")
COLOURS = re.compile(r"(^|;)(3[0-9]|9[0-7]|38)(;|$)")
"""Select Graphic Rendition codes that set a foreground colour."""


def _first_screen(no_color: str, term: str) -> str:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": no_color, "TERM": term}
    child = pexpect.spawn(
        BIN,
        ["play", "bum-game", "--seed", "3"],
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
    )
    child.expect("Your play: ")
    screen = child.before
    child.sendline("quit")
    child.expect_exact("Quit anyway? (y/N) ")  # not saved: asked first
    child.sendline("y")
    child.expect(pexpect.EOF)
    return str(screen)


@pytest.mark.parametrize(
    ("no_color", "term", "colours_expected"),
    [("", "xterm", True), ("1", "xterm", False), ("", "dumb", False)],
)
def test_starting_a_game_with_no_color_or_a_dumb_terminal_prints_no_colour(
    no_color: str, term: str, colours_expected: bool
) -> None:
    screen = _first_screen(no_color, term)
    coloured = [code for code in SGR.findall(screen) if COLOURS.search(code)]
    assert bool(coloured) is colours_expected, coloured
    assert "♥" in screen or "♦" in screen or "♣" in screen or "♠" in screen  # suits keep their symbols


@pytest.mark.parametrize("game", ["bum-game", "gin-bummy", "boojum"])
def test_a_terminal_without_suit_symbols_gets_every_table_in_plain_characters(game: str) -> None:
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "ascii"}
    run = subprocess.run(
        [BIN, "play", game, "--seed", "3"], input=b"quit\ny\n", env=env, capture_output=True, timeout=60
    )
    assert run.returncode == 0, run.stderr.decode(errors="replace")
    shown = run.stdout.decode("ascii")  # nothing but ASCII, or this raises
    assert "Your " in shown and "quit" in shown

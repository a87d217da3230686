"""``bumtable moves`` for the climbing games: every distinct legal play from a hand, as JSON-ready data."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bumtable.cards import Card, parse_cards
from bumtable.cards.french import JOKER, SUIT_LETTERS
from bumtable.cli.common import CliError
from bumtable.errors import BumtableError
from bumtable.faces.terminal.climbing.choice import ordered
from bumtable.faces.terminal.common import count_word
from bumtable.rules.climbing import ClimbingRules, Play
from bumtable.rules.climbing.movegen import turn_plays
from bumtable.rules.climbing.plays import SEQUENCE, SET


def read_hand(rules: ClimbingRules, text: str) -> list[Card]:
    """The cards of a hand, checked against the game's deck; errors say what is wrong."""
    cards = parse_cards(text)
    if not cards:
        raise CliError("the hand is empty: give cards like '3h 4h 5h' or 'Qs Qd 2c JK'")
    n = rules.players
    plain = any(int(c) == JOKER for c in rules.deck())  # Jokers all alike: count them together

    def key(c: Card) -> int:
        return 0 if c.is_joker and plain else int(c)

    deck = Counter(key(c) for c in rules.deck())
    rank = rules.tables.rank_of_code
    held = Counter(key(c) for c in cards)
    for code, k in held.items():
        have = deck[code]
        what = "Jokers" if code == 0 else str(Card(code))
        if code and rank[code] < 0:
            raise CliError(f"{what} is not in the deck of this game")
        if k > have:
            only = "no" if have == 0 else f"only {count_word(have)}"
            if code == 0:
                raise CliError(f"the hand holds {k} Jokers, but the {n}-player deck has {only} Jokers")
            raise CliError(f"the hand holds {what} {k} times, but the {n}-player deck has {only} {what}")
    most = max(rules.hand_sizes())
    if len(cards) > most:
        raise CliError(f"a hand in the {n}-player game has at most {most} cards; this one has {len(cards)}")
    return cards


def play_json(rules: ClimbingRules, play: Play) -> dict[str, Any]:
    syms = rules.tables.symbols
    return {
        "suit": None if play.suit < 0 else SUIT_LETTERS[play.suit],
        "cards": [syms[r] for r in play.cards],
        "kind": play.kind_name,
        "rank": syms[play.rank],
        "size": play.size,
        "width": play.width,
        "length": play.length,
        "text": rules.action_text(play),
    }


def read_beat(rules: ClimbingRules, text: str) -> Play:
    play = rules.parse_action(text)
    if play.kind not in (SET, SEQUENCE):
        raise CliError(f"the play to beat must be a set or a sequence, not {rules.action_text(play)!r}")
    return play


def moves_for(
    rules: ClimbingRules, hand: str, beat: str | None, *, reversed_ranking: bool = False
) -> dict[str, Any]:
    """Every distinct legal play from ``hand``, leading or beating ``beat`` (under a reversed ranking with
    ``reversed_ranking``); plays that differ in suit are apart only where suits matter."""
    cards = read_hand(rules, hand)
    t = rules.tables
    by_rank: list[list[int]] = [[] for _ in range(t.n_ranks)]
    for c in cards:
        by_rank[t.rank_of_code[c]].append(int(c))
    counts = [len(x) for x in by_rank]
    top = None if beat is None or not beat.strip() else read_beat(rules, beat)
    plays = turn_plays(counts, t, top, hand=by_rank, inverted=reversed_ranking)
    plays = [p for p in plays if not p.is_pass]
    return {
        "beat": None if top is None else rules.action_text(top),
        "can_pass": top is not None,
        "count": len(plays),
        "plays": [play_json(rules, p) for p in ordered(plays)],
    }


def moves_line(rules: ClimbingRules, line: str) -> dict[str, Any]:
    """One ``--jsonl`` request, ``{"hand": "...", "beat": "..."}``, answered; a bad line gives ``{"error": ...}``."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as e:
        return {"error": f"not valid JSON: {e}"}
    if not isinstance(request, dict):
        return {"error": 'each line must be a JSON object like {"hand": "3h 4h 5h", "beat": "set 5"}'}
    hand, beat = request.get("hand"), request.get("beat")
    if not isinstance(hand, str):
        return {"error": "'hand' is missing or not a string"}
    if beat is not None and not isinstance(beat, str):
        return {"error": "'beat' must be a string or null"}
    try:
        return moves_for(rules, hand, beat)
    except BumtableError as e:
        return {"error": str(e)}

"""Text form of climbing-game actions.

``pass``; ``revolution`` / ``no-revolution``; a set or sequence as ``set`` or
``seq`` followed by its cards lowest first. When reading, the kind word may be
left out if the cards can be read only one way, tokens may be separated by
spaces, commas or hyphens, and a token may be a rank (``Q``, ``10``/``T``,
``JK``) or a card whose suit is ignored (``Qs``).

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> rules.action_text(rules.parse_action("3-3-4-4-5-5"))
'seq 3 3 4 4 5 5'
>>> rules.action_text(rules.parse_action("Qs, Qh, 2c, joker"))
'set Q Q 2 JK'
>>> rules.parse_action("A 2 JK")
Traceback (most recent call last):
...
bumtable.errors.NotationError: 'A 2 JK' is both a set (three As) and a sequence: write 'set A 2 JK' or 'seq A 2 JK'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bumtable.cards.french import Card
from bumtable.errors import NotationError
from bumtable.rules.climbing.plays import (
    DECLARE_PLAY,
    DECLINE_PLAY,
    GIVE,
    PASS,
    PASS_PLAY,
    SEQUENCE,
    SET,
    Play,
    give_play,
)

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingRules

_WORDS = {
    "pass": PASS_PLAY,
    "p": PASS_PLAY,
    "revolution": DECLARE_PLAY,
    "declare": DECLARE_PLAY,
    "no-revolution": DECLINE_PLAY,
    "decline": DECLINE_PLAY,
}
_KIND_WORDS = {"set": SET, "seq": SEQUENCE, "sequence": SEQUENCE}
_COUNT_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def format_play(rules: ClimbingRules, play: Play) -> str:
    """The text of ``play`` under these rules."""
    if play.kind == SET or play.kind == SEQUENCE:
        syms = rules.tables.symbols
        return ("set " if play.kind == SET else "seq ") + " ".join(syms[c] for c in play.cards)
    if play.kind == PASS:
        return "pass"
    if play.kind == GIVE:
        return "give " + " ".join(rules.tables.symbols[c] for c in play.cards)
    return "revolution" if play == DECLARE_PLAY else "no-revolution"


def _rank_token(rules: ClimbingRules, token: str, text: str) -> int:
    index = rules.tables.symbol_index
    up = token.upper()
    aliases = {"T": "10", "JOKER": "JK"}
    up = aliases.get(up, up)
    if up in index:
        return index[up]
    if up in ("BJ", "RJ") and "JK" in index:
        return index["JK"]
    try:
        card = Card.parse(token)
    except NotationError:
        raise NotationError(
            f"bad token {token!r} in {text!r}: expected a rank ({', '.join(rules.rank_order)}) or a card like Qs"
        ) from None
    r = rules.tables.rank_of_code[card]
    if r < 0:
        raise NotationError(f"bad token {token!r} in {text!r}: that card is not in this game")
    return r


def read_set(rules: ClimbingRules, ranks: list[int]) -> Play | None:
    """The set these rank indices make (at its highest reading), or None."""
    subs = rules.tables.subs
    for r in sorted(set(ranks), reverse=True):
        if all(c == r or c in subs[r] for c in ranks):
            cards = tuple(sorted(ranks))
            return Play(SET, r, len(cards), len(cards), cards)
    return None


def read_sequence(rules: ClimbingRules, ranks: list[int]) -> Play | None:
    """The sequence these rank indices make, or None."""
    if not rules.sequences or not ranks:
        return None
    t = rules.tables
    distinct = sorted(set(ranks))
    width = ranks.count(distinct[0])
    if any(ranks.count(r) != width for r in distinct):
        return None
    if distinct != list(range(distinct[0], distinct[-1] + 1)):
        return None
    if len(distinct) < rules.sequence_min_ranks or distinct[-1] > t.seq_top or width > t.max_width:
        return None
    return Play(SEQUENCE, distinct[-1], len(ranks), width, tuple(sorted(ranks)))


def parse_play(rules: ClimbingRules, text: str) -> Play:
    """Read an action; the error says which token is bad or why the cards make no play."""
    words = [w for w in re.split(r"[\s,\-]+", text.strip()) if w]
    if not words:
        raise NotationError("empty action: type cards to play, or 'pass'")
    joined = " ".join(words).lower()
    if joined in _WORDS:
        return _WORDS[joined]
    if "-".join(words).lower() == "no-revolution":
        return DECLINE_PLAY
    if words[0].lower() == "give":
        if len(words) == 1:
            raise NotationError(f"{text!r}: say which cards to give, e.g. 'give 4 7'")
        return give_play(tuple(_rank_token(rules, w, text) for w in words[1:]))
    kind = _KIND_WORDS.get(words[0].lower())
    if kind is not None:
        words = words[1:]
        if not words:
            raise NotationError(f"{text!r} names a kind of play but no cards")
    ranks = [_rank_token(rules, w, text) for w in words]
    as_set = read_set(rules, ranks)
    as_seq = read_sequence(rules, ranks)
    syms = rules.tables.symbols
    shown = " ".join(syms[r] for r in sorted(ranks))
    if kind == SET:
        if as_set is None:
            raise NotationError(f"{shown!r} is not a set: a set is cards of one rank plus wild cards")
        return as_set
    if kind == SEQUENCE:
        if as_seq is None:
            raise NotationError(
                f"{shown!r} is not a sequence: a sequence is {rules.sequence_min_ranks} or more consecutive ranks "
                "(the same number of each), in natural order, no wild cards standing in"
            )
        return as_seq
    if as_set is not None and as_seq is not None:
        count = _COUNT_WORDS[as_set.size] if as_set.size < len(_COUNT_WORDS) else str(as_set.size)
        raise NotationError(
            f"{shown!r} is both a set ({count} {syms[as_set.rank]}s) and a sequence: "
            f"write 'set {shown}' or 'seq {shown}'"
        )
    play = as_set or as_seq
    if play is None:
        raise NotationError(f"{shown!r} is neither a set nor a sequence")
    return play

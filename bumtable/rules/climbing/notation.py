"""Text form of climbing-game actions: ``pass``, ``revolution``, ``no-revolution``, or ``set``, ``seq``
or ``give`` and the cards, lowest first.

A token is a rank (``Q``, ``T``, ``JK``) or a card (``Qs``): a card named with its suit is the one played,
and the text names it again, so a record replays the same cards.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> text = rules.action_text
>>> text(rules.parse_action("3-3-4-4-5-5")), text(rules.parse_action("Qs, Qh 2 joker"))
('seq 3 3 4 4 5 5', 'set Qs Qh 2 JK')
>>> rules.parse_action("A 2 JK")
Traceback (most recent call last):
...
bumtable.errors.NotationError: 'A 2 JK' is both a set (three As) and a sequence: write 'set A 2 JK' or 'seq A 2 JK'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from bumtable.cards.french import JOKER, SUIT_LETTERS, Card
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
    picks_of,
    with_picks,
)

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions
    from bumtable.rules.climbing.tables import Tables

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


def format_play(rules: ClimbingOptions, play: Play) -> str:
    """The text of ``play`` under these rules."""
    if play.kind == SET or play.kind == SEQUENCE:
        t = rules.tables
        syms = t.symbols
        words = [syms[c] for c in play.cards]
        if play.kind == SEQUENCE and play.cards[-1] > play.rank:  # wild cards fill the missing ranks
            lo = play.rank - play.length + 1
            naturals = [c for c in play.cards if c <= play.rank]
            wilds = [syms[c] for c in play.cards if c > play.rank]
            words = []
            for r in range(lo, play.rank + 1):
                have = naturals.count(r)
                words.extend([syms[r]] * have)
                words.extend(f"{wilds.pop(0)}={syms[r]}" for _ in range(play.width - have))
        if play.suit >= 0:
            letter = SUIT_LETTERS[play.suit]
            if t.bridge:  # the deciding card: the last natural card of the play's (top) rank
                i = max(i for i, w in enumerate(words) if w == syms[play.rank])
                words[i] += letter
            else:  # a flush
                words = [w + letter for w in words]
        return ("set " if play.kind == SET else "seq ") + " ".join(_name_picks(rules, play, words))
    if play.kind == PASS:
        return "pass"
    if play.kind == GIVE:
        words = [rules.tables.symbols[c] for c in play.cards]
        return "give " + " ".join(_name_picks(rules, play, words))
    return "revolution" if play == DECLARE_PLAY else "no-revolution"


def _name_picks(rules: ClimbingOptions, play: Play, words: list[str]) -> list[str]:
    """The words of a play with the suit of each card its player named (``Q`` -> ``Qh``)."""
    picks = picks_of(play)
    if not picks:
        return words
    t = rules.tables
    words = list(words)
    done: set[int] = set()
    for c in picks:
        if not _several_suits(t, t.rank_of_code[c]):
            continue
        sym, letter = t.symbols[t.rank_of_code[c]], SUIT_LETTERS[c & 3]
        same = [i for i, w in enumerate(words) if i not in done and w == sym + letter]
        bare = [i for i, w in enumerate(words) if i not in done and w == sym]
        for i in (same or bare)[:1]:  # none: a card the play cannot hold (an illegal play, told as such)
            words[i] = sym + letter
            done.add(i)
    return words


def _several_suits(t: Tables, rank: int) -> bool:
    """Whether a rank has cards of several suits (President's 3c is one card: its suit names nothing more)."""
    return len({c & 3 for c, r in enumerate(t.rank_of_code) if r == rank and c < JOKER}) > 1


def _named(rules: ClimbingOptions, play: Play, words: list[str], tokens: list[_Token]) -> Play:
    """``play`` with the cards its words name by suit, less those its suit names (a flush's, a decider)."""
    picks = list(_picks(rules, words, tokens))
    t = rules.tables
    if play.suit >= 0 and not t.bridge:
        picks = []
    elif play.suit >= 0:
        decider = next((c for c in picks if t.rank_of_code[c] == play.rank and c & 3 == play.suit), None)
        if decider is not None:
            picks.remove(decider)
    return with_picks(play, tuple(picks))


def _picks(rules: ClimbingOptions, words: list[str], tokens: list[_Token]) -> tuple[int, ...]:
    """The cards written with a suit, as card codes, where their rank holds cards of several suits."""
    t = rules.tables
    picks = []
    for w, tok in zip(words, tokens, strict=True):
        if tok.suit < 0 or tok.stands_for >= 0:
            continue
        if not _several_suits(t, tok.rank):
            continue
        picks.append(int(Card.parse(w)))
    return tuple(picks)


class _Token(NamedTuple):
    """A token read: its rank, its suit (or -1), and the rank a wild card written ``RJ=6`` fills (or -1)."""

    rank: int
    suit: int
    stands_for: int


def _token(rules: ClimbingOptions, token: str, text: str) -> _Token:
    if "=" in token:
        wild, _, target = token.partition("=")
        if not wild or not target:
            raise NotationError(f"bad token {token!r} in {text!r}: write a wild card as WILD=RANK, e.g. RJ=6")
        w = _rank_token(rules, wild, text)
        if w not in rules.tables.seq_wilds:
            raise NotationError(f"{wild!r} cannot stand in for a card of a sequence in {rules.system}")
        return _Token(w, -1, _rank_token(rules, target, text))
    r = _rank_token(rules, token, text)
    suit = -1
    if len(token) >= 2 and token[-1].lower() in SUIT_LETTERS and token.upper() not in ("JK", "BJ", "RJ"):
        suit = SUIT_LETTERS.index(token[-1].lower())
    return _Token(r, suit, -1)


def _rank_token(rules: ClimbingOptions, token: str, text: str) -> int:
    index = rules.tables.symbol_index
    up = token.upper()
    aliases = {"T": "10", "JOKER": "JK"}
    up = aliases.get(up, up)
    if up in index:
        return index[up]
    if up in ("BJ", "RJ") and "JK" in index:
        return index["JK"]
    if up == "JK" and "BJ" in index and "RJ" in index:  # Jokers that rank apart, named apart
        raise NotationError(
            f"bad token {token!r} in {text!r}: the two Jokers rank apart here: write BJ or RJ"
        )
    try:
        card = Card.parse(token)
    except NotationError:
        raise NotationError(  # short enough for one line: the whole list of ranks is read at once
            f"bad token {token!r}: ranks are {' '.join(rules.rank_order)}, or a card like Qs"
        ) from None
    r = rules.tables.rank_of_code[card]
    if r < 0:
        raise NotationError(f"bad token {token!r} in {text!r}: that card is not in this game")
    return r


def read_set(rules: ClimbingOptions, ranks: list[int]) -> Play | None:
    """The set these rank indices make (at its highest reading), or None."""
    subs = rules.tables.subs
    for r in sorted(set(ranks), reverse=True):
        if all(c == r or c in subs[r] for c in ranks):
            cards = tuple(sorted(ranks))
            return Play(SET, r, len(cards), len(cards), cards)
    return None


def read_sequence(rules: ClimbingOptions, ranks: list[int], fills: tuple[int, ...] = ()) -> Play | None:
    """The sequence these rank indices make, or None; wild cards fill gaps inside, or ``fills`` (``RJ=6``)."""
    if not rules.sequences or not ranks:
        return None
    t = rules.tables
    wilds = sorted(r for r in ranks if r in t.seq_wilds)
    natural = [r for r in ranks if r not in t.seq_wilds]
    if not natural or len(fills) > len(wilds):
        return None
    distinct = sorted(set(natural) | set(fills))
    width = max(natural.count(r) + fills.count(r) for r in distinct)
    lo, hi = distinct[0], distinct[-1]
    missing = sum(width - natural.count(r) for r in range(lo, hi + 1))
    if len(wilds) != missing:  # more wild cards than gaps: only written positions (RJ=6) may extend it
        return None
    if hi - lo + 1 < t.min_ranks(width) or hi > t.seq_top or width > t.max_width:
        return None
    return Play(SEQUENCE, hi, len(ranks), width, tuple(sorted(ranks)))


def sequence_shape_ok(rules: ClimbingOptions, play: Play) -> bool:
    """Whether a sequence play is well formed (its wild cards exactly fill its missing cards)."""
    t = rules.tables
    if play.width < 1 or play.size % play.width:
        return False
    lo = play.rank - play.length + 1
    fills: list[int] = []
    for r in range(lo, play.rank + 1):
        fills.extend([r] * max(0, play.width - play.cards.count(r)))
    if any(c > play.rank and c not in t.seq_wilds for c in play.cards) or any(c < lo for c in play.cards):
        return False
    shape = read_sequence(rules, list(play.cards), tuple(fills))
    return shape is not None and shape[:5] == play[:5]


def parse_play(rules: ClimbingOptions, text: str) -> Play:
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
        tokens = [_token(rules, w, text) for w in words[1:]]
        if any(tok.stands_for >= 0 for tok in tokens):
            raise NotationError(f"{text!r}: name the cards to give, e.g. 'give 4 7'")
        given = give_play(tuple(tok.rank for tok in tokens))
        return with_picks(given, _picks(rules, words[1:], tokens))
    kind = _KIND_WORDS.get(words[0].lower())
    if kind is not None:
        words = words[1:]
        if not words:
            raise NotationError(f"{text!r} names a kind of play but no cards")
    tokens = [_token(rules, w, text) for w in words]
    ranks = [tok.rank for tok in tokens]
    fills = tuple(tok.stands_for for tok in tokens if tok.stands_for >= 0)
    as_set = None if fills else read_set(rules, ranks)
    as_seq = read_sequence(rules, ranks, fills)
    syms = rules.tables.symbols
    shown = " ".join(syms[r] for r in sorted(ranks))
    if kind == SET:
        if as_set is None:
            raise NotationError(f"{shown!r} is not a set: a set is cards of one rank plus wild cards")
        return _named(rules, _with_suit(rules, as_set, tokens), words, tokens)
    if kind == SEQUENCE:
        if as_seq is None:
            raise NotationError(f"{shown!r} is not a sequence: {_sequence_words(rules)}")
        return _named(rules, _with_suit(rules, as_seq, tokens), words, tokens)
    if as_set is not None and as_seq is not None:
        count = _COUNT_WORDS[as_set.size] if as_set.size < len(_COUNT_WORDS) else str(as_set.size)
        raise NotationError(
            f"{shown!r} is both a set ({count} {syms[as_set.rank]}s) and a sequence: "
            f"write 'set {shown}' or 'seq {shown}'"
        )
    play = as_set or as_seq
    if play is None:
        raise NotationError(f"{shown!r} is neither a set nor a sequence")
    return _named(rules, _with_suit(rules, play, tokens), words, tokens)


def _sequence_words(rules: ClimbingOptions) -> str:
    t = rules.tables
    text = (
        f"a sequence is {rules.sequence_min_ranks} or more consecutive ranks (the same number of each) "
        f"up to {rules.sequence_top}"
    )
    if t.seq_wilds:
        names = ", ".join(t.symbols[w] for w in t.seq_wilds)
        return text + f"; {names} may fill missing cards (write RJ=6 when a wild card extends it)"
    return text + ", in natural order, no wild cards standing in"


def _with_suit(rules: ClimbingOptions, play: Play, tokens: list[_Token]) -> Play:
    """Attach the suit that decides the play, where the rules make suits matter."""
    t = rules.tables
    if t.bridge:
        suits = [tok.suit for tok in tokens if tok.rank == play.rank and tok.suit >= 0 and tok.stands_for < 0]
        if suits:
            return play._replace(suit=max(suits, key=lambda s: t.suit_rank[s]))
    elif t.flush != "none" and play.kind == SEQUENCE and play.width == 1 and t.is_natural(play):
        written = {tok.suit for tok in tokens}
        if len(written) == 1 and -1 not in written:
            return play._replace(suit=written.pop())
    return play

"""The climbing face's menu: one entry per natural play, one more for a rank's wild make-ups.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> state = rules.new_state(seed=2)
>>> len(state.legal_actions()), len(menu(state.legal_actions()))
(69, 25)
>>> six = next(e for e in menu(state.legal_actions()) if e.wild and rules.tables.symbols[e.first.rank] == "6")
>>> str(entry_text(rules, six))
'6 6 6 2 … (four to six 6s with wild cards)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from bumtable.errors import NotationError
from bumtable.faces.terminal.climbing.render import describe_play, rank_name
from bumtable.faces.terminal.common import count_word
from bumtable.rules.climbing import ClimbingOptions, Play
from bumtable.rules.climbing.plays import GIVE, PASS, SEQUENCE, SET

GIVE_SHORTLIST = 12
"""An exchange with more ways to choose lists only those from the lowest ranks held."""


@dataclass(frozen=True)
class Entry:
    """One numbered option: the plays it stands for (the first is shown; several ask which)."""

    plays: tuple[Play, ...]
    wild: bool = False

    @property
    def first(self) -> Play:
        return self.plays[0]


def wild_cards(play: Play) -> list[int]:
    """The cards (rank indices) standing in for another rank in a set or sequence."""
    if play.kind == SET:
        return [c for c in play.cards if c != play.rank]
    if play.kind != SEQUENCE:
        return []
    lo = play.rank - play.length + 1
    natural: list[int] = []
    for r in range(lo, play.rank + 1):
        natural += [r] * min(play.width, play.cards.count(r))
    rest = list(play.cards)
    for r in natural:
        rest.remove(r)
    return rest


def _order(entry: Entry) -> tuple[int, ...]:
    p = entry.first
    if p.kind == SET:
        return (0, p.rank, int(entry.wild), p.size, *p.cards)
    if p.kind == SEQUENCE:
        return (1, p.width, p.length, p.rank, int(entry.wild), p.suit)
    if p.kind == GIVE:
        return (2, *p.cards)
    if p.kind == PASS:
        return (9,)
    return (5, p.kind)


def menu(legal: Sequence[Play]) -> list[Entry]:
    """The entries in scanning order; a rank's wild make-ups fold into one (fewest wild cards per size)."""
    if legal and all(p.kind == GIVE for p in legal):
        return [Entry((p,)) for p in sorted(_give_shortlist(legal), key=lambda p: p.cards)]
    entries: list[Entry] = []
    natural = {(*p[:4], p.suit) for p in legal if p.kind in (SET, SEQUENCE) and not wild_cards(p)}
    groups: dict[tuple[int, ...], list[Play]] = {}
    for p in legal:
        if p.kind not in (SET, SEQUENCE) or not wild_cards(p):
            entries.append(Entry((p,)))
        elif (*p[:4], p.suit) not in natural:  # natural cards make this play: its wild make-ups are typed
            key = (p.kind, p.rank, p.suit) if p.kind == SET else (p.kind, p.rank, p.size, p.width, p.suit)
            groups.setdefault(key, []).append(p)
    for plays in groups.values():
        fewest: dict[int, int] = {}
        for p in plays:
            fewest[p.size] = min(fewest.get(p.size, p.size), len(wild_cards(p)))
        kept = [p for p in plays if len(wild_cards(p)) == fewest[p.size]]
        entries.append(Entry(tuple(sorted(kept, key=lambda p: (p.size, p.cards))), wild=True))
    return sorted(entries, key=_order)


def _give_shortlist(legal: Sequence[Play]) -> list[Play]:
    if len(legal) <= GIVE_SHORTLIST:
        return list(legal)
    ranks = sorted({r for p in legal for r in p.cards})
    for n in range(len(ranks), 0, -1):
        low = set(ranks[:n])
        short = [p for p in legal if set(p.cards) <= low]
        if len(short) <= GIVE_SHORTLIST and short:
            return short
    return list(legal[:GIVE_SHORTLIST])


def typed_form(rules: ClimbingOptions, play: Play) -> str:
    """What to type for a play: its cards alone when they can be read only as this play, else its notation."""
    text = rules.action_text(play)
    kind, _, cards = text.partition(" ")
    if kind not in ("set", "seq") or not cards:
        return text
    try:
        same = rules.parse_action(cards) == play
    except NotationError:
        same = False
    return cards if same else text


def _wild_words(rules: ClimbingOptions, play: Play) -> str:
    wilds = wild_cards(play)
    names = [rank_name(rules, c) for c in wilds]
    if len(wilds) == 1:
        return f"a wild {names[0]}"
    if len(set(wilds)) == 1:
        return f"{count_word(len(wilds))} wild {names[0]}s"
    return "wild " + " and ".join(names)


def entry_text(rules: ClimbingOptions, entry: Entry) -> Text:
    """An option as shown: what to type, and what it is in words."""
    p = entry.first
    if p.kind == PASS:
        return Text("pass", style="italic")
    if p.kind not in (SET, SEQUENCE):
        return Text(rules.action_text(p))
    typed = typed_form(rules, p)
    if not entry.wild:
        return Text.assemble(typed, (f" ({describe_play(rules, p)})", "dim"))
    if len(entry.plays) == 1:
        said = describe_play(rules, p, wild=False)
        return Text.assemble(typed, (f" ({said} with {_wild_words(rules, p)})", "dim"))
    sizes = sorted({q.size for q in entry.plays})
    if len(sizes) == 1:
        what = f"{describe_play(rules, p, wild=False)} with wild cards, {count_word(len(entry.plays))} ways"
    else:
        joint = " or " if len(sizes) == 2 else " to "
        what = f"{count_word(sizes[0])}{joint}{describe_play(rules, entry.plays[-1], wild=False)} with wild cards"
    return Text.assemble(f"{typed} …", (f" ({what})", "dim"))

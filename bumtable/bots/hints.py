"""Hints for people: what the ``hard`` bot would play from your seat, and why in a few words.

The hint is worked out from the person's own observation alone (the bot deals the hidden cards anew, as it
does for itself), by a bot seeded from the game's seed and the moment, so asking twice gives the same hint
and asking changes nothing in the game. The reason says what the move does where a family has words for it
(climbing games: goes out, keeps the wild cards, leads the lowest cards ...) and how it fared in the search:
how often it came out on top among the deals played out, against the next best move.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> seat = state.current_player()
>>> advice = hint(state.observe(seat), seed=1, level="medium")
>>> advice.action in state.legal_actions()
True
>>> "deals played out" in advice.why
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bumtable.bots.levels import make_level
from bumtable.bots.search import SearchBot
from bumtable.rules.climbing.plays import PASS, SET
from bumtable.rules.phases import PLAY
from bumtable.rules.registry import system


@dataclass(frozen=True)
class Hint:
    """The move a level would play, its text in the game's notation, and why in a few words."""

    action: Any
    text: str
    why: str


def hint(observation: Any, *, seed: int, level: str = "hard") -> Hint:
    """What ``level`` would play from ``observation`` (a seat's, with legal actions), and why."""
    rules = observation.rules
    bot = make_level(level, seed, rules.system)
    action = bot.choose(observation)
    text = rules.action_text(action)
    if len(observation.legal_actions()) == 1:
        return Hint(action, text, "the only move")
    parts = []
    words = WORDS.get(system(rules.system).family.name)
    if words is not None:
        said = words(observation, action)
        if said:
            parts.append(said)
    if isinstance(bot, SearchBot) and bot.stats:
        parts.append(_fared(bot, text))
    return Hint(action, text, "; ".join(parts) or "the heuristic's choice")


def _fared(bot: SearchBot, text: str) -> str:
    """How the move fared in the search, against the best other move tried as often."""
    stats = bot.stats
    mine = stats[text]
    line = f"came out on top in {_pct(mine.top_share)} of {mine.deals} deals played out"
    rivals = [(k, s) for k, s in stats.items() if k != text and s.deals == mine.deals]
    if rivals:
        key, best = max(rivals, key=lambda ks: ks[1].total)
        line += f"; next best, {key}: {_pct(best.top_share)}"
    return line


def _pct(share: float) -> str:
    return f"{round(100 * share)} %"


def _climbing_words(observation: Any, action: Any) -> str:
    """What a climbing game's move does, in a few words (empty when nothing plain can be said)."""
    t = observation.rules.tables
    if observation.phase != PLAY or (action.kind not in (PASS, SET) and action.size == 0):
        return ""
    ranks = sorted(t.rank_of_code[c] for c in observation.hand or ())
    wild = set(t.seq_wilds).union(*t.subs)
    held_wild = sum(1 for r in ranks if r in wild)
    if action.kind == PASS:
        return "passes and keeps its wild cards for later" if held_wild else "passes and keeps its hand whole"
    if action.size == len(ranks):
        return "goes out"
    plain = [r for r in action.cards if r not in wild or r == action.rank]
    stand_ins = len(action.cards) - len(plain)
    if stand_ins:
        return "spends a wild card to make the play"
    if observation.inverted:  # the ranking is reversed: low and high change places
        return ""
    if observation.top is None and ranks and min(action.cards) == ranks[0]:
        return "leads its lowest cards"
    if ranks and max(action.cards) == ranks[-1] and held_wild == 0:
        return "plays its highest cards"
    return ""


WORDS: dict[str, Callable[[Any, Any], str]] = {"climbing": _climbing_words}
"""Each family's words for what a move does (families without: the search's figures alone)."""

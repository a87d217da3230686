"""Hints for people: what the ``hard`` bot would play from your seat, and why in a few words.

Worked out from the seat's own observation by a seeded bot: the same hint each time, and the game unchanged.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> advice = hint(state.observe(state.current_player()), seed=1, level="medium")
>>> advice.action in state.legal_actions(), "deals played out" in advice.why
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bumtable.bots.move_words import WORDS
from bumtable.bots.registry import make_level
from bumtable.bots.search import Decision, SearchBot, Stat
from bumtable.bots.search_eval import margin_of, standing_of
from bumtable.rules.registry import system
from bumtable.words import ordinal


@dataclass(frozen=True)
class Hint:
    """The move a level would play, its text, and why, in parts a face may draw apart (:attr:`why`)."""

    action: Any
    text: str
    said: str = ""
    """What the move does, in words (empty where there are none)."""
    fared: str = ""
    """How the move fared in the search (empty for a bot that does not search)."""
    rival: Any = None
    rival_text: str = ""
    rival_share: str = ""
    """How :attr:`rival` fared (``"41 %"``), and why the move was played over it where figures do not say."""

    @property
    def reason(self) -> str:
        return "; ".join(part for part in (self.said, self.fared) if part)

    @property
    def why(self) -> str:
        """The reason in one line: ``said; fared; next best, RIVAL: SHARE``."""
        reason = self.reason
        if not reason:
            return "the heuristic's choice"
        return f"{reason}; next best, {self.rival_text}: {self.rival_share}" if self.rival_text else reason


def hint(observation: Any, *, seed: int, level: str = "hard") -> Hint:
    """What ``level`` would play from ``observation`` (a seat's, with legal actions), and why."""
    rules = observation.rules
    bot = make_level(level, seed, rules.system)
    decision = bot.decide(observation) if isinstance(bot, SearchBot) else Decision(bot.choose(observation))
    action = decision.action
    text = rules.action_text(action)
    if len(observation.legal_actions()) == 1:
        return Hint(action, text, said="the only move")
    family = system(rules.system).family
    words = WORDS.get(family.name)
    said = (words(observation, action) or "") if words is not None else ""
    if not (isinstance(bot, SearchBot) and decision.stats):
        return Hint(action, text, said=said)
    open_place = family.first_open_place(observation)
    fared, rival_text, rival_share = _fared(bot, decision, text, rules.players, open_place)
    rival = next((a for a in observation.legal_actions() if rules.action_text(a) == rival_text), None)
    if rival is None:
        rival_text = rival_share = ""
    return Hint(action, text, said, fared, rival, rival_text, rival_share)


def _fared(
    bot: SearchBot, decision: Decision, text: str, players: int, open_place: int = 1
) -> tuple[str, str, str]:
    """How the move ``text`` fared in ``decision`` (its share on top, or in ``open_place``, or ahead where cut
    short), and the text and figures of the best other move tried as often (empty where none)."""
    stats = decision.stats
    mine = stats[text]
    share: Callable[[Stat], str]
    if mine.cuts >= mine.deals:
        moves = bot.config.max_rollout
        by_margin = bot.estimate.by_margin

        def share(s: Stat) -> str:
            return ", ".join(part for part in (_pct(s.ahead_share), _estimate(s, by_margin, players)) if part)

        line = (
            f"played {moves} moves on in {mine.deals} deals, it left you ahead of the others "
            f"in {_pct(mine.ahead_share)} of them"
        )
        estimate = _estimate(mine, by_margin, players)
        if estimate:
            line += f"; on average {estimate}"
    else:

        def placed(s: Stat) -> bool:  # a place to give: more than two seats, every playout to the end
            return players > 2 and bool(s.placed) and not s.cuts

        def top(s: Stat) -> float:
            return s.top_share if open_place == 1 else s.share_at(open_place)

        def share(s: Stat) -> str:
            return f"{_pct(top(s))}, average place {s.mean_place:.1f}" if placed(s) else _pct(top(s))

        on_top = "on top" if open_place == 1 else f"best of the places left ({ordinal(open_place)})"
        line = f"came out {on_top} in {_pct(top(mine))} of {mine.deals} deals played out"
        if placed(mine):
            line += f", average place {mine.mean_place:.1f} of {players}"
    rivals = [(k, s) for k, s in stats.items() if k != text and s.deals == mine.deals]
    if not rivals:
        return line, "", ""
    key, best = max(rivals, key=lambda ks: ks[1].total)
    return line, key, share(best) + _kept(bot, decision.favourite, text, mine, best)


def _kept(bot: SearchBot, favourite: str | None, text: str, mine: Stat, best: Stat) -> str:
    """Why the move was played over a next best as good or better: how a tie went, or ``margin``'s test."""
    if best.total == mine.total:
        if favourite == text:
            return ", tied: the heuristic's own choice is played"
        return ", tied: the first in the search's order is played"
    if best.total > mine.total and favourite == text and bot.config.margin:
        return ", not better by the margin's test: the heuristic's own choice is played"
    return ""


def _estimate(s: Stat, by_margin: bool, players: int) -> str:
    """The search's mean value of a move's playouts in words (``0.4 tokens' worth ahead``, ``place 1.8 of
    4``), only where every one was cut short: a mean over two scales would mislead."""
    if s.cuts < s.deals:
        return ""
    if by_margin:
        margin = margin_of(s.mean)
        if round(abs(margin), 1) == 0:
            return "level with the others"
        return f"{abs(margin):.1f} tokens' worth {'ahead' if margin > 0 else 'behind'}"
    if players > 2:
        return f"place {standing_of(s.mean, players):.1f} of {players}"
    return ""


def _pct(share: float) -> str:
    return f"{round(100 * share)} %"

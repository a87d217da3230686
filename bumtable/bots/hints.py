"""Hints for people: what the ``hard`` bot would play from your seat, and why in a few words.

Worked out from the person's own observation alone, by a bot seeded from the game's seed and the moment, so
asking twice gives the same hint and asking changes nothing in the game. The reason says what the move does
(:mod:`bumtable.bots.move_words`) and how it fared in the search against the next best move.

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

from bumtable.bots.move_words import WORDS
from bumtable.bots.registry import make_level
from bumtable.bots.search import Decision, SearchBot, Stat
from bumtable.bots.search_eval import margin_of, standing_of
from bumtable.rules.registry import system
from bumtable.words import ordinal


@dataclass(frozen=True)
class Hint:
    """The move a level would play, its text in the game's notation, and why in a few words (:attr:`why`,
    made of :attr:`said`, :attr:`fared` and the next best move's share, so that a face may draw each part)."""

    action: Any
    text: str
    said: str = ""
    """What the move does, in words (empty where the family has none for it)."""
    fared: str = ""
    """How the move fared in the search (empty for a bot that does not search)."""
    rival: Any = None
    """The next best move the search tried as often, if any (a face may draw it as it draws moves)."""
    rival_text: str = ""
    """:attr:`rival` in the game's notation."""
    rival_share: str = ""
    """How :attr:`rival` fared, on the same measure as :attr:`fared` (``"41 %"``), and why the move was played
    over it where the figures do not say (``", tied: the heuristic's own choice is played"``)."""

    @property
    def reason(self) -> str:
        """What the move does and how it fared, ``said; fared``, without the next best move."""
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
    """How the move ``text`` fared in ``bot``'s ``decision``: the share of its playouts that ended on top (or
    reached ``open_place``, the best place still open, once first is taken), and at a table of more than two,
    where all were played to the end, its average place (the search weighs every place, so a move may be
    chosen for its places); where all were cut short, the share that left the seat ahead of the others and
    the estimate the search valued them by (:func:`_estimate`). With the text and the same figures of the
    best other move tried as often (empty where there is none)."""
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
    """Why the move was played over the next best where the figures alone do not say: an exact tie (common
    where playouts are cut short and end alike) went to the rollout policy's own choice (where the search
    broke ties for it: :attr:`Decision.favourite`) or to the first in the search's order; a better next best
    did not pass ``margin``'s test. Else nothing."""
    if best.total == mine.total:
        if favourite == text:
            return ", tied: the heuristic's own choice is played"
        return ", tied: the first in the search's order is played"
    if best.total > mine.total and favourite == text and bot.config.margin:
        return ", not better by the margin's test: the heuristic's own choice is played"
    return ""


def _estimate(s: Stat, by_margin: bool, players: int) -> str:
    """How the search valued a move's playouts on average, in plain words, where every one was cut short (else
    nothing: an average over two scales would mislead): by margin, how far the seat was ahead of the others'
    mean in tokens held and within reach (``0.4 tokens' worth ahead``, so two moves with the same share are
    told apart); by rank at a table of more than two, its place among the seats (``place 1.8 of 4``)."""
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

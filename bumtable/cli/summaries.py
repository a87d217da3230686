"""Each game's rules in a few lines, for ``r`` at the prompt (our own words, after ``docs/rules/``).

The texts live here, in the package, because ``docs/`` is not installed. Where a preset changes with the
number of players (roles, the exchange, points, the goal) the text is read from the rules in force; the
last part lists every variant and option that differs from the preset for that many players, each with
its description (the docstring under the option in its settings class).

>>> from bumtable.rules import get
>>> print(rules_summary(get("arsehole", players=4)).splitlines()[0])
Parlett's Arsehole for 4 players
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable

from bumtable.cli.common import match_goal
from bumtable.rules import Rules, system
from bumtable.rules.boojum.options import BoojumOptions
from bumtable.rules.climbing import ClimbingOptions
from bumtable.rules.gin_bummy.options import GinBummyOptions
from bumtable.rules.options_data import options_class
from bumtable.rules.registry import System

WIDTH = 100
"""No line of a summary is wider than this."""

Part = tuple[str, str]
"""One paragraph of a summary: its label (``Goal``) and its text."""


def rules_summary(rules: Rules, width: int = WIDTH) -> str:
    """The rules of this game in short, with the variants and options in force, wrapped at ``width``.

    >>> from bumtable.rules import get
    >>> text = rules_summary(get("bum-game", players=4, variants=["one-hour"]))
    >>> "Revolution:" in text, max(len(line) for line in text.splitlines()) <= WIDTH
    (True, True)
    >>> print(text[text.index("In force"):])  # doctest: +NORMALIZE_WHITESPACE
    In force here, unlike the preset for 4 players:
      Variant one-hour.
      exchange = false (preset: true). Cards change hands between roles after the deal, from the second
        hand on (exchange_pairs).
      target = 20 (preset: 100). Points that win the match (0: no target).
    """
    sys = system(rules.system)
    lines = [f"{sys.title} for {rules.players} players"]
    for label, text in SUMMARIES[sys.name](rules):
        lines += textwrap.wrap(f"{label}: {text}", width, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join([*lines, "", *in_force(rules, width)])


def in_force(rules: Rules, width: int = WIDTH) -> list[str]:
    """Lines naming each variant, and each option with its description, that differs from the preset for
    this many players at a table of people; one line saying so when nothing does.

    >>> from bumtable.rules import get
    >>> in_force(get("president", players=5))
    ['Options: the preset for 5 players (bumtable games president --options describes them).']
    >>> print("\\n".join(in_force(get("president", players=4, variants=["must-play"]))))
    In force here, unlike the preset for 4 players:
      Variant must-play.
      must_play = true (preset: false). A player who can beat the last play may not pass.
    """
    sys = system(rules.system)
    preset = _people_preset(sys, rules.players)
    data, base = rules.to_dict(), preset.to_dict()
    changed = [k for k in data if k != "system" and data[k] != base.get(k)]
    if not changed:
        return [
            f"Options: the preset for {rules.players} players (bumtable games {sys.name} --options describes them)."
        ]
    docs = options_class(rules).option_docs()
    lines = [f"In force here, unlike the preset for {rules.players} players:"]
    lines += [f"  Variant {name}." for name in variants_in_force(sys, preset, rules)]
    for key in changed:
        text = f"{key} = {json.dumps(data[key])} (preset: {json.dumps(base.get(key))}). {docs.get(key, '')}"
        lines += textwrap.wrap(
            text.rstrip(), width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
        )
    return lines


def variants_in_force(sys: System, preset: Rules, rules: Rules) -> list[str]:
    """The named variants whose every change from ``preset`` is in ``rules`` (a variant whose changes are
    all part of another one found is left out: one-hour, not also single-session).

    >>> from bumtable.rules import get
    >>> sys = system("bum-game")
    >>> variants_in_force(sys, sys.build(4), get("bum-game", variants=["one-hour", "bum-only"]))
    ['bum-only', 'one-hour']
    """
    data, base = rules.to_dict(), preset.to_dict()
    found: dict[str, set[str]] = {}
    for name, change in sorted(sys.variants.items()):
        try:
            varied = preset.replace(**change(preset)).to_dict()
        except Exception:  # a variant these rules cannot take (partnership with an odd number of players)
            continue
        keys = {k for k in varied if varied[k] != base[k]}
        if keys and all(data[k] == varied[k] for k in keys):
            found[name] = keys
    return [name for name, keys in found.items() if not any(keys < other for other in found.values())]


def _people_preset(sys: System, players: int) -> Rules:
    """The preset for ``players`` as a table of people plays it (Gin Bummy without the turn limit)."""
    preset = sys.build(players)
    return preset.replace(**sys.people_options) if sys.people_options else preset


# ------------------------------------------------------------------------------------------- climbing


def _climbing(rules: Rules) -> ClimbingOptions:
    if not isinstance(rules, ClimbingOptions):
        raise TypeError(f"{rules.system} is not a climbing game")
    return rules


def _ranks(rules: ClimbingOptions) -> str:
    return " ".join(rules.rank_order)


def _points(rules: ClimbingOptions) -> str:
    return "points by place, first out first: " + " ".join(str(p) for p in rules.points)


def _cards(k: int, word: str = "card") -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _swaps(rules: ClimbingOptions) -> str:
    """The Bum Game's exchange: ``the Boss and the Bum swap 2 cards, the Foreman and the Worker 1``."""
    roles = rules.roles
    parts = [
        f"the {roles[hi]} and the {roles[lo]} {'swap ' if i == 0 else ''}{_cards(k) if i == 0 else k}"
        for i, (hi, lo, k) in enumerate(rules.exchange_pairs)
    ]
    return ", ".join(parts)


def _gives(rules: ClimbingOptions) -> str:
    """An exchange where the lower role gives first: ``the Bum gives the Boss its best card``."""
    roles = rules.roles
    parts = [
        f"the {roles[lo]} gives the {roles[hi]} its {'best card' if k == 1 else f'{k} best cards'}"
        for hi, lo, k in rules.exchange_pairs
    ]
    return " and ".join(parts)


def _leader(rules: ClimbingOptions) -> str:
    """Who leads after the first hand: ``the Boss`` (or the Bum, the previous Loser...)."""
    return f"the {rules.roles[0] if rules.leader == 'boss' else rules.roles[-1]}"


def _deals_and_leads(rules: ClimbingOptions) -> str:
    """``the Bum deals and the Boss leads``, or ``the Bum deals and leads``."""
    dealer = f"the {rules.roles[-1]}"
    return (
        f"{dealer} deals and leads"
        if _leader(rules) == dealer
        else f"{dealer} deals and {_leader(rules)} leads"
    )


def _revolution(rules: ClimbingOptions) -> list[Part]:
    if not rules.revolution_triggers:
        return []
    roles = rules.roles
    who = " or ".join(f"the {roles[r]} {k}+ Jokers" for r, k in rules.revolution_triggers)
    turn = rules.revolution_roles
    top, new_top = roles[0], roles[turn.index(0)]
    rest = "" if all(turn[i] == i for i in range(1, len(roles)) if i != turn.index(0)) else ", and so on"
    how = "" if rules.revolution_declare == "automatic" else " if that player declares it"
    return [
        (
            "Revolution",
            f"if the deal gives {who}, the roles turn round{how} before the exchange: the {new_top} becomes "
            f"{top}, the {top} becomes {roles[turn[0]]}{rest}.",
        )
    ]


def _teams(rules: ClimbingOptions) -> list[Part]:
    if not rules.teams:
        return []
    return [
        (
            "Partners",
            "the teams alternate round the table; a team scores the sum of its members' points, "
            "credited to each member.",
        )
    ]


_REVERSES = {
    "direction": "turns the direction of play round",
    "ranking": "reverses the ranking: every play must then rank lower, and ties break the other way",
    "both": "turns the direction of play round and reverses the ranking (every play must then rank lower)",
}


def _reversing(rules: ClimbingOptions) -> list[Part]:
    """What a play holding the reverse card does, and that it lasts across tricks until the next one."""
    if not rules.reverse_card:
        return []
    card = rules.reverse_card
    return [
        (
            "Reversing",
            f"any play holding {_a(card)} {card} (a set, or a sequence through it) {_REVERSES[rules.reverses]}. "
            f"It lasts across tricks until the next play holding {_a(card)} {card} turns it back; each hand "
            "starts the usual way.",
        )
    ]


def _jokers(rules: ClimbingOptions) -> str:
    return f"with {_cards(rules.jokers, 'Joker')}" if rules.jokers else "no Jokers"


def _a(rank: str) -> str:
    """The article before a rank's name: ``an 8``, ``an A``, ``a J``."""
    return "an" if rank[:1] in ("8", "A") else "a"


def _suits(rules: ClimbingOptions) -> str:
    """Whether suits count: Bridge suit ranking breaks ties, else they play no part."""
    if not rules.suit_order:
        return "Suits play no part."
    order = " < ".join(
        {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[ch] for ch in rules.suit_order
    )
    return (
        f"Suits rank {order} and break ties between plays of equal rank: the play's highest-suited card of "
        "its rank decides (5s beats 5h)."
    )


def bum_game(rules: Rules) -> list[Part]:
    """The Bum Game (docs/rules/bum-game.md)."""
    r = _climbing(rules)
    exchange = (
        f"from the second hand, {_swaps(r)}: the higher role gives its lowest, the lower its highest "
        "(never a Joker). Nobody chooses."
        if r.exchange
        else "none in this match."
    )
    return [
        (
            "Goal",
            f"be first to get rid of your cards. A hand gives {_points(r)}; the match: {match_goal(r)}.",
        ),
        ("Cards", f"low to high {_ranks(r)} ({r.deck_size} cards, all dealt). Suits never matter."),
        (
            "Plays",
            "a set (cards of one rank: 7, 4 4 4) or a sequence (three or more ranks in a row, as many cards "
            "of each, never round the corner: 9 10 J, 3 3 4 4 5 5, A 2 JK).",
        ),
        (
            "Wild cards",
            "in a set a Two may stand for 3 to A and a Joker for 3 to 2 (Q Q 2 JK is four Queens); "
            "in a sequence they are only themselves.",
        ),
        (
            "A turn",
            "the leader plays any set or sequence (no passing); then each in turn passes or beats the top "
            "play: same kind and size, strictly higher (a sequence by its top card). Passing does not stop "
            "you playing later.",
        ),
        (
            "Tricks",
            "a trick ends when everyone else still holding cards has passed in a row; whoever played last "
            "leads the next. The hand ends when only one player holds cards: that player is last.",
        ),
        (
            "Roles",
            f"top first {', '.join(r.roles)}; play goes in role order. The order of going out gives the next "
            f"hand's roles (the first hand's: a cut, highest card Boss). The {_leader(r)[4:]} leads.",
        ),
        ("Exchange", exchange),
        *_revolution(r),
        *_reversing(r),
        *_teams(r),
    ]


def president(rules: Rules) -> list[Part]:
    """President (docs/rules/president.md)."""
    r = _climbing(rules)
    return [
        ("Goal", f"be first to empty your hand. A round gives {_points(r)}; the match: {match_goal(r)}."),
        (
            "Cards",
            f"low to high {_ranks(r).replace(' 3c', '')}; {r.deck_size} cards, suits never matter. The 3 of "
            "clubs (3c) is a special card of its own.",
        ),
        ("Plays", "1 to 4 cards of one rank (5, 9 9 9); no sequences, no wild cards."),
        (
            "A turn",
            "the leader plays (no passing); then each player in turn plays as many cards of an equal or "
            "higher rank, or passes. A pass sits you out until the trick ends.",
        ),
        (
            "Tricks",
            "a trick ends when all the others still in have passed (the last to play wins it), at once when "
            "the top four cards on the table share a rank, or when the 3 of clubs is played. The winner "
            "leads the next.",
        ),
        (
            "The 3 of clubs",
            "played alone on anything, or led, it wins the trick at once. But if it is your last card you "
            "lose: you take the lowest place still open.",
        ),
        (
            "Roles",
            f"from the last round's finish, top first: {', '.join(r.roles)}. Seats are drawn at random and "
            "never change. The first round has no roles and no trading: the holder of the 3 of diamonds "
            f"leads. Later {_deals_and_leads(r)}.",
        ),
        (
            "Trading",
            f"from the second round, {_gives(r)} (automatically, never the 3 of clubs); then each "
            "higher role gives back as many cards of its choice (give 4 7).",
        ),
        ("End of a round", "when only one player still holds cards; that player is last."),
        *_reversing(r),
        *_teams(r),
    ]


def zheng_shangyou(rules: Rules) -> list[Part]:
    """Zheng Shangyou (docs/rules/zheng-shangyou.md)."""
    r = _climbing(rules)
    return [
        ("Goal", f"be first to empty your hand. A hand gives {_points(r)}; the match: {match_goal(r)}."),
        (
            "Cards",
            f"low to high {_ranks(r)} (BJ the black Joker, RJ the red); {r.deck_size} cards. Suits "
            "matter only for flushes.",
        ),
        (
            "Wild cards",
            "only for a lower rank: a 2 for 3 to A, BJ for 3 to 2, RJ for 3 to BJ. Jokers (not Twos) may "
            "fill a missing card of a sequence (4 RJ=5 6). Alone, a wild card is itself.",
        ),
        (
            "Plays",
            "a set of any size (7, Q Q BJ), or a sequence up to A (never a Two): three or more ranks in a "
            "row, one card each (9 10 J), or two or more cards of each rank, six cards at least "
            "(3 3 3 4 4 4).",
        ),
        (
            "A turn",
            "lead anything (no passing); then pass, or beat the top play with the same pattern and number of "
            "cards and a higher rank (a sequence by its top card). A pass does not stop you later.",
        ),
        (
            "Beating",
            "a flush (one card per rank, all one suit: 3h 4h 5h) beats any mixed sequence of its length; "
            "at equal rank a play with no wild card standing in beats one that has one.",
        ),
        (
            "Tricks",
            "a trick ends when everyone else still holding cards has passed in a row; whoever played last "
            f"leads the next. The hand ends when only one player holds cards: the {r.roles[-1]}.",
        ),
        (
            "Places",
            f"{r.roles[0]}, {r.roles[1]}, ... {r.roles[-1]}, from the last hand. Seats are drawn at random "
            "and stay fixed. The first hand has no exchange; the dealer leads it.",
        ),
        (
            "Exchange",
            f"from the second hand, after the {r.roles[-1]} deals, {_gives(r)} (automatically); the "
            f"{r.roles[0]} gives back any card of its choice (give 9). Then {_leader(r)} leads.",
        ),
        *_reversing(r),
        *_teams(r),
    ]


def arsehole(rules: Rules) -> list[Part]:
    """Parlett's Arsehole (docs/rules/arsehole.md)."""
    r = _climbing(rules)
    return [
        ("Goal", f"be first to empty your hand. A hand gives {_points(r)}; the match: {match_goal(r)}."),
        ("Cards", f"low to high {_ranks(r)}; {r.deck_size} cards, {_jokers(r)}. {_suits(r)}"),
        (
            "A turn",
            "the leader plays one card or several of one rank (9 9), and may not pass. Then each player in "
            "turn plays as many cards of a higher rank, or passes. A pass does not stop you later.",
        ),
        (
            "Tricks",
            "a trick ends when everyone else still holding cards has passed in a row; whoever played last "
            f"leads the next. The hand ends when only one player holds cards: the {r.roles[-1]}.",
        ),
        (
            "Roles",
            f"from the last hand's finish, top first: {', '.join(r.roles)}. Seats are drawn at random and "
            "stay fixed.",
        ),
        (
            "First hand",
            f"no roles and no exchange; the player after the dealer leads. Later {_deals_and_leads(r)}.",
        ),
        (
            "Exchange",
            f"from the second hand, {_gives(r)} (automatically); each higher role gives back as many cards "
            "of its choice (give 4).",
        ),
        *_reversing(r),
        *_teams(r),
    ]


# ------------------------------------------------------------------------------------ other families


def gin_bummy(rules: Rules) -> list[Part]:
    """Gin Bummy (docs/rules/gin-bummy.md)."""
    if not isinstance(rules, GinBummyOptions):
        raise TypeError(f"{rules.system} is not Gin Bummy")
    jokers = f"and {_cards(rules.jokers, 'Joker')}" if rules.jokers else "and no Jokers"
    return [
        (
            "Goal",
            "hold exactly four number cards (2 to 10) of four different suits and four different values, "
            'such as 2♠ 6♥ 4♦ 9♣, and call "Bum!" (type bum): you win at once.',
        ),
        (
            "Cards",
            f"52 {jokers}; {rules.hand_size} dealt to each, the rest is the stock; the discard pile is the "
            "Beg. Face cards (J Q K) make a hand smaller; Aces and Jokers are special.",
        ),
        (
            "A turn",
            "exactly one of: discard a face card (no draw); draw (the stock's top card, or the Beg's unless "
            "it is an Ace or a Joker), then discard a number card, not the one drawn; discard an Ace and "
            "draw three from the stock; discard a Joker with any one card on it, which the next player must "
            "take (the Joker then blocks the Beg).",
        ),
        (
            "Four cards",
            "a player who begins a turn with exactly four cards may draw from the stock and then discard a "
            "face card.",
        ),
        (
            "Starving",
            "a turn that leaves you fewer than four cards starves you: you lose and are out (with two "
            "players the other wins at once).",
        ),
        (
            "Order",
            "the lowest cut card deals and plays first; play goes to the left. When the stock is empty the "
            "Beg is turned over to make a new one.",
        ),
        ("End", 'the first to call "Bum!" wins, or the last player not starved.'),
    ]


def boojum(rules: Rules) -> list[Part]:
    """Boojum (docs/rules/boojum.md)."""
    if not isinstance(rules, BoojumOptions):
        raise TypeError(f"{rules.system} is not Boojum")
    return [
        (
            "Goal",
            "a token of each of the six suits: Moons, Suns, Waves, Leaves, Wyrms, Knots. The game ends "
            "after the claims in which someone completes the six.",
        ),
        (
            "Cards",
            "written rank then suit letters (M S W L Y K): AM the Ace of Moons, 2SY the 2 of Suns and "
            "Wyrms, CK the Crown of Knots. Most are also a Location, a Personality or an Event.",
        ),
        (
            "A round",
            f"an auction, a build, then claims. Auction: {rules.slot_count} slots are sold one by one; round "
            "the table, bid more than the high bid or pass (out of that slot only).",
        ),
        (
            "Bids",
            "cards laid from your hand (bid 5ML 9MS; a raise adds cards). More cards beat fewer; as many: "
            "more pips (Ace 1, 2 to 9 their rank, Crown 10); equal does not beat. The winner takes the lot "
            "and their bid is next round's lot; the others take their cards back.",
        ),
        ("Build", "a card onto each slot and one to each player who won nothing; everyone picks up."),
        (
            "Claims",
            "in seat order, hand in a group that fits a token's pattern (claim waves 4MS 4MS 4WL 4YK), "
            "draw a card, claim again or say done. No token twice.",
        ),
        (
            "Tokens",
            "Moons: a 6-card straight, 4 Aces and 4 Crowns, or a 6-card set. Suns: a 5-card straight, a "
            "5-card set or an 8-card flush. Waves: a 4-card straight, a 4-card set or a 7-card flush.",
        ),
        (
            "Tokens",
            "Leaves: twelve suit symbols, two of each suit, or 6 Locations, 6 Personalities or 6 Events. "
            "Wyrms: 3 cards of one type (Location...) that share a suit or have consecutive ranks.",
        ),
        (
            "Tokens",
            "Knots: six suit symbols, one of each suit, a 5-card run or a 5-card flush. A straight is "
            "ranks in a row sharing a suit, a run ranks in a row, a set one rank, a flush a shared suit.",
        ),
        (
            "End",
            f"ties on all six go to the hand left, valued as a bid; after {rules.max_rounds} rounds the most "
            "tokens win.",
        ),
    ]


SUMMARIES: dict[str, Callable[[Rules], list[Part]]] = {
    "bum-game": bum_game,
    "president": president,
    "zheng-shangyou": zheng_shangyou,
    "arsehole": arsehole,
    "gin-bummy": gin_bummy,
    "boojum": boojum,
}
"""Each system's summary, by the registry's name."""

"""Each climbing game's rules in a few lines (our words, after ``docs/rules/``), read from the rules in force.

>>> from bumtable.rules import climbing
>>> label, text = summary(climbing("president", players=4))[0]
>>> label, text.split("; ")[1]
('Goal', 'the match: 10 rounds, highest total wins.')
"""

from __future__ import annotations

from collections.abc import Callable

from bumtable.rules.climbing import ClimbingOptions
from bumtable.rules_text import Part
from bumtable.words import plural


def match_goal(rules: ClimbingOptions) -> str:
    """How a climbing match ends, in words: ``first to 100 points`` or ``10 rounds, highest total wins``."""
    if rules.target and rules.rounds:
        return f"first to {rules.target} points, at most {rules.rounds} rounds"
    if rules.target:
        return f"first to {rules.target} points"
    if rules.rounds_winner == "last-hand":
        return f"{rules.rounds} rounds, the first out in the last round wins"
    return f"{rules.rounds} rounds, highest total wins"


def summary(rules: ClimbingOptions) -> list[Part]:
    """The system's parts, its exchange said to be none where the rules turn it off."""
    parts = SYSTEMS[rules.system](rules)
    if rules.exchange:
        return parts
    return [
        (name, "none in this match.") if name in ("Exchange", "Trading") else (name, text)
        for name, text in parts
    ]


def _ranks(rules: ClimbingOptions) -> str:
    return " ".join(rules.rank_order)


def _points(rules: ClimbingOptions) -> str:
    return "points by place, first out first: " + " ".join(str(p) for p in rules.points)


def _swaps(rules: ClimbingOptions) -> str:
    """The Bum Game's exchange: ``the Boss and the Bum swap 2 cards, the Foreman and the Worker 1``."""
    roles = rules.roles
    parts = [
        f"the {roles[hi]} and the {roles[lo]} {'swap ' if i == 0 else ''}{plural(k, 'card') if i == 0 else k}"
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
    return f"with {plural(rules.jokers, 'Joker')}" if rules.jokers else "no Jokers"


def _a(rank: str) -> str:
    """The article before a rank's name: ``an 8``, ``an A``, ``a J``."""
    return "an" if rank[:1] in ("8", "A") else "a"


def _suits(rules: ClimbingOptions) -> str:
    """Whether suits count: by Bridge order they break ties, else they play no part."""
    if not rules.suit_order:
        return "Suits play no part."
    order = " < ".join(
        {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[ch] for ch in rules.suit_order
    )
    return (
        f"Suits rank {order} and break ties between plays of equal rank: the play's highest-suited card of "
        "its rank decides (5s beats 5h)."
    )


def bum_game(r: ClimbingOptions) -> list[Part]:
    exchange = (
        f"from the second hand, {_swaps(r)}: the higher role gives its lowest, the lower its highest "
        "(never a Joker). Nobody chooses."
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


def president(r: ClimbingOptions) -> list[Part]:
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


def zheng_shangyou(r: ClimbingOptions) -> list[Part]:
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


def arsehole(r: ClimbingOptions) -> list[Part]:
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


SYSTEMS: dict[str, Callable[[ClimbingOptions], list[Part]]] = {
    "bum-game": bum_game,
    "president": president,
    "zheng-shangyou": zheng_shangyou,
    "arsehole": arsehole,
}

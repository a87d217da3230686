"""Each rules option's plain label and the heading it sits under, as data: one place for every face that
names options to people (the web lobby's form, the rules panel); the engine's names stay the options' keys.

>>> OPTION_WORDS["exchange_pairs"]
('Exchange', 'Who swaps with whom, and how many cards')
>>> plain_help("With pass_final, a player who passed may still play the wipe_card alone.")
"With 'Passing is final', a player who passed may still play the 'Wipe card' alone."
"""

from __future__ import annotations

import re

GROUPS = ("Cards", "Deal", "Play", "Roles and seats", "Revolution", "Exchange", "Scoring", "Safeguards")
"""The headings, in the order a form shows them."""

OPTION_WORDS: dict[str, tuple[str, str]] = {
    # the climbing games
    "players": ("Deal", "Players"),
    "suits": ("Cards", "Suits in the deck"),
    "jokers": ("Cards", "Jokers in the deck"),
    "rank_order": ("Cards", "Ranks, low to high"),
    "wilds": ("Cards", "Wild cards"),
    "sequences": ("Play", "Sequences may be played"),
    "sequence_min_ranks": ("Play", "Shortest sequence"),
    "sequence_max_width": ("Play", "Most cards of a rank in a sequence"),
    "sequence_top": ("Play", "Highest rank in a sequence"),
    "max_set_size": ("Play", "Most cards in a set"),
    "multi_sequence_min_ranks": ("Play", "Shortest sequence of pairs or more"),
    "multi_sequence_min_cards": ("Play", "Fewest cards in a sequence of pairs or more"),
    "sequence_wilds": ("Play", "Wild cards in a sequence"),
    "natural_beats_wild": ("Play", "Natural cards beat wild ones"),
    "flush_beats": ("Play", "When a flush beats a sequence"),
    "suit_order": ("Cards", "Suits, low to high"),
    "follow": ("Play", "Beat or equal the last play"),
    "pass_final": ("Play", "Passing is final"),
    "wipe_after_pass": ("Play", "Wipe card after passing"),
    "must_play": ("Play", "Must beat if you can"),
    "follow_more": ("Play", "Beat with more cards"),
    "reverse_card": ("Play", "Reverse card"),
    "reverses": ("Play", "What the reverse card turns"),
    "four_of_a_value": ("Play", "Four of a value end the trick"),
    "wipe_card": ("Play", "Wipe card"),
    "wipe_last_loses": ("Play", "Going out on the wipe card puts you last"),
    "roles": ("Roles and seats", "Role names, top first"),
    "first_roles": ("Roles and seats", "Roles in the first hand"),
    "seating": ("Roles and seats", "Seats"),
    "first_leader": ("Roles and seats", "Who leads the first hand"),
    "lead_card": ("Roles and seats", "Lead card"),
    "leader": ("Roles and seats", "Who leads later hands"),
    "revolution_triggers": ("Revolution", "Jokers that start a revolution"),
    "revolution_roles": ("Revolution", "Roles after a revolution"),
    "revolution_declare": ("Revolution", "Revolution: automatic or declared"),
    "exchange_cancel_triggers": ("Exchange", "Jokers that call the exchange off"),
    "exchange": ("Exchange", "Exchange cards between hands"),
    "exchange_pairs": ("Exchange", "Who swaps with whom, and how many cards"),
    "exchange_keep_jokers": ("Exchange", "Lower role keeps its Jokers"),
    "exchange_low_keeps": ("Exchange", "Cards the lower role never gives"),
    "exchange_high_gives": ("Exchange", "What the higher role gives"),
    "exchange_order": ("Exchange", "Who gives first"),
    "points": ("Scoring", "Points for each place"),
    "target": ("Scoring", "Points to win the match"),
    "rounds": ("Scoring", "Hands in the match"),
    "target_winner": ("Scoring", "Several past the target"),
    "rounds_winner": ("Scoring", "Winner when the hands run out"),
    "teams": ("Scoring", "Teams"),
    # Gin Bummy
    "hand_size": ("Deal", "Cards in each hand"),
    "cut_ace": ("Deal", "An Ace cut for the deal counts"),
    "turn_over": ("Play", "Empty stock: turn the Beg over"),
    "turn_over_keeps_top": ("Play", "Top of the Beg stays up"),
    "four_card_draw": ("Play", "Drawing with four cards"),
    "may_discard_stock_draw": ("Play", "Discard the card just drawn"),
    "joker_carries_joker": ("Play", "A Joker may carry the other"),
    "call": ("Play", "When to call Bum!"),
    "max_turns": ("Safeguards", "Most turns (0: no limit)"),
    # Boojum
    "decks": ("Cards", "Decktets shuffled together"),
    "extended": ("Cards", "Extended deck"),
    "excuse": ("Cards", "The Excuse"),
    "pawns": ("Cards", "The Pawns"),
    "courts": ("Cards", "The Courts"),
    "excuse_symbols": ("Scoring", "Suit symbols the Excuse may stand for"),
    "excuse_alone": ("Scoring", "Excuses alone earn a token"),
    "lot_size": ("Deal", "Cards in each lot"),
    "slots": ("Deal", "Lots each round"),
    "repeat_tokens": ("Scoring", "Claim a token you hold"),
    "max_rounds": ("Safeguards", "Most rounds"),
}
"""Option name: (heading, plain label). An option missing here shows under "Play" with its name in words."""


def option_label(name: str) -> str:
    """The option's plain label: ``option_label("pass_final")`` is ``'Passing is final'``."""
    return OPTION_WORDS.get(name, ("", name.replace("_", " ").capitalize()))[1]


def option_group(name: str) -> str:
    """The heading the option sits under (see :data:`GROUPS`)."""
    return OPTION_WORDS.get(name, ("Play", ""))[0]


_NAMES = re.compile(
    r"\b(" + "|".join(sorted((n for n in OPTION_WORDS if "_" in n), key=len, reverse=True)) + r")\b"
)
"""The engine's names that are not plain words (one-word names such as ``players`` are words already)."""


def plain_help(doc: str) -> str:
    """An option's description with every engine name in it (``pass_final``) told by its label, quoted."""
    return _NAMES.sub(lambda m: f"'{option_label(m.group(1))}'", doc)

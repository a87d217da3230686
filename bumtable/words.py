"""Small words every face shares, with no game in them: a place as an ordinal, a count with its noun.

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
>>> plural(1, "hand"), plural(3, "match", "matches"), plural(0, "game")
('1 hand', '3 matches', '0 games')
"""

from __future__ import annotations


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``..."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``1 hand``, ``2 hands``: the count and its noun (``nouns`` where the plural is not ``noun`` + s)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"

"""A seat's name: the one check every way of naming a seat goes through, so that no seat can pass as another.

A name is NFKC-normalised, holds nothing invisible and is 1 to 24 letters of one script, digits, spaces and
``. ' - _``, and not a seat's label (``P1``, ``You``). One script catches a look-alike letter among another
script's (``Аnn`` with a Cyrillic ``А``), not a whole name of look-alikes. Two seats at a table may not share
a :func:`name_key`.

>>> check_name("  Ann   Lee "), check_name("Ｊｏｓé O’Neil"), check_name("山田ゆうこ"), check_name("R2-D2")
('Ann Lee', "José O'Neil", '山田ゆうこ', 'R2-D2')
>>> check_name("Аnn")
Traceback (most recent call last):
bumtable.server.names.BadName: names may not mix scripts: Cyrillic and Latin
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from bumtable.errors import BumtableError

MAX_LENGTH = 24
PUNCTUATION = ".'-_"
MAX_MARKS = 3
"""Combining marks one letter may carry: more is how text is made to spill over its neighbours."""
RULE = f"1 to {MAX_LENGTH} letters of one script, digits, spaces and . ' - _, starting with a letter, a digit or _"
"""The rule in a few words, for help texts and error messages."""

_LOOK_ALIKES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2010": "-"})
"""Look-alikes of the punctuation a name may hold that NFKC keeps (a phone's typographic apostrophe)."""
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}
_UNKNOWN_CATEGORIES = {"Cn", "Co", "Cs"}
"""Unassigned in this server's Unicode, private use, surrogates."""
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
"""Default-ignorable code points that are not format characters: nothing shows for them."""
_SCRIPT_GROUPS = {
    "CJK": "Han/kana",
    "IDEOGRAPHIC": "Han/kana",
    "HIRAGANA": "Han/kana",
    "KATAKANA": "Han/kana",
    "KATAKANA-HIRAGANA": "Han/kana",
    "ARABIC-INDIC": "Arabic",
    "EXTENDED": "Arabic",  # EXTENDED ARABIC-INDIC DIGIT ...
}
"""First words of Unicode names that are not their script's name (Japanese writes Han and kana together)."""
_SPACES = re.compile(" +")
_LABELS = re.compile(r"p[0-9]+|you")
"""What the faces call a seat without a name, or the viewer's own."""


class BadName(BumtableError, ValueError):
    """A name the table will not show; the message says why."""


def check_name(raw: str) -> str:
    """The name as the table shows it, normalised, or a :class:`BadName` saying why not."""
    name = unicodedata.normalize("NFKC", raw).translate(_LOOK_ALIKES)
    hidden = [ch for ch in name if unicodedata.category(ch) in _INVISIBLE_CATEGORIES or _IGNORABLE.match(ch)]
    if hidden:
        raise BadName(f"names may not hold invisible or control characters: {_describe(hidden[0])}")
    unknown = [ch for ch in name if unicodedata.category(ch) in _UNKNOWN_CATEGORIES]
    if unknown:
        raise BadName(
            f"names may not hold unassigned, private-use or surrogate code points: {_describe(unknown[0])}"
        )
    name = _SPACES.sub(" ", name.strip(" "))
    if not name:
        raise BadName("a name needs at least one letter or digit")
    if len(name) > MAX_LENGTH:
        raise BadName(f"a name is at most {MAX_LENGTH} characters; this one has {len(name)}")
    scripts: list[str] = []
    marks = 0
    for ch in name:
        category = unicodedata.category(ch)
        if ch == " " or ch in PUNCTUATION:
            marks = 0
            continue
        if category[0] not in "LMN":
            raise BadName(
                f"names may hold letters, digits, spaces and . ' - _ only, not {ch!r} ({_describe(ch)})"
            )
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_MARKS:
            raise BadName(f"a letter may carry at most {MAX_MARKS} combining marks")
        script = script_of(ch)
        if script is not None and script not in scripts:
            scripts.append(script)
    if len(scripts) > 1:
        raise BadName(f"names may not mix scripts: {' and '.join(scripts)}")
    if _LABELS.fullmatch(name.casefold()):
        raise BadName(f"{name!r} is how the table shows a seat (P1, You): choose another name")
    first = name[0]
    if not (unicodedata.category(first)[0] in "LN" or first == "_"):
        raise BadName(f"a name must start with a letter, a digit or _, not {first!r}")
    return name


def script_of(ch: str) -> str | None:
    """The script of a letter, mark or digit: its Unicode name's first word (Python has no script property);
    None for ASCII digits and combining accents, which go with any script.

    >>> script_of("a"), script_of("ж"), script_of("カ"), script_of("漢"), script_of("7"), script_of("\\u0301")
    ('Latin', 'Cyrillic', 'Han/kana', 'Han/kana', None, None)
    """
    if "0" <= ch <= "9":
        return None
    words = unicodedata.name(ch, "").split()
    if not words or words[0] == "COMBINING":
        return None
    if words[0] == "MODIFIER":
        raise BadName(f"{ch!r} ({_describe(ch)}) is not a letter of any one script")
    return _SCRIPT_GROUPS.get(words[0], words[0].title())


def taken_by(name: str, others: Mapping[int, str | None]) -> int | None:
    """The seat among ``others`` (seat: name or None) whose :func:`name_key` is ``name``'s, or None."""
    key = name_key(name)
    return next(
        (seat for seat, other in others.items() if other is not None and name_key(other) == key), None
    )


def name_key(name: str) -> str:
    """What two names at one table must not share: normalised and case-folded. Any string has one, a name
    stored under older rules too."""
    plain = _SPACES.sub(" ", unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES).strip(" "))
    return unicodedata.normalize("NFKC", plain.casefold())


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")

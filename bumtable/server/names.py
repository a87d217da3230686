"""A seat's name: the one rule every way of naming a seat goes through (the ``name`` message, the WebSocket's
``?name=``, the join request), so that no seat can pass itself off as another.

A name is read in this order:

1. **NFKC**: compatibility forms become their plain letters (full-width ``Ａ`` is ``A``, the ligature ``ﬁ`` is
   ``fi``, a no-break space is a space); two apostrophe and hyphen look-alikes that NFKC keeps (``’``, ``ʼ`` and
   ``‐``) become ``'`` and ``-``.
2. **Nothing invisible**: no control or format character (zero-width joiner and space, word joiner, bidi
   controls...), nor the other default-ignorable code points (Hangul fillers, variation selectors...), nor a
   code point with no character this server knows (unassigned in its Unicode, private use).
3. Spaces at the ends are dropped and a run of spaces inside is one space; then **1 to 24 characters**.
4. **Letters, digits, spaces and** ``. ' - _`` only, starting with a letter, a digit or ``_``; a letter may
   carry at most three combining marks.
5. **One script**: every letter, mark and digit other than ``0``-``9`` belongs to one script. Python has no
   script property, so a character's script is the first word of its Unicode name (``LATIN SMALL LETTER A``:
   Latin; ``CYRILLIC SMALL LETTER A``: Cyrillic; ``DEVANAGARI VOWEL SIGN AA``: Devanagari), with these
   exceptions: marks named ``COMBINING ...`` (accents) take their letter's script; Han ideographs, hiragana
   and katakana are one script, as Japanese writes them together (``CJK``, ``IDEOGRAPHIC``, ``HIRAGANA``,
   ``KATAKANA``); Arabic-Indic digits are Arabic; ``MODIFIER LETTER ...`` is no script's letter and is
   refused. This catches what a look-alike needs, a letter of one script among those of another
   (``Аnn`` with a Cyrillic ``А``); it cannot catch a whole name written in look-alikes of one other script.
6. **Not a seat's label**: not ``P`` and a number, nor ``You`` (what the faces show for a seat with no name
   and for the viewer's own), in any case.

At one table, two seats may not have names that are the same once read so and case-folded
(:func:`name_key`): ``Ann`` and ``ANN`` cannot both sit there.

>>> check_name("  Ann   Lee ")
'Ann Lee'
>>> check_name("Ｊｏｓé O’Neil")
"José O'Neil"
>>> check_name("Зоя"), check_name("山田ゆうこ"), check_name("R2-D2")
('Зоя', '山田ゆうこ', 'R2-D2')
>>> check_name("Аnn")  # the first letter is Cyrillic
Traceback (most recent call last):
...
bumtable.server.names.BadName: names may not mix scripts: Cyrillic and Latin
>>> check_name("Ann\\u200d")
Traceback (most recent call last):
...
bumtable.server.names.BadName: names may not hold invisible or control characters: U+200D ZERO WIDTH JOINER
>>> check_name("<b>")
Traceback (most recent call last):
...
bumtable.server.names.BadName: names may hold letters, digits, spaces and . ' - _ only, not '<' (U+003C LESS-THAN SIGN)
>>> name_key("ANN") == name_key("ann")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from bumtable.errors import BumtableError

MAX_LENGTH = 24
"""The most characters a name may have, once normalised."""
PUNCTUATION = ".'-_"
"""The punctuation a name may hold, besides spaces."""
MAX_MARKS = 3
"""The most combining marks one letter may carry (more is how text is made to spill over its neighbours)."""
RULE = f"1 to {MAX_LENGTH} letters of one script, digits, spaces and . ' - _, starting with a letter, a digit or _"
"""The rule in a few words, for help texts and error messages."""

_LOOK_ALIKES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2010": "-"})
"""Punctuation NFKC keeps that looks like the ASCII a name may hold (a phone's typographic apostrophe)."""
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}
"""Controls, format characters (zero-width, joiners, bidi) and line breaks."""
_UNKNOWN_CATEGORIES = {"Cn", "Co", "Cs"}
"""Code points with no character this server knows (unassigned in its Unicode), private use, surrogates."""
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
"""Unicode's default-ignorable code points that are not format characters: nothing shows for them."""
_SCRIPT_GROUPS = {
    "CJK": "Han/kana",
    "IDEOGRAPHIC": "Han/kana",
    "HIRAGANA": "Han/kana",
    "KATAKANA": "Han/kana",
    "KATAKANA-HIRAGANA": "Han/kana",
    "ARABIC-INDIC": "Arabic",
    "EXTENDED": "Arabic",  # EXTENDED ARABIC-INDIC DIGIT ...
}
"""First words of Unicode names that are not the script's own name."""
_SPACES = re.compile(" +")
_LABELS = re.compile(r"p[0-9]+|you")
"""What the faces call a seat without a name, or the viewer's own: a name may not pose as one."""


class BadName(BumtableError, ValueError):
    """A name the table will not show; the message says what was wrong with it."""


def check_name(raw: str) -> str:
    """The name as the table shows it (normalised: see the module), or a :class:`BadName` saying why not."""
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
    """The script of a letter, mark or digit by its Unicode name (see the module); None for the ASCII digits
    and combining accents, which go with any script. A :class:`BadName` for a letter of no script.

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
    """The seat among ``others`` (seat: its name, if any) whose name is ``name`` once normalised and
    case-folded, or None.

    >>> taken_by("ann", {0: None, 2: "Ann"}), taken_by("Anna", {2: "Ann"})
    (2, None)
    """
    key = name_key(name)
    return next(
        (seat for seat, other in others.items() if other is not None and name_key(other) == key), None
    )


def name_key(name: str) -> str:
    """What two names must not share at one table: the name normalised as :func:`check_name` does, and
    case-folded (``Ann`` is ``ANN``); any string has one, a name stored under older rules too."""
    plain = _SPACES.sub(" ", unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES).strip(" "))
    return unicodedata.normalize("NFKC", plain.casefold())


def _describe(ch: str) -> str:
    """A character as ``U+200D ZERO WIDTH JOINER``: its code point and, where it has one, its name."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")

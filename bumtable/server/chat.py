"""A table's chat: what a message may hold, and how often a connection may send one.

>>> read_chat("  good\\tgame\\n ", limit=300)
'good game'
>>> read_chat("hi \\u202egg", limit=300), len(read_chat("e" + "\\u0301" * 50, limit=300))
('hi gg', 4)
>>> read_chat("\\x00\\u200b ", limit=300)
Traceback (most recent call last):
bumtable.server.messages.MessageError: a chat message needs some text: this one is blank (or only control characters)
"""

from __future__ import annotations

import unicodedata
from collections import deque

from bumtable.server.messages import MessageError
from bumtable.server.names import MAX_MARKS

_SPACES = frozenset("\t\n\r\x0b\x0c")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction controls: dropped, so that a line cannot turn round the text shown after it."""


def read_chat(text: str, *, limit: int) -> str:
    """The text as shown: tabs and line breaks become spaces, other control and direction characters are
    dropped, a letter keeps at most three combining marks, the ends trimmed. A :class:`MessageError` when it is longer than ``limit`` characters (as sent) or has nothing to show."""
    if len(text) > limit:
        raise MessageError(
            "chat-too-long", f"a chat message may be {limit} characters at most; this one has {len(text)}"
        )
    kept = _few_marks(
        "".join(
            " " if c in _SPACES else c
            for c in text
            if c in _SPACES or (unicodedata.category(c) != "Cc" and c not in _BIDI)
        )
    ).strip()
    if all(c.isspace() or unicodedata.category(c) in ("Cf", "Zs", "Zl", "Zp") for c in kept):
        raise MessageError(
            "chat-blank", "a chat message needs some text: this one is blank (or only control characters)"
        )
    return kept


def _few_marks(text: str) -> str:
    """``text`` with at most ``MAX_MARKS`` combining marks on a letter (the rest would pile up over the lines
    around it)."""
    out: list[str] = []
    marks = 0
    for c in text:
        marks = marks + 1 if unicodedata.combining(c) else 0
        if marks <= MAX_MARKS:
            out.append(c)
    return "".join(out)


class ChatWindow:
    """At most ``most`` messages in any ``seconds``: a sliding window of the times they were accepted.

    >>> w = ChatWindow(most=2, seconds=10.0)
    >>> [w.take(0.0), w.take(1.0), w.take(9.0), w.take(10.5)]
    [True, True, False, True]
    """

    __slots__ = ("most", "seconds", "times")

    def __init__(self, *, most: int, seconds: float) -> None:
        self.most = most
        self.seconds = seconds
        self.times: deque[float] = deque()

    def take(self, now: float) -> bool:
        """Whether a message at ``now`` (monotonic seconds) may be sent; it counts if so."""
        while self.times and now - self.times[0] >= self.seconds:
            self.times.popleft()
        if len(self.times) >= self.most:
            return False
        self.times.append(now)
        return True

"""A table's chat: what a message may hold, and how often a connection may send one.

>>> read_chat("  good\\tgame\\n ", limit=300)
'good game'
>>> read_chat("\\x00\\u200b ", limit=300)
Traceback (most recent call last):
bumtable.server.messages.MessageError: a chat message needs some text: this one is blank (or only control characters)
"""

from __future__ import annotations

import unicodedata
from collections import deque

from bumtable.server.messages import MessageError

_SPACES = frozenset("\t\n\r\x0b\x0c")


def read_chat(text: str, *, limit: int) -> str:
    """The text as shown: tabs and line breaks become spaces, other control characters are dropped, the ends
    trimmed. A :class:`MessageError` when it is longer than ``limit`` characters (as sent) or has nothing to show."""
    if len(text) > limit:
        raise MessageError(
            "chat-too-long", f"a chat message may be {limit} characters at most; this one has {len(text)}"
        )
    kept = "".join(
        " " if c in _SPACES else c for c in text if c in _SPACES or unicodedata.category(c) != "Cc"
    ).strip()
    if all(c.isspace() or unicodedata.category(c) in ("Cf", "Zs", "Zl", "Zp") for c in kept):
        raise MessageError(
            "chat-blank", "a chat message needs some text: this one is blank (or only control characters)"
        )
    return kept


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

"""A token bucket: how many messages a connection may send, on average and at once.

>>> bucket = Bucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
"""

from __future__ import annotations


class Bucket:
    """``burst`` tokens at most, refilled at ``rate`` per second; each message takes one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, *, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> bool:
        """Whether a message arriving at ``now`` (monotonic seconds) may be read."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def refund(self) -> None:
        """Give back the last message's token (an accepted action: the game itself paces those)."""
        self.tokens = min(self.burst, self.tokens + 1)

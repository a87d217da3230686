"""ASGI middleware limiting HTTP requests before the API reads them: per address (429) and body size (413)."""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from bumtable.server.rate import Bucket
from bumtable.server.settings import Limits

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_ADDRESSES = 10_000
"""Buckets kept before those of addresses quiet long enough to have every token back are dropped."""


class HttpLimits:
    def __init__(self, app: App, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.buckets: dict[str, Bucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self._take(scope):
            limits = self.limits
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            wait = math.ceil(1 / limits.http_per_second) if limits.http_per_second > 0 else 1
            await _answer(
                send,
                429,
                f"too many requests: at most {limits.http_per_second:g} a second (bursts of {limits.http_burst}) "
                "from one address",
                [(b"retry-after", str(wait).encode())],
            )
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        await self._http(scope, receive, send)

    def _take(self, scope: Scope) -> bool:
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        now = time.monotonic()
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                self._forget_quiet(now)
            bucket = self.buckets[address] = Bucket(
                rate=self.limits.http_per_second, burst=self.limits.http_burst, now=now
            )
        return bucket.take(now)

    def _forget_quiet(self, now: float) -> None:
        for address, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                del self.buckets[address]

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        most = self.limits.max_body_bytes
        too_big = f"the request's body is over {most:,} bytes, this server's limit"
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await _answer(send, 400, "the Content-Length header is not a number")
                    return
                if length > most:
                    await _answer(send, 413, too_big)
                    return
        # the body is read whole (the API's bodies are small JSON), then replayed
        chunks: list[bytes] = []
        read = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            body = message.get("body", b"")
            read += len(body)
            if read > most:
                await _answer(send, 413, too_big)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _answer(
    send: Send, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = orjson.dumps({"detail": detail})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

"""The server's log: lines an operator can read, with no secret in them.

Seat tokens and join codes travel in URLs (``?token=...``, ``?join=...``), which the web server's
own access lines would print; :class:`Redact` blanks them in every line before it is written.

>>> record = logging.LogRecord("uvicorn", logging.INFO, "", 0, "GET /ws/t/1?token=%s&since=3", ("s3cret",), None)
>>> Redact().filter(record), record.getMessage()
(True, 'GET /ws/t/1?token=***&since=3')
"""

from __future__ import annotations

import logging
import re

SECRET = re.compile(r"\b(token|join|code)=[^&\s\"']+")

FRAMES = ("websockets", "uvicorn.error", "uvicorn.protocols")
"""Loggers whose debug lines print every WebSocket message's text: a seat's actions (which cards it gives in an
exchange, its private choices), what it sends that is refused. Their lines below INFO are never written: setting
their level is not enough, for uvicorn sets ``uvicorn.error`` to its own ``log_level`` after :func:`configure`."""


class Redact(logging.Filter):
    """Blank the value of every ``token=``, ``join=`` and ``code=`` in a log line; drop the debug lines of
    :data:`FRAMES`."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and record.name.startswith(FRAMES):
            return False
        message = record.getMessage()
        redacted = SECRET.sub(r"\1=***", message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def configure(level: int) -> None:
    """Log to standard error at ``level``, every line (the web server's too) through :class:`Redact`."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(Redact())
    for name in (
        "websockets",
        "uvicorn.error",
        "uvicorn.protocols",
    ):  # at debug they print every frame's text
        logging.getLogger(name).setLevel(max(level, logging.INFO))

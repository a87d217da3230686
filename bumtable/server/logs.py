"""The server's log, with no secret in it: seat tokens and join codes travel in URLs, which access logs print.

>>> record = logging.LogRecord("uvicorn", logging.INFO, "", 0, "GET /ws/t/1?token=%s&since=3", ("s3cret",), None)
>>> Redact().filter(record), record.getMessage()
(True, 'GET /ws/t/1?token=***&since=3')
"""

from __future__ import annotations

import logging
import re

SECRET = re.compile(r"\b(token|join|code)=[^&\s\"']+")

FRAMES = ("websockets", "uvicorn.error", "uvicorn.protocols")
"""Loggers whose debug lines print each WebSocket message, private choices among them: never written (uvicorn
resets ``uvicorn.error``'s level after :func:`configure`, so setting levels is not enough)."""


class Redact(logging.Filter):
    """Blank every ``token=``, ``join=`` and ``code=`` value; drop the debug lines of :data:`FRAMES`."""

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
    # at debug they print every frame's text
    for name in ("websockets", "uvicorn.error", "uvicorn.protocols"):
        logging.getLogger(name).setLevel(max(level, logging.INFO))

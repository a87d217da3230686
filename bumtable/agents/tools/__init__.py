"""The MCP tools, a file each for what they hold: the games (``catalog``), the seats an agent takes
(``seats``), and playing a seat (``play``). Each registers its tools on a server with ``register``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from mcp.server.mcpserver.exceptions import ToolError

from bumtable.agents.errors import Refused
from bumtable.errors import BumtableError


@contextmanager
def said() -> Iterator[None]:
    """A refusal or a bad argument as the tool's error result, in words (the server goes on)."""
    try:
        yield
    except Refused as e:
        raise ToolError(f"refused: {e}. Try again (legal_actions lists the legal actions).") from None
    except BumtableError as e:
        raise ToolError(str(e)) from None

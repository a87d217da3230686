"""The errors the agents' tools answer with: each says what was wrong, and the server goes on."""

from __future__ import annotations

from bumtable.errors import BumtableError


class AgentError(BumtableError):
    """A request the tools refuse (an unknown game id, a bad argument); nothing changed."""


class Refused(AgentError):
    """An action not taken (not legal now, unreadable, not the agent's turn): counted, and the agent may try
    again."""

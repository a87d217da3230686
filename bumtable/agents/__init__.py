"""Seats for LLM agents: an MCP server (``bumtable mcp``, the ``agents`` extra) whose tools start games against
bots or take a seat at a table server, and play it from the seat's own view alone (``docs/agents.md``).
Only ``server`` and ``tools`` import the MCP SDK."""

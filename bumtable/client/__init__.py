"""The table server's client: the links a server hands out and its HTTP calls (``links``), and the WebSocket
to a table (``table_socket``). ``bumtable join`` and the agents' seats at a table both use it."""

"""The table server (tables in a database, bots in workers, WebSocket play): above rules, bots and wire."""

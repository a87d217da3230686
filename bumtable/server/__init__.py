"""The table server: tables in a database, one lock per table, bots in the server, WebSocket play.

Above the rules, bots and wire layers; nothing below imports it. :mod:`store` keeps tables,
seats and each table's ordered action log; :mod:`service` plays tables; :mod:`messages` is the
wire protocol; :mod:`app` the FastAPI application that ``bumtable serve`` runs.
"""

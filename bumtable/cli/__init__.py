"""The ``bumtable`` command line: play against bots, join a server's table, simulate, list moves, replay.

Layout: :mod:`~bumtable.cli.app` builds the Typer app from one ``*_cmd`` module per
command; :mod:`~bumtable.cli.play` runs a game in the terminal and ``remote*`` is the ``join``
client. How each game looks in the terminal is :mod:`bumtable.faces.terminal`.
"""

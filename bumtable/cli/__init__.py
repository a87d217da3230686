"""The ``bumtable`` command line: play against bots, simulate, list moves, replay records.

Layout: :mod:`~bumtable.cli.app` builds the Typer app from one ``*_cmd`` module per
command; :mod:`~bumtable.cli.render` and :mod:`~bumtable.cli.narrate` turn
observations into text; :mod:`~bumtable.cli.play` runs a game in the terminal.
"""

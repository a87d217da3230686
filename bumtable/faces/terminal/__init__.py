"""What each family of games looks like in a terminal: one folder per family (``climbing``,
``gin_bummy``, ``boojum``, each with its ``face``, ``render`` and ``summary``), and what they share.

:mod:`~bumtable.faces.terminal.face` is the interface every face implements,
:mod:`~bumtable.faces.terminal.families` picks a game's face, :mod:`~bumtable.faces.terminal.common`
holds what every face uses and :mod:`~bumtable.faces.terminal.summary` a game's rules in short.
"""

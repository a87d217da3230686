"""The ``bumtable`` command line: one ``*_cmd`` module per command; ``remote*`` is the ``join`` client."""

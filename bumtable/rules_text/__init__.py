"""Each game's rules in plain words, from its rules alone: the summary ``r`` prints at the prompt and
``bumtable games GAME`` shows (``summary``), and the same cut into parts for the web table (``api``). Below the
faces and the server, which both say the rules.
"""

Part = tuple[str, str]
"""One part of a summary: its name (``Exchange``) and its words."""

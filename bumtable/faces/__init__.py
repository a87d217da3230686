"""The faces people see a game through, drawn from observations and told from events: the terminal's
(:mod:`bumtable.faces.terminal`). The web client's are in ``web/src/views/``."""

"""The faces a game is seen through: the terminal's here, the web client's in ``web/src/views/``."""

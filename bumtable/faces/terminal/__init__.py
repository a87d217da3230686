"""Games in the terminal: a folder per family (``face``, ``render``, ``summary``), and what they share."""

"""The rules lab: studies that answer designers' questions about a game's rules, with intervals and plots."""

"""Gin Bummy in the terminal."""

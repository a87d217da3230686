"""Boojum in the terminal."""

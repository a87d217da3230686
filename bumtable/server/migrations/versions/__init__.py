"""The revisions, one module each, numbered in order."""

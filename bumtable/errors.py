"""The errors bumtable raises: each message says what was wrong."""


class BumtableError(Exception):
    """Base class of every error bumtable raises on purpose."""


class NotationError(BumtableError, ValueError):
    """Text that does not parse: a card, a play, a record. The message names the bad token."""


class IllegalActionError(BumtableError, ValueError):
    """An action that parses but may not be taken now. The message says why."""


class RulesError(BumtableError, ValueError):
    """A rules object or option that is inconsistent (unknown preset, bad option value)."""

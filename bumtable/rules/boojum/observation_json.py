"""Boojum observations on the wire: JSON-ready data, cards as their short text, tokens by name.

The wire form names the system but carries no rules object (the rules are sent once, and
:func:`observation_from_dict` is given them); it lists the seat's legal actions as text and as
codes of the rules' action space. It holds every field of the observation, so reading it back gives
an equal observation. What happened is not in it: that is the event log's.

The code lives in :mod:`~bumtable.rules.boojum.observation`, next to the class whose ``to_dict`` and
``from_dict`` it is (so it cannot sit above it); this module names it where the family entry and older
imports look for it.

>>> from bumtable.rules.boojum.rules import boojum
>>> rules = boojum(4)
>>> obs = rules.new_state(seed=5).observe(0)
>>> data = obs.to_dict()
>>> "rules" in data, data["legal"][-1]
(False, {'text': 'pass', 'code': 1})
>>> observation_from_dict(data, rules) == obs
True
>>> observation_from_dict({**data, "bids": [["5ML"], [], [], 7]}, rules)
Traceback (most recent call last):
...
bumtable.errors.NotationError: bad Boojum observation field 'bids': item 4 is not a list of cards
"""

from bumtable.rules.boojum.observation import observation_from_dict, observation_to_dict

__all__ = ["observation_from_dict", "observation_to_dict"]

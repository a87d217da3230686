"""Gin Bummy observations to and from their wire form: JSON-ready data, cards and actions as text.

The code lives with the observation, in :mod:`bumtable.rules.gin_bummy.observation` (the observation's
``to_dict`` and ``from_dict`` use it, so it cannot sit above it); this module names it where the family
entry and older imports look for it.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> rules = gin_bummy(players=2)
>>> obs = rules.new_state(seed=5).observe(1)
>>> observation_from_dict(observation_to_dict(obs), rules) == obs, FORMAT
(True, 'gin-bummy-observation/4')
"""

from __future__ import annotations

from bumtable.rules.gin_bummy.observation import FORMAT, observation_from_dict, observation_to_dict

__all__ = ["FORMAT", "observation_from_dict", "observation_to_dict"]

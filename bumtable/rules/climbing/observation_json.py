"""Observations to and from their wire form: JSON-ready data, cards and actions as text, roles by name.

The code lives in :mod:`~bumtable.rules.climbing.observation`, next to the class whose ``to_dict`` and
``from_dict`` it is; this module offers it under its old names.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> state = rules.new_state(seed=5)
>>> obs = state.observe(state.current_player())
>>> data = obs.to_dict()
>>> "rules" in data, data["system"], data["legal"][0]["code"] == rules.action_space().encode(obs.legal_actions()[0])
(False, 'bum-game', True)
>>> observation_from_dict(data, rules) == obs
True
"""

from bumtable.rules.climbing.observation import observation_from_dict, observation_to_dict

__all__ = ["observation_from_dict", "observation_to_dict"]

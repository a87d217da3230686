"""Climbing observations to and from their wire form; the code lives with the observation class."""

from bumtable.rules.climbing.observation import observation_from_dict, observation_to_dict

__all__ = ["observation_from_dict", "observation_to_dict"]

"""Boojum observations to and from their wire form; the code lives with the observation class."""

from bumtable.rules.boojum.observation import observation_from_dict, observation_to_dict

__all__ = ["observation_from_dict", "observation_to_dict"]

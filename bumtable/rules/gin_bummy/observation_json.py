"""Gin Bummy observations to and from their wire form; the code lives with the observation class."""

from __future__ import annotations

from bumtable.rules.gin_bummy.observation import FORMAT, observation_from_dict, observation_to_dict

__all__ = ["FORMAT", "observation_from_dict", "observation_to_dict"]

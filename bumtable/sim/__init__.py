"""Games between bots and people: :mod:`~bumtable.sim.runner` is the one game loop everything plays through;
:func:`simulate` plays seeded climbing matches between bots and summarises them hand by hand;
:func:`simulate_games` does the same for whole games of Gin Bummy and Boojum."""

from bumtable.sim.games import GameSimReport, simulate_games
from bumtable.sim.simulate import SimReport, simulate

__all__ = ["GameSimReport", "SimReport", "simulate", "simulate_games"]

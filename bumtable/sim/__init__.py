"""Games between bots: seeded runs of hands (:func:`simulate`) and of whole games (:func:`simulate_games`)."""

from bumtable.sim.games import GameSimReport, simulate_games
from bumtable.sim.simulate import SimReport, simulate

__all__ = ["GameSimReport", "SimReport", "simulate", "simulate_games"]

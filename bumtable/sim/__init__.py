"""Many hands at once: :func:`simulate` plays seeded matches between bots and summarises them."""

from bumtable.sim.simulate import SimReport, simulate

__all__ = ["SimReport", "simulate"]

"""Training the ``learned`` bot (PyTorch, the ``train`` extra): Deep Monte Carlo on single hands.

Only ``examples/train_learned.py`` and the tests import this package; the bot itself
(:mod:`bumtable.bots.learned`) runs the exported weights with NumPy alone.
"""

from bumtable.train.dmc import Status, TrainConfig, Trained, first_place_rate, train
from bumtable.train.model import QNet

__all__ = ["QNet", "Status", "TrainConfig", "Trained", "first_place_rate", "train"]

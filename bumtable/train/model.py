"""The Q(s, a) network in PyTorch, and its copy for NumPy (:class:`bumtable.bots.learned.Network`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np
import torch
from torch import nn

from bumtable.bots.learned import Network


class QNet(nn.Module):
    """An observation vector and an action's features in, the action's value out: ReLU layers of ``hidden``.

    The first layer is split in an observation part and an action part, so one decision's observation is
    worked out once for all its actions (the sum equals one layer on the two vectors joined).

    >>> net = QNet(5, 3, hidden=(8, 4))
    >>> net(torch.zeros(1, 5), torch.zeros(7, 3)).shape
    torch.Size([7])
    """

    def __init__(self, obs_size: int, action_size: int, *, hidden: Sequence[int] = (256, 128, 64)) -> None:
        super().__init__()
        self.obs_size = obs_size
        self.obs_in = nn.Linear(obs_size, hidden[0])
        self.action_in = nn.Linear(action_size, hidden[0], bias=False)
        self.rest = nn.ModuleList(nn.Linear(a, b) for a, b in pairwise([*hidden, 1]))

    def forward(self, obs: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
        """Values of ``actions`` (k, features) after ``obs`` (k or 1, obs_size): k values."""
        h = self.obs_in(obs) + self.action_in(actions)
        for layer in self.rest:
            h = layer(torch.relu(h))
        out: torch.Tensor = h[:, 0]
        return out

    def network(self) -> Network:
        """A NumPy copy of the weights as they are now (each weight as (inputs, outputs))."""
        with torch.no_grad():
            first = torch.cat([self.obs_in.weight, self.action_in.weight], dim=1)
            rest = [layer for layer in self.rest if isinstance(layer, nn.Linear)]
            weights = [first, *(layer.weight for layer in rest)]
            biases = [self.obs_in.bias, *(layer.bias for layer in rest)]
            return Network(
                tuple(np.ascontiguousarray(w.T.numpy(), dtype=np.float32) for w in weights),
                tuple(np.array(b.numpy(), dtype=np.float32) for b in biases),
                self.obs_size,
            )

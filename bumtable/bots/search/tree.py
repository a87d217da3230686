"""Experimental single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): ``search`` without ``paired``.

One tree serves every deal, UCB counting a node's availability; nodes are keyed by an action's text, so an
opponent's "set 7 7" is one node whatever sevens were dealt. No level uses it (``docs/bots.md``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from bumtable.bots.search.decision import Decision, Stat
from bumtable.bots.search.playout import Playouts
from bumtable.rules.protocol import AnyState


class _Node:
    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def tree_search(playouts: Playouts, observation: Any, by_key: dict[str, Any]) -> Decision:
    """Choose among ``by_key``'s actions (by their text; at least two) from ``observation``."""
    config = playouts.config
    text: Callable[[Any], str] = observation.rules.action_text
    root = _Node(-1)
    deadline = None if config.seconds is None else time.perf_counter() + config.seconds
    done = 0
    while done < config.iterations:
        done += 1
        state, start = playouts.deal(observation)
        path = _select_and_expand(playouts, root, state, start, text)
        values = playouts.play_out(state, start).values
        for node in path:
            node.visits += 1
            node.total += values[node.actor]
        if deadline is not None and time.perf_counter() >= deadline:
            break
    stats = {k: Stat(c.visits, c.total, weight=c.visits) for k, c in root.children.items()}
    best = max(
        by_key,
        key=lambda k: (root.children[k].visits, root.children[k].total) if k in root.children else (-1, 0.0),
    )
    return Decision(by_key[best], stats, None, done)


def _select_and_expand(
    playouts: Playouts, root: _Node, state: AnyState, start: int, text: Callable[[Any], str]
) -> list[_Node]:
    """Walk down the tree in this deal, adding one node; the path (the root left out)."""
    c, hands_over = playouts.config.exploration, playouts.family.hands_over
    node, path = root, list[_Node]()
    depth = playouts.config.max_depth or 1_000_000
    while not state.is_over() and hands_over(state) == start and len(path) < depth:
        actor = state.current_player()
        assert actor is not None
        keyed = {text(a): a for a in state.legal_actions()}
        untried = []
        for key in keyed:
            child = node.children.get(key)
            if child is None:
                untried.append(key)
            else:
                child.avail += 1
        if untried:
            key = _expansion(playouts, state, actor, untried, text)
            child = node.children[key] = _Node(actor)
            state.apply(keyed[key], check=False)
            path.append(child)
            return path
        key = max(keyed, key=lambda k: _ucb(node.children[k], c))
        node = node.children[key]
        state.apply(keyed[key], check=False)
        path.append(node)
    return path


def _expansion(
    playouts: Playouts, state: AnyState, actor: int, untried: list[str], text: Callable[[Any], str]
) -> str:
    """The action to add a node for: with ``guided``, the rollout policy's, so likely replies come first."""
    if playouts.config.guided and len(untried) > 1:
        choice = text(playouts.policy.choose(state.observe(actor)))
        if choice in untried:
            return choice
    return untried[playouts.rng.randrange(len(untried))]


def _ucb(node: _Node, c: float) -> float:
    return node.total / node.visits + c * math.sqrt(math.log(node.avail) / node.visits)

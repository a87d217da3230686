"""The ``learned`` bot: a Q(s, a) network trained by Deep Monte Carlo (``examples/train_learned.py``), run with
NumPy alone. It values each legal action from the seat's observation vector
(:func:`bumtable.tensors.planes_for`) and the action's features (:func:`action_features`) and plays the best;
exact ties go to its seeded generator. The shipped weights are for The Bum Game for 4 (its preset's rules).

>>> from bumtable import rules
>>> state = rules.get("bum-game", players=4).new_state(seed=7)
>>> bot = LearnedBot(seed=1)
>>> while len(state.legal_actions()) == 1:
...     state.apply(state.legal_actions()[0])
>>> action = bot.choose(state.observe(state.current_player()))
>>> state.why_illegal(action) is None
True
>>> LearnedBot(game="president")
Traceback (most recent call last):
...
bumtable.errors.BumtableError: the learned bot's weights were trained for The Bum Game for 4 only, not President
"""

from __future__ import annotations

import hashlib
import json
import random
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.bots.base import legal_or_raise
from bumtable.errors import BumtableError
from bumtable.rules import ClimbingRules, Rules, as_climbing, family_of, rules_from_dict, system
from bumtable.rules.climbing.plays import KIND_NAMES
from bumtable.tensors import Planes, planes_for

Matrix = npt.NDArray[np.float32]

FORMAT = 1
"""The weights file's format; a file of another format is refused with a clear error."""

WEIGHTS = "learned_bum_game_4.npz"
"""The shipped weights, in ``bumtable/bots/data/``."""

KINDS = len(KIND_NAMES)


def shipped_weights() -> Path:
    """Where the shipped weights lie."""
    return Path(str(files("bumtable.bots") / "data" / WEIGHTS))


def action_feature_size(ranks: int) -> int:
    """Features of one climbing action: cards of each rank, kind one-hot, rank one-hot, width, ranks spanned."""
    return 2 * ranks + KINDS + 2


def action_features(rules: Rules) -> Matrix:
    """One row of features per code of ``rules.action_space()`` (a climbing game's).

    >>> from bumtable import rules
    >>> r = rules.get("bum-game", players=4)
    >>> f = action_features(r)
    >>> play = r.parse_action("Q Q 2")
    >>> row = f[r.action_space().encode(play)]
    >>> int(row[9]), int(row[12]), int(row[14 + 1]), int(row[14 + KINDS + 9])  # two Qs, a 2, a set of Q
    (2, 1, 1, 1)
    """
    if family_of(rules).name != "climbing":
        raise BumtableError(f"action features are for the climbing games, not {system(rules.system).title}")
    return _action_features(as_climbing(rules))


@lru_cache(maxsize=8)
def _action_features(rules: ClimbingRules) -> Matrix:
    ranks = rules.tables.n_ranks
    space = rules.action_space()
    out = np.zeros((space.size, action_feature_size(ranks)), dtype=np.float32)
    for code in range(space.size):
        play = space.decode(code)
        row = out[code]
        for r in play.cards:
            row[r] += 1.0
        row[ranks + play.kind] = 1.0
        if play.rank >= 0:
            row[ranks + KINDS + play.rank] = 1.0
        row[-2] = play.width
        row[-1] = play.length
    out.flags.writeable = False
    return out


def layout_of(rules: Rules) -> list[list[Any]]:
    """The inputs the network reads under ``rules``: the observation's blocks, then the action features."""
    planes = planes_for(rules)
    blocks: list[list[Any]] = [[b.name, b.size] for b in planes.blocks]
    if family_of(rules).name != "climbing":
        return blocks
    return [*blocks, ["action", action_feature_size(as_climbing(rules).tables.n_ranks)]]


@dataclass(frozen=True)
class Network:
    """A multilayer perceptron with ReLUs: ``weights[i]`` is (inputs, outputs); the first layer's inputs are
    the observation's ``obs_size`` entries, then an action's features; one output, the action's value."""

    weights: tuple[Matrix, ...]
    biases: tuple[Matrix, ...]
    obs_size: int

    def values(self, obs: Matrix, actions: Matrix) -> Matrix:
        """The value of each row of ``actions`` (k, features) after observation vector ``obs``."""
        first = self.weights[0]
        # the observation's share of the first layer is worked out once for all the actions
        h = (obs @ first[: self.obs_size] + self.biases[0]) + actions @ first[self.obs_size :]
        for w, b in zip(self.weights[1:], self.biases[1:], strict=True):
            h = np.maximum(h, 0.0) @ w + b
        values: Matrix = h[:, 0]
        return values


@dataclass(frozen=True)
class Weights:
    """A weights file read and checked: its network, what it was trained on, and its digest."""

    network: Network
    meta: dict[str, Any]
    rules: Rules
    digest: str

    @property
    def trained_for(self) -> str:
        return f"{system(self.rules.system).title} for {self.rules.players}"


def save_weights(path: str | Path, network: Network, *, rules: Rules, trained: dict[str, Any]) -> None:
    """Write ``network`` for ``rules`` to ``path`` (.npz) with the format, layout and ``trained`` (how)."""
    meta = {"rules": rules.to_dict(), "layout": layout_of(rules), "trained": trained}
    arrays: dict[str, Any] = {"format": np.array(FORMAT), "meta": np.array(json.dumps(meta))}
    for i, (w, b) in enumerate(zip(network.weights, network.biases, strict=True)):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    with Path(path).open("wb") as out:
        np.savez_compressed(out, **arrays)


def load_weights(path: str | Path | None = None) -> Weights:
    """The weights at ``path`` (None: the shipped ones), checked against this bumtable's observation layout;
    a clear BumtableError if the file is missing, of another format, or for a layout that changed."""
    where = (Path(path) if path is not None else shipped_weights()).resolve()
    try:
        seen = where.stat()
    except OSError:
        seen = None
    return _load(where, None if seen is None else (seen.st_mtime_ns, seen.st_size))


@lru_cache(maxsize=4)
def _load(path: Path, written: tuple[int, int] | None) -> Weights:
    """The weights at ``path`` as last written (``written``: its time and size, so a new export is read)."""
    try:
        data = path.read_bytes()
        with np.load(path, allow_pickle=False) as npz:
            arrays = {k: npz[k] for k in npz.files}
    except FileNotFoundError:
        raise BumtableError(
            f"no learned bot weights at {path}: train them with examples/train_learned.py"
        ) from None
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise BumtableError(f"{path} is not a learned bot weights file (.npz): {e}") from None
    if "format" not in arrays or "meta" not in arrays:
        raise BumtableError(f"{path} is not a learned bot weights file: it has no format or meta entry")
    version = int(arrays["format"])
    if version != FORMAT:
        raise BumtableError(
            f"{path} has weights format {version}; this bumtable reads format {FORMAT}: "
            "train again with examples/train_learned.py"
        )
    meta = json.loads(str(arrays["meta"]))
    if not isinstance(meta, dict) or "rules" not in meta or "layout" not in meta:
        raise BumtableError(f"{path} is not a learned bot weights file: its meta has no rules or layout")
    rules = rules_from_dict(meta["rules"])
    layout = layout_of(rules)
    if meta["layout"] != layout:
        raise BumtableError(
            f"the observation layout of {system(rules.system).title} for {rules.players} changed since the "
            f"weights in {path} were trained (then {_layout_text(meta['layout'])}; now "
            f"{_layout_text(layout)}): train again with examples/train_learned.py"
        )
    layers = sum(1 for k in arrays if k.startswith("w"))
    weights = tuple(arrays[f"w{i}"].astype(np.float32) for i in range(layers))
    biases = tuple(arrays[f"b{i}"].astype(np.float32) for i in range(layers))
    obs_size = sum(size for _, size in layout[:-1])
    inputs = obs_size + layout[-1][1]
    shapes_ok = weights[0].shape[0] == inputs and weights[-1].shape[1] == 1
    shapes_ok = shapes_ok and all(
        w.shape[1] == b.shape[0] and (i == 0 or weights[i - 1].shape[1] == w.shape[0])
        for i, (w, b) in enumerate(zip(weights, biases, strict=True))
    )
    if not shapes_ok:
        shapes = ", ".join(f"{w.shape[0]}x{w.shape[1]}" for w in weights)
        raise BumtableError(f"the network in {path} does not fit its layout of {inputs} inputs: {shapes}")
    digest = hashlib.sha256(data).hexdigest()[:12]
    return Weights(Network(weights, biases, obs_size), meta, rules, digest)


def _layout_text(layout: list[list[Any]]) -> str:
    return " ".join(f"{name}:{size}" for name, size in layout)


class LearnedBot:
    """Plays the legal action its network values most; ``weights`` a file (None: the shipped weights).

    ``game`` (a name or alias) must be the game the weights were trained for; the players and the layout are
    checked at the first observation of each rules object."""

    name = "learned"
    asks_forced_moves = False  # one legal action: it is returned, nothing drawn

    def __init__(self, seed: int = 0, *, game: str = "bum-game", weights: str | Path | None = None) -> None:
        self.weights = load_weights(weights)
        trained = self.weights.rules.system
        if system(game).name != trained:
            raise BumtableError(
                f"the learned bot's weights were trained for {self.weights.trained_for} only, "
                f"not {system(game).title}"
            )
        self.rng = random.Random(seed)
        self._checked: Rules | None = None
        self._inputs: tuple[Planes, Matrix] | None = None

    def fits(self, rules: Rules) -> None:
        """Nothing if these weights play ``rules``, else a BumtableError saying what they were trained for."""
        trained = self.weights.rules
        if rules.system != trained.system or rules.players != trained.players:
            raise BumtableError(
                f"the learned bot's weights were trained for {self.weights.trained_for} only, "
                f"not {system(rules.system).title} for {rules.players}"
            )
        if layout_of(rules) != self.weights.meta["layout"]:
            raise BumtableError(
                f"these rules of {self.weights.trained_for} give the learned bot other inputs than it was "
                f"trained on ({_layout_text(layout_of(rules))}); it plays the preset's rules"
            )

    def _check(self, rules: Rules) -> tuple[Planes, Matrix]:
        """The observation layout and action features of ``rules``, once they are known to fit the weights."""
        self.fits(rules)
        self._checked = rules
        self._inputs = (planes_for(rules), action_features(rules))
        return self._inputs

    def values(self, observation: Any) -> tuple[tuple[Any, ...], Matrix]:
        """The legal actions of ``observation`` and the network's value of each."""
        rules = observation.rules
        inputs = self._inputs if rules is self._checked else None
        planes, features = inputs if inputs is not None else self._check(rules)
        legal = tuple(legal_or_raise(observation))
        encode = rules.action_space().encode
        codes = [encode(a) for a in legal]
        return legal, self.weights.network.values(planes.encode(observation), features[codes])

    def choose(self, observation: Any) -> Any:
        legal, values = self.values(observation)
        if len(legal) == 1:
            return legal[0]
        best = np.flatnonzero(values == values.max())
        return legal[int(best[0]) if len(best) == 1 else int(best[self.rng.randrange(len(best))])]

"""Each family's terminal face, by the registry's family name (a new family adds one entry)."""

from __future__ import annotations

from collections.abc import Callable

from bumtable.faces.terminal.boojum.face import BoojumFace
from bumtable.faces.terminal.climbing.face import ClimbingFace
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.gin_bummy.face import GinBummyFace
from bumtable.rules import Rules, family_of

FACES: dict[str, Callable[[], Face]] = {
    "climbing": ClimbingFace,
    "gin-bummy": GinBummyFace,
    "boojum": BoojumFace,
}


def face_for(rules: Rules) -> Face:
    """A new face for these rules' family (a face may keep state from turn to turn)."""
    return FACES[family_of(rules).name]()

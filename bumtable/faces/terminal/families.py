"""Each family's terminal face, by the registry's family name.

>>> from bumtable.rules import get
>>> face_for(get("president")).name, face_for(get("gin-bummy")).name, face_for(get("boojum")).name
('climbing', 'gin-bummy', 'boojum')
"""

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
"""A new family's face is one more entry here."""


def face_for(rules: Rules) -> Face:
    """The face that shows games of these rules (chosen by the rules' family in the registry)."""
    return FACES[family_of(rules).name]()

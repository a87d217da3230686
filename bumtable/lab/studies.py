"""Every study by name: ``bumtable lab STUDY`` looks it up here.

>>> study("revolution").units, study("Revolution").families
('hands', frozenset({'climbing'}))
"""

from __future__ import annotations

from bumtable.lab.balance import BALANCE
from bumtable.lab.design import DESIGN
from bumtable.lab.exchange import EXCHANGE
from bumtable.lab.length import LENGTH
from bumtable.lab.revolution import REVOLUTION
from bumtable.lab.roles import ROLES
from bumtable.lab.skill import SKILL
from bumtable.lab.study import LabError, Study
from bumtable.lab.sweep import SWEEP

STUDIES: dict[str, Study] = {
    s.name: s for s in (REVOLUTION, EXCHANGE, ROLES, BALANCE, LENGTH, SKILL, SWEEP, DESIGN)
}


def study(name: str) -> Study:
    """The study called ``name``; an unknown one is a :class:`LabError` listing them."""
    found = STUDIES.get(name.strip().lower())
    if found is None:
        raise LabError(f"unknown study {name!r}; studies: {', '.join(sorted(STUDIES))}")
    return found

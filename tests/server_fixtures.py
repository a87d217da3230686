"""Fixtures of the server tests (a pytest plugin, loaded by ``conftest.py``): every server test runs against
SQLite and against PostgreSQL (``database_url``, ids ``[sqlite]`` and ``[postgresql]``), but for those whose
subject is not what the database keeps (a command, a message schema, a limit), which are marked ``ON_SQLITE``
or ``ON_SQLITE_OWN`` and run once. ``server`` is a real ``bumtable serve`` on a database of each kind that a
worker's tests share (each test makes its own tables), and ``own_server`` one for a single test.

PostgreSQL is started by the tests themselves: Debian's server binaries (``/usr/lib/postgresql/*/bin``, which
``scripts/ensure-postgres.sh`` installs when missing) make a cluster with ``initdb`` in a temporary folder and
``pg_ctl`` starts it on a free port of 127.0.0.1 (as the ``postgres`` user through ``runuser`` when we are root,
for the server refuses to run as root). Each pytest-xdist worker starts its own cluster the first time one of
its tests asks for PostgreSQL and stops it when the worker ends: no worker waits for another or has to know
which one finishes last, and it costs about two seconds per worker. Each test gets a database of its own.
A cluster that cannot start is an error of every test that needs it, with ``pg_ctl``'s log; never a skip.
The cluster is :class:`pg_cluster.Cluster` (``tests/pg_cluster.py``), which the server benchmark uses too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_cluster import Cluster
from server_helpers import Server

ON_SQLITE = pytest.mark.parametrize("server", ["sqlite"], indirect=True)
"""A test on the shared server over SQLite alone."""
ON_SQLITE_OWN = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
"""A test on a server or database of its own over SQLite alone."""


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """This worker's PostgreSQL cluster, started on first use and stopped at the end."""
    cluster = Cluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a database of this worker's PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``bumtable serve`` on a database of each kind, shared by this worker's tests (each makes its own tables,
    as friends' tables share a real server; the server starts once, not once a test)."""
    folder = tmp_path_factory.mktemp(f"server-{request.param}")
    if request.param == "sqlite":
        url = f"sqlite:///{folder / 'tables.db'}"
    else:
        cluster: Cluster = request.getfixturevalue("postgres_cluster")
        url = cluster.new_database()
    # a lone move auto-played pauses 0.1-0.3 s here, not up to 1.8 s: whole matches played through `join` would
    # wait that long at each; the pause as people get it is tested on a server of its own (test_server_auto_play)
    server = Server(url, folder / "server.log", ("--auto-pause", "0.3")).start()
    yield server
    server.kill()


@pytest.fixture
def own_server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """``bumtable serve`` on a fresh database of each kind for one test (one that kills it, or reads every table
    of its database), killed at the end."""
    server = Server(database_url, tmp_path / "server.log").start()
    yield server
    server.kill()

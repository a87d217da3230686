"""A throwaway PostgreSQL cluster for the server tests and the server benchmark (``bench/server.py``).

Debian's server binaries (``/usr/lib/postgresql/*/bin``, which ``scripts/ensure-postgres.sh`` installs when
missing) make a cluster with ``initdb`` in a temporary folder and ``pg_ctl`` starts it on a free port of
127.0.0.1 (as the ``postgres`` user through ``runuser`` when we are root, for the server refuses to run as
root). No pytest here: the benchmark imports this module with the tests folder on its path.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
from server_helpers import free_port

PG_BINARIES = "/usr/lib/postgresql/*/bin"
"""Where Debian's ``postgresql`` package puts ``initdb``, ``pg_ctl`` and ``postgres``, one folder per version."""


class ClusterError(RuntimeError):
    """PostgreSQL could not be made or started; the message says why."""


def server_binaries() -> Path:
    """The folder of the newest installed PostgreSQL server."""
    found = [Path(p) for p in glob.glob(PG_BINARIES) if (Path(p) / "initdb").exists()]
    if not found:
        raise ClusterError(
            f"no PostgreSQL server in {PG_BINARIES} (no initdb): `make test` installs it with "
            "scripts/ensure-postgres.sh (Debian's postgresql package)"
        )
    return max(found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)


class Cluster:
    """A throwaway PostgreSQL cluster: ``initdb`` in a temporary folder, ``pg_ctl`` on a loopback port, user
    ``app`` with trust authentication, durability off (fsync) since nothing in it outlives the test run."""

    def __init__(self) -> None:
        self.bin = server_binaries()
        self.root = Path(tempfile.mkdtemp(prefix="bumtable-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self.prefix: list[str] = []
        self.names = itertools.count()
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise ClusterError(
                    "running as root and there is no postgres user to run PostgreSQL as"
                ) from None
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.prefix, *command], capture_output=True, text=True, timeout=60, cwd=self.root, check=False
        )

    def start(self) -> Cluster:
        made = self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "app", "--auth=trust", "-E", "UTF8",
            "--locale=C", "--no-sync", "--no-instructions",
        )  # fmt: skip
        if made.returncode != 0:
            raise ClusterError(f"initdb failed ({made.returncode}):\n{made.stdout}{made.stderr}")
        problem = ""
        for _ in range(3):  # a port found free may be taken before the server binds it: try another
            port = free_port()
            settings = (
                f"-c listen_addresses=127.0.0.1 -p {port} -k {self.root} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            )
            started = self._run(
                str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30",
                "-o", settings, "start",
            )  # fmt: skip
            if started.returncode == 0:
                self.port = port
                return self
            log = self.log.read_text(errors="replace") if self.log.exists() else "(no log)"
            problem = (
                f"pg_ctl start failed ({started.returncode}):\n{started.stdout}{started.stderr}\nlog:\n{log}"
            )
        raise ClusterError(f"PostgreSQL ({self.bin}) did not start on 127.0.0.1:\n{problem}")

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of a database of this cluster (psycopg 3)."""
        return f"postgresql+psycopg://app@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Make an empty database; its URL."""
        name = f"test_{next(self.names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user="app", dbname="postgres", autocommit=True
        ) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (open connections are ended) and remove the folder."""
        if self.port:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

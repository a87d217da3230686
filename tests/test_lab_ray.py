"""``--ray``: a study, a simulation and a tournament played on a real two-node Ray cluster on loopback give the
figures ``--jobs 1`` gives, a study even with a worker killed mid-run; an address where nothing answers is
refused in one line before any work.

Whatever joins the cluster runs in a child process: a Ray driver whose raylet dies ends its own process, and
that must fail one test, never take the test worker (and every test queued on it) down with it."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import Setup
from bumtable.rules import get
from bumtable.sim import ray_backend
from bumtable.sim.ray_backend import RayError, batches, play_batch

runner = CliRunner(env={"COLUMNS": "200"})
REVOLUTION = study("revolution")
BUM4 = Setup(rules=get("bum-game", players=4), bots=("random",) * 4, seed=11)
RAY = str(Path(sys.executable).with_name("ray"))
ENV = {**os.environ, **ray_backend.ENV}
STORE = 100 * 1024 * 1024
"""Each node's object store, in bytes: the tests send a few small tallies, and the machine is shared."""
CHILD_S = 300
"""How long a child joined to the cluster may take before its test fails."""
T = TypeVar("T")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# one cluster for the whole file, in a run of its own (`make test` runs these after the others, in one process):
# `ray stop` stops every cluster on the machine, and `auto` joins whichever started last
pytestmark = pytest.mark.ray


def _ray(*args: str) -> None:
    subprocess.run([RAY, *args], env=ENV, check=True, capture_output=True, timeout=120)


def _in_child(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a fresh child process (spawned, so no Ray state is inherited); its result."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(work, *args).result(timeout=CHILD_S)


def _invoke(args: list[str]) -> tuple[int, str, str]:
    """The command ``bumtable ARGS``: its exit code, stdout and stderr."""
    result = runner.invoke(app, args)
    return result.exit_code, result.stdout, result.stderr


def _study(count: int, ray: str, kill: bool = False) -> tuple[dict[str, Any], list[int]]:
    """The revolution study of ``count`` hands on Ray at ``ray``, with one worker killed as the first chunk
    comes back if ``kill``; its figures and the pids killed."""
    killed: list[int] = []

    def kill_one(units: int) -> None:  # as a chunk comes back, another is being played on the other node
        if kill and not killed:
            for pid in _tasks_running()[:1]:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    return run_study(REVOLUTION, BUM4, count=count, ray=ray, progress=kill_one).to_dict(), killed


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A head and a second node on this machine, one CPU each; the head's address."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    subprocess.run([RAY, "stop", "--force"], env=ENV, capture_output=True, timeout=120)  # one left behind
    try:
        _ray(
            "start",
            "--head",
            f"--port={port}",
            "--node-ip-address=127.0.0.1",
            "--num-cpus=1",
            f"--object-store-memory={STORE}",
            "--include-dashboard=false",
        )
        _ray(
            "start",
            f"--address={address}",
            "--node-ip-address=127.0.0.1",
            "--num-cpus=1",
            f"--object-store-memory={STORE}",
        )
        yield address
    finally:
        subprocess.run([RAY, "stop", "--force"], env=ENV, capture_output=True, timeout=120)


def _tasks_running() -> list[int]:
    """The pids of the Ray workers playing a batch now."""
    title = f"ray::{play_batch.__name__}".encode()
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = (Path("/proc") / entry / "cmdline").read_bytes()
            except OSError:
                continue
            if command.split(b"\0")[0] == title:
                pids.append(int(entry))
    return pids


def test_a_study_on_a_two_node_cluster_gives_the_figures_of_one_process(cluster: str) -> None:
    one = run_study(REVOLUTION, BUM4, count=600, jobs=1)
    assert _in_child(_study, 600, cluster)[0] == one.to_dict()


def test_auto_joins_the_local_cluster_and_gives_the_same_figures(cluster: str) -> None:
    one = run_study(REVOLUTION, BUM4, count=400, jobs=1)
    assert _in_child(_study, 400, "auto")[0] == one.to_dict()


def test_a_worker_killed_mid_run_is_replaced_and_the_figures_stay_the_same(cluster: str) -> None:
    one = run_study(REVOLUTION, BUM4, count=1600, jobs=1)
    played, killed = _in_child(_study, 1600, cluster, True)
    assert killed, "no worker was playing a batch when the first chunk came back"
    assert played == one.to_dict()


def test_the_command_on_ray_prints_the_figures_of_one_process(cluster: str) -> None:
    args = ["lab", "revolution", "bum-game", "--bots", "random", "--hands", "400", "--seed", "3", "--json"]
    local = runner.invoke(app, [*args, "--jobs", "1"])
    code, out, err = _in_child(_invoke, [*args, "--ray", cluster])
    assert code == 0, err
    assert out == local.stdout


def _driver_tells(address: str) -> tuple[str, str]:
    """What a driver joined at ``address`` prints, on stdout and stderr, when Ray tells it a worker died."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    ray_backend.connect(address)
    import ray

    told = {
        "lines": ["A worker died or was killed while executing a task."],
        "pid": "raylet",
        "is_err": False,
    }
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        ray._private.worker.print_to_stdstream(
            told, ignore_prefix=False
        )  # as Ray's listening thread calls it
    return out.getvalue(), err.getvalue()


def test_what_the_driver_tells_of_the_cluster_goes_to_stderr(cluster: str) -> None:
    out, err = _in_child(_driver_tells, cluster)
    assert out == ""
    assert "A worker died" in err


def test_an_unreachable_address_is_one_line_before_any_work(tmp_path: Path) -> None:
    record = tmp_path / "lab.jsonl"
    address = f"127.0.0.1:{_free_port()}"
    args = ["lab", "revolution", "bum-game", "--seed", "1", "--ray", address]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: cannot reach the Ray cluster at {address}: Connection refused"
    with pytest.raises(RayError, match="cannot reach the Ray cluster"):
        run_study(REVOLUTION, BUM4, count=200, ray=address, record=record)
    assert not record.exists()


SIMULATE = ["simulate", "bum-game", "-n", "4", "--hands", "400", "--seed", "1", "--json"]
TOURNAMENT = [
    "tournament",
    "bum-game",
    "--bots",
    "easy,random,random,random",
    "--deals",
    "4",
    "--seed",
    "1",
    "--json",
]


def _figures(out: str) -> dict[str, Any]:
    """A command's JSON (all of stdout: what Ray's driver tells goes to stderr) without how long it took and in
    how many processes."""
    data: dict[str, Any] = json.loads(out)
    for key in ("wall_seconds", "jobs"):
        data.pop(key, None)
    return data


@pytest.mark.parametrize("args", [SIMULATE, TOURNAMENT], ids=["simulate", "tournament"])
def test_simulate_and_tournament_on_ray_print_the_figures_of_one_process(
    cluster: str, args: list[str]
) -> None:
    local = runner.invoke(app, [*args, "--jobs", "1"])
    code, out, err = _in_child(_invoke, [*args, "--ray", cluster])
    assert local.exit_code == 0, local.output
    assert code == 0, err
    assert _figures(out) == _figures(local.stdout)


@pytest.mark.parametrize("args", [SIMULATE, TOURNAMENT], ids=["simulate", "tournament"])
def test_simulate_and_tournament_refuse_an_unreachable_address_in_one_line(args: list[str]) -> None:
    address = f"127.0.0.1:{_free_port()}"
    result = runner.invoke(app, [*args, "--ray", address])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"error: cannot reach the Ray cluster at {address}: Connection refused"


def test_chunks_are_grouped_into_tasks_of_at_least_a_hundred_units() -> None:
    assert batches([200, 200, 50]) == [[0], [1], [2]]
    assert batches([10] * 25) == [list(range(10)), list(range(10, 20)), list(range(20, 25))]
    with pytest.raises(RayError, match="HOST:PORT"):
        ray_backend.connect("nowhere")

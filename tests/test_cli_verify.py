"""``bumtable verify``: a real table's record verifies hand by hand; a tampered one fails with the reason."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_fixtures import ON_SQLITE
from server_helpers import Server, play_seat
from typer.testing import CliRunner

from bumtable.cli.app import app

RUNNER = CliRunner(env={"COLUMNS": "200"})
SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


SEEN: dict[str, str] = {}
"""The match commitment the seat's first frame showed, by table."""


@pytest.fixture(scope="module")
def record(server: Server) -> dict[str, Any]:
    """One finished table's record, which every test reads (none changes it)."""
    created = server.create(game="president", players=3, seats=SEATS, seed=21, options={"rounds": 3})
    frames = play_seat(server, created["id"], created["tokens"]["0"], 2)
    SEEN[created["id"]] = next(f["fair"]["match"] for f in frames if f["type"] == "state")
    data: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{created['id']}/record", timeout=10).json()
    return data


def verify(data: dict[str, Any], path: Path, *more: str) -> subprocess.CompletedProcess[str]:
    """``bumtable verify PATH MORE`` on ``data`` written to ``path`` (in this process: the command's exit code
    and what it printed on each stream)."""
    path.write_text(json.dumps(data), encoding="utf-8")
    args = ["verify", str(path), *more]
    done = RUNNER.invoke(app, args)
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout, done.stderr)


@ON_SQLITE
def test_a_finished_tables_record_verifies_every_hand(record: dict[str, Any], tmp_path: Path) -> None:
    done = verify(record, tmp_path / "record.json")
    assert done.returncode == 0, done.stderr
    hands = len(record["meta"]["fair"]["hands"])
    assert hands == 3
    lines = done.stdout.splitlines()
    assert lines[:hands] == [f"hand {h}: deal matches its commitment" for h in range(1, hands + 1)]


def tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    data = copy.deepcopy(record)
    draw = data["meta"]["fair"]["hands"][1]["draws"][0]
    if change == "seed":
        data["seed"] += 1
    elif change == "order":
        draw["order"][0], draw["order"][1] = draw["order"][1], draw["order"][0]
    elif change == "commit":
        draw["commit"] = "0" * 64
    else:
        data["meta"]["fair"]["match"] = "f" * 64
    return data


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("seed", "do not open the match commitment"),
        ("match", "do not open the match commitment"),
        ("order", "hand 2: shuffle"),
        ("commit", "hand 2: deal does not match its commitment"),
    ],
)
@ON_SQLITE
def test_a_tampered_record_fails_with_the_reason(
    record: dict[str, Any], tmp_path: Path, change: str, reason: str
) -> None:
    done = verify(tampered(record, change), tmp_path / "record.json")
    assert done.returncode == 1
    assert reason in done.stderr and len(done.stderr.strip().splitlines()) == 1


@ON_SQLITE
def test_a_record_without_commitments_is_refused(record: dict[str, Any], tmp_path: Path) -> None:
    data = copy.deepcopy(record)
    del data["meta"]["fair"]
    done = verify(data, tmp_path / "record.json")
    assert done.returncode == 1 and "carries no" in done.stderr


@ON_SQLITE
def test_the_match_commitment_seen_before_the_first_deal_ties_the_record_to_the_match(
    record: dict[str, Any], tmp_path: Path
) -> None:
    seen = SEEN[record["meta"]["table"]]
    alone = verify(record, tmp_path / "record.json")
    assert "give --match HASH" in alone.stdout.splitlines()[-1]
    tied = verify(record, tmp_path / "record.json", "--match", seen)
    assert tied.returncode == 0 and "from the seed committed to" in tied.stdout.splitlines()[-1]
    other = verify(record, tmp_path / "record.json", "--match", "0" * 64)
    assert other.returncode == 1 and "not the one given" in other.stderr


@ON_SQLITE
def test_a_seed_the_maker_chose_is_said(record: dict[str, Any], tmp_path: Path) -> None:
    assert record["meta"]["fair"]["seeded"] is True  # made with seed=21
    done = verify(record, tmp_path / "record.json")
    assert any("the table's maker chose the seed" in line for line in done.stdout.splitlines())
    data = copy.deepcopy(record)
    data["meta"]["fair"]["seeded"] = False
    assert not any("maker chose" in line for line in verify(data, tmp_path / "r2.json").stdout.splitlines())


@ON_SQLITE
def test_a_hand_opened_out_of_its_place_is_refused(record: dict[str, Any], tmp_path: Path) -> None:
    data = copy.deepcopy(record)
    hands = data["meta"]["fair"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    done = verify(data, tmp_path / "record.json")
    assert done.returncode == 1 and "hand 1: the record opens hand 2 in its place" in done.stderr

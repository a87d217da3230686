"""``bumtable serve`` on a port another process holds says so in one line, with how to choose another, and
starts nothing (no address printed to open)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def test_a_port_already_in_use_is_said_in_one_line_with_the_way_out(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "bumtable.cli", "serve", "--port", str(port),
             "--database", f"sqlite:///{tmp_path / 'x.db'}"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: cannot listen on 127.0.0.1 port {port} (Address already in use): another server may have it; "
        "choose another with --port N (make run PORT=N)"
    ]
    assert "open http" not in done.stdout and not (tmp_path / "x.db").exists()

"""Browser tests' fixtures: Debian's Chromium driven by Playwright (launched by its path: Playwright cannot download
its own browser here), against a real ``bumtable serve`` on loopback with the built client. Chromium missing is an
error that says how to install it (``scripts/ensure-chromium.sh``, run by ``make test``), never a skip."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from server_helpers import Server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BUILD = Path(__file__).resolve().parent.parent / "bumtable" / "server" / "static" / "app.js"

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / os.environ.get("BUMTABLE_SCREENSHOTS", "build/screenshots")
"""Where the browser tests save their screenshots: ``build/screenshots`` (not kept); the README's are refreshed with
``BUMTABLE_SCREENSHOTS=docs/screenshots make test``."""


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        raise RuntimeError(
            f"{CHROMIUM} is missing: run 'sh scripts/ensure-chromium.sh' as root (make test does)"
        )
    if not BUILD.exists():
        raise RuntimeError(f"the browser client is not built ({BUILD}): run 'make web' (make test does)")
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``bumtable serve`` on a SQLite file, shared by this worker's browser tests (each makes its own tables)."""
    folder = tmp_path_factory.mktemp("web")
    server = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log").start()
    yield server
    server.kill()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    yield page
    context.close()

"""axe-core (pinned in web/package.json, from web/node_modules: no network) run in a page by the browser tests;
the violations that matter: serious and critical ones, each told by its rule, impact, elements and help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "web" / "node_modules" / "axe-core" / "axe.min.js"

RUN = """async () => {
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not AXE.exists():
        raise RuntimeError(f"{AXE} is missing: run 'make web' (it installs web/package-lock.json's packages)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text())
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]


def described(violations: list[dict[str, Any]]) -> str:
    """One line per violation: its rule, impact, elements and help."""
    return "\n".join(f"{v['id']} ({v['impact']}): {', '.join(v['targets'])}: {v['help']}" for v in violations)

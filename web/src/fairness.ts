/**
 * Fair deals: each hand's shuffles are committed to (SHA-256) while it is played and opened once the match is over;
 * this note checks each opened shuffle with the browser's own SHA-256 (Web Crypto) against the commitment the
 * table sent before, and says "Fair deal: verified" per hand (docs/server.md, Fair deals).
 */

import "./fairness.css";
import { el } from "./dom";
import type { FairInfo, OpenedDraw } from "./protocol";

/** Begins every hashed text (bumtable/server/fairness.py). */
export const TAG = "bumtable-fair/1";

/** SHA-256 of a text, in lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The text a shuffle's commitment hashes: "bumtable-fair/1|TABLE|draw K|SALT|C1,C2,...". */
export function drawText(table: string, draw: OpenedDraw): string {
  return `${TAG}|${table}|draw ${draw.draw}|${draw.salt}|${draw.order.join(",")}`;
}

/** The text the match commitment hashes: "bumtable-fair/1|TABLE|match|SALT|SEED". */
export function matchText(table: string, salt: string, seed: number): string {
  return `${TAG}|${table}|match|${salt}|${seed}`;
}

export type Verdict = "committed" | "verified" | "mismatch";

/**
 * An opened hand against what was committed to while it was played (``committed``: the commitments seen
 * then, or null when this page saw none): every shuffle's hash must be its commitment, and those the ones sent.
 */
export async function checkOpened(
  table: string,
  draws: OpenedDraw[],
  committed: string[] | null,
): Promise<Verdict> {
  if (committed !== null && committed.join() !== draws.map((d) => d.commit).join()) return "mismatch";
  for (const draw of draws) {
    if ((await sha256Hex(drawText(table, draw))) !== draw.commit) return "mismatch";
  }
  return "verified";
}

/** A verdict in words. */
export function verdictText(hand: number, verdict: Verdict): string {
  if (verdict === "verified") return `Hand ${hand}: dealt as committed`;
  if (verdict === "committed") return `Hand ${hand}: deal committed`;
  return `Hand ${hand}: the deal does NOT match its commitment`;
}

/** The per-hand note: "committed" while the match is played, "verified" (or a mismatch) once its hands are
 * opened at the match's end. */
export class FairNote {
  private readonly list = el("ul", { "aria-label": "Fair deals" });
  /** Folded to one line (a hand's note a line would push a phone's hand off the screen). */
  readonly element = el("details", { class: "fair-note" }, el("summary", {}, "Fair deals"), this.list);
  private readonly committed = new Map<number, string[]>();
  private readonly verdicts = new Map<number, Verdict>();
  private match = "";

  /** Read a frame's ``fair`` part (anything else, or null, shows nothing). */
  async update(table: string, fair: FairInfo | null | undefined): Promise<void> {
    if (fair === null || fair === undefined) return;
    this.match ||= fair.match; // the first seen: what `bumtable verify --match` checks the record against
    if (fair.seed === null && fair.commits.length > 0) {
      this.committed.set(fair.hand, fair.commits);
      if (!this.verdicts.has(fair.hand)) this.verdicts.set(fair.hand, "committed");
    }
    for (const opened of fair.opened) {
      if (this.verdicts.get(opened.hand) === "verified") continue;
      const seen = this.committed.get(opened.hand) ?? null;
      this.verdicts.set(opened.hand, await checkOpened(table, opened.draws, seen));
    }
    this.draw();
  }

  private draw(): void {
    const hands = [...this.verdicts.keys()].sort((a, b) => a - b);
    const match = el(
      "li",
      { class: "fair-match" },
      "Match commitment (check the record with bumtable verify --match): ",
      el("code", {}, this.match),
    );
    this.list.replaceChildren(
      ...(this.match ? [match] : []),
      ...hands.map((h) => {
        const verdict = this.verdicts.get(h) ?? "committed";
        return el("li", { class: `fair-${verdict}` }, verdictText(h, verdict));
      }),
    );
  }
}

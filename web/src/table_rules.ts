/**
 * "Rules of this table": the options of the table's rules (the `table` message's `rules`) that differ from the
 * game's preset for its player count (``GET /api/games/{game}/options``), and the series' length. Pure but for
 * ``drawTableRules``; shown to players and spectators alike (the rules are public).
 */

import { el } from "./dom";
import type { PresetOption } from "./table_api";

/** An option that differs from the preset: its name in words, the table's value and the preset's. */
export interface Changed {
  name: string;
  doc: string;
  value: string;
  preset: string;
}

/** An option's value in words ("on", "off", "3, 2, 1, 0", "none"). */
export function valueWords(value: unknown): string {
  if (value === true) return "on";
  if (value === false) return "off";
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length ? value.map(valueWords).join(", ") : "none";
  if (typeof value === "object") return JSON.stringify(value);
  return typeof value === "number" || typeof value === "string" ? String(value) : JSON.stringify(value);
}

/** The option's name as words ("exchange_order" -> "exchange order"). */
export function optionWords(name: string): string {
  return name.replace(/_/g, " ");
}

/** The options whose table value differs from the preset's, in the preset's order. */
export function changedOptions(rules: Record<string, unknown>, preset: readonly PresetOption[]): Changed[] {
  return preset
    .filter((o) => o.name in rules && JSON.stringify(rules[o.name]) !== JSON.stringify(o.value))
    .map((o) => ({
      name: optionWords(o.name),
      doc: o.doc,
      value: valueWords(rules[o.name]),
      preset: valueWords(o.value),
    }));
}

function points(n: number): string {
  return `${n} point${n === 1 ? "" : "s"}`;
}

/** The series' length in words: a target of points, a number of hands, or one game. */
export function seriesLine(rules: Record<string, unknown>): string {
  const target = typeof rules.target === "number" ? rules.target : 0;
  const hands = typeof rules.rounds === "number" ? rules.rounds : 0;
  if (target > 0 && hands > 0)
    return `The match: the first to ${points(target)} wins, or after ${hands} hands the highest total.`;
  if (target > 0) return `The match: the first to ${points(target)} wins.`;
  if (hands > 0) return `The match: ${hands} hand${hands === 1 ? "" : "s"}; the highest total wins.`;
  return "One game (no series of hands).";
}

/** Draw the box: its summary, the series' length, and the changes (or that the table plays the preset). */
export function drawTableRules(
  box: HTMLDetailsElement,
  rules: Record<string, unknown>,
  changed: Changed[] | null,
): void {
  const list =
    changed === null
      ? el("p", {}, "Comparing with the game's usual rules...")
      : changed.length === 0
        ? el("p", { class: "rules-same" }, "The game's usual rules for this many players: no option changed.")
        : el(
            "ul",
            { class: "rules-changed", "aria-label": "Options changed from the usual rules" },
            ...changed.map((c) =>
              el(
                "li",
                { "data-option": c.name },
                el("strong", {}, `${c.name}: ${c.value}`),
                ` (usually ${c.preset})`,
                c.doc ? el("span", { class: "option-doc" }, ` — ${c.doc}`) : "",
              ),
            ),
          );
  box.replaceChildren(
    el("summary", {}, "Rules of this table"),
    el("p", { class: "series-length" }, seriesLine(rules)),
    list,
  );
}

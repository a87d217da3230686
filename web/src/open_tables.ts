/**
 * The lobby's list of open tables: the tables their makers listed, still played, newest first. Each says its game,
 * its seats (bots by kind, people by name, free ones) and who is there; a free seat can be taken at once, and any
 * table watched (its watch link copied with one click). The list is fetched on opening, by its button, and every
 * 15 seconds while the page is shown.
 */

import { joinTable, type OpenTable, openTables } from "./api";
import { copyButton } from "./copy_link";
import { button, el } from "./dom";
import { storedName } from "./name_field";

import "./open_tables.css";

const EVERY_MS = 15_000;

/** A seat as the list names it: "P0: Ann (here)", "P2: bot heuristic", "P1: free" (seats as the table names them). */
export function seatText(seat: OpenTable["seats"][number]): string {
  const where = `P${String(seat.seat)}: `;
  if (seat.kind === "bot") return `${where}bot ${seat.bot ?? ""}`.trimEnd();
  if (!seat.taken) return `${where}free`;
  const here = seat.present ? "here" : "away";
  return seat.name ? `${where}${seat.name} (${here})` : `P${String(seat.seat)} (${here})`;
}

/** The series' length in words: "to 10 points", "10 hands", "one game". */
export function seriesText(series: OpenTable["series"]): string {
  if (series?.target) return `to ${String(series.target)} points`;
  if (series?.rounds) return series.rounds === 1 ? "1 hand" : `${String(series.rounds)} hands`;
  return "one game";
}

/** The line under a table's title: its players, the series' length, free seats and watchers. */
export function tableLine(table: OpenTable): string {
  const free = table.free === 1 ? "1 free seat" : `${String(table.free)} free seats`;
  const watching = table.spectators === 1 ? "1 watching" : `${String(table.spectators)} watching`;
  return `${String(table.players)} players · ${seriesText(table.series)} · ${free} · ${watching}`;
}

export function openTablesSection(): HTMLElement {
  const list = el("ul", { class: "open-tables", "aria-live": "polite" });
  const problem = el("p", { class: "problem", role: "alert" });
  const section = el(
    "section",
    { class: "open", "aria-labelledby": "open-title" },
    el("h2", { id: "open-title" }, "Open tables"),
    button("Refresh the list", () => void refresh(), { class: "refresh" }),
    list,
    problem,
  );

  async function take(table: OpenTable): Promise<void> {
    problem.textContent = "";
    try {
      location.href = (await joinTable(table.id, null, storedName() ?? undefined)).link;
    } catch (e) {
      problem.textContent = `No seat at ${table.title}: ${e instanceof Error ? e.message : String(e)}`;
      void refresh();
    }
  }

  function entry(table: OpenTable): HTMLElement {
    const seats = el("ul", { class: "listed-seats" }, ...table.seats.map((s) => el("li", {}, seatText(s))));
    const actions = el("div", { class: "listed-actions" });
    if (table.free > 0) actions.append(button("Take a free seat", () => void take(table), { class: "take" }));
    const watch = el("a", { href: `/t/${encodeURIComponent(table.id)}`, class: "watch" }, "Watch");
    // the link in full, shown only to be selected where there is no clipboard
    const shown = el("code", { class: "listed-link", hidden: "" }, watch.href);
    const note = el("span", { class: "copy-note", "aria-live": "polite" });
    const copy = copyButton(watch.href, shown, "the watch link", note, { "data-link": "watch" });
    actions.append(watch, copy, shown, note);
    return el(
      "li",
      { "data-table": table.id },
      el("strong", {}, table.title),
      " ",
      el("span", { class: "listed-line" }, tableLine(table)),
      seats,
      actions,
    );
  }

  async function refresh(): Promise<void> {
    try {
      const tables = await openTables();
      list.replaceChildren(
        ...(tables.length > 0
          ? tables.map(entry)
          : [el("li", { class: "none" }, "No open tables just now.")]),
      );
      section.dataset.loaded = "true";
    } catch (e) {
      problem.textContent = `The list could not load: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  void refresh();
  setInterval(() => {
    if (document.visibilityState === "visible") void refresh();
  }, EVERY_MS);
  return section;
}

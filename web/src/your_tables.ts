/**
 * "Your tables" in the lobby: the tables whose links this browser holds, so a person who closed the tab finds the
 * series again another evening. Two kinds of links are kept in localStorage: a seat's own link
 * (``bumtable:seat:{id}``, written when this browser makes a table and sits at it, and by the table page for any
 * seat it opens with a token) and the links a maker hands out (``bumtable:invites:{id}``, invites.ts). Each table
 * is asked of the server (``GET /api/tables/{id}``): its game, players and whether it is still played; one the
 * server no longer knows is shown as gone. "Forget" drops both keys.
 */

import { button, el } from "./dom";
import { linksKey, readLinks, tableLink } from "./invites";
import type { SeatInfo } from "./protocol";

/** The most tables the list asks the server about (the latest opened first). */
export const SHOWN_AT_MOST = 20;

const SEAT_PREFIX = "bumtable:seat:";
const INVITES_PREFIX = linksKey("");

/** What the browser keeps of a seat it holds: its own link (with the token), its number, when last opened. */
export interface StoredSeat {
  link: string;
  seat: number;
  /** Milliseconds since 1970 when the table page last opened it (the list's order). */
  at: number;
}

/** A table this browser holds a link of: its seat's, and whether this browser made it (the maker's links). */
export interface KnownTable {
  id: string;
  seat: StoredSeat | null;
  watch: string | null;
}

/** The storage key of the seat this browser holds at a table. */
export function seatKey(tableId: string): string {
  return `${SEAT_PREFIX}${tableId}`;
}

/** A stored seat, or null when absent, not JSON or not of the right shape. */
export function readSeat(raw: string | null): StoredSeat | null {
  let data: unknown;
  try {
    data = raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const o = data as Record<string, unknown>;
  if (typeof o.link !== "string" || !Number.isInteger(o.seat)) return null;
  return { link: o.link, seat: o.seat as number, at: typeof o.at === "number" ? o.at : 0 };
}

/** Keep the seat's link (the table page calls this for a seat it opened with a token; the lobby for the maker's). */
export function rememberSeat(store: Storage, tableId: string, seat: number, link: string, now: number): void {
  store.setItem(seatKey(tableId), JSON.stringify({ link, seat, at: now }));
}

/** The seat's own link for a page at ``origin``: what the table page keeps. */
export function seatLink(origin: string, tableId: string, token: string): string {
  return tableLink(origin, tableId, token);
}

/** Every table this browser holds a link of, the latest opened seat first, then the tables only made here. */
export function knownTables(store: Storage): KnownTable[] {
  const found = new Map<string, KnownTable>();
  const entry = (id: string): KnownTable => {
    const known = found.get(id) ?? { id, seat: null, watch: null };
    found.set(id, known);
    return known;
  };
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key === null) continue;
    if (key.startsWith(SEAT_PREFIX) && key.length > SEAT_PREFIX.length) {
      const seat = readSeat(store.getItem(key));
      if (seat !== null) entry(key.slice(SEAT_PREFIX.length)).seat = seat;
    } else if (key.startsWith(INVITES_PREFIX) && key.length > INVITES_PREFIX.length) {
      const id = key.slice(INVITES_PREFIX.length);
      entry(id).watch = readLinks(store.getItem(key)).watch ?? `/t/${encodeURIComponent(id)}`;
    }
  }
  return [...found.values()].sort(
    (a, b) => (b.seat?.at ?? -1) - (a.seat?.at ?? -1) || a.id.localeCompare(b.id),
  );
}

/** Drop every link this browser holds of a table (its seat's and the maker's). */
export function forgetTable(store: Storage, tableId: string): void {
  store.removeItem(seatKey(tableId));
  store.removeItem(linksKey(tableId));
}

/** What the server says of a table (``GET /api/tables/{id}``), as far as the list reads it. */
export interface TableInfo {
  game: string;
  status: string;
  seats: SeatInfo[];
}

/** A table's state as the list shows it: the server's answer, gone (404: it no longer knows it), or not reached. */
export type TableState =
  { kind: "known"; info: TableInfo } | { kind: "gone" } | { kind: "unreached"; why: string };

/** "being played", "over"... in words. */
export function statusText(state: TableState): string {
  if (state.kind === "gone") return "gone: the server no longer has this table";
  if (state.kind === "unreached") return `not reached just now (${state.why})`;
  switch (state.info.status) {
    case "playing":
      return "being played";
    case "over":
      return "over";
    case "stale":
      return "cannot be played by this server (made by an older version)";
    default:
      return state.info.status;
  }
}

/** The players in a line, as the table names them: "You (P0), Ann (P1), bot heuristic (P2), free seat (P3)". */
export function playersText(seats: readonly SeatInfo[], you: number | null): string {
  return seats
    .map((s) => {
      const who =
        s.seat === you
          ? "You"
          : s.kind === "bot"
            ? `bot ${s.bot ?? ""}`.trimEnd()
            : !s.claimed
              ? "free seat"
              : (s.name ?? "a person");
      return `${who} (P${String(s.seat)})`;
    })
    .join(", ");
}

/** Ask the server about one table. */
export async function tableState(tableId: string): Promise<TableState> {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    if (response.status === 404 || response.status === 410) return { kind: "gone" };
    if (!response.ok) return { kind: "unreached", why: `${String(response.status)} ${response.statusText}` };
    return { kind: "known", info: (await response.json()) as TableInfo };
  } catch (e) {
    return { kind: "unreached", why: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The lobby's "Your tables": hidden while this browser holds no table's link. ``title`` names a game by its
 * name (the lobby's list of games).
 */
export function yourTablesSection(title: (game: string) => string): HTMLElement {
  const list = el("ul", { class: "your-tables" });
  const section = el(
    "section",
    { class: "yours", "aria-labelledby": "yours-title", hidden: "" },
    el("h2", { id: "yours-title" }, "Your tables"),
    list,
  );

  function entry(known: KnownTable, state: TableState): HTMLElement {
    const you = known.seat?.seat ?? null;
    const name = state.kind === "known" ? title(state.info.game) : `Table ${known.id}`;
    const actions = el("div", { class: "yours-actions" });
    if (state.kind !== "gone") {
      const back = known.seat
        ? el("a", { href: known.seat.link, class: "back-to-seat" }, "Back to my seat")
        : el("a", { href: known.watch ?? `/t/${encodeURIComponent(known.id)}`, class: "watch" }, "Watch");
      back.setAttribute("aria-label", `${back.textContent ?? ""}: ${name}`);
      actions.append(back);
    }
    actions.append(
      button("Forget", () => forget(known.id), {
        class: "forget",
        "aria-label": `Forget ${name} (its links in this browser)`,
      }),
    );
    return el(
      "li",
      { "data-table": known.id, "data-state": state.kind === "known" ? state.info.status : state.kind },
      el("strong", {}, name),
      " · ",
      el("span", { class: "yours-status" }, statusText(state)),
      ...(state.kind === "known"
        ? [el("p", { class: "yours-players" }, playersText(state.info.seats, you))]
        : []),
      actions,
    );
  }

  function forget(tableId: string): void {
    forgetTable(localStorage, tableId);
    const row = list.querySelector(`li[data-table="${CSS.escape(tableId)}"]`);
    const next = row?.nextElementSibling ?? row?.previousElementSibling;
    row?.remove();
    section.hidden = list.children.length === 0;
    // the focus stays in the list: the next table's Forget
    next?.querySelector<HTMLElement>(".forget")?.focus();
  }

  async function load(): Promise<void> {
    const known = knownTables(localStorage).slice(0, SHOWN_AT_MOST);
    section.hidden = known.length === 0;
    const states = await Promise.all(known.map((k) => tableState(k.id)));
    list.replaceChildren(...known.map((k, i) => entry(k, states[i] ?? { kind: "gone" })));
    section.dataset.loaded = "true";
  }

  void load();
  return section;
}

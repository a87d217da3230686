/**
 * "Invite friends": the links to hand out, each with a copy button. The watch link (it holds no token) goes to the
 * table's maker and to its seated players, for as long as the table is there. The maker's other links, kept by the
 * lobby in this browser's localStorage, are shown to the maker alone: each free person's seat's own invite and
 * the join link (any free seat), while a seat is free and the match is not over. A spectator who did not make the
 * table is shown none. Open by default on a wide screen, closed on a phone.
 */

import { copyButton } from "./copy_link";
import { el } from "./dom";
import type { TableMessage } from "./protocol";

/** What the lobby keeps of a table it made (``bumtable:invites:{id}``): the links the server handed out. */
export interface StoredLinks {
  join?: string;
  watch?: string;
  /** Each person's seat's invite but the maker's own, by seat number. */
  seats?: Record<string, string>;
}

/** A link the box shows: ``key`` names its copy button (``seat-1``, ``join``, ``watch``). */
export interface LinkRow {
  key: string;
  seat: number | null;
  /** The words before the link. */
  label: string;
  /** The note's name for it after a copy. */
  what: string;
  link: string;
}

/** The storage key of a table's links. */
export function linksKey(tableId: string): string {
  return `bumtable:invites:${tableId}`;
}

/** Read the stored links, keeping only fields of the right type (nothing when absent or not JSON). */
export function readLinks(raw: string | null): StoredLinks {
  let data: unknown;
  try {
    data = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null) return {};
  const o = data as Record<string, unknown>;
  const links: StoredLinks = {};
  if (typeof o.join === "string") links.join = o.join;
  if (typeof o.watch === "string") links.watch = o.watch;
  if (typeof o.seats === "object" && o.seats !== null)
    links.seats = Object.fromEntries(
      Object.entries(o.seats).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  return links;
}

/** Whether the join link is worth showing: a person's seat nobody has taken, and the table still played. */
export function wantsInvites(table: Pick<TableMessage, "seats" | "status">, over = false): boolean {
  if (over || table.status !== "playing") return false;
  return table.seats.some((s) => s.kind === "person" && !s.claimed);
}

/**
 * The links this viewer may be shown now: ``stored`` the maker's (empty in any other browser), ``watch`` the
 * table's watch link; a seated player who did not make the table gets the watch link alone, a spectator nothing.
 */
export function linksToShow(
  table: Pick<TableMessage, "seats" | "status" | "you">,
  stored: StoredLinks,
  watch: string,
  over = false,
): LinkRow[] {
  const rows: LinkRow[] = [];
  if (wantsInvites(table, over)) {
    for (const s of table.seats) {
      const link = stored.seats?.[String(s.seat)];
      if (link === undefined || s.kind !== "person" || s.claimed || s.seat === table.you) continue;
      rows.push({
        key: `seat-${s.seat}`,
        seat: s.seat,
        label: `Seat P${s.seat}'s own link (for the one friend who plays it): `,
        what: `seat P${s.seat}'s link`,
        link,
      });
    }
    if (stored.join !== undefined)
      rows.push({
        key: "join",
        seat: null,
        label: "Friends take any free seat with: ",
        what: "the join link",
        link: stored.join,
      });
  }
  const maker = Object.keys(stored).length > 0;
  if (maker || table.you !== null)
    rows.push({
      key: "watch",
      seat: null,
      label: "Spectators watch at: ",
      what: "the watch link",
      link: stored.watch ?? watch,
    });
  return rows;
}

export class InviteBox {
  readonly box: HTMLDetailsElement;
  private readonly stored: StoredLinks;
  private readonly watch: string;
  private readonly rows: HTMLElement;
  private readonly note: HTMLElement;
  private shown = "";

  constructor(tableId: string) {
    this.stored = readLinks(localStorage.getItem(linksKey(tableId)));
    this.watch = `${location.origin}/t/${encodeURIComponent(tableId)}`;
    this.rows = el("div", { class: "link-rows" });
    this.note = el("p", { class: "copy-note", "aria-live": "polite" });
    this.box = el(
      "details",
      { class: "invites", hidden: "" },
      el("summary", {}, "Invite friends"),
      this.rows,
      this.note,
    );
    if (window.matchMedia("(min-width: 40rem)").matches) this.box.open = true;
  }

  /** Show the links for the table as it now is (``over``: the scoreboard says the match is over). */
  update(table: TableMessage, over = false): void {
    const rows = linksToShow(table, this.stored, this.watch, over);
    this.box.hidden = rows.length === 0;
    const shown = JSON.stringify(rows);
    if (shown === this.shown) return; // the same links: a copy's note and a selection stay
    this.shown = shown;
    this.note.textContent = "";
    this.rows.replaceChildren(
      ...rows.map((row) => {
        const code = el("code", { class: row.seat === null ? `${row.key}-link` : "seat-link" }, row.link);
        if (row.seat !== null) code.dataset.seat = String(row.seat);
        return el(
          "p",
          { class: "link-row" },
          row.label,
          code,
          copyButton(row.link, code, row.what, this.note, { "data-link": row.key }),
        );
      }),
    );
  }
}

/** A table's page: a seat's (with its token) or the watch link. */
export function tableLink(origin: string, table: string, token: string | null): string {
  const page = `${origin}/t/${encodeURIComponent(table)}`;
  return token === null ? page : `${page}?token=${encodeURIComponent(token)}`;
}

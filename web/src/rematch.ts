/**
 * The rematch offer, in the band above the table: once the match (or a one-game table) is over, a seated person
 * may ask for "Rematch: same seats" or "Rematch: shuffled seats". The server makes the new table at the first
 * request and sends each person their own seat's link; the page of the person who asked goes there at once, the
 * others are asked ("Join the rematch"), spectators may watch it. At a rematch the band says which match of the
 * series it is and each seat's wins so far.
 */

import { button, el } from "./dom";
import { linksKey, tableLink, type StoredLinks } from "./invites";
import {
  rematchMessage,
  type ErrorMessage,
  type RematchMessage,
  type SeriesInfo,
  type TableMessage,
} from "./protocol";

/** The server's refusals of a rematch request. */
const REFUSALS = new Set(["still-playing", "too-many-tables", "storage", "server"]);

/** What the new table's maker keeps to hand out (the invites box reads it): its free seats and join link. */
export function keptLinks(offer: RematchMessage, origin: string): StoredLinks {
  const links: StoredLinks = { watch: tableLink(origin, offer.rematch, null) };
  if (offer.join !== null)
    links.join = `${tableLink(origin, offer.rematch, null)}?join=${encodeURIComponent(offer.join)}`;
  const seats = Object.entries(offer.free).map(([seat, token]) => [
    seat,
    tableLink(origin, offer.rematch, token),
  ]);
  if (seats.length > 0) links.seats = Object.fromEntries(seats) as Record<string, string>;
  return links;
}

/** A seat as the band names it: "You", the player's name, "P1". */
export function seatWords(table: Pick<TableMessage, "you" | "seats">, seat: number): string {
  if (seat === table.you) return "You";
  return table.seats[seat]?.name ?? `P${seat}`;
}

/** What the offer says to the viewer. */
export function offerLine(offer: RematchMessage, table: Pick<TableMessage, "you" | "seats">): string {
  const who = seatWords(table, offer.by);
  const how = offer.seats === "same" ? "the same seats" : "the seats drawn anew";
  const asks = who === "You" ? "You asked" : `${who} asks`;
  if (table.you !== null && offer.token === null)
    return `${asks} for a rematch with ${how}; your seat there was taken meanwhile: you may watch it.`;
  return `${asks} for a rematch with ${how}.`;
}

/** "Match 3 of the series. Wins so far: You 1, Bo 1, P2 0, P3 0." */
export function seriesLine(
  series: SeriesInfo,
  table: Pick<TableMessage, "you" | "seats" | "status">,
): string {
  const match = table.status === "over" ? series.matches : series.matches + 1;
  const wins = series.wins.map((n, seat) => `${seatWords(table, seat)} ${n}`).join(", ");
  return `A rematch: match ${match} of the series. Wins so far: ${wins}.`;
}

export class RematchBox {
  readonly element: HTMLElement;
  private readonly series = el("p", { class: "series-line" });
  private readonly ask: HTMLElement;
  private readonly told = el("p", { class: "rematch-line", role: "status" });
  private readonly join = el("a", { class: "rematch-join", hidden: "" });
  private table: TableMessage | null = null;
  private current: RematchMessage | null = null;
  private asked = false;

  constructor(
    private readonly send: (message: string) => void,
    private readonly go: (url: string) => void = (url) => location.assign(url),
  ) {
    this.ask = el(
      "div",
      { class: "rematch-ask", role: "group", "aria-label": "Rematch", hidden: "" },
      button("Rematch: same seats", () => this.request("same"), { class: "rematch-same" }),
      " ",
      button("Rematch: shuffled seats", () => this.request("shuffled"), { class: "rematch-shuffled" }),
    );
    this.element = el(
      "section",
      { class: "rematch", "aria-label": "Rematch" },
      this.series,
      this.ask,
      this.told,
      this.join,
    );
  }

  update(table: TableMessage): void {
    this.table = table;
    this.draw();
  }

  /** The server's rematch message: the page of the person who asked goes there at once. */
  offer(message: RematchMessage): void {
    this.current = message;
    if (message.join !== null || Object.keys(message.free).length > 0)
      localStorage.setItem(linksKey(message.rematch), JSON.stringify(keptLinks(message, location.origin)));
    if (this.asked && message.token !== null) {
      this.go(tableLink(location.origin, message.rematch, message.token));
      return;
    }
    this.draw();
  }

  /** A request the server refused (the match not over, no room for a table): said, and may be made again. */
  error(message: ErrorMessage): boolean {
    if (!this.asked || this.current !== null || !REFUSALS.has(message.code)) return false;
    this.asked = false;
    for (const b of this.ask.querySelectorAll("button")) b.disabled = false;
    this.told.textContent = message.message;
    return true;
  }

  private request(seats: "same" | "shuffled"): void {
    this.asked = true;
    for (const b of this.ask.querySelectorAll("button")) b.disabled = true;
    if (this.current !== null && this.current.token !== null) {
      this.go(tableLink(location.origin, this.current.rematch, this.current.token));
      return;
    }
    this.send(rematchMessage(seats));
  }

  private draw(): void {
    const table = this.table;
    if (table === null) return;
    const series = table.series ?? null;
    this.series.hidden = series === null;
    this.series.textContent = series === null ? "" : seriesLine(series, table);
    const over = table.status === "over";
    const offer = this.current;
    const made = offer?.rematch ?? table.rematch ?? null;
    this.ask.hidden = !over || table.you === null || offer !== null;
    if (offer !== null) this.told.textContent = offerLine(offer, table);
    this.join.hidden = made === null || (table.you !== null && offer === null);
    if (made !== null) {
      const token = offer?.token ?? null;
      this.join.textContent = token === null ? "Watch the rematch" : "Join the rematch";
      this.join.setAttribute("href", tableLink(location.origin, made, token));
    }
    this.element.hidden = this.series.hidden && this.ask.hidden && this.join.hidden && !this.told.textContent;
  }
}

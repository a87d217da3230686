/**
 * The waiting room, in the band above the table: while a table made to wait (``settings.wait``) has a person's
 * seat nobody has taken, who has sat down and who is awaited, and for the table's maker a "Start with bots"
 * button (the free seats are then played by the stand-in bot, and may still be taken). The links to hand out are
 * the invites box's (``invites.ts``), not repeated here.
 */

import { button, el } from "./dom";
import { startMessage, type TableMessage } from "./protocol";

/** One seat as the waiting room tells it. */
export interface WaitingSeat {
  seat: number;
  who: string;
  state: "here" | "taken" | "awaited" | "bot";
}

/** Each seat: its person here, taken but not connected, awaited (nobody took it), or a bot. */
export function waitingSeats(table: Pick<TableMessage, "seats" | "you">): WaitingSeat[] {
  return table.seats.map((s) => {
    const who = s.seat === table.you ? "You" : s.name ? `${s.name} (P${s.seat})` : `P${s.seat}`;
    if (s.kind === "bot") return { seat: s.seat, who: `${who}, a ${s.bot ?? "bot"} bot`, state: "bot" };
    if (!s.claimed) return { seat: s.seat, who, state: "awaited" };
    return { seat: s.seat, who, state: s.present ? "here" : "taken" };
  });
}

const STATE_WORDS: Record<WaitingSeat["state"], string> = {
  here: "here",
  taken: "has the seat, not connected",
  awaited: "awaited",
  bot: "ready",
};

/** Whether the viewer may start the table with bots: its maker's seat, or any seat at a table with none. */
export function mayStart(table: Pick<TableMessage, "you" | "maker">): boolean {
  if (table.you === null) return false;
  return table.maker === null || table.maker === undefined || table.maker === table.you;
}

/** "Waiting for 2 players." */
export function waitingLine(seats: WaitingSeat[]): string {
  const awaited = seats.filter((s) => s.state === "awaited").length;
  return `Waiting for ${awaited === 1 ? "1 player" : `${awaited} players`} before the cards are dealt.`;
}

export class WaitingRoom {
  readonly element: HTMLElement;
  private readonly line = el("p", { class: "waiting-line", role: "status" });
  private readonly list = el("ul", { class: "waiting-seats", "aria-label": "Who has sat down" });
  private readonly start: HTMLButtonElement;
  private readonly hint = el("p", { class: "waiting-hint" });

  constructor(send: (message: string) => void) {
    this.start = button(
      "Start with bots",
      () => {
        this.start.disabled = true;
        send(startMessage());
      },
      { class: "start-with-bots" },
    );
    this.element = el(
      "section",
      { class: "waiting-room", "aria-label": "Waiting room", hidden: "" },
      el("h2", {}, "Waiting for players"),
      this.line,
      this.list,
      this.hint,
      this.start,
    );
  }

  update(table: TableMessage): void {
    const waiting = table.waiting === true && table.status === "playing";
    this.element.hidden = !waiting;
    if (!waiting) return;
    const seats = waitingSeats(table);
    this.line.textContent = waitingLine(seats);
    this.list.replaceChildren(
      ...seats.map((s) =>
        el(
          "li",
          { class: `waiting-seat ${s.state}`, "data-seat": String(s.seat) },
          `${s.who}: ${STATE_WORDS[s.state]}`,
        ),
      ),
    );
    const maker = mayStart(table);
    this.start.hidden = !maker;
    this.hint.textContent = maker
      ? "Hand out the links (Invite friends). Or start now: the free seats are played by bots until someone takes them."
      : table.you === null
        ? "The game starts once every seat is taken."
        : "The game starts once every seat is taken, or when the table's maker starts it.";
  }
}

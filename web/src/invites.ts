/**
 * "Invite friends": the links the maker of the table got (kept by the lobby in this browser's localStorage), to
 * hand out. Shown only while some person's seat is free and the match is not over; open by default on a wide
 * screen, closed on a phone.
 */

import { el } from "./dom";
import type { TableMessage } from "./protocol";

/** Whether the invite is worth showing: a person's seat nobody has taken, and the table still played. */
export function wantsInvites(table: Pick<TableMessage, "seats" | "status">, over = false): boolean {
  if (over || table.status !== "playing") return false;
  return table.seats.some((s) => s.kind === "person" && !s.claimed);
}

export class InviteBox {
  readonly box: HTMLDetailsElement;
  private readonly hasLinks: boolean;

  constructor(tableId: string) {
    const stored = localStorage.getItem(`bumtable:invites:${tableId}`);
    const links = stored ? (JSON.parse(stored) as { join?: string; watch?: string }) : {};
    const rows: HTMLElement[] = [];
    if (links.join)
      rows.push(
        el("p", {}, "Friends take a free seat with: ", el("code", { class: "join-link" }, links.join)),
      );
    if (links.watch) rows.push(el("p", {}, "Spectators watch at: ", el("code", {}, links.watch)));
    this.hasLinks = rows.length > 0;
    this.box = el("details", { class: "invites", hidden: "" }, el("summary", {}, "Invite friends"), ...rows);
    if (window.matchMedia("(min-width: 40rem)").matches) this.box.open = true;
  }

  /** Show or hide the box for the table as it now is (``over``: the scoreboard says the match is over). */
  update(table: TableMessage, over = false): void {
    this.box.hidden = !(this.hasLinks && wantsInvites(table, over));
  }
}

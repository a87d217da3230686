/**
 * The friends' parts of the table page (chat, the waiting room, the rematch offer): mounted by the table page in
 * places it lays out, fed every server message, and sending through the table's connection.
 */

import type { ServerMessage } from "./protocol";

/** What the table page gives its extra parts. */
export interface TableContext {
  tableId: string;
  token: string | null;
  /** Sends a message (JSON text) over the table's connection. */
  send(message: string): void;
  /** A panel beside the log (chat). */
  side: HTMLElement;
  /** A band above the table (the waiting room, the rematch offer). */
  top: HTMLElement;
}

/** The extra parts, told of every server message the page receives (before the page handles it). */
export interface TableExtras {
  message(message: ServerMessage): void;
}

export function mountExtras(context: TableContext): TableExtras {
  void context;
  return { message: () => undefined };
}

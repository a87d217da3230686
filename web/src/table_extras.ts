/**
 * The friends' parts of the table page (chat, the waiting room, the rematch offer): mounted by the table page in
 * places it lays out, fed every server message, and sending through the table's connection.
 */

import { ChatPanel } from "./chat";
import { el } from "./dom";
import { NamePrompt } from "./name_prompt";
import type { ServerMessage } from "./protocol";
import { RematchBox } from "./rematch";
import { WaitingRoom } from "./waiting_room";

import "./table_extras.css";

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

/** The extra parts, told of every server message the page receives (before the page handles it); true when
 * the message was a refusal one of them said itself (the page then leaves its own problem line alone). */
export interface TableExtras {
  message(message: ServerMessage): boolean;
}

export function mountExtras(context: TableContext): TableExtras {
  const send = (message: string): void => context.send(message);
  const prompt = new NamePrompt(send);
  const waiting = new WaitingRoom(send);
  const rematch = new RematchBox(send);
  const chat = new ChatPanel(send);
  context.top.append(el("div", { class: "friends" }, prompt.element, waiting.element, rematch.element));
  context.side.append(chat.element);
  return {
    message(message: ServerMessage): boolean {
      switch (message.type) {
        case "table":
          prompt.update(message);
          waiting.update(message);
          rematch.update(message);
          chat.table(message);
          break;
        case "chat":
          chat.lines(message.lines);
          break;
        case "rematch":
          rematch.offer(message);
          break;
        case "error":
          return [chat.error(message), prompt.error(message), rematch.error(message)].some(Boolean);
        case "state":
          break;
      }
      return false;
    },
  };
}

/**
 * The table's chat, in the panel beside the log: the lines said at the table (the latest ones come on connecting,
 * then each as it is said), quick emotes, and a field to write in. Every line is text (``textContent``), never
 * markup. Spectators see it only where the table allows (``settings.chat_spectators``); the server refuses
 * what is too long, blank or too fast, and the panel says why.
 */

import { button, el } from "./dom";
import { chatMessage, type ChatLine, type ErrorMessage, type TableMessage } from "./protocol";

import "./chat.css";

/** The quick emotes: each button sends its words as a chat line. */
export const EMOTES: readonly string[] = ["Good game", "Well played", "Oops", "Thanks", "Hurry up"];

/** The longest line the server takes (characters). */
export const CHAT_LIMIT = 300;

/** Lines kept in the panel (the server sends the latest hundred on connecting). */
export const CHAT_KEPT = 100;

/** Why a line would be refused before it is sent (the server's rule), or null. */
export function chatProblem(text: string): string | null {
  if ([...text].length > CHAT_LIMIT) return `A chat line may be ${CHAT_LIMIT} characters at most.`;
  if (text.replace(/[\p{Cc}\p{Cf}\p{Z}\s]/gu, "") === "") return "Write something first.";
  return null;
}

/** Who said a line, as the page names seats: "You", the name it had, "P1"; "Spectator" for one watching. */
export function speaker(line: ChatLine, you: number | null): string {
  if (line.seat === null) return "Spectator";
  if (line.seat === you) return "You";
  return line.name ?? `P${line.seat}`;
}

/** Whether this viewer may read the table's chat: every seat; a spectator where the table allows. */
export function chatOpen(table: { you: number | null; settings?: unknown }): boolean {
  if (table.you !== null) return true;
  const settings = table.settings as Record<string, unknown> | undefined;
  return settings?.chat_spectators === true;
}

/** The chat codes the server answers with (shown in the panel, not only in the page's problem line). */
const CHAT_CODES = new Set(["chat-blank", "chat-too-long", "chat-too-fast", "spectator"]);

export class ChatPanel {
  readonly element: HTMLElement;
  private readonly list = el("ol", { class: "chat-lines", "aria-label": "Chat", "aria-live": "polite" });
  private readonly input = el("input", {
    id: "chat-text",
    class: "chat-text",
    type: "text",
    maxlength: String(CHAT_LIMIT),
    autocomplete: "off",
    "aria-label": "Say something to the table",
  });
  private readonly note = el("p", { class: "chat-note", "aria-live": "polite" });
  private readonly closed = el("p", { class: "chat-closed", hidden: "" });
  private readonly form: HTMLFormElement;
  private readonly emotes: HTMLElement;
  private you: number | null = null;
  private lastId = -1;

  constructor(private readonly send: (message: string) => void) {
    this.emotes = el(
      "div",
      { class: "chat-emotes", role: "group", "aria-label": "Quick words" },
      ...EMOTES.map((words) => button(words, () => this.say(words), { class: "chat-emote" })),
    );
    this.form = el(
      "form",
      { class: "chat-form" },
      this.input,
      " ",
      el("button", { type: "submit", class: "chat-send" }, "Send"),
    );
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (this.say(this.input.value)) this.input.value = "";
    });
    this.element = el(
      "section",
      { class: "chat", "aria-label": "Chat" },
      el("h2", {}, "Chat"),
      this.closed,
      this.list,
      this.emotes,
      this.form,
      this.note,
    );
  }

  /** The table's message: who the viewer is, and whether it may read the chat. */
  table(message: TableMessage): void {
    this.you = message.you;
    const open = chatOpen(message);
    this.closed.hidden = open;
    this.closed.textContent = open ? "" : "This table's chat is for its players.";
    for (const part of [this.list, this.emotes, this.form, this.note]) part.hidden = !open;
    this.element.dataset.open = String(open);
  }

  /** New lines (a line seen before, sent again on reconnecting, is not shown twice). */
  lines(lines: ChatLine[]): void {
    const fresh = lines.filter((line) => line.id > this.lastId);
    if (fresh.length === 0) return;
    this.lastId = Math.max(this.lastId, ...fresh.map((line) => line.id));
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 8;
    this.list.append(...fresh.map((line) => this.line(line)));
    while (this.list.children.length > CHAT_KEPT) this.list.firstElementChild?.remove();
    if (atEnd) this.list.scrollTop = this.list.scrollHeight;
    this.note.textContent = "";
  }

  /** A refusal of a chat line, said in the panel; whether it was one. */
  error(message: ErrorMessage): boolean {
    const mine =
      CHAT_CODES.has(message.code) && (message.code !== "spectator" || message.message.includes("chat"));
    if (mine) this.note.textContent = message.message;
    return mine;
  }

  private line(line: ChatLine): HTMLLIElement {
    const item = el(
      "li",
      { class: "chat-line", "data-seat": line.seat === null ? "" : String(line.seat) },
      el("span", { class: "chat-who" }, speaker(line, this.you)),
      ": ",
      el("span", { class: "chat-said" }, line.text),
    );
    const at = new Date(line.at);
    if (!Number.isNaN(at.getTime())) item.title = at.toLocaleString();
    return item;
  }

  /** Send a line; false (and why, in the note) when the server would refuse it. */
  private say(text: string): boolean {
    const problem = chatProblem(text);
    if (problem !== null) {
      this.note.textContent = problem;
      return false;
    }
    this.note.textContent = "";
    this.send(chatMessage(text));
    return true;
  }
}

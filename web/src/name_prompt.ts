/**
 * "What shall the table call you?": a person at a seat with no name yet is asked for one in the band above the
 * table (Enter sends it). A joiner's focus goes to its field; the maker's does not (they came from the lobby's
 * form, and may go straight to the keyboard's play). The name is sent as the seat's ``name`` message and remembered as the
 * table's "Your name" field remembers it (``name_field.ts``), so the next table knows it.
 */

import { el } from "./dom";
import { keepName } from "./name_field";
import { nameMessage, type ErrorMessage, type TableMessage } from "./protocol";

/** Whether the viewer holds a person's seat that has no name yet. */
export function needsName(table: Pick<TableMessage, "you" | "seats">): boolean {
  if (table.you === null) return false;
  const seat = table.seats[table.you];
  return seat !== undefined && seat.kind === "person" && !seat.name;
}

export class NamePrompt {
  readonly element: HTMLFormElement;
  private readonly input = el("input", {
    id: "name-prompt-field",
    class: "name-prompt-field",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
    required: "",
  });
  private readonly note = el("span", { class: "name-prompt-note", "aria-live": "polite" });
  private asked = false;
  private sent = false;

  constructor(private readonly send: (message: string) => void) {
    this.element = el(
      "form",
      { class: "name-prompt", hidden: "", "aria-label": "Sit down with a name" },
      el("label", { for: "name-prompt-field" }, "What shall the table call you? "),
      this.input,
      " ",
      el("button", { type: "submit", class: "name-prompt-send" }, "Sit down"),
      " ",
      this.note,
    );
    this.element.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
  }

  update(table: TableMessage): void {
    const ask = needsName(table);
    this.element.hidden = !ask;
    if (!ask) {
      this.sent = false;
      return;
    }
    if (!this.asked) {
      this.asked = true;
      if (table.maker !== table.you && document.activeElement === document.body) this.input.focus();
    }
  }

  /** A name the server refused: said beside the field, which keeps the focus; whether it was one. */
  error(message: ErrorMessage): boolean {
    if (!this.sent || this.element.hidden) return false;
    if (message.code !== "invalid" && message.code !== "name-taken") return false;
    this.sent = false;
    this.note.textContent = message.message;
    this.input.focus();
    return true;
  }

  private submit(): void {
    const name = this.input.value.trim();
    const problem = keepName(name);
    this.note.textContent = problem ?? "";
    if (problem !== null) return;
    this.sent = true;
    this.send(nameMessage(name));
  }
}

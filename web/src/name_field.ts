/**
 * "Your name" at the table: a player names their seat (the `name` message; docs/protocol.md), remembered in this
 * browser's localStorage under ``bumtable:name`` (the lobby writes the same key) and sent when connecting. The
 * server allows 1 to 24 letters, digits, spaces and . ' - (starting with a letter or digit); a name it would refuse
 * is not sent, and the field says why.
 */

import { el } from "./dom";

export const NAME_KEY = "bumtable:name";

/** Whether the server takes this name (its rule, with JavaScript's Unicode classes). */
export function validName(name: string): boolean {
  return name.length >= 1 && name.length <= 24 && /^[\p{L}\p{N}_][\p{L}\p{N}_ .'-]*$/u.test(name);
}

/** Keep ``name`` as this browser's name; null, or what is wrong with it (then nothing is kept). */
export function keepName(name: string): string | null {
  if (!validName(name)) return "1 to 24 letters, digits, spaces or . ' - (first a letter or digit).";
  localStorage.setItem(NAME_KEY, name);
  return null;
}

/** The name this browser remembers (the lobby's or the table's "Your name"), if the server would take it. */
export function storedName(): string | null {
  const name = localStorage.getItem(NAME_KEY)?.trim() ?? "";
  return validName(name) ? name : null;
}

export class NameField {
  readonly box: HTMLFormElement;
  private readonly input = el("input", {
    id: "your-name",
    class: "your-name",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
  });
  private readonly note = el("span", { class: "name-note", "aria-live": "polite" });

  constructor(private readonly send: (name: string) => void) {
    this.box = el(
      "form",
      { class: "name-form", hidden: "" },
      el("label", { for: "your-name" }, "Your name "),
      this.input,
      " ",
      el("button", { class: "name-set", type: "submit" }, "Set"),
      " ",
      this.note,
    );
    this.box.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
  }

  /** The name this browser remembers, if the server would take it. */
  stored(): string | null {
    return storedName();
  }

  /** For a seat (``current``: the seat's name at the table), or hidden for a spectator (``undefined``). */
  show(current: string | null | undefined): void {
    this.box.hidden = current === undefined;
    if (document.activeElement !== this.input) this.input.value = current ?? this.stored() ?? "";
  }

  private submit(): void {
    const name = this.input.value.trim();
    const problem = keepName(name);
    this.note.textContent = problem ?? "Saved.";
    if (problem !== null) return;
    this.send(name);
  }
}

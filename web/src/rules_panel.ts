/**
 * The "Rules" panel: a game's rules in short, as the server words them (``GET /api/tables/{id}/rules`` at a table,
 * ``GET /api/games/{name}/rules`` in the lobby), its variants and options applied; never written again here. A
 * button opens it as a dialog (keyboard reachable, the focus on its Close button); Escape or Close shuts it and
 * gives the focus back to the button.
 */

import type { RulesWords } from "./api";
import { el } from "./dom";
import { changedLine } from "./option_values";

import "./rules_panel.css";

export class RulesPanel {
  /** The button that opens the panel: mount it where the page shows its controls. */
  readonly button = el("button", { type: "button", class: "rules-open", "aria-haspopup": "dialog" }, "Rules");
  /** The dialog itself: mount it anywhere in the page (it shows over the page when open). */
  readonly dialog = el("dialog", { class: "rules-panel", "aria-labelledby": "rules-panel-title" });
  private readonly body = el("div", { class: "rules-body" });
  private readonly close = el("button", { type: "button", class: "rules-close" }, "Close");

  /** ``load`` fetches the rules to show, anew at each opening (the lobby's game and player count may change). */
  constructor(private readonly load: () => Promise<RulesWords>) {
    this.dialog.append(this.body, this.close);
    this.button.addEventListener("click", () => void this.open());
    this.close.addEventListener("click", () => this.shut());
    // Escape is the page's key for clearing a selection too: the open dialog takes it first and keeps it
    this.dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      this.shut();
    });
    this.dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.shut();
    });
  }

  /** Fetch the rules and show them; a refusal is said in the panel. */
  async open(): Promise<void> {
    this.body.replaceChildren(el("p", { class: "rules-loading" }, "Loading the rules..."));
    if (!this.dialog.open) this.dialog.showModal();
    this.close.focus();
    try {
      this.draw(await this.load());
    } catch (error) {
      this.body.replaceChildren(
        el("h2", { id: "rules-panel-title" }, "Rules"),
        el("p", { class: "problem", role: "alert" }, `The rules could not be fetched: ${String(error)}`),
      );
    }
  }

  private shut(): void {
    if (this.dialog.open) this.dialog.close();
    this.button.focus();
  }

  private draw(words: RulesWords): void {
    const sections = el(
      "dl",
      { class: "rules-sections" },
      ...words.sections.flatMap((s) => [el("dt", {}, s.label), el("dd", {}, s.text)]),
    );
    const parts: HTMLElement[] = [el("h2", { id: "rules-panel-title" }, words.title), sections];
    if (words.variants.length > 0 || words.changed.length > 0) {
      parts.push(
        el("h3", {}, "Unlike the usual rules"),
        el(
          "ul",
          { class: "rules-changed" },
          ...words.variants.map((v) => el("li", { "data-variant": v }, `Variant: ${v}`)),
          ...words.changed.map((c) => el("li", { "data-option": c.name, title: c.help }, changedLine(c))),
        ),
      );
    } else {
      parts.push(el("p", { class: "rules-usual" }, "The usual rules for this many players."));
    }
    this.body.replaceChildren(...parts);
    this.dialog.dataset.game = words.game;
  }
}

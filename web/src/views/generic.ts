/** Any game, drawn plainly: the hand as cards (French or as text) and every legal action as a button. */

import { cardSvg, isCard } from "../cards";
import { button, el } from "../dom";
import type { StateMessage } from "../protocol";
import type { FamilyView } from "./view";

function cardNode(text: string): Element {
  return isCard(text) ? cardSvg(text) : el("span", { class: "card-text" }, text);
}

export class GenericView implements FamilyView {
  /** The view's drawing on the board, made anew at each frame. */
  private drawing = el("div", { class: "view-drawing" });

  constructor(root: HTMLElement) {
    root.append(this.drawing);
  }

  render(state: StateMessage, act: (text: string) => void): void {
    const obs = state.observation;
    const hand = el(
      "div",
      { class: "hand", role: "group", "aria-label": "Your hand" },
      ...(obs.hand ?? []).map(cardNode),
    );
    const actions = el(
      "div",
      { class: "actions", role: "group", "aria-label": "Your actions" },
      ...obs.legal.map((a) => button(a.text, () => act(a.text), { "data-action": a.text })),
    );
    const drawing = el("div", { class: "view-drawing" }, el("div", { class: "middle" }), hand, actions);
    this.drawing.replaceWith(drawing);
    this.drawing = drawing;
  }
}

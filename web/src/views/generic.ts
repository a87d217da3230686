/** Any game, drawn plainly: the hand as cards (French or as text) and every legal action as a button. */

import { cardSvg, isCard } from "../cards";
import { button, el } from "../dom";
import type { StateMessage } from "../protocol";
import type { FamilyView } from "./view";

function cardNode(text: string): Element {
  return isCard(text) ? cardSvg(text) : el("span", { class: "card-text" }, text);
}

export class GenericView implements FamilyView {
  constructor(private readonly root: HTMLElement) {}

  render(state: StateMessage, act: (text: string) => void): void {
    const obs = state.observation;
    const hand = el("div", { class: "hand", "aria-label": "Your hand" }, ...(obs.hand ?? []).map(cardNode));
    const actions = el(
      "div",
      { class: "actions", "aria-label": "Your actions" },
      ...obs.legal.map((a) => button(a.text, () => act(a.text), { "data-action": a.text })),
    );
    this.root.replaceChildren(hand, actions);
  }
}

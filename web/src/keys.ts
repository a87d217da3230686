/**
 * Keyboard play on the table page, the same in every view: move between the hand's cards, select them by rank or
 * with Space, Enter for the play that uses exactly the selection, P to pass, Escape to clear, ? for the list.
 *
 * The views take part through the page's conventions, not an interface of their own: the hand's cards are
 * `.hand button.card[data-card]` (selected: aria-pressed="true"), the actions `.actions button[data-action]`,
 * and the plays that use exactly the selected cards carry `data-exact`. Keys press the views' own buttons (a
 * click) and move the focus, so each view keeps its selection as before and the server's legal list stays the
 * only judge of what may be played. No key fires while the person types in a field, or with Ctrl, Alt or Meta.
 */

import { isCard, parseCard } from "./cards";
import { button, el } from "./dom";
import "./keys.css";

/** Every shortcut, as the list `?` shows (and docs/architecture.md names): its keys, and what they do. */
export const SHORTCUTS: readonly (readonly [readonly string[], string])[] = [
  [["←", "→", "Home", "End"], "move between the cards of your hand"],
  [["Space", "↑", "↓"], "select or unselect the card in focus (↑ selects, ↓ unselects)"],
  [
    ["2–9", "0", "T", "J", "Q", "K", "A", "X"],
    "select the next card of that rank (0 or T: a 10; X: a Joker; Decktet cards: their rank, Shift+P a Pawn); " +
      "when every card of it is selected, unselect them",
  ],
  [["Enter"], "make the play that uses exactly the selected cards"],
  [["P"], "pass"],
  [["Esc"], "clear the selection (or close this list)"],
  [["H"], "go to your hand"],
  [["Tab"], "the other actions (declare, draw, stand...) are buttons after the hand"],
  [["?"], "show or hide this list"],
];

/** The keys that select a card ("7c" -> ["7"], "10h" -> ["0", "t"], "JK" -> ["x", "*"], Decktet "PMS" -> ["p"]). */
export function cardKeys(text: string): string[] {
  if (isCard(text)) {
    const rank = parseCard(text).rank;
    if (rank === "JK") return ["x", "*"];
    if (rank === "10") return ["0", "t"];
    return [rank.toLowerCase()];
  }
  const first = text.charAt(0).toLowerCase();
  return first ? [first] : [];
}

/** Whether a key is a rank key of some deck (so a rank the hand lacks is said, other keys are left alone). */
export function isRankKey(key: string): boolean {
  return /^[2-9atjqkxpc0*]$/.test(key.toLowerCase());
}

export interface HandCard {
  text: string;
  pressed: boolean;
}

/**
 * What a rank key does to the hand: select the next unselected card of that rank after the card in focus (round
 * the hand), or, when every card of that rank is selected, unselect them all; null when the hand has none.
 */
export function pickByRank(
  key: string,
  hand: readonly HandCard[],
  from: number,
): { select: number } | { unselect: number[] } | null {
  const k = key.toLowerCase();
  const matching = hand.flatMap((c, i) => (cardKeys(c.text).includes(k) ? [i] : []));
  if (matching.length === 0) return null;
  const free = matching.filter((i) => !(hand[i]?.pressed ?? false));
  if (free.length === 0) return { unselect: matching };
  const next = free.find((i) => i > from) ?? free[0];
  return next === undefined ? null : { select: next };
}

/** Where an arrow, Home or End key moves the focus in a hand of ``n`` cards (from -1: not in the hand). */
export function moveTo(key: string, from: number, n: number): number | null {
  if (n === 0) return null;
  switch (key) {
    case "ArrowRight":
      return from < 0 ? 0 : Math.min(from + 1, n - 1);
    case "ArrowLeft":
      return from < 0 ? n - 1 : Math.max(from - 1, 0);
    case "Home":
      return 0;
    case "End":
      return n - 1;
    default:
      return null;
  }
}

/** Whether a key event's target is a place where the person types (the keys are then theirs). */
export function isTyping(
  target: { tagName?: string; isContentEditable?: boolean; type?: string } | null,
): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(
    target.type ?? "",
  );
}

function handCards(board: HTMLElement): HTMLButtonElement[] {
  return [...board.querySelectorAll<HTMLButtonElement>(".hand button.card[data-card]")];
}

function pressed(card: HTMLElement): boolean {
  return card.getAttribute("aria-pressed") === "true";
}

/**
 * Draw the board anew keeping the keyboard's place: the card in focus (the same card, or the one now in its place)
 * or the action in focus gets the focus back after ``draw`` replaced the elements.
 */
export function keepFocus(board: HTMLElement, draw: () => void): void {
  const active = document.activeElement;
  let card: { text: string; nth: number; index: number } | null = null;
  let action: string | null = null;
  if (active instanceof HTMLElement && board.contains(active)) {
    const cards = handCards(board);
    const index = cards.indexOf(active as HTMLButtonElement);
    const text = active.dataset.card;
    if (index >= 0 && text !== undefined) {
      const nth = cards.slice(0, index).filter((c) => c.dataset.card === text).length;
      card = { text, nth, index };
    } else if (active.dataset.action !== undefined) {
      action = active.dataset.action;
    }
  }
  draw();
  if (card !== null) {
    const cards = handCards(board);
    if (cards.includes(document.activeElement as HTMLButtonElement)) return;
    const same = cards.filter((c) => c.dataset.card === card.text)[card.nth];
    (same ?? cards[Math.min(card.index, cards.length - 1)])?.focus({ preventScroll: true });
  } else if (action !== null && !board.contains(document.activeElement)) {
    const again = [...board.querySelectorAll<HTMLElement>(".actions [data-action]")].find(
      (b) => b.dataset.action === action,
    );
    again?.focus({ preventScroll: true });
  }
}

/** The shortcuts' button (for the page's header), the list it opens, and the line that says what a key did. */
export class KeyboardPlay {
  readonly toggle: HTMLButtonElement;
  readonly panel: HTMLElement;
  readonly note = el("p", { class: "key-note", role: "status", "aria-live": "polite" });
  private returnTo: HTMLElement | null = null;

  constructor(private readonly board: HTMLElement) {
    const rows = SHORTCUTS.map(([keys, what]) =>
      el(
        "tr",
        {},
        el("th", { scope: "row" }, ...keys.flatMap((k, i) => [...(i ? [" "] : []), el("kbd", {}, k)])),
        el("td", {}, what),
      ),
    );
    const close = button("Close", () => this.show(false), { class: "keys-close" });
    this.panel = el(
      "section",
      { class: "keys-help", id: "keys-help", "aria-labelledby": "keys-title", hidden: "" },
      el("h2", { id: "keys-title" }, "Keyboard shortcuts"),
      el("table", {}, el("tbody", {}, ...rows)),
      close,
    );
    this.toggle = button("Keyboard shortcuts (?)", () => this.show(this.panel.hidden), {
      class: "keys-toggle",
      "aria-controls": "keys-help",
      "aria-expanded": "false",
    });
  }

  /** Listen on the document (keys reach the page wherever the focus is, but never while typing in a field). */
  install(): void {
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** A new frame: what a key said before no longer holds. */
  clearNote(): void {
    this.note.textContent = "";
  }

  show(open: boolean): void {
    if (open === !this.panel.hidden) return;
    this.panel.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      this.returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      this.panel.querySelector<HTMLElement>(".keys-close")?.focus();
    } else if (this.panel.contains(document.activeElement) || document.activeElement === document.body) {
      (this.returnTo?.isConnected ? this.returnTo : this.toggle).focus();
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target as HTMLElement | null)) return;
    if (this.handle(event.key, event.shiftKey)) event.preventDefault();
  }

  /** Do what a key asks; whether it was one of ours. */
  private handle(key: string, shift: boolean): boolean {
    if (key === "?") {
      this.show(this.panel.hidden);
      return true;
    }
    if (key === "Escape") {
      if (!this.panel.hidden) this.show(false);
      else this.clearSelection();
      return true;
    }
    const cards = handCards(this.board);
    const at = cards.indexOf(document.activeElement as HTMLButtonElement);
    const move = moveTo(key, at, cards.length);
    if (move !== null) {
      cards[move]?.focus();
      return true;
    }
    if ((key === "ArrowUp" || key === "ArrowDown") && at >= 0) {
      this.setPressed(at, key === "ArrowUp");
      return true;
    }
    if (key === "Enter") {
      const active = document.activeElement;
      if (at < 0 && active !== null && active !== document.body) return false; // a focused button's own Enter
      this.playExact();
      return true;
    }
    if (key === "p" && !shift) {
      this.pass();
      return true;
    }
    if (key === "h" && !shift) {
      const target = cards.find(pressed) ?? cards[0];
      if (target) target.focus();
      else this.say("You hold no cards to move between.");
      return true;
    }
    if (isRankKey(key)) {
      this.selectRank(key, at);
      return true;
    }
    return false;
  }

  private say(text: string): void {
    this.note.textContent = text;
  }

  /** Click card ``i`` (the view redraws itself) if its state is not ``want``; keep the focus on it. */
  private setPressed(i: number, want: boolean): void {
    const card = handCards(this.board)[i];
    if (card && pressed(card) !== want) card.click();
    handCards(this.board)[i]?.focus();
  }

  private selectRank(key: string, at: number): void {
    const hand = handCards(this.board).map((c) => ({ text: c.dataset.card ?? "", pressed: pressed(c) }));
    const what = pickByRank(key, hand, at);
    if (what === null) {
      this.say(`No card of rank ${key.toUpperCase()} in your hand.`);
      return;
    }
    if ("select" in what) {
      this.setPressed(what.select, true);
      return;
    }
    for (const i of what.unselect) this.setPressed(i, false);
  }

  private clearSelection(): void {
    const cards = handCards(this.board);
    const at = cards.indexOf(document.activeElement as HTMLButtonElement);
    // each click redraws the view's hand (the same cards, in the same places): look each card up anew
    for (let i = 0; i < cards.length; i++) {
      const now = handCards(this.board)[i];
      if (now && pressed(now)) now.click();
    }
    if (at >= 0) handCards(this.board)[at]?.focus();
  }

  private playExact(): void {
    if (!handCards(this.board).some(pressed)) {
      this.say("Select cards first: arrow keys and Space, or type a rank.");
      return;
    }
    const exact = [...this.board.querySelectorAll<HTMLButtonElement>(".actions button[data-exact]")];
    const [only] = exact;
    if (exact.length === 1 && only) {
      only.click();
    } else if (only) {
      only.focus();
      this.say(`${exact.length} plays use exactly these cards: Tab between them, Enter makes one.`);
    } else {
      this.say("No legal play uses exactly the selected cards.");
    }
  }

  private pass(): void {
    const pass = [...this.board.querySelectorAll<HTMLButtonElement>(".actions button[data-action]")].find(
      (b) => b.dataset.action === "pass",
    );
    if (pass) {
      pass.click();
    } else {
      this.say("You cannot pass now.");
    }
  }
}

/**
 * Gin Bummy: the stock and the Beg (its top card, and the whole pile, which is face up and public), the turn-overs
 * of the Beg, each player's known cards and unseen count, and the hand as SVG cards. Clicking a card (or Space on
 * it; keys.ts) selects it and offers the legal actions that use it (its discard, its Ace play, the Jokers it can
 * ride on); the card-less actions (draw from the stock or the Beg, call "Bum!") are always buttons. The client
 * never decides legality: it only sorts the legal actions the server sent.
 */

import { cardLabel, cardSvg, isCard, parseCard, shortCard } from "../cards";
import { button, el } from "../dom";
import { seatName } from "./common";
import { starvingWarning } from "./gin_starve";
import type { GameEvent, LegalAction, StateMessage } from "../protocol";
import type { GinBummyRules } from "../rules";
import { Folding, type FamilyView } from "./view";

/** The cards an action's text names ("joker JK 4h" -> ["JK", "4h"]; "draw stock", "bum" -> []). */
export function actionCards(text: string): string[] {
  return text.trim().split(/\s+/).slice(1).filter(isCard);
}

/**
 * The legal actions that use every selected card (counted, so two Jokers need two): exact ones (no other card)
 * first, then those that name more cards (a Joker selected alone offers every card it can carry).
 */
export function actionsUsing(
  legal: LegalAction[],
  selected: string[],
): { exact: LegalAction[]; more: LegalAction[] } {
  const exact: LegalAction[] = [];
  const more: LegalAction[] = [];
  if (selected.length === 0) return { exact, more };
  for (const action of legal) {
    const left = actionCards(action.text);
    if (left.length === 0) continue;
    let all = true;
    for (const card of selected) {
      const i = left.indexOf(card);
      if (i < 0) {
        all = false;
        break;
      }
      left.splice(i, 1);
    }
    if (all) (left.length === 0 ? exact : more).push(action);
  }
  return { exact, more };
}

/** The legal actions that name no card: the draws and "Bum!". */
export function cardlessActions(legal: LegalAction[]): LegalAction[] {
  return legal.filter((a) => actionCards(a.text).length === 0);
}

/** A card as short text with its suit symbol ("J♥", "10♣", "Joker"). */
export function cardShort(text: string): string {
  return parseCard(text).joker ? "Joker" : shortCard(text);
}

/** What a button for an action says ("Discard J♥", "Ace A♥: draw three", "Joker carrying 4♥"). */
export function actionLabel(text: string, begTop: string | null = null): string {
  const words = text.trim().split(/\s+/);
  const cards = actionCards(text);
  switch (words[0]) {
    case "discard":
      return `Discard ${cards.map(cardShort).join(" ")}`;
    case "ace":
      return `Discard ${cards.map(cardShort).join(" ")}, draw three`;
    case "joker":
      return `Joker carrying ${cards.slice(1).map(cardShort).join(" ") || "?"}`;
    case "draw":
      if (words[1] === "stock") return "Draw from the stock";
      if (words[1] === "beg")
        return begTop ? `Take ${cardShort(begTop)} from the Beg` : "Take the Beg's top card";
      return text;
    case "bum":
      return "Call “Bum!”";
    default:
      return text;
  }
}

/** A short line saying what the last event was ("P1 discarded J♥", "P0 drew from the stock"). */
export function eventLine(event: GameEvent, name: (seat: number) => string): string {
  const who = event.player === null ? "" : name(event.player);
  const cards = ((event.cards as string[] | undefined) ?? []).filter(isCard);
  const shown = cards.map(cardShort).join(" ");
  const v = (third: string, second: string): string => (who === "You" ? second : third);
  switch (event.kind) {
    case "discard":
      if (event.text.startsWith("ace")) return `${who} discarded ${shown} and ${v("draws", "draw")} three.`;
      if (event.text.startsWith("joker"))
        return `${who} played a Joker carrying ${shown.replace(/^Joker ?/, "")}.`;
      return `${who} discarded ${shown}.`;
    case "draw":
      return shown
        ? `${who} drew ${shown}${event.text.includes("beg") ? " from the Beg" : ""}.`
        : `${who} drew from the stock.`;
    case "turn-over":
      return `The Beg was turned over to make a new stock (${event.text === "shuffle" ? "shuffled" : "order known to all"}).`;
    case "force": {
      const to = typeof event.to === "number" ? name(event.to) : "the next player";
      return `${to} must take ${shown} from ${who === "You" ? "your" : `${who}'s`} Joker.`;
    }
    case "starve":
      return `${who} starved (under four cards) and ${v("is", "are")} out.`;
    case "bum":
      return `${who} called “Bum!” with ${shown}.`;
    case "lead":
      return `${who} ${v("deals", "deal")} and ${v("plays", "play")} first.`;
    case "game-over":
      return resultLine(event.text, event.player, name);
    default:
      return `${who ? `${who}: ` : ""}${event.text}`;
  }
}

function resultLine(result: string, winner: number | null, name: (seat: number) => string): string {
  const w = winner === null ? "" : name(winner);
  if (result === "bum") return `${w} won with “Bum!”.`;
  if (result === "last-standing") return `${w} won: the last player not starved.`;
  if (result === "turn-limit") return "A draw: the turn limit was reached.";
  if (result === "blocked") return `A draw: ${w || "the player to act"} had no legal action.`;
  if (result === "starved") return "Nobody won: every player starved.";
  return `The game is over (${result}).`;
}

/** What the player who just drew may discard: never the Beg's card; the stock's only where the rules allow. */
export function drawnHint(drawn: string, draw: string, rules: GinBummyRules): string {
  const fromStock = !draw.includes("beg");
  const which =
    fromStock && rules.mayDiscardStockDraw
      ? "it may be the one just drawn from the stock"
      : `not the one just drawn${fromStock ? "" : " from the Beg"}`;
  return `You drew ${cardShort(drawn)}: now discard a card (${which}).`;
}

const SUIT_ORDER = "cdhs";

/** The hand sorted by suit (clubs, diamonds, hearts, spades, then Jokers), keeping the server's rank order
 * within a suit. */
export function bySuit(hand: readonly string[]): string[] {
  const suit = (c: string): number =>
    isCard(c) && !parseCard(c).joker ? SUIT_ORDER.indexOf(c.slice(-1)) : 4;
  return hand
    .map((c, i) => [c, i] as const)
    .sort((a, b) => suit(a[0]) - suit(b[0]) || a[1] - b[1])
    .map(([c]) => c);
}

function smallCards(cards: string[], label: string): HTMLElement {
  return el(
    "div",
    { class: "cards small-cards", role: "group", "aria-label": label },
    ...cards.map((c) => cardSvg(c)),
  );
}

function cardBack(label: string): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.classList.add("card-face", "card-back");
  const rect = document.createElementNS(ns, "rect");
  for (const [k, v] of Object.entries({ x: "1", y: "1", width: "58", height: "82", rx: "6" }))
    rect.setAttribute(k, v);
  svg.append(rect);
  return svg;
}

export class GinBummyView implements FamilyView {
  private selected: number[] = [];
  private lastStep = -1;
  private reason = "";
  private state: StateMessage | null = null;
  private act: (text: string) => void = () => {};
  /** Where the viewer's latest draw came from ("draw stock", "draw beg"), for what it may discard. */
  private lastDraw = "";
  /** A move that starves the viewer, clicked once: it waits for the player to confirm it. */
  private confirming: { action: LegalAction; warning: string } | null = null;

  /** The view's drawing on the board, made anew at each frame. */
  private drawing = el("div", { class: "view-drawing gin-bummy" });
  private readonly players = new Folding();

  /** ``rules``: the table's, for what the hints say (may the card just drawn be discarded?). */
  constructor(
    private readonly root: HTMLElement,
    private readonly rules: GinBummyRules,
  ) {
    root.append(this.drawing);
  }

  /** A seat's place at the table: dealer, out or winner, and the cards in its hand known to all. */
  seatNotes(seat: number): (Node | string)[] {
    const obs = this.state?.observation;
    if (!obs) return [];
    const notes: (Node | string)[] = [];
    if (seat === obs.dealer) notes.push(el("span", { class: "seat-tag" }, "dealer"));
    if (((obs.starved as number[] | undefined) ?? []).includes(seat))
      notes.push(el("span", { class: "seat-tag out" }, "out: starved"));
    if (seat === obs.winner) notes.push(el("span", { class: "seat-tag won" }, "winner"));
    const known = ((obs.public_cards as string[][] | undefined) ?? [])[seat] ?? [];
    if (known.length && seat !== obs.seat)
      notes.push(el("span", { class: "seat-known" }, `known: ${known.map(cardShort).join(" ")}`));
    return notes;
  }

  render(state: StateMessage, act: (text: string) => void): void {
    if (state.step !== this.lastStep) {
      this.selected = [];
      this.confirming = null;
    }
    this.lastStep = state.step;
    this.state = state;
    this.act = act;
    for (const e of state.events) {
      if (e.kind === "draw" && e.player !== null && e.player === state.observation.seat)
        this.lastDraw = e.text;
    }
    // (the game's end is said once, by the hint under it)
    const last = state.events
      .filter((e) => e.kind !== "deal" && e.kind !== "cut" && e.kind !== "game-over")
      .at(-1);
    if (last) this.reason = eventLine(last, (s) => this.name(s));
    this.draw();
  }

  private name(seat: number): string {
    return seatName(this.state, seat);
  }

  private draw(): void {
    const state = this.state;
    if (!state) return;
    const obs = state.observation;
    const hand = bySuit(obs.hand ?? []);
    const beg = (obs.beg as string[] | undefined) ?? [];
    const begTop = beg.at(-1) ?? null;
    const stockCount = (obs.stock_count as number | undefined) ?? 0;
    const stock = (obs.stock as string[] | null | undefined) ?? null;
    const flips = (obs.flips as string[][] | undefined) ?? [];
    const counts = (obs.hand_counts as number[] | undefined) ?? [];
    const publicCards = (obs.public_cards as string[][] | undefined) ?? [];
    const hidden = (obs.hidden_counts as number[][] | undefined) ?? [];
    const starved = (obs.starved as number[] | undefined) ?? [];
    const dealer = obs.dealer as number | undefined;
    const winner = (obs.winner as number | null | undefined) ?? null;
    const drawn = (obs.drawn as string | null | undefined) ?? null;
    const forced = (obs.last_forced as { player: number; card: string } | null | undefined) ?? null;
    const yours = obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;

    // The middle of the table: the stock, the Beg, the turn-overs.
    const stockBox = el(
      "figure",
      { class: "pile stock", "aria-label": `The stock: ${stockCount} cards` },
      stockCount > 0
        ? cardBack(`the stock, ${stockCount} cards`)
        : el("div", { class: "pile-empty" }, "empty"),
      el("figcaption", {}, `Stock: ${stockCount}`),
    );
    const begBox = el(
      "figure",
      {
        class: "pile beg",
        "aria-label": begTop ? `The Beg: ${beg.length} cards, top ${cardLabel(begTop)}` : "The Beg: empty",
      },
      begTop ? cardSvg(begTop) : el("div", { class: "pile-empty" }, "empty"),
      el("figcaption", {}, `Beg: ${beg.length}`),
    );
    const piles = el("div", { class: "piles" }, stockBox, begBox);
    const begAll =
      beg.length > 1
        ? el(
            "details",
            { class: "beg-all" },
            el("summary", {}, `The whole Beg (${beg.length}, bottom first)`),
            smallCards(beg, "The Beg, bottom card first"),
          )
        : null;
    const known =
      stock !== null && stock.length > 0
        ? el(
            "div",
            { class: "known-stock" },
            el("span", {}, "Next in the stock (known to all): "),
            smallCards(stock.slice(0, 8), "The next cards of the stock"),
          )
        : null;
    const flipLine =
      flips.length > 0
        ? el(
            "details",
            { class: "flips" },
            el(
              "summary",
              {},
              `The Beg was turned over ${flips.length === 1 ? "once" : `${flips.length} times`}`,
            ),
            ...flips.map((f, i) => smallCards(f, `Turn-over ${i + 1}, bottom card first`)),
          )
        : null;

    // The players: cards known to all, the unseen rest, out or not.
    const players = el(
      "ul",
      { class: "gb-players", "aria-label": "The players" },
      ...counts.map((n, p) => {
        const pub = publicCards[p] ?? [];
        const unseen = (hidden[p] ?? []).reduce((a, b) => a + b, 0);
        const tags: string[] = [];
        if (p === dealer) tags.push("dealer");
        if (starved.includes(p)) tags.push("OUT: starved");
        if (p === winner) tags.push("WINNER");
        if (p === obs.turn) tags.push("to act");
        const item = el(
          "li",
          { class: "gb-player", "data-seat": String(p) },
          el("strong", {}, this.name(p)),
          ` · ${n} cards`,
          ...(tags.length ? [el("span", { class: "tags" }, ` [${tags.join(", ")}]`)] : []),
          pub.length ? ` · ${unseen} hidden · known to all: ` : "",
        );
        if (pub.length) item.append(smallCards(pub, `${this.name(p)}: cards known to all`));
        if (starved.includes(p)) item.classList.add("out");
        if (p === obs.turn) item.classList.add("to-act");
        return item;
      }),
    );

    // Hints for the player to act.
    const hints: string[] = [];
    if (forced && forced.player === obs.seat) hints.push(`A Joker gave you ${cardShort(forced.card)}.`);
    else if (forced) hints.push(`${this.name(forced.player)} took ${cardShort(forced.card)} from a Joker.`);
    if (yours && obs.phase === "discard" && drawn) hints.push(drawnHint(drawn, this.lastDraw, this.rules));
    if (yours && obs.phase === "call") hints.push("Four number cards, four suits, four values: call “Bum!”.");
    if (obs.phase === "over") {
      const result = (obs.result as string | undefined) ?? "";
      hints.push(
        resultLine(result, winner ?? (obs.stuck as number | null | undefined) ?? null, (s) => this.name(s)),
      );
    }

    // The hand: a card selected offers the actions that use it.
    const usable = new Set(obs.legal.flatMap((a) => actionCards(a.text)));
    const handArea = el(
      "div",
      { class: "hand", role: "group", "aria-label": "Your hand: select a card to see its moves" },
      ...hand.map((text, i) => {
        const pressed = this.selected.includes(i);
        const card = el("button", {
          type: "button",
          class: "card",
          "aria-pressed": String(pressed),
          "data-card": text,
        });
        if (text === drawn) card.classList.add("just-drawn");
        if (yours && !usable.has(text)) card.classList.add("unusable");
        // named by its picture, then what the view adds in words (visible text stays part of the name)
        card.append(cardSvg(text));
        const notes = `${text === drawn ? " (just drawn)" : ""}${yours && !usable.has(text) ? " (no move)" : ""}`;
        if (notes) card.append(el("span", { class: "visually-hidden" }, notes));
        card.addEventListener("click", () => this.toggle(i, hand));
        return card;
      }),
    );
    const chosen = this.selected.map((i) => hand[i]).filter((c): c is string => c !== undefined);
    const { exact, more } = actionsUsing(obs.legal, chosen);
    const offered = [...exact, ...more];
    const why = el("p", { class: "why" });
    if (chosen.length > 0 && offered.length === 0) {
      why.setAttribute("role", "alert");
      why.textContent = `No legal move uses ${chosen.map(cardShort).join(" ")}.`;
    } else if (yours && chosen.length === 0 && usable.size > 0) {
      why.textContent = "Select a card to see its moves.";
    }
    const actions = el(
      "div",
      { class: "actions", role: "group", "aria-label": "Your actions" },
      ...(yours ? cardlessActions(obs.legal) : []).map((a) => this.actionButton(a, begTop, a.text === "bum")),
      ...offered.map((a) => this.actionButton(a, begTop, exact.includes(a), exact.includes(a))),
    );
    const confirm = this.confirming ? this.confirmPanel(this.confirming) : null;
    const middle = el(
      "div",
      { class: "middle" },
      el(
        "div",
        { class: "gb-table" },
        piles,
        el("div", { class: "gb-public" }, ...[begAll, known, flipLine].filter((n) => n !== null)),
      ),
      this.players.details("players-detail", "Each player's cards", players),
    );
    const drawing = el(
      "div",
      { class: "view-drawing gin-bummy" },
      middle,
      el(
        "div",
        { class: "notes" },
        el("p", { class: "reason", "aria-live": "polite" }, this.reason),
        ...hints.map((h) => el("p", { class: "hint" }, h)),
      ),
      handArea,
      why,
      ...(confirm ? [confirm] : []),
      actions,
    );
    this.drawing.replaceWith(drawing);
    this.drawing = drawing;
  }

  /** The warning of a move that starves the viewer, with its two answers (the safe one first in focus). */
  private confirmPanel({ action, warning }: { action: LegalAction; warning: string }): HTMLElement {
    const label = actionLabel(action.text);
    const yes = button(
      `Yes: ${label.charAt(0).toLowerCase()}${label.slice(1)} and lose`,
      () => {
        this.confirming = null;
        this.act(action.text);
      },
      { class: "confirm-yes", "data-confirm": action.text },
    );
    const no = button(
      "No, keep playing",
      () => {
        this.confirming = null;
        this.draw();
      },
      { class: "confirm-no" },
    );
    return el(
      "div",
      { class: "confirm", role: "alertdialog", "aria-labelledby": "starve-warning", "aria-modal": "false" },
      el("p", { id: "starve-warning", class: "warning" }, `⚠ ${warning}`),
      el("div", { class: "confirm-buttons" }, no, yes),
    );
  }

  /** What the move costs the viewer if it starves them (null: safe), as the observation tells. */
  private warningFor(a: LegalAction): string | null {
    const obs = this.state?.observation;
    if (!obs || obs.seat === null) return null;
    const starved = (obs.starved as number[] | undefined) ?? [];
    const players = ((obs.hand_counts as number[] | undefined) ?? []).length;
    const others = Array.from({ length: players }, (_, p) => p)
      .filter((p) => p !== obs.seat && !starved.includes(p))
      .map((p) => this.name(p));
    const starving = (obs.starving as Record<string, number> | undefined) ?? {};
    return starvingWarning(starving, a.text, others);
  }

  /** An action: sent at once, or, when it would starve the viewer, first asked again. */
  private choose(a: LegalAction): void {
    const warning = this.warningFor(a);
    if (warning === null) {
      this.act(a.text);
      return;
    }
    this.confirming = { action: a, warning };
    this.draw();
    this.root.querySelector<HTMLElement>(".confirm-no")?.focus();
  }

  private toggle(i: number, hand: string[]): void {
    if (this.selected.includes(i)) {
      this.selected = this.selected.filter((j) => j !== i);
    } else {
      // A Joker and the card it carries may be selected together; any other card starts a new selection.
      const withJoker = this.selected.length === 1 && [hand[this.selected[0] ?? -1], hand[i]].includes("JK");
      this.selected = withJoker ? [...this.selected, i] : [i];
    }
    this.draw();
    this.root.querySelector<HTMLElement>(`.hand .card:nth-child(${i + 1})`)?.focus();
  }

  /** An action's button; ``exact``: it uses exactly the selected cards (Enter makes it: keys.ts). */
  private actionButton(
    a: LegalAction,
    begTop: string | null,
    strong: boolean,
    exact = false,
  ): HTMLButtonElement {
    const starves = this.warningFor(a) !== null;
    const label = `${actionLabel(a.text, begTop)}${starves ? " (you starve and lose)" : ""}`;
    return button(label, () => this.choose(a), {
      "data-action": a.text,
      "aria-label": label,
      class: strong ? "exact" : "",
      ...(exact ? { "data-exact": "" } : {}),
      ...(starves ? { "data-starves": "" } : {}),
    });
  }
}

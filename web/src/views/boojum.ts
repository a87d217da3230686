/**
 * Boojum (Decktet cards): the lots in their slots (the one being auctioned marked), each player's bid on the table
 * (the high bid and who passed marked in words), the lots won this round, the tokens each player holds, the
 * discard pile and the stack, a claim being laid, and the hand. Clicking a card (or Space on it; keys.ts) offers
 * the legal actions that use it (laying it into a bid or a claim); the card-less actions (pass, stand, claim a
 * token, cash, done) are always buttons. The client only sorts the legal actions the server sent.
 */

import {
  DECKTET_SUITS,
  SUIT_ORDER,
  decktetSvg,
  isDecktet,
  parseDecktet,
  suitBadge,
  type SuitLetter,
} from "../decktet";
import { button, el } from "../dom";
import { seatName } from "./common";
import { bidWords, type BidWorth } from "./boojum_bids";
import type { GameEvent, LegalAction, StateMessage } from "../protocol";
import { Folding, type FamilyView } from "./view";

/** A Decktet card's readable short name: "the Forest (5 Moons/Leaves)", "Ace of Knots", "the Excuse". */
export function decktetShort(text: string): string {
  if (!isDecktet(text)) return text;
  const card = parseDecktet(text);
  if (card.rank === "X") return "the Excuse";
  if (card.rank === "A") return card.name;
  return `${card.name} (${card.rankName} ${card.suits.map((s) => DECKTET_SUITS[s].name).join("/")})`;
}

/** The card an action lays ("lay 3MW" -> "3MW"), or null for an action of no card. */
export function actionCard(text: string): string | null {
  const [verb, card] = text.trim().split(/\s+/);
  return verb === "lay" && card !== undefined && isDecktet(card) ? card : null;
}

/** The legal actions that use a card (its "lay"). */
export function actionsForCard(legal: LegalAction[], card: string): LegalAction[] {
  return legal.filter((a) => actionCard(a.text) === card);
}

/** The legal actions of no card: pass, stand, claim a token, cash, done. */
export function cardlessActions(legal: LegalAction[]): LegalAction[] {
  return legal.filter((a) => actionCard(a.text) === null);
}

function suitOfToken(token: string): SuitLetter | undefined {
  return SUIT_ORDER.find((s) => DECKTET_SUITS[s].token === token.toLowerCase());
}

/** What a button for an action says ("Claim the Waves token", "Stand: make this bid (two for fourteen)"). */
export function actionLabel(text: string, phase: string, bid = ""): string {
  const [verb, arg] = text.trim().split(/\s+/);
  switch (verb) {
    case "lay":
      return phase === "claim"
        ? `Lay ${decktetShort(arg ?? "")} into the claim`
        : `Bid ${decktetShort(arg ?? "")}`;
    case "pass":
      return "Pass";
    case "stand":
      return bid ? `Stand: make this bid (${bid})` : "Stand: make this bid";
    case "claim": {
      const suit = suitOfToken(arg ?? "");
      return `Claim the ${suit ? DECKTET_SUITS[suit].name : (arg ?? "")} token`;
    }
    case "cash":
      return "Cash in the claim (draw a card)";
    case "done":
      return "Done claiming";
    default:
      return text;
  }
}

/** Tokens held as counts by suit letter, from the wire form ({"moons": 1, ...}). */
export function tokenCounts(held: Record<string, number> | undefined): Record<SuitLetter, number> {
  const counts = { M: 0, S: 0, W: 0, L: 0, Y: 0, K: 0 };
  for (const [token, n] of Object.entries(held ?? {})) {
    const suit = suitOfToken(token);
    if (suit) counts[suit] += n;
  }
  return counts;
}

/** A short line saying what an event was ("P1 bid two for fourteen", "P2 won lot 1"). */
export function eventLine(event: GameEvent, name: (seat: number) => string): string {
  const who = event.player === null ? "" : name(event.player);
  const cards = ((event.cards as string[] | undefined) ?? []).map(decktetShort).join(", ");
  // "You lay", "P1 lays": the verb agrees with the player named.
  const v = (third: string, second: string): string => (who === "You" ? second : third);
  switch (event.kind) {
    case "bid":
      return `${who} ${v("lays", "lay")} ${cards} into a bid.`;
    case "stand":
      return `${who} ${v("bids", "bid")} ${event.text}: ${cards}.`;
    case "pass":
      return event.text === "pass"
        ? `${who} ${v("passes", "pass")}.`
        : `${who} ${v("is", "are")} passed over (${event.text}).`;
    case "lot":
      return event.player === null
        ? `Nobody bid for ${lotName(event.text) ?? event.text}.`
        : `${who} won ${lotName(event.text) ?? event.text}: ${cards}.`;
    case "take-back":
      return `${who} ${v("takes", "take")} back ${cards}.`;
    case "build":
      return "Build: a card onto each lot and to each player who won nothing.";
    case "pick-up":
      return `${who} ${v("picks", "pick")} up ${cards}.`;
    case "claims":
      return `Claims begin with ${who}.`;
    case "claim-start":
      return `${who} ${v("claims", "claim")} the ${event.text} token.`;
    case "lay":
      return `${who} ${v("lays", "lay")} ${cards} into the claim.`;
    case "claim":
      return `${who} cashed ${cards} for the ${event.text} token.`;
    case "draw":
      return `${who} ${v("draws", "draw")} a card.`;
    case "done":
      return `${who}: ${event.text}.`;
    case "reshuffle":
      return "The discard pile was shuffled into a new stack.";
    case "round":
      return `${event.text[0]?.toUpperCase() ?? ""}${event.text.slice(1)}: the lots are turned face up.`;
    case "game-over":
      return event.text === "round-limit"
        ? "The game is over: the round limit was reached, and the most tokens win."
        : "The game is over: a player holds a token of all six suits.";
    default:
      return `${who ? `${who}: ` : ""}${event.text}`;
  }
}

function cardRow(cards: string[], label: string, hidden = 0): HTMLElement {
  const backs = Array.from({ length: hidden }, () => {
    const b = el("span", { class: "dk-back", role: "img", "aria-label": "a face-down card" }, "?");
    return b;
  });
  return el(
    "div",
    { class: "cards small-cards", role: "group", "aria-label": label },
    ...cards.map((c) => decktetSvg(c)),
    ...backs,
  );
}

function tokenStrip(held: Record<SuitLetter, number>, who: string): HTMLElement {
  const ns = "http://www.w3.org/2000/svg";
  const have = SUIT_ORDER.filter((s) => held[s] > 0);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 96 16");
  svg.setAttribute("role", "img");
  svg.setAttribute(
    "aria-label",
    `${who} tokens: ${have.length ? have.map((s) => DECKTET_SUITS[s].name).join(", ") : "none"} (${have.length} of 6)`,
  );
  svg.classList.add("tokens");
  SUIT_ORDER.forEach((s, i) => {
    const badge = suitBadge(s, 8 + i * 16, 8, 6);
    if (held[s] === 0) badge.classList.add("missing");
    svg.append(badge);
  });
  return el("span", { class: "token-box" }, svg, ` ${have.length}/6`);
}

export class BoojumView implements FamilyView {
  private selected: number | null = null;
  private lastStep = -1;
  private reason = "";
  private state: StateMessage | null = null;
  private act: (text: string) => void = () => {};

  /** The view's drawing on the board, made anew at each frame. */
  private drawing = el("div", { class: "view-drawing boojum" });
  /** The players' bids, lots won and known cards: open at first on a wide screen at a small table. */
  private players: Folding | null = null;

  constructor(private readonly root: HTMLElement) {
    root.append(this.drawing);
  }

  /** A seat's place at the table: its tokens, its bid standing (or passed), and the winners at the end. */
  seatNotes(seat: number): (Node | string)[] {
    const obs = this.state?.observation;
    if (!obs) return [];
    const tokens = (obs.tokens as Record<string, number>[] | undefined) ?? [];
    const notes: (Node | string)[] = [tokenStrip(tokenCounts(tokens[seat]), this.name(seat))];
    if (obs.phase === "auction") {
      const bids = (obs.bids as string[][] | undefined) ?? [];
      const worths = (obs.bid_worth as BidWorth[] | undefined) ?? [];
      if (((obs.passed as boolean[] | undefined) ?? [])[seat])
        notes.push(el("span", { class: "seat-tag passed" }, "passed"));
      else if ((bids[seat] ?? []).length) {
        const high = obs.high === seat;
        notes.push(
          el(
            "span",
            { class: `seat-tag${high ? " high" : ""}` },
            `${high ? "high bid" : "bid"}: ${bidWords(worths[seat] ?? { cards: 0, pips: 0 })}`,
          ),
        );
      }
    }
    if (((obs.winners as number[] | undefined) ?? []).includes(seat))
      notes.push(el("span", { class: "seat-tag won" }, "winner"));
    return notes;
  }

  render(state: StateMessage, act: (text: string) => void): void {
    if (state.step !== this.lastStep) this.selected = null;
    this.lastStep = state.step;
    this.state = state;
    this.act = act;
    // (the game's end is said once, by the line under it)
    const last = state.events.filter((e) => e.kind !== "deal" && e.kind !== "game-over").at(-1);
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
    const phase = obs.phase;
    const slots = (obs.slots as string[][] | undefined) ?? [];
    const slotHidden = (obs.slot_hidden as number[] | undefined) ?? [];
    const lot = (obs.lot as number | undefined) ?? -1;
    const bids = (obs.bids as string[][] | undefined) ?? [];
    const worths = (obs.bid_worth as BidWorth[] | undefined) ?? [];
    const high = (obs.high as number | null | undefined) ?? null;
    const laidNow = (obs.laid_now as string[] | undefined) ?? [];
    const passed = (obs.passed as boolean[] | undefined) ?? [];
    const won = (obs.won as string[][] | undefined) ?? [];
    const counts = (obs.hand_counts as number[] | undefined) ?? [];
    const known = (obs.known as string[][] | undefined) ?? [];
    const tokens = (obs.tokens as Record<string, number>[] | undefined) ?? [];
    const discard = (obs.discard as string[] | undefined) ?? [];
    const stackCount = (obs.stack_count as number | undefined) ?? 0;
    const claimToken = (obs.claim_token as string | null | undefined) ?? null;
    const claimCards = (obs.claim_cards as string[] | undefined) ?? [];
    const winners = (obs.winners as number[] | undefined) ?? [];
    const roundNo = (obs.round_no as number | undefined) ?? 0;
    const firstToBid = obs.first_to_bid as number | undefined;
    const yours = obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;
    const worth = (p: number): string => bidWords(worths[p] ?? { cards: 0, pips: 0 });
    const myBid = obs.seat !== null && (bids[obs.seat] ?? []).length ? worth(obs.seat) : "";

    const phaseText =
      phase === "auction"
        ? `Auction of lot ${lot + 1} of ${slots.length}`
        : phase === "claim"
          ? "Claims"
          : phase === "over"
            ? "Game over"
            : phase;
    const info = el(
      "p",
      { class: "bj-info" },
      `Round ${roundNo} · ${phaseText}`,
      el("span", { class: "bj-piles" }, ` · Stack: ${stackCount} · Discard: ${discard.length}`),
      firstToBid !== undefined
        ? el("span", { class: "bj-first" }, ` · First to bid: ${this.name(firstToBid)}`)
        : "",
      phase === "auction" && high !== null
        ? el("span", { class: "bj-high" }, ` · High bid: ${this.name(high)}, ${worth(high)}`)
        : "",
    );

    const slotArea = el(
      "div",
      { class: "bj-slots", role: "group", "aria-label": "The lots" },
      ...slots.map((cards, i) => {
        const current = phase === "auction" && i === lot;
        const fig = el(
          "figure",
          { class: `bj-slot${current ? " current" : ""}`, "data-slot": String(i) },
          cardRow(cards, `Lot ${i + 1}`, slotHidden[i] ?? 0),
          el(
            "figcaption",
            {},
            `Lot ${i + 1}`,
            ...(current ? [" ▶", el("span", { class: "up" }, " up for auction")] : []),
          ),
        );
        if (current) fig.setAttribute("aria-current", "true");
        return fig;
      }),
      el(
        "figure",
        { class: "bj-slot discard" },
        discard.length
          ? cardRow(discard.slice(-1), "Top of the discard pile")
          : el("div", { class: "pile-empty" }, "empty"),
        el("figcaption", {}, `Discard: ${discard.length}`),
      ),
    );

    const players = el(
      "ul",
      { class: "bj-players", "aria-label": "The players" },
      ...counts.map((n, p) => {
        const tags: string[] = [];
        if (phase === "auction" && high === p) tags.push("HIGH BID");
        if (phase === "auction" && passed[p]) tags.push("passed");
        if (winners.includes(p)) tags.push("WINNER");
        if (p === obs.turn) tags.push("to act");
        const bid = bids[p] ?? [];
        const item = el(
          "li",
          { class: "bj-player", "data-seat": String(p) },
          el(
            "div",
            { class: "bj-head" },
            el("strong", {}, this.name(p)),
            ` · ${n} in hand `,
            tokenStrip(tokenCounts(tokens[p]), this.name(p)),
            tags.length ? el("span", { class: "tags" }, ` [${tags.join(", ")}]`) : "",
          ),
        );
        if (bid.length) {
          // A bid being raised is not made until it stands again: its worth so far, said so.
          const laying = p === obs.turn && laidNow.length > 0;
          item.append(
            el(
              "div",
              { class: "bj-line" },
              `Bid (${laying ? `raising: ${worth(p)} laid so far` : worth(p)}): `,
              cardRow(bid, `${this.name(p)}'s bid`),
            ),
          );
        }
        if ((won[p] ?? []).length)
          item.append(el("div", { class: "bj-line" }, "Won: ", cardRow(won[p] ?? [], `${this.name(p)} won`)));
        if (p === obs.turn && claimToken)
          item.append(
            el(
              "div",
              { class: "bj-line" },
              `Claiming ${claimToken}: `,
              claimCards.length ? cardRow(claimCards, "Cards laid for the claim") : "no card yet",
            ),
          );
        if (p !== obs.seat && (known[p] ?? []).length)
          item.append(
            el(
              "div",
              { class: "bj-line" },
              "Known in hand: ",
              cardRow(known[p] ?? [], `${this.name(p)}: cards known`),
            ),
          );
        if (high === p && phase === "auction") item.classList.add("high");
        if (passed[p] && phase === "auction") item.classList.add("passed");
        if (p === obs.turn) item.classList.add("to-act");
        return item;
      }),
    );

    const hand = obs.hand ?? [];
    const usable = new Set(obs.legal.map((a) => actionCard(a.text)).filter((c): c is string => c !== null));
    const handArea = el(
      "div",
      { class: "hand", role: "group", "aria-label": "Your hand: select a card to see its moves" },
      ...hand.map((text, i) => {
        const card = el("button", {
          type: "button",
          class: "card",
          "aria-pressed": String(this.selected === i),
          "data-card": text,
        });
        if (yours && !usable.has(text)) card.classList.add("unusable");
        // named by its picture, then what the view adds in words (visible text stays part of the name)
        card.append(decktetSvg(text));
        if (yours && !usable.has(text)) card.append(el("span", { class: "visually-hidden" }, " (no move)"));
        card.addEventListener("click", () => {
          this.selected = this.selected === i ? null : i;
          this.draw();
          this.root.querySelector<HTMLElement>(`.hand .card:nth-child(${i + 1})`)?.focus();
        });
        return card;
      }),
    );
    const chosen = this.selected === null ? undefined : hand[this.selected];
    const offered = chosen === undefined ? [] : actionsForCard(obs.legal, chosen);
    const why = el("p", { class: "why" });
    if (chosen !== undefined && offered.length === 0) {
      why.setAttribute("role", "alert");
      why.textContent = `No legal move uses ${decktetShort(chosen)}.`;
    } else if (yours && chosen === undefined && usable.size > 0) {
      why.textContent =
        phase === "claim"
          ? "Select a card to lay it into the claim."
          : "Select a card to lay it into your bid.";
    }
    const actions = el(
      "div",
      { class: "actions", role: "group", "aria-label": "Your actions" },
      ...(yours ? cardlessActions(obs.legal) : []).map((a) =>
        this.actionButton(a, phase, a.text === "stand", false, myBid),
      ),
      ...offered.map((a) => this.actionButton(a, phase, true, true)),
    );
    const over =
      phase === "over"
        ? el(
            "p",
            { class: "hint" },
            winners.length
              ? `${winners.map((w) => this.name(w)).join(" and ")} won${obs.hit_round_limit ? " (the round limit was reached)" : ""}.`
              : "The game is over.",
          )
        : null;
    this.players ??= new Folding(counts.length <= 5 && window.matchMedia("(min-width: 56rem)").matches);
    const claiming =
      claimToken && obs.turn !== null
        ? el(
            "div",
            { class: "bj-claim" },
            `${this.name(obs.turn)} claiming ${claimToken}: `,
            claimCards.length ? cardRow(claimCards, "Cards laid for the claim") : "no card yet",
          )
        : null;
    const middle = el(
      "div",
      { class: "middle" },
      info,
      slotArea,
      ...(claiming ? [claiming] : []),
      this.players.details("players-detail", "Bids, lots won and cards known", players),
    );
    const drawing = el(
      "div",
      { class: "view-drawing boojum" },
      middle,
      el(
        "div",
        { class: "notes" },
        el("p", { class: "reason", "aria-live": "polite" }, this.reason),
        ...(over ? [over] : []),
      ),
      handArea,
      why,
      actions,
    );
    this.drawing.replaceWith(drawing);
    this.drawing = drawing;
  }

  /** An action's button; ``exact``: it lays the selected card (Enter makes it: keys.ts); ``bid``: the worth
   * of the viewer's bid, for the stand. */
  private actionButton(
    a: LegalAction,
    phase: string,
    strong: boolean,
    exact = false,
    bid = "",
  ): HTMLButtonElement {
    const label = actionLabel(a.text, phase, bid);
    return button(label, () => this.act(a.text), {
      "data-action": a.text,
      "aria-label": label,
      class: strong ? "exact" : "",
      ...(exact ? { "data-exact": "" } : {}),
    });
  }
}

/**
 * A Boojum lot as the board names it, from the event's text: the rules write ``slot N`` (numbered from 1, kept
 * as records and golden tests hold it), the board shows "Lot N", so the log says "lot N"; null for other texts.
 */
export function lotName(text: string): string | null {
  const slot = /^slot (\d+)$/.exec(text);
  return slot ? `lot ${slot[1]}` : null;
}

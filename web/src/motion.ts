/**
 * Movement at the table, drawn from a frame's newest events: a play flies from the seat that made it to the middle,
 * a trick won is gathered to its winner, the deal sends cards to each seat, an exchange passes cards between two
 * seats, a Gin Bummy discard or draw goes to or from its pile, a Boojum lot won goes to its winner. The movement
 * is decoration: the board already shows the new frame when it starts, and the cards that fly are copies made on
 * a layer of their own (aria-hidden, no pointer events), removed when they land. A card flies face up only when the
 * event shows it to this viewer (``cards``), else face down. With ``prefers-reduced-motion: reduce`` nothing moves.
 */

import { cardSvg, isCard } from "./cards";
import { decktetSvg, isDecktet } from "./decktet";
import { el } from "./dom";
import type { GameEvent, StateMessage } from "./protocol";

/** How long a card takes to fly (ms), and the pause between the cards of a deal. */
const FLIGHT = 420;
const STAGGER = 45;
/** At most this many cards fly for one event (a deal of 14 is shown by a few). */
const MOST = 4;

/** The frame's events that move something, told of the frame's own latest action. */
export function movingEvents(frame: StateMessage): GameEvent[] {
  const moving = new Set(["play", "trick", "deal", "give", "discard", "draw", "bid", "lay", "lot"]);
  return frame.events.filter((e) => e.step === frame.step && moving.has(e.kind));
}

/**
 * Whether a frame's events are news to move: the frame follows the one before by one action (a page opened or
 * reconnected is sent the log so far, which is not moved again), or it is the table's very start (the deal).
 */
export function isLive(before: number | null, frame: StateMessage): boolean {
  return before === null ? frame.step === 0 : frame.step === before + 1;
}

/** Whether the person asked for less motion (then nothing moves). */
export function reducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

interface Snapshot {
  rect: DOMRect;
  cards: Element[];
}

export class Motion {
  private layer: HTMLElement | null = null;
  /** The middle's cards as drawn before the latest frame (a trick won, a lot won fly from there). */
  private trick: Snapshot[] = [];
  private lots = new Map<number, Snapshot>();

  /** ``board``: the table (the seats `.seat[data-seat]` and the view's middle are drawn in it). */
  constructor(private readonly board: HTMLElement) {}

  /** Before a frame is drawn: where the cards on the table lie now (read only when the frame may move them). */
  before(live: boolean): void {
    if (!live || reducedMotion() || document.hidden) return;
    this.trick = [...this.board.querySelectorAll(".trick .play")].map(snapshot);
    this.lots = new Map(
      [...this.board.querySelectorAll<HTMLElement>(".bj-slot[data-slot]")].map((fig) => [
        Number(fig.dataset.slot),
        snapshot(fig),
      ]),
    );
  }

  /** After a frame is drawn: move what its newest events tell (``live``: see ``isLive``). */
  after(frame: StateMessage, live: boolean): void {
    if (!live || reducedMotion() || document.hidden) return;
    let dealt = 0;
    let gives = 0;
    for (const e of movingEvents(frame)) {
      const seat = e.player === null ? null : this.seat(e.player);
      const cards = Array.isArray(e.cards) ? (e.cards as unknown[]) : [];
      const shown = cards.filter((c): c is string => typeof c === "string" && (isCard(c) || isDecktet(c)));
      const count = typeof e.count === "number" ? e.count : shown.length;
      switch (e.kind) {
        case "play":
          if (seat) this.toPlay(seat, e.player ?? -1);
          break;
        case "trick":
          if (seat) for (const s of this.trick) this.fly(s.cards, s.rect, rect(seat), 0, "move-gather", true);
          break;
        case "deal": {
          // from the middle to the seat dealt to (cards dealt onto the table's lots stay there)
          const middle = this.middle();
          if (seat && middle)
            this.fly(faces(shown, count), rect(middle), rect(seat), dealt++ * STAGGER, "move-deal", true);
          break;
        }
        case "give": {
          const from = seat;
          const to = typeof e.to === "number" ? this.seat(e.to) : null;
          // after the deal (the exchange comes once the cards are in hand)
          const delay = dealt * STAGGER + FLIGHT + gives++ * 2 * STAGGER;
          if (from && to) this.fly(faces(shown, count), rect(from), rect(to), delay, "move-give");
          break;
        }
        case "discard": {
          const beg = this.board.querySelector(".pile.beg");
          if (seat && beg) this.fly(faces(shown, count), rect(seat), rect(beg), 0, "move-discard");
          break;
        }
        case "draw": {
          const pile = this.board.querySelector(e.text.includes("beg") ? ".pile.beg" : ".pile.stock");
          if (seat && pile) this.fly(faces(shown, count), rect(pile), rect(seat), 0, "move-draw");
          break;
        }
        case "bid":
        case "lay": {
          const middle = this.middle();
          if (seat && middle) this.fly(faces(shown, count), rect(seat), rect(middle), 0, "move-bid", true);
          break;
        }
        case "lot": {
          const slot = /^slot (\d+)$/.exec(e.text);
          const from = slot ? this.lots.get(Number(slot[1]) - 1) : undefined;
          if (seat && from) this.fly(from.cards, from.rect, rect(seat), 0, "move-lot", true);
          break;
        }
      }
    }
  }

  private seat(player: number): Element | null {
    return this.board.querySelector(`.seat[data-seat="${player}"]`);
  }

  private middle(): Element | null {
    return this.board.querySelector(".middle");
  }

  /** A play: its cards, now in the middle, fly there from the seat (the drawn play shows when they land). */
  private toPlay(seat: Element, player: number): void {
    const plays = this.board.querySelectorAll<HTMLElement>(`.trick .play[data-player="${player}"]`);
    const play = plays[plays.length - 1];
    if (!play) return;
    const cards = [...play.querySelectorAll(".card-face")];
    if (cards.length === 0) return; // a pass moves nothing
    this.fly(cards, rect(seat), rect(play), 0, "move-play");
    play.animate([{ opacity: 0 }, { opacity: 0, offset: 0.95 }, { opacity: 1 }], {
      duration: FLIGHT,
      id: "move-play-landing",
    });
  }

  /** Copies of ``cards`` fly from ``from`` to ``to`` (``fade``: they fade as they land, gathered away). */
  private fly(cards: Element[], from: DOMRect, to: DOMRect, delay: number, id: string, fade = false): void {
    const layer = this.ensureLayer();
    const group = el("div", { class: "flying", "data-move": id });
    for (const card of cards.slice(0, MOST)) {
      const copy = card.cloneNode(true) as Element;
      copy.removeAttribute("id");
      group.append(copy);
    }
    layer.append(group);
    const size = group.getBoundingClientRect();
    const start = centre(from, size);
    const end = centre(to, size);
    group.style.left = `${start.x}px`;
    group.style.top = `${start.y}px`;
    const animation = group.animate(
      [
        { transform: "translate(0, 0) scale(0.9)", opacity: 1 },
        {
          transform: `translate(${end.x - start.x}px, ${end.y - start.y}px) scale(${fade ? 0.5 : 1})`,
          opacity: fade ? 0 : 1,
        },
      ],
      { duration: FLIGHT, delay, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards", id },
    );
    const done = (): void => group.remove();
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
  }

  private ensureLayer(): HTMLElement {
    if (this.layer === null || !this.layer.isConnected) {
      this.layer = el("div", { class: "motion-layer", "aria-hidden": "true" });
      document.body.append(this.layer);
    }
    return this.layer;
  }
}

function rect(node: Element): DOMRect {
  return node.getBoundingClientRect();
}

function snapshot(node: Element): Snapshot {
  return { rect: rect(node), cards: [...node.querySelectorAll(".card-face, .decktet, .dk-back")] };
}

/** Where a box of ``size`` stands centred on ``on``. */
function centre(on: DOMRect, size: DOMRect): { x: number; y: number } {
  return { x: on.left + on.width / 2 - size.width / 2, y: on.top + on.height / 2 - size.height / 2 };
}

/** The cards to fly for an event: those it shows this viewer, else ``count`` backs (a few at most). */
function faces(shown: string[], count: number): Element[] {
  if (shown.length > 0) return shown.slice(0, MOST).map((c) => (isCard(c) ? cardSvg(c) : decktetSvg(c)));
  return Array.from({ length: Math.min(Math.max(count, 1), MOST) }, () =>
    el("span", { class: "flying-back" }),
  );
}

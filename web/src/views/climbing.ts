/**
 * The climbing games (The Bum Game, President, Arsehole, Zheng Shangyou): the trick on the table, the hand sorted
 * as the server sent it, cards selected by clicking (or Space on a focused card; keys.ts), and the legal plays that
 * use the selection offered as buttons; pass and other card-less actions always shown. Above them, what is happening
 * (climbing_news.ts): the hand's revolution or exchange and the latest trick won, player out or hand's end, in words,
 * in a live region kept across frames (only its lines change, so it is announced once per change).
 */

import { cardSvg, shortCard } from "../cards";
import { LogWriter } from "../log_words";
import { button, el } from "../dom";
import { seatName } from "./common";
import { ClimbingNews, inForceLines } from "./climbing_news";
import type { ClimbingRules } from "../rules";
import "./climbing.css";
import { cardlessActions, noPlayText, playsUsing } from "../plays";
import type { StateMessage } from "../protocol";
import type { FamilyView } from "./view";

interface TrickEntry {
  player: number;
  action: string;
  cards: string[];
}

export class ClimbingView implements FamilyView {
  private selected = new Set<number>();
  private lastStep = -1;
  private state: StateMessage | null = null;
  private act: (text: string) => void = () => {};
  private reason = "";
  private readonly news: ClimbingNews;
  private readonly newsBox = el("section", {
    class: "news",
    role: "status",
    "aria-live": "polite",
    "aria-label": "What is happening",
    hidden: "",
  });
  private newsShown = "";
  private body = el("div", { class: "view-drawing climbing" });
  /** The latest event in words ("P3 passes."), as the log writes it. */
  private readonly writer: LogWriter;

  /** ``rules``: the table's, for the news and the rules in force that end a trick or turn play round. */
  constructor(
    root: HTMLElement,
    private readonly rules: ClimbingRules,
  ) {
    this.news = new ClimbingNews(rules);
    this.writer = new LogWriter("climbing", (seat) => seatName(this.state, seat), {
      ...(rules.roles[0] ? { topRole: rules.roles[0] } : {}),
      ...(rules.wipeCard ? { wipeCard: rules.wipeCard } : {}),
    });
    root.append(this.newsBox, this.body);
  }

  /** A seat's place at the table: a pass since its last play in this trick, or its place once out. */
  seatNotes(seat: number): (Node | string)[] {
    const obs = this.state?.observation;
    if (!obs) return [];
    const notes: (Node | string)[] = [];
    const finished = (obs.finished as number[] | undefined) ?? [];
    const place = finished.indexOf(seat);
    if (place >= 0) notes.push(el("span", { class: "seat-tag out" }, `out ${ordinal(place + 1)}`));
    const trick = (obs.trick as TrickEntry[] | undefined) ?? [];
    const last = [...trick].reverse().find((t) => t.player === seat);
    if (last && last.cards.length === 0) notes.push(el("span", { class: "seat-tag passed" }, "passed"));
    return notes;
  }

  render(state: StateMessage, act: (text: string) => void): void {
    if (state.step !== this.lastStep) this.selected.clear();
    this.lastStep = state.step;
    // the same frame drawn again (the table's names changed): its events are told already
    const fresh = state !== this.state;
    this.state = state;
    this.act = act;
    if (fresh) {
      for (const e of state.events) {
        const line = this.writer.line(e);
        if (e.kind !== "deal") this.reason = line;
      }
      this.news.add(state);
    }
    this.drawNews(state);
    this.draw();
  }

  /** The news lines, redrawn only when they change (the box stays, so assistive technology hears each once). */
  private drawNews(state: StateMessage): void {
    const name = (seat: number): string => seatName(state, seat);
    const hand = this.news.handLines(name, state);
    const now = this.news.momentLines(name);
    const shown = JSON.stringify([hand, now]);
    if (shown === this.newsShown) return;
    this.newsShown = shown;
    this.newsBox.replaceChildren(
      ...hand.map((line) => el("p", { class: "news-hand" }, line)),
      ...now.map((line) => el("p", { class: "news-now" }, line)),
    );
    this.newsBox.hidden = hand.length + now.length === 0;
  }

  /** What the seat is asked to do now, in words (the exchange, a revolution), and the table's state of play. */
  private prompt(state: StateMessage): string[] {
    const obs = state.observation;
    const yours = obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;
    const lines: string[] = [];
    const give = (obs.give_count as number | undefined) ?? 0;
    if (yours && obs.phase === "exchange" && give > 0) {
      lines.push(`Choose ${give} card${give === 1 ? "" : "s"} to give, then the play that gives them.`);
    }
    if (yours && obs.phase === "revolution") lines.push("You may declare a revolution: the roles turn over.");
    if (obs.inverted === true) lines.push("Ranking reversed: each play must rank lower.");
    if (obs.direction === -1) lines.push("Play goes the other way round the table.");
    return lines;
  }

  private draw(): void {
    const state = this.state;
    if (!state) return;
    const obs = state.observation;
    const trick = (obs.trick as TrickEntry[] | undefined) ?? [];
    // the plays on the table, the latest on top of the pile (a pass is shown at its seat)
    const plays = trick.filter((t) => t.cards.length > 0);
    const trickArea = el(
      "div",
      { class: "trick", role: "group", "aria-label": "The trick" },
      ...(plays.length === 0
        ? [el("p", { class: "empty" }, "No cards on the table.")]
        : plays.map((t, i) =>
            el(
              "figure",
              { class: `play${i === plays.length - 1 ? " top" : ""}`, "data-player": String(t.player) },
              el("div", { class: "cards" }, ...t.cards.map((c) => cardSvg(c))),
              el("figcaption", {}, `${seatName(state, t.player)}: ${t.action}`),
            ),
          )),
    );
    const hand = obs.hand ?? [];
    const yours = obs.seat !== null && obs.turn === obs.seat;
    const handArea = el(
      "div",
      { class: "hand", role: "group", "aria-label": "Your hand: select cards to play" },
      ...hand.map((text, i) => {
        const card = el("button", {
          type: "button",
          class: "card",
          "aria-pressed": String(this.selected.has(i)),
          "data-card": text,
        });
        card.append(cardSvg(text));
        card.addEventListener("click", () => {
          if (this.selected.has(i)) this.selected.delete(i);
          else this.selected.add(i);
          this.draw();
          this.body.querySelector<HTMLElement>(`.hand .card:nth-child(${i + 1})`)?.focus();
        });
        return card;
      }),
    );
    const chosen = [...this.selected].map((i) => hand[i]).filter((c): c is string => c !== undefined);
    const { exact, more } = playsUsing(obs.legal, chosen);
    const offered = chosen.length === 0 ? [] : [...exact, ...more];
    const top = [...trick].reverse().find((t) => t.cards.length > 0); // the play to beat: passes hold no cards
    const why =
      chosen.length > 0 && offered.length === 0
        ? el(
            "p",
            { class: "why", role: "alert" },
            noPlayText(
              chosen,
              yours && obs.legal.length > 0,
              top ? `${top.action} (${top.cards.map(shortCard).join(" ")})` : null,
              obs.legal.some((a) => a.text === "pass"),
            ),
          )
        : el("p", { class: "why" });
    const actions = el(
      "div",
      { class: "actions", role: "group", "aria-label": "Your actions" },
      ...offered.map((a) =>
        button(a.text, () => this.act(a.text), {
          "data-action": a.text,
          class: exact.includes(a) ? "exact" : "",
          ...(exact.includes(a) ? { "data-exact": "" } : {}),
        }),
      ),
      ...(yours ? cardlessActions(obs.legal) : []).map((a) =>
        button(a.text, () => this.act(a.text), { "data-action": a.text }),
      ),
    );
    const notes = el(
      "div",
      { class: "notes reason", "aria-live": "polite" },
      ...(this.reason ? [el("p", { class: "last-event" }, this.reason)] : []),
      ...this.prompt(state).map((line) => el("p", { class: "prompt" }, line)),
    );
    // A new body each time (the news box beside it stays): the page's tests see a drawing made anew.
    const inForce = inForceLines(this.rules);
    const rulesLine = inForce.length
      ? [el("p", { class: "in-force" }, `In force: ${inForce.join(" ")}`)]
      : [];
    const middle = el("div", { class: "middle" }, trickArea, ...rulesLine);
    const body = el("div", { class: "view-drawing climbing" }, middle, notes, handArea, why, actions);
    this.body.replaceWith(body);
    this.body = body;
  }
}

/** "1st", "2nd", "3rd", "4th"... "11th", "12th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

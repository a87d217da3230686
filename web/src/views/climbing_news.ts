/**
 * The climbing games' happenings in words, told from the viewer's own events (never anything hidden from it): the
 * hand's set-up (a revolution and who was dealt which Jokers, the exchange as this viewer saw it, an exchange called
 * off) and what just happened at the table (a trick won and why: passes, four of a value, the wipe card; a player
 * going out and their place; a play of the reverse card; the hand's and the match's end). The table's rules
 * (rules.ts) name what the events leave out: the wipe card, the points of a place, all the Jokers, the roles whose
 * Jokers call the exchange off, the reverse card, and which of these are in force at all. Pure: the view draws the
 * lines (views/climbing.ts).
 */

import { shortCard } from "../cards";
import type { GameEvent, StateMessage } from "../protocol";
import type { ClimbingRules } from "../rules";

/** How the view names a seat ("You" for the viewer). */
export type Namer = (seat: number) => string;

/** The event kinds that say what just happened at the table (the latest step's are shown together). */
const MOMENTS = new Set(["trick", "out", "hand-over", "game-over"]);

const RANK_PLURALS: Record<string, string> = { J: "jacks", Q: "queens", K: "kings", A: "aces", JK: "Jokers" };

/** "1st", "2nd", "3rd", "4th", "11th", "21st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** A rank said of several cards: "6s", "10s", "queens", "Jokers". */
export function rankPlural(rank: string): string {
  return RANK_PLURALS[rank] ?? `${rank}s`;
}

/** The verb agreeing with the name: "You win", "P2 wins". */
function verb(who: string, third: string, second: string): string {
  return who === "You" ? second : third;
}

/** The name inside a sentence ("you", not "You"). */
function inner(who: string): string {
  return who === "You" ? "you" : who;
}

const NUMBER_WORDS = ["no", "a", "two", "three", "four", "five", "six"];

/**
 * Jokers shown by a revolution: "two Jokers", "a Joker", "the red and the black Joker"; "both Jokers" (or "all
 * three") when they are all the deck's ``total``.
 */
export function jokerWords(cards: string[], count: number, total = 0): string {
  const n = cards.length || count;
  if (n > 1 && n === total) return n === 2 ? "both Jokers" : `all ${NUMBER_WORDS[n] ?? n} Jokers`;
  const colours = cards.map((c) => (c === "RJ" ? "red" : c === "BJ" ? "black" : ""));
  if (cards.length > 0 && colours.every((c) => c !== "")) {
    return n === 1 ? `the ${colours[0]} Joker` : `the ${colours.join(" and the ")} Joker`;
  }
  return n === 1 ? "a Joker" : `${NUMBER_WORDS[n] ?? n} Jokers`;
}

/** The first card a play event showed (the wipe card is played alone). */
function playedCard(play: GameEvent | null): string | undefined {
  return Array.isArray(play?.cards) ? (play.cards as string[])[0] : undefined;
}

/** A seat with its role, if known: "P1, the Worker," / "P1". */
function withRole(who: string, role: string | undefined): string {
  return role ? `${who}, the ${role},` : who;
}

/**
 * A revolution: who held which Jokers (as the event showed them), declared or dealt, and that the roles turn
 * over. ``oldRole`` is the holder's role as dealt, ``nowRole`` the viewer's role after it, where known.
 */
export function revolutionLine(
  event: GameEvent,
  name: Namer,
  oldRole?: string,
  nowRole?: string,
  totalJokers = 0,
): string {
  const who = event.player === null ? "A player" : name(event.player);
  const cards = Array.isArray(event.cards) ? (event.cards as string[]) : [];
  const jokers = jokerWords(cards, typeof event.count === "number" ? event.count : 0, totalJokers);
  const how =
    event.text === "declared"
      ? `${verb(who, "declares", "declare")} it, holding ${jokers}`
      : `${verb(who, "was", "were")} dealt ${jokers}`;
  const now = nowRole ? ` You are now the ${nowRole}.` : "";
  return `Revolution! ${withRole(who, oldRole)} ${how}: the roles turn over.${now}`;
}

/**
 * The exchange called off by the deal: who held the Jokers, where the event names them; else, with the rules, the
 * roles whose Jokers call it off ("the Worker or the Bum was dealt two or more Jokers").
 */
export function noExchangeLine(event: GameEvent, name: Namer, role?: string, rules?: ClimbingRules): string {
  if (event.player === null) {
    const who = (rules?.exchangeCancelTriggers ?? [])
      .map(([r, k]) =>
        rules?.roles[r] ? `the ${rules.roles[r]} was dealt ${NUMBER_WORDS[k] ?? k} or more Jokers` : "",
      )
      .filter((w) => w !== "");
    return who.length
      ? `No exchange this hand: ${who.join(" or ")}.`
      : "No exchange this hand: Jokers dealt to a player call it off.";
  }
  const who = name(event.player);
  return `No exchange this hand: ${withRole(who, role)} ${verb(who, "was", "were")} dealt Jokers that call it off.`;
}

const GIVEN_WHY: Record<string, string> = { best: " (the best held)", lowest: " (the lowest held)" };

/** One pass of the exchange as this viewer saw it: its cards where the viewer gave or got them, else the count. */
export function giveText(event: GameEvent, name: Namer): string {
  const giver = event.player === null ? "A player" : name(event.player);
  const to = typeof event.to === "number" ? inner(name(event.to)) : "another player";
  const cards = Array.isArray(event.cards) ? (event.cards as string[]) : [];
  if (cards.length > 0) {
    return `${giver} gave ${to} ${cards.map(shortCard).join(" ")}${GIVEN_WHY[event.text] ?? ""}`;
  }
  const n = typeof event.count === "number" ? event.count : 0;
  return `${giver} gave ${n} card${n === 1 ? "" : "s"} to ${to}`;
}

/** The whole exchange so far, one line: "Exchange: You gave P3 7♣ 8♦; P3 gave you A♠ 2♥ (the best held)." */
export function exchangeLine(gives: GameEvent[], name: Namer): string {
  return `Exchange: ${gives.map((g) => giveText(g, name)).join("; ")}.`;
}

/**
 * A trick won, and why: passes, a play nobody was left to answer, four of a value (of the event's ``rank``), the
 * wipe card. ``play`` is the play that ended it (for the wipe card), ``lead`` the lead that followed (another
 * player leads when the winner is out of cards; undefined: not said here, as in the log, where the lead is a line
 * of its own).
 */
export function trickLine(
  event: GameEvent,
  name: Namer,
  play: GameEvent | null,
  lead: GameEvent | null | undefined,
  wipeCard?: string,
): string {
  const winner = event.player === null ? "Nobody" : name(event.player);
  let why: string;
  if (event.text === "four-of-a-value") {
    const rank = event.rank ?? null;
    why = rank ? `Four ${rankPlural(rank)} in a row end the trick` : "Four of a value end the trick";
  } else if (event.text === "wipe") {
    const card = wipeCard ?? playedCard(play);
    why = `${card ? shortCard(card) : "The wipe card"} ends the trick at once`;
  } else if (event.text === "sat-out") {
    why = "Everyone else had passed in this trick, so nobody can answer";
  } else {
    why = "Nobody beat it, everyone else passed";
  }
  const wins = `${winner} ${verb(winner, "wins", "win")}`;
  if (lead === undefined) return `${why}: ${wins} the trick.`; // who leads next is told apart (the log)
  if (lead !== null && lead.player !== null && lead.player !== event.player) {
    const leader = name(lead.player);
    const is = verb(winner, "is", "are");
    return `${why}: ${wins} the trick, but ${is} out of cards, so ${inner(leader)} ${verb(leader, "leads", "lead")}.`;
  }
  return `${why}: ${wins} the trick and ${verb(winner, "leads", "lead")} the next.`;
}

/** A player going out (or left holding cards at the end) and their place, with its points where known. */
export function outLine(event: GameEvent, name: Namer, wipeCard?: string, points?: number): string {
  const who = event.player === null ? "A player" : name(event.player);
  const place = typeof event.count === "number" ? event.count : 0;
  const scored = points === undefined ? "" : ` (${points} point${points === 1 ? "" : "s"})`;
  if (event.text === "wipe-card") {
    const card = wipeCard ? shortCard(wipeCard) : "the wipe card";
    return `${who} ${verb(who, "goes", "go")} out on ${card}, and so ${verb(who, "finishes", "finish")} last: ${ordinal(place)}${scored}.`;
  }
  if (event.text === "left")
    return `${who} ${verb(who, "is", "are")} left holding cards: ${ordinal(place)}${scored}.`;
  return `${who} ${verb(who, "goes", "go")} out ${ordinal(place)}${scored}.`;
}

/** The ranks of the cards a play's text names ("seq 7 2=8 9" -> 7 2 9: a wild card is its own rank). */
export function cardRanks(playText: string): string[] {
  return playText
    .trim()
    .split(/\s+/)
    .slice(1)
    .map((w) => w.split("=")[0] ?? w);
}

/** "a" or "an" before a rank as it is read aloud ("an 8", "an A", "a 10"). */
function article(rank: string): string {
  return rank === "8" || rank === "A" ? "an" : "a";
}

const REVERSED: Record<ClimbingRules["reverses"], string> = {
  direction: "play now goes the other way round the table",
  ranking: "the ranking turns over: each play must now rank lower, until it turns again",
  both: "play goes the other way round, and the ranking turns over",
};

/** A play holding the reverse card, and what it turns round. */
export function reverseLine(play: GameEvent, name: Namer, rules: ClimbingRules): string {
  const who = play.player === null ? "A play" : name(play.player);
  const played = `${who} ${verb(who, "plays", "play")} ${article(rules.reverseCard)} ${rules.reverseCard}`;
  return `${played}: ${REVERSED[rules.reverses]}.`;
}

/** The rules in force that end a trick or turn play round, in words (none: []). */
export function inForceLines(rules: ClimbingRules): string[] {
  const lines: string[] = [];
  if (rules.fourOfAValue) lines.push("Four cards of one value in a row end the trick.");
  if (rules.wipeCard) {
    const last = rules.wipeLastLoses ? ", and going out on it finishes last" : "";
    lines.push(`${shortCard(rules.wipeCard)} ends a trick at once${last}.`);
  }
  if (rules.reverseCard) {
    const what = {
      direction: "the direction of play",
      ranking: "the ranking",
      both: "the direction and the ranking",
    };
    const a = article(rules.reverseCard);
    lines.push(
      `${a.charAt(0).toUpperCase()}${a.slice(1)} ${rules.reverseCard} played reverses ${what[rules.reverses]}.`,
    );
  }
  return lines;
}

/** "hand 1: P0 +3, P2 +2" -> "Hand 1 is over: You +3, P2 +2." */
export function handOverLine(text: string, name: Namer): string {
  const [head = "", order = ""] = text.split(": ");
  const named = order.replace(/\bP(\d+)\b/g, (_, n: string) => name(Number(n)));
  return `${head.charAt(0).toUpperCase()}${head.slice(1)} is over${named ? `: ${named}` : ""}.`;
}

const GAME_REASONS: Record<string, string> = {
  target: "reaching the target",
  rounds: "the last hand was played",
};

/** The match's end: who won and why. */
export function gameOverLine(event: GameEvent, name: Namer): string {
  const why = GAME_REASONS[event.text] ?? event.text;
  if (event.player === null) return `The match is over (${why}).`;
  const who = name(event.player);
  return `The match is over: ${who} ${verb(who, "wins", "win")} (${why}).`;
}

interface Moment {
  event: GameEvent;
  play: GameEvent | null;
  lead: GameEvent | null;
}

const JOKERS = new Set(["JK", "RJ", "BJ"]);

/** What the hand's set-up phase has told: the exchange or the first lead means every revolution choice is made. */
const SET_UP_DONE = new Set(["lead", "give", "no-exchange"]);

/**
 * The viewer's events folded into what the view says: the hand's set-up (kept until the next deal) and the moments
 * of the latest step that had any. Every line follows from the events and the rules, so a page refreshed mid-hand
 * (whose first frame brings every event again) says the same. A revolution this viewer chose not to declare is a
 * private choice no event tells of: it is read from the viewer's own frames as they come (said at once) and, once
 * the hand is set up, from its own dealt Jokers, its role and the rules (said again after a refresh).
 */
export class ClimbingNews {
  private revolution: GameEvent | null = null;
  private noExchange: GameEvent | null = null;
  private gives: GameEvent[] = [];
  private declined = false;
  private dealtJokers = 0;
  private setUp = false;
  private moments: Moment[] = [];
  private lastPlay: GameEvent | null = null;
  private deciding = false;

  constructor(private readonly rules: ClimbingRules | null = null) {}

  /** Take one frame's events (and, for a revolution declined, the viewer's own phase before and after). */
  add(state: StateMessage): void {
    for (const e of state.events) this.take(e);
    const obs = state.observation;
    if (this.deciding && obs.phase !== "revolution" && !state.events.some((e) => e.kind === "revolution")) {
      this.declined = true;
    }
    this.deciding =
      obs.phase === "revolution" && obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;
  }

  private take(e: GameEvent): void {
    const cards = Array.isArray(e.cards) ? (e.cards as string[]) : [];
    switch (e.kind) {
      case "deal":
        this.revolution = null;
        this.noExchange = null;
        this.gives = [];
        this.declined = false;
        this.setUp = false;
        // only the viewer's own deal shows its cards
        if (cards.length) this.dealtJokers = cards.filter((c) => JOKERS.has(c)).length;
        return;
      case "revolution":
        this.revolution = e;
        break;
      case "no-exchange":
        this.noExchange = e;
        break;
      case "give":
        this.gives.push(e);
        break;
      case "play":
        this.lastPlay = e;
        if (this.rules?.reverseCard && cardRanks(e.text).includes(this.rules.reverseCard)) this.moment(e);
        return;
      case "lead": {
        const last = this.moments.at(-1);
        if (last && last.event.kind === "trick" && last.event.step === e.step && last.lead === null)
          last.lead = e;
        break;
      }
    }
    if (SET_UP_DONE.has(e.kind)) this.setUp = true;
    if (MOMENTS.has(e.kind)) this.moment(e);
  }

  private moment(e: GameEvent): void {
    if (this.moments[0]?.event.step !== e.step) this.moments = [];
    this.moments.push({ event: e, play: e.kind === "play" ? e : this.lastPlay, lead: null });
  }

  /** Whether the viewer's dealt Jokers let it declare a revolution, by its role as dealt and the rules. */
  private mayDeclare(role: string | undefined): boolean {
    const rules = this.rules;
    if (!rules || rules.revolutionDeclare !== "optional" || role === undefined) return false;
    const index = rules.roles.indexOf(role);
    return rules.revolutionTriggers.some(([r, k]) => r === index && this.dealtJokers >= k);
  }

  /** The hand's set-up: a revolution (or one declined), the exchange called off, the exchange as seen. */
  handLines(name: Namer, state: StateMessage): string[] {
    const obs = state.observation;
    const roles = (obs.roles as string[] | undefined) ?? [];
    const assigned = obs.roles_assigned !== false;
    const rev = obs.revolution as { player: number; old_roles: string[] } | null | undefined;
    const lines: string[] = [];
    if (this.revolution) {
      const p = this.revolution.player;
      const old = assigned && rev && p !== null && rev.player === p ? rev.old_roles[p] : undefined;
      const now = obs.seat !== null && assigned && rev ? roles[obs.seat] : undefined;
      lines.push(revolutionLine(this.revolution, name, old, now, this.rules?.jokers ?? 0));
    }
    const mine = obs.seat === null || !assigned ? undefined : roles[obs.seat];
    const declinedNow = !this.revolution && this.setUp && this.mayDeclare(mine);
    if (obs.seat !== null && (this.declined || declinedNow))
      lines.push(`${name(obs.seat)} did not declare a revolution.`);
    if (this.noExchange) {
      const p = this.noExchange.player;
      const role = p === null || !assigned ? undefined : roles[p];
      lines.push(noExchangeLine(this.noExchange, name, role, this.rules ?? undefined));
    }
    if (this.gives.length) lines.push(exchangeLine(this.gives, name));
    return lines;
  }

  /** What just happened: the moments of the latest step that had any (a trick won, players out, a hand's end). */
  momentLines(name: Namer): string[] {
    const rules = this.rules;
    const wipe = rules?.wipeCard || undefined;
    return this.moments.map(({ event, play, lead }) => {
      switch (event.kind) {
        case "play":
          return rules ? reverseLine(event, name, rules) : "";
        case "trick":
          return trickLine(event, name, play, lead, wipe);
        case "out": {
          const place = typeof event.count === "number" ? event.count : 0;
          return outLine(event, name, wipe ?? playedCard(play), rules?.points[place - 1]);
        }
        case "hand-over":
          return handOverLine(event.text, name);
        default:
          return gameOverLine(event, name);
      }
    });
  }
}

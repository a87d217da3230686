/**
 * Every event of every game in words, for the table's log, the replay and the view's "last move" line: never a
 * raw event kind or reason ("trick-winner", "target"), seats named as the page names them ("You", a player's
 * name, "P2"), cards with their suit symbols. Told only from the viewer's own events. A ``LogWriter`` keeps what
 * a line needs from the lines before it (the play that ended a trick, a tie in the cut).
 */

import { shortCard } from "./cards";
import type { GameEvent } from "./protocol";
import { decktetShort, eventLine as boojumLine, lotName } from "./views/boojum";
import {
  gameOverLine,
  giveText,
  handOverLine,
  noExchangeLine,
  outLine,
  revolutionLine,
  trickLine,
  type Namer,
} from "./views/climbing_news";
import { eventLine as ginLine } from "./views/gin_bummy";

export type Family = "climbing" | "gin-bummy" | "boojum" | "other";

/** Which family's words a game's events take, by the `table` message's `family`. */
export function familyOf(family: string): Family {
  return family === "climbing" || family === "gin-bummy" || family === "boojum" ? family : "other";
}

/** The kinds each view's own words cover (views/gin_bummy.ts, views/boojum.ts). */
const GIN_KINDS = new Set(["discard", "draw", "turn-over", "force", "starve", "bum", "lead", "game-over"]);
const BOOJUM_KINDS = new Set([
  "bid",
  "stand",
  "pass",
  "lot",
  "take-back",
  "build",
  "pick-up",
  "claims",
  "claim-start",
  "lay",
  "claim",
  "reshuffle",
  "round",
]);

/** What the log writer knows of the table's rules (the first role's name, the wipe card). */
export interface Wording {
  topRole?: string;
  wipeCard?: string;
}

/** "You pass", "P2 passes": the verb agrees with the seat named. */
function verb(who: string, third: string, second: string): string {
  return who === "You" ? second : third;
}

function cardsOf(event: GameEvent): string[] {
  return Array.isArray(event.cards) ? event.cards.filter((c): c is string => typeof c === "string") : [];
}

function plural(n: unknown, one: string, many = `${one}s`): string {
  const k = typeof n === "number" ? n : 0;
  return `${k} ${k === 1 ? one : many}`;
}

function sentence(text: string): string {
  const t = text.trim();
  if (t === "") return t;
  const first = `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  return /[.!?:)]$/.test(first) ? first : `${first}.`;
}

const LEADS: Record<string, (who: string) => string> = {
  "trick-winner": (who) => `${who} ${verb(who, "leads", "lead")} the next trick.`,
  "after-winner": (who) =>
    `${who} ${verb(who, "leads", "lead")}: the trick's winner is out of cards, and ${who === "You" ? "you are" : `${who} is`} next.`,
  "lead-card": (who) =>
    `${who} ${verb(who, "holds", "hold")} the lead card and ${verb(who, "leads", "lead")}.`,
  boss: (who) => `${who} ${verb(who, "leads", "lead")} the hand (the top role leads first).`,
  bum: (who) => `${who} ${verb(who, "leads", "lead")} the hand (the bottom role leads first).`,
  dealer: (who) => `${who} ${verb(who, "leads", "lead")} the hand (the dealer leads first).`,
  eldest: (who) => `${who} ${verb(who, "leads", "lead")} the hand (the player after the dealer leads first).`,
};

/** A climbing deal: the viewer's own cards, the others' counts. */
function dealWords(event: GameEvent, who: string): string {
  const cards = cardsOf(event);
  const hand = /^hand (\d+)$/.exec(event.text);
  const which = hand ? ` for hand ${hand[1]}` : "";
  if (cards.length)
    return `${who} ${verb(who, "is", "are")} dealt${which}: ${cards.map(shortCard).join(" ")}.`;
  return `${who} ${verb(who, "is", "are")} dealt ${plural(event.count, "card")}${which}.`;
}

/** The events of one table (or one replayed hand) in words, in order. */
export class LogWriter {
  private lastPlay: GameEvent | null = null;
  private cutRounds = 0;

  constructor(
    private readonly family: Family,
    private readonly name: Namer,
    private readonly wording: Wording = {},
  ) {}

  /** One event as a line of the log. */
  line(event: GameEvent): string {
    const text = this.words(event);
    if (event.kind === "play") this.lastPlay = event;
    return text;
  }

  private words(event: GameEvent): string {
    const who = event.player === null ? "" : this.name(event.player);
    switch (this.family) {
      case "climbing":
        return this.climbing(event, who);
      case "gin-bummy":
        return this.gin(event, who);
      case "boojum":
        return this.boojum(event, who);
      default:
        return this.shared(event, who);
    }
  }

  private climbing(event: GameEvent, who: string): string {
    const name = this.name;
    switch (event.kind) {
      case "deal":
        this.cutRounds = 0;
        return dealWords(event, who || "Everyone");
      case "cut": {
        const top = this.wording.topRole ?? "top role";
        const parts = [...event.text.matchAll(/P(\d+) ([^,\s]+)/g)].map(
          ([, seat, card]) => `${name(Number(seat))} ${shortCard(card ?? "")}`,
        );
        const label = this.cutRounds++ === 0 ? `Cut for the first ${top}` : "Tie, the tied players cut again";
        const end =
          event.player === null
            ? "a tie: the highest cut again"
            : `${who} ${verb(who, "cuts", "cut")} highest and ${verb(who, "is", "are")} the ${top}`;
        return `${label}: ${parts.join(", ")} — ${end}.`;
      }
      case "play": {
        const cards = cardsOf(event);
        const what = cards.length ? cards.map(shortCard).join(" ") : event.text;
        return `${who} ${verb(who, "plays", "play")} ${what}.`;
      }
      case "pass":
        return `${who} ${verb(who, "passes", "pass")}.`;
      case "trick":
        return trickLine(event, name, this.lastPlay, undefined, this.wording.wipeCard); // the lead is its own line
      case "out":
        return sentence(outLine(event, name, this.wording.wipeCard));
      case "lead": {
        const how = LEADS[event.text];
        return how ? how(who) : `${who} ${verb(who, "leads", "lead")}.`;
      }
      case "revolution":
        return revolutionLine(event, name);
      case "no-exchange":
        return noExchangeLine(event, name);
      case "give":
        return sentence(giveText(event, name));
      case "hand-over":
        return handOverLine(event.text, name);
      case "game-over":
        return gameOverLine(event, name);
      default:
        return this.shared(event, who);
    }
  }

  private gin(event: GameEvent, who: string): string {
    switch (event.kind) {
      case "cut": {
        const card = cardsOf(event)[0];
        const again = /round (\d+)/.exec(event.text);
        const cut = `${who} ${verb(who, "cuts", "cut")} ${card ? shortCard(card) : "a card"} for the deal`;
        return again ? `${cut} (tie: cut again, round ${again[1]}).` : `${cut}.`;
      }
      case "deal":
        return dealWords(event, who || "Everyone");
      default:
        return GIN_KINDS.has(event.kind) ? sentence(ginLine(event, this.name)) : this.shared(event, who);
    }
  }

  private boojum(event: GameEvent, who: string): string {
    const cards = cardsOf(event);
    switch (event.kind) {
      case "deal": {
        const lot = lotName(event.text);
        if (lot) return `A card is dealt face down onto ${lot}.`;
        if (cards.length)
          return `${who} ${verb(who, "is", "are")} dealt ${cards.map(decktetShort).join(", ")}.`;
        return `${who} ${verb(who, "is", "are")} dealt ${event.count === 1 ? "a card" : plural(event.count, "card")} face down.`;
      }
      case "draw":
        return cards.length
          ? `${who} ${verb(who, "draws", "draw")} ${cards.map(decktetShort).join(", ")}.`
          : `${who} ${verb(who, "draws", "draw")} a card.`;
      case "done":
        if (event.text === "nothing to claim") return `${who} ${verb(who, "has", "have")} nothing to claim.`;
        if (event.text === "nothing more to claim")
          return `${who} ${verb(who, "has", "have")} nothing more to claim.`;
        return `${who} ${verb(who, "is", "are")} done claiming.`;
      case "lot": {
        const lot = lotName(event.text) ?? "the lot";
        if (who === "") return `Nobody bid for ${lot}.`;
        const won = cards.length ? `: ${cards.map(decktetShort).join(", ")}` : "";
        return `${who} ${verb(who, "wins", "win")} ${lot}${won}.`;
      }
      case "build":
        return "Build: a card onto each lot, and to each player who won nothing.";
      case "round": {
        const round = /^round (\d+)$/.exec(event.text);
        return `${round ? `Round ${round[1]}` : "A new round"}: the lots' face-down cards are turned face up.`;
      }
      case "game-over":
        if (event.text === "round-limit")
          return "The game is over: the round limit was reached, and the most tokens win.";
        if (event.text === "tokens") {
          const won = who ? `${who} ${verb(who, "wins", "win")}: ` : "";
          return `The game is over: ${won}a player holds a token of all six suits.`;
        }
        return "The game is over.";
      default:
        return BOOJUM_KINDS.has(event.kind)
          ? sentence(boojumLine(event, this.name))
          : this.shared(event, who);
    }
  }

  /** Any kind no family words above (a game without a view of its own): said plainly, never the bare kind. */
  private shared(event: GameEvent, who: string): string {
    const cards = cardsOf(event);
    const shown = cards.length ? `: ${cards.map(shortCard).join(" ")}` : "";
    const [third, second] = KIND_WORDS[event.kind] ?? ["acts", "act"];
    const detail = event.text && event.text !== event.kind ? ` (${event.text.replace(/-/g, " ")})` : "";
    if (!who) return `The table ${third}${detail}${shown}.`;
    return `${who} ${verb(who, third, second)}${detail}${shown}.`;
  }
}

/** Every kind of event (docs/schema/event.json) as a verb phrase: for a seat named, and for "You". */
const KIND_WORDS: Record<string, [string, string]> = {
  deal: ["is dealt cards", "are dealt cards"],
  play: ["plays", "play"],
  pass: ["passes", "pass"],
  trick: ["wins the trick", "win the trick"],
  out: ["goes out", "go out"],
  lead: ["leads", "lead"],
  revolution: ["makes a revolution", "make a revolution"],
  give: ["gives cards", "give cards"],
  "hand-over": ["ends the hand", "end the hand"],
  draw: ["draws", "draw"],
  discard: ["discards", "discard"],
  bid: ["bids", "bid"],
  lot: ["wins a lot", "win a lot"],
  claim: ["claims a token", "claim a token"],
  "game-over": ["ends the game", "end the game"],
  cut: ["cuts", "cut"],
  "no-exchange": ["calls the exchange off", "call the exchange off"],
  "turn-over": ["turns the pile over", "turn the pile over"],
  force: ["forces a card on", "force a card on"],
  starve: ["starves and is out", "starve and are out"],
  bum: ["calls “Bum!”", "call “Bum!”"],
  stand: ["stands on a bid", "stand on a bid"],
  "take-back": ["takes back a bid", "take back a bid"],
  build: ["builds", "build"],
  "pick-up": ["picks up a lot", "pick up a lot"],
  claims: ["begins the claims", "begin the claims"],
  "claim-start": ["starts a claim", "start a claim"],
  lay: ["lays a card", "lay a card"],
  done: ["is done", "are done"],
  reshuffle: ["reshuffles", "reshuffle"],
  round: ["begins a round", "begin a round"],
};

/** How the frame's ``by`` marks the move it made (nothing for the seat's own). */
export const MADE_BY_MARK: Record<string, string> = {
  auto: "auto-played",
  "stand-in": "played by the stand-in",
  clock: "the clock ran out: the stand-in moved",
};

/**
 * Decktet cards drawn as SVG (Boojum). A card's text is its rank letter and its suits' initials in suit order
 * (bumtable/cards/decktet.py): ranks A, 2-9, P (Pawn), T (Court), C (Crown); suits M Moons, S Suns, W Waves,
 * L Leaves, Y Wyrms, K Knots; X is the Excuse. Rank and suits name one card, whose name and types (Location,
 * Personality, Event: Boojum's claims depend on them) the server sends once, in the `table` message's card table
 * (``setDecktetTable``); a card not in it is no card of this table. Each suit is drawn as a badge with its initial
 * and its own shape, so colour is never the only cue.
 */

import type { CardFace, CardType } from "./protocol";

export type SuitLetter = "M" | "S" | "W" | "L" | "Y" | "K";

export const SUIT_ORDER: readonly SuitLetter[] = ["M", "S", "W", "L", "Y", "K"];

export const DECKTET_SUITS: Record<SuitLetter, { name: string; token: string; colour: string }> = {
  M: { name: "Moons", token: "moons", colour: "#4b4fb8" },
  S: { name: "Suns", token: "suns", colour: "#b86e00" },
  W: { name: "Waves", token: "waves", colour: "#1d6fa5" },
  L: { name: "Leaves", token: "leaves", colour: "#2d7a36" },
  Y: { name: "Wyrms", token: "wyrms", colour: "#a8322a" },
  K: { name: "Knots", token: "knots", colour: "#6a4a26" },
};

const RANKS: Record<string, string> = {
  A: "Ace",
  P: "Pawn",
  T: "Court",
  C: "Crown",
  X: "Excuse",
};

export type DecktetType = CardType;

/** Every card the table's rules deal, by its text: the `table` message's `card_table`. */
let cardTable = new Map<string, CardFace>();

/** Take the table's card table (the `table` message's `card_table`): every card is named from it. */
export function setDecktetTable(cards: readonly CardFace[]): void {
  cardTable = new Map(cards.map((c) => [c.text, c]));
}

export interface DecktetCard {
  text: string;
  /** "A", "2".."9", "P", "T", "C", or "X" for the Excuse. */
  rank: string;
  rankName: string;
  suits: SuitLetter[];
  name: string;
  types: DecktetType[];
}

/** A card's parts from its text ("3MW", "CK", "PMSL", "X"); suits may come in any order and any case. */
export function parseDecktet(text: string): DecktetCard {
  const t = text.trim().toUpperCase();
  const rank = t.startsWith("X") ? "X" : t.slice(0, 1);
  const letters = t.slice(1).split("");
  if (!letters.every((s): s is SuitLetter => (SUIT_ORDER as readonly string[]).includes(s))) {
    throw new Error(`not a Decktet card: ${text}`);
  }
  const suits = [...letters].sort((a, b) => SUIT_ORDER.indexOf(a) - SUIT_ORDER.indexOf(b));
  const key = rank + suits.join("");
  const row = cardTable.get(key);
  if (row === undefined) throw new Error(`not a Decktet card: ${text}`);
  return { text: key, rank, rankName: RANKS[rank] ?? rank, suits, name: row.name, types: [...row.types] };
}

/** Whether a text is a Decktet card. */
export function isDecktet(text: string): boolean {
  try {
    parseDecktet(text);
    return true;
  } catch {
    return false;
  }
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1] ?? ""}`;
}

/** A card's name for screen readers ("the Journey: 3 of Moons and Waves, Event"). */
export function decktetLabel(text: string): string {
  const card = parseDecktet(text);
  if (card.rank === "X") return "the Excuse: no rank, no suit";
  if (card.rank === "A") return card.name;
  const suits = list(card.suits.map((s) => DECKTET_SUITS[s].name));
  const types = card.types.length ? `, ${card.types.join(" and ")}` : "";
  return `${card.name}: ${card.rankName} of ${suits}${types}`;
}

/** The short tag of a card's types ("LOC", "PER", "EVT", "LOC+EVT"), "" for none. */
export function typeTag(card: DecktetCard): string {
  return card.types.map((t) => (t === "Location" ? "LOC" : t === "Personality" ? "PER" : "EVT")).join("+");
}

const NS = "http://www.w3.org/2000/svg";

function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function svgText(
  x: number,
  y: number,
  size: number,
  text: string,
  cls: string,
  anchor = "middle",
): SVGTextElement {
  const t = svgEl("text", { x, y, "font-size": size, "text-anchor": anchor, class: cls });
  t.textContent = text;
  return t;
}

/** A suit badge: the suit's own shape (circle, diamond, wave-square...) in its colour, its initial inside. */
export function suitBadge(suit: SuitLetter, cx: number, cy: number, r: number): SVGGElement {
  const g = svgEl("g", { class: `dsuit dsuit-${suit}` });
  const colour = DECKTET_SUITS[suit].colour;
  const shape =
    suit === "M"
      ? svgEl("circle", { cx, cy, r })
      : suit === "S"
        ? svgEl("polygon", {
            points: [0, 1, 2, 3, 4, 5, 6, 7]
              .map((i) => {
                const a = (Math.PI / 4) * i + Math.PI / 8;
                return `${cx + r * 1.08 * Math.cos(a)},${cy + r * 1.08 * Math.sin(a)}`;
              })
              .join(" "),
          })
        : suit === "W"
          ? svgEl("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: r * 0.5 })
          : suit === "L"
            ? svgEl("polygon", {
                points: `${cx},${cy - r * 1.15} ${cx + r},${cy} ${cx},${cy + r * 1.15} ${cx - r},${cy}`,
              })
            : suit === "Y"
              ? svgEl("polygon", {
                  points: `${cx},${cy - r * 1.1} ${cx + r * 1.1},${cy + r * 0.9} ${cx - r * 1.1},${cy + r * 0.9}`,
                })
              : svgEl("rect", { x: cx - r * 0.95, y: cy - r * 0.95, width: 1.9 * r, height: 1.9 * r });
  shape.setAttribute("fill", colour);
  g.append(shape, svgText(cx, cy + r * 0.42 + (suit === "Y" ? r * 0.15 : 0), r * 1.15, suit, "dsuit-letter"));
  return g;
}

/** An SVG Decktet card (60 x 84 user units): rank, suit badges, the name, the type tag; labelled for screen readers. */
export function decktetSvg(text: string): SVGSVGElement {
  const card = parseDecktet(text);
  const svg = svgEl("svg", { viewBox: "0 0 60 84", role: "img", "aria-label": decktetLabel(text) });
  svg.classList.add("card-face", "decktet");
  svg.append(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-paper" }));
  if (card.rank === "X") {
    svg.append(svgText(30, 44, 26, "X", "drank"), svgText(30, 66, 9, "Excuse", "dname"));
    return svg;
  }
  svg.append(svgText(6, 20, card.rank === "A" || card.rank === "C" ? 15 : 18, card.rank, "drank", "start"));
  card.suits.forEach((s, i) => svg.append(suitBadge(s, 50, 12 + i * 15, 6)));
  if (card.suits.length === 1) svg.append(suitBadge(card.suits[0] ?? "M", 24, 42, 11));
  const short = card.name.replace(/^the /, "").replace(/ of /, " of ");
  const name = svgText(30, 66, 7.5, short, "dname");
  if (short.length > 11) {
    name.setAttribute("textLength", "52");
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  svg.append(name);
  const tag = typeTag(card);
  if (tag) svg.append(svgText(30, 78, 7.5, tag, "dtype"));
  if (card.suits.length > 1) {
    const big = svgText(22, 47, 22, card.rank, "drank-big");
    svg.append(big);
  }
  return svg;
}

/**
 * Cards drawn as SVG. French cards: rank and suit in the corners and a large suit in the middle, red or black,
 * with the suit's symbol as the cue that is not colour. Jokers: "JK" (a plain Joker), "RJ"/"BJ" (red and black,
 * where a game tells them apart).
 */

const SUITS: Record<string, { symbol: string; name: string; red: boolean }> = {
  c: { symbol: "♣", name: "clubs", red: false },
  d: { symbol: "♦", name: "diamonds", red: true },
  h: { symbol: "♥", name: "hearts", red: true },
  s: { symbol: "♠", name: "spades", red: false },
};

const RANK_NAMES: Record<string, string> = { J: "jack", Q: "queen", K: "king", A: "ace" };

export interface FrenchCard {
  text: string;
  rank: string;
  suit: string | null;
  joker: boolean;
}

/** A card's parts from its text ("10h", "Qs", "JK", "RJ", "BJ"). */
export function parseCard(text: string): FrenchCard {
  if (text === "JK" || text === "RJ" || text === "BJ") {
    return { text, rank: "JK", suit: null, joker: true };
  }
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  if (!(suit in SUITS) || rank === "") throw new Error(`not a card: ${text}`);
  return { text, rank, suit, joker: false };
}

/** A card's name for screen readers ("10 of hearts", "red Joker"). */
export function cardLabel(text: string): string {
  const card = parseCard(text);
  if (card.joker) return text === "RJ" ? "red Joker" : text === "BJ" ? "black Joker" : "Joker";
  const suit = SUITS[card.suit ?? ""];
  return `${RANK_NAMES[card.rank] ?? card.rank} of ${suit?.name ?? card.suit}`;
}

const NS = "http://www.w3.org/2000/svg";

function svgText(x: number, y: number, size: number, text: string, anchor = "middle"): SVGTextElement {
  const t = document.createElementNS(NS, "text");
  t.setAttribute("x", String(x));
  t.setAttribute("y", String(y));
  t.setAttribute("font-size", String(size));
  t.setAttribute("text-anchor", anchor);
  t.textContent = text;
  return t;
}

/** An SVG card (60 x 84 user units), labelled for screen readers. */
export function cardSvg(text: string): SVGSVGElement {
  const card = parseCard(text);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", cardLabel(text));
  svg.classList.add("card-face");
  const red = card.joker ? text !== "BJ" : (SUITS[card.suit ?? ""]?.red ?? false);
  svg.classList.add(red ? "red" : "black");
  const rect = document.createElementNS(NS, "rect");
  rect.setAttribute("x", "1");
  rect.setAttribute("y", "1");
  rect.setAttribute("width", "58");
  rect.setAttribute("height", "82");
  rect.setAttribute("rx", "6");
  rect.classList.add("card-paper");
  svg.append(rect);
  if (card.joker) {
    svg.append(svgText(30, 38, 26, "★"));
    svg.append(svgText(30, 64, 11, text === "JK" ? "JOKER" : text === "RJ" ? "RED JK" : "BLACK JK"));
    return svg;
  }
  const symbol = SUITS[card.suit ?? ""]?.symbol ?? "?";
  svg.append(svgText(7, 20, 17, card.rank, "start"));
  svg.append(svgText(7, 36, 15, symbol, "start"));
  svg.append(svgText(34, 62, 32, symbol));
  return svg;
}

/** Whether a text is a French card's (or a Joker's). */
export function isCard(text: string): boolean {
  try {
    parseCard(text);
    return true;
  } catch {
    return false;
  }
}

/** A card's text with its suit as a symbol ("7c" -> "7♣"); a Joker's, or a text that is not a French card, as it
 * is. */
export function shortCard(text: string): string {
  if (!isCard(text)) return text;
  const card = parseCard(text);
  return card.joker ? text : `${card.rank}${SUITS[card.suit ?? ""]?.symbol ?? ""}`;
}

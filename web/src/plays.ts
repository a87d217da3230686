/**
 * Which legal plays use the cards a player selected (climbing games). A play's text names ranks ("set 7 7 JK",
 * "pass"), not suits: a selection of cards matches a play when the play's ranks are exactly the selected cards'
 * ranks, and a play "uses" the selection when it contains them all. The client never decides legality: it only
 * reads the legal actions the server sent.
 */

import { parseCard, shortCard } from "./cards";

export interface Choice {
  text: string;
  code: number;
}

/** The ranks a play's text names ("set 7 7 JK" -> ["7", "7", "JK"]); [] for a play of no cards ("pass"). */
export function playRanks(text: string): string[] {
  const words = text.trim().split(/\s+/);
  return words
    .slice(1)
    .filter((w) => /^(10|[2-9JQKA]|JK|RJ|BJ)$/.test(w))
    .map((w) => (w === "RJ" || w === "BJ" ? "JK" : w));
}

function counts(ranks: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of ranks) m.set(r, (m.get(r) ?? 0) + 1);
  return m;
}

function contains(big: Map<string, number>, small: Map<string, number>): boolean {
  for (const [rank, n] of small) if ((big.get(rank) ?? 0) < n) return false;
  return true;
}

/** The selected cards' ranks (jokers all "JK"). */
export function selectedRanks(cards: string[]): string[] {
  return cards.map((c) => parseCard(c).rank);
}

/** The legal plays that use every selected card, the exact ones first. */
export function playsUsing(legal: Choice[], selected: string[]): { exact: Choice[]; more: Choice[] } {
  const want = counts(selectedRanks(selected));
  const exact: Choice[] = [];
  const more: Choice[] = [];
  for (const choice of legal) {
    const ranks = playRanks(choice.text);
    if (ranks.length === 0) continue;
    const have = counts(ranks);
    if (!contains(have, want)) continue;
    (ranks.length === selected.length ? exact : more).push(choice);
  }
  return { exact, more };
}

/** The actions that use no card at all (pass, declare, decline...), shown as buttons. */
export function cardlessActions(legal: Choice[]): Choice[] {
  return legal.filter((c) => playRanks(c.text).length === 0);
}

/**
 * Why no legal play uses the selected cards, in words: the cards with their suits, and when following, the play to
 * beat ("No legal play uses 5♠: the play to beat is seq 3 3 4 4 5 5 (3♠ 3♥ 4♦ 4♣ 5♥ 5♦), or pass.").
 */
export function noPlayText(
  selected: string[],
  yourTurn: boolean,
  toBeat: string | null,
  canPass: boolean,
): string {
  const head = `No legal play uses ${selected.map(shortCard).join(" ")}`;
  if (!yourTurn) return `${head}: it is not your turn.`;
  if (toBeat) return `${head}: the play to beat is ${toBeat}${canPass ? ", or pass" : ""}.`;
  return `${head}.`;
}

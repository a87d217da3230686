/**
 * Gin Bummy: a move that loses outright. A player left with fewer than four cards at the end of a turn starves and
 * is out, so a discard (or an Ace, or a Joker carrying a card) that leaves the player under four cards loses the
 * game for them. Counted from the viewer's own observation alone, as the terminal does (bumtable/cli/gin_render.py,
 * ``cards_after``): the view asks the player to confirm such a move; the server still decides what is legal.
 */

import { isCard, parseCard, shortCard } from "../cards";

function cardShort(text: string): string {
  return isCard(text) && parseCard(text).joker ? "Joker" : shortCard(text);
}

/** What the count needs from the observation and the rules. */
export interface StarveFacts {
  hand: readonly string[];
  stockCount: number;
  begCount: number;
  /** ``turn_over_keeps_top``: turning the Beg over keeps its top card. */
  keepsTop: boolean;
}

/** The cards the player holds once ``action`` ends the turn; null for a move that does not end it (a draw). */
export function cardsAfter(facts: StarveFacts, action: string): number | null {
  const [verb] = action.trim().split(/\s+/);
  const held = facts.hand.length;
  if (verb === "discard") return held - 1;
  if (verb === "joker") return held - 2;
  if (verb === "ace") {
    const drawable = facts.stockCount + facts.begCount + 1 - (facts.keepsTop ? 1 : 0);
    return held - 1 + Math.min(3, drawable);
  }
  return null;
}

function count(n: number): string {
  const words = ["no cards", "only one card", "only two cards", "only three cards"];
  return words[n] ?? `${n} cards`;
}

/** The move in words: "Discarding Q♥", "Playing A♥", "Discarding a Joker with 4♥ on top". */
function doing(action: string): string {
  const [verb, ...cards] = action.trim().split(/\s+/);
  if (verb === "joker") return `Discarding a Joker with ${cards.slice(1).map(cardShort).join(" ")} on top`;
  if (verb === "ace") return `Playing ${cards.map(cardShort).join(" ")}`;
  return `Discarding ${cards.map(cardShort).join(" ")}`;
}

/**
 * What a starving move costs, in words, for the player to confirm; null when the move is safe. ``others``: the
 * players still in besides the viewer (named), the winner at once when there is one.
 */
export function starvingWarning(
  facts: StarveFacts,
  action: string,
  others: readonly string[],
): string | null {
  const after = cardsAfter(facts, action);
  if (after === null || after >= 4) return null;
  const lose =
    others.length === 1 ? `you lose and ${others[0] ?? ""} wins at once` : "you are out of the game and lose";
  return `${doing(action)} leaves you ${count(after)}: a player left with fewer than four cards starves, so ${lose}.`;
}

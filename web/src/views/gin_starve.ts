/**
 * Gin Bummy: a move that loses outright. A player left with fewer than four cards at the end of a turn starves and
 * is out. The rules work out which legal moves starve the player to act, and the cards each leaves them: the
 * observation sends them (``starving``, by the action's text), and the view asks the player to confirm such a move
 * in these words.
 */

import { isCard, parseCard, shortCard } from "../cards";

function cardShort(text: string): string {
  return isCard(text) && parseCard(text).joker ? "Joker" : shortCard(text);
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
 * What a starving move costs, in words, for the player to confirm; null when the move is safe. ``starving``: the
 * observation's moves that starve the viewer, each with the cards it leaves; ``others``: the players still in
 * besides the viewer (named), the winner at once when there is one.
 */
export function starvingWarning(
  starving: Readonly<Record<string, number>>,
  action: string,
  others: readonly string[],
): string | null {
  const after = starving[action];
  if (after === undefined) return null;
  const lose =
    others.length === 1 ? `you lose and ${others[0] ?? ""} wins at once` : "you are out of the game and lose";
  return `${doing(action)} leaves you ${count(after)}: a player left with fewer than four cards starves, so ${lose}.`;
}

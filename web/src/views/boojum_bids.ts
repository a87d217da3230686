/**
 * Boojum bids' worth, as the rules count it (bumtable/rules/boojum/bids.py): cards, then pips, compared as a pair.
 * An Ace counts 1 pip, a number card its number, a Pawn 10, a Court one more than that where Pawns are in play, and
 * the Crown one more than the highest of those (10, 11 or 12: the rules' extended cards decide); the Excuse counts
 * two cards and no pips. Told as the table announces it: "two for fourteen".
 */

import type { BoojumRules } from "../rules";

/** A bid's worth: (cards, pips). */
export function bidWorth(cards: readonly string[], rules: BoojumRules): [number, number] {
  const pawns = rules.pawns ? 1 : 0;
  const courts = rules.courts ? 1 : 0;
  let n = 0;
  let pips = 0;
  for (const card of cards) {
    const rank = card.charAt(0);
    if (rank === "X") {
      n += 2;
      continue;
    }
    n += 1;
    if (rank === "A") pips += 1;
    else if (rank === "P") pips += 10;
    else if (rank === "T") pips += 10 + pawns;
    else if (rank === "C") pips += 10 + pawns + courts;
    else pips += Number(rank);
  }
  return [n, pips];
}

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** A whole number in words, as bids are announced (digits from 1000 on). */
export function numberWords(n: number): string {
  if (n < 20) return ONES[n] ?? String(n);
  if (n < 100) {
    const ones = n % 10;
    return `${TENS[Math.floor(n / 10) - 2] ?? ""}${ones ? `-${ONES[ones] ?? ""}` : ""}`;
  }
  if (n < 1000) {
    const rest = n % 100;
    return `${ONES[Math.floor(n / 100)] ?? ""} hundred${rest ? ` and ${numberWords(rest)}` : ""}`;
  }
  return String(n);
}

/** The announcement of a worth: "two for fourteen". */
export function bidWords([cards, pips]: readonly [number, number]): string {
  return `${numberWords(cards)} for ${numberWords(pips)}`;
}

/**
 * Boojum bids as the table announces them: "two for fourteen". The rules count a bid's worth (cards, then pips) and
 * the observation sends it (``bid_worth``, by player); the view only says it.
 */

/** A bid's worth as the observation sends it. */
export interface BidWorth {
  cards: number;
  pips: number;
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
export function bidWords({ cards, pips }: BidWorth): string {
  return `${numberWords(cards)} for ${numberWords(pips)}`;
}

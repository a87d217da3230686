/**
 * The final standings once a match (or a game) is over, from the scoreboard's `outcome`: places best first, tied
 * players sharing a place, each with their points (in the game's unit), and who won. Pure but for
 * ``drawStandings``.
 */

import { el } from "./dom";
import { ordinal } from "./views/climbing_news";

export interface Outcome {
  places: number[];
  scores: number[];
  winners: number[];
  reason: string;
}

export interface Standing {
  place: number;
  seats: number[];
  /** "1st", "2nd (shared)". */
  label: string;
  /** "You, P2", "Ann". */
  who: string;
  /** "12 points", "" where the game counts none. */
  score: string;
  won: boolean;
}

/** Read the scoreboard's ``outcome`` (null when it is missing or not an outcome). */
export function readOutcome(raw: unknown): Outcome | null {
  if (typeof raw !== "object" || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const nums = (v: unknown): number[] =>
    Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];
  if (!Array.isArray(o.places)) return null;
  return {
    places: nums(o.places),
    scores: nums(o.scores),
    winners: nums(o.winners),
    reason: typeof o.reason === "string" ? o.reason : "",
  };
}

function scoreWords(n: number | undefined, unit: string): string {
  if (n === undefined || !unit) return "";
  const one = unit.endsWith("s") ? unit.slice(0, -1) : unit;
  return `${n} ${n === 1 ? one : unit}`;
}

/** The standings, best place first; ``unit`` "points", "tokens" or "" (a game that counts nothing). */
export function standings(outcome: Outcome, unit: string, name: (seat: number) => string): Standing[] {
  const byPlace = new Map<number, number[]>();
  outcome.places.forEach((place, seat) => byPlace.set(place, [...(byPlace.get(place) ?? []), seat]));
  return [...byPlace.entries()]
    .sort(([a], [b]) => a - b)
    .map(([place, seats]) => ({
      place,
      seats,
      label: `${ordinal(place)}${seats.length > 1 ? " (shared)" : ""}`,
      who: seats.map(name).join(", "),
      score: scoreWords(outcome.scores[seats[0] ?? -1], unit),
      won: seats.some((s) => outcome.winners.includes(s)),
    }));
}

/** Who won, in one sentence: "You win the match with 12 points!", "P1 and P2 share first place.". */
export function winnerLine(rows: Standing[], match: boolean): string {
  const first = rows.find((r) => r.won);
  const what = match ? "the match" : "the game";
  if (!first) return `Nobody wins ${what}.`;
  const score = first.score ? ` with ${first.score}` : "";
  if (first.seats.length > 1)
    return `${first.who.replace(/, ([^,]*)$/, " and $1")} share first place${score}.`;
  const who = first.who;
  return `${who} ${who === "You" ? "win" : "wins"} ${what}${score}!`;
}

/** The end of the match, drawn prominently: who won, the standings, and the way back to the lobby. */
export function drawStandings(box: HTMLElement, rows: Standing[], match: boolean): void {
  box.replaceChildren(
    el("h2", {}, match ? "The match is over" : "The game is over"),
    el("p", { class: "winner-line" }, winnerLine(rows, match)),
    el(
      "ol",
      { class: "standings-list", "aria-label": "Final standings" },
      ...rows.map((r) =>
        el(
          "li",
          { "data-place": String(r.place), class: r.won ? "won" : "" },
          el("span", { class: "place" }, r.label),
          ` ${r.who}`,
          r.score ? ` — ${r.score}` : "",
          r.won ? el("span", { class: "won-tag" }, " ★ winner") : "",
        ),
      ),
    ),
    el(
      "p",
      { class: "end-links" },
      el("a", { href: "/", class: "button-link lobby-end" }, "Back to the lobby"),
      " to make a new table or join another.",
    ),
  );
  box.hidden = false;
}

/**
 * The series scoreboard of a table (``GET /api/tables/{id}/scoreboard``): a row per finished hand with what each
 * seat gained and the totals after it, a Replay button per finished hand, and the record to download once the
 * match is over. Fetched when the page opens and again whenever ``scoresDue`` says a frame moved the count.
 */

import { button, el } from "./dom";
import type { Observation, StateMessage } from "./protocol";
import { ordinal } from "./views/climbing_news";

/**
 * The public fields of an observation that the server's running count is read from (its ``running_count``): the
 * climbing games' ``scores``, Boojum's ``tokens``. Boojum has no hands: its count moves with each token claimed,
 * so a hand's end is not enough to keep the totals current.
 */
const COUNTED = ["scores", "tokens"] as const;

/**
 * Whether the scoreboard should be fetched again for ``frame``: a hand or the game ended, or a counted field
 * changed since ``before`` (the previous frame's observation; none at the first frame, which the page's opening
 * fetch covers). The figures then come from the server, never from the page.
 */
export function scoresDue(
  frame: Pick<StateMessage, "events" | "observation">,
  before?: Observation,
): boolean {
  if (frame.events.some((e) => e.kind === "hand-over" || e.kind === "game-over")) return true;
  if (before === undefined) return false;
  return COUNTED.some((f) => JSON.stringify(before[f]) !== JSON.stringify(frame.observation[f]));
}

export interface ScoreRow {
  step: number;
  text: string;
  gains: number[];
  totals: number[];
}

export interface FinishedHand {
  hand: number;
  first_seq: number;
  last_seq: number;
  last_step: number;
  text: string;
}

export interface Scoreboard {
  table: string;
  game: string;
  status: string;
  unit: string;
  rows: ScoreRow[];
  totals: number[] | null;
  hands: FinishedHand[];
  outcome: unknown;
}

export async function fetchScoreboard(tableId: string): Promise<Scoreboard> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/scoreboard`);
  if (!response.ok) throw new Error(`the scoreboard: ${response.status} ${response.statusText}`);
  return (await response.json()) as Scoreboard;
}

/** The record's address (a JSON download), valid once the match is over. */
export function recordUrl(tableId: string): string {
  return `/api/tables/${encodeURIComponent(tableId)}/record`;
}

export function isOver(board: Scoreboard): boolean {
  return board.status === "over" || board.outcome !== null;
}

/**
 * Draw ``board`` into ``box``: ``name`` names a seat as the seats bar does, ``replay`` opens a finished hand.
 * Rows pair with the finished hands in order; a game without hands has no rows, only its one "hand".
 */
export function drawScoreboard(
  box: HTMLElement,
  tableId: string,
  board: Scoreboard,
  seatCount: number,
  name: (seat: number) => string,
  replay: (hand: FinishedHand) => void,
): void {
  const seats = Array.from({ length: seatCount }, (_, i) => i);
  const unit = board.unit ? ` (${board.unit})` : "";
  const handsWord = board.unit ? "Hand" : "";
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, handsWord || "Game"),
    ...seats.map((s) => el("th", { scope: "col", "data-seat": String(s) }, name(s))),
    el("th", { scope: "col" }, "Replay"),
  );
  // A game without hands (Gin Bummy, Boojum) has one "hand", the whole game: its row says each place.
  const places = board.rows.length === 0 ? outcomePlaces(board.outcome) : null;
  const count = Math.max(board.rows.length, board.hands.length);
  const body: HTMLTableRowElement[] = [];
  for (let i = 0; i < count; i++) {
    const row = board.rows[i];
    const hand = board.hands[i];
    const label = places ? "The game" : hand ? `Hand ${hand.hand}` : "End";
    const cells = seats.map((s) => {
      if (!row && places) return el("td", { "data-seat": String(s) }, placeWords(places, s));
      if (!row) return el("td", {}, "");
      const gain = row.gains[s] ?? 0;
      const total = row.totals[s] ?? 0;
      return el("td", { "data-seat": String(s) }, `${total} (${gain >= 0 ? "+" : ""}${gain})`);
    });
    const action = hand
      ? button("Replay", () => replay(hand), {
          class: "replay-open",
          "data-hand": String(hand.hand),
          "aria-label": places ? "Replay the game" : `Replay hand ${hand.hand}`,
        })
      : "";
    body.push(
      el(
        "tr",
        {
          class: "score-row",
          ...(hand ? { "data-hand": String(hand.hand) } : {}),
          title: row?.text ?? hand?.text ?? "",
        },
        el("th", { scope: "row" }, label),
        ...cells,
        el("td", {}, action),
      ),
    );
  }
  const totals = board.totals;
  const foot = totals
    ? el(
        "tr",
        { class: "score-totals" },
        el("th", { scope: "row" }, "Total"),
        ...seats.map((s) => el("td", { "data-seat": String(s) }, String(totals[s] ?? 0))),
        el("td", {}, ""),
      )
    : null;
  const parts: HTMLElement[] = [el("h2", {}, `Scoreboard${unit}`)];
  if (count === 0) parts.push(el("p", { class: "score-empty" }, "No hand is finished yet."));
  if (count > 0 || totals)
    parts.push(
      el(
        "table",
        { class: "scoreboard-table" },
        el("caption", { class: "visually-hidden" }, "The series: a row per finished hand, then the totals"),
        el("thead", {}, head),
        el("tbody", {}, ...body),
        ...(foot ? [el("tfoot", {}, foot)] : []),
      ),
    );
  if (isOver(board)) {
    parts.push(
      el(
        "p",
        {},
        el(
          "a",
          { class: "record-link", href: recordUrl(tableId), download: `bumtable-${tableId}.json` },
          "Download the record",
        ),
        " (JSON: every hand's cards and actions)",
      ),
    );
  }
  box.replaceChildren(...parts);
}

/** The places of a finished game's outcome, with its winners (null: no outcome yet). */
function outcomePlaces(outcome: unknown): { places: number[]; winners: number[] } | null {
  if (typeof outcome !== "object" || outcome === null) return null;
  const o = outcome as { places?: unknown; winners?: unknown };
  if (!Array.isArray(o.places)) return null;
  const nums = (v: unknown): number[] =>
    Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];
  return { places: nums(o.places), winners: nums(o.winners) };
}

/** A seat's place in words ("1st: won", "2nd"). */
function placeWords(outcome: { places: number[]; winners: number[] }, seat: number): string {
  const place = outcome.places[seat];
  if (place === undefined) return "";
  return `${ordinal(place)}${outcome.winners.includes(seat) ? ": won" : ""}`;
}

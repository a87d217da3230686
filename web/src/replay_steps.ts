/**
 * A finished hand's replay as data (``GET /api/tables/{id}/hands/{n}``): its positions, one per step the viewer
 * was told of, each with that viewer's own observation, and the frame a family's view draws at a position. Pure,
 * so the node tests read it without a page.
 */

import type { CardFace, GameEvent, Observation, StateMessage, TableMessage } from "./protocol";

/** One step of the hand as the viewer saw it: its observation (null where the server sent none) and events. */
export interface HandFrame {
  step: number;
  observation: Observation | null;
  events: GameEvent[];
}

/** The server's answer: the hand's events as the viewer saw them and, from a server that sends them, the
 * viewer's frames step by step and what a board needs to be drawn (the table's family, rules and card table). */
export interface HandEvents {
  table: string;
  hand: number;
  seat: number | null;
  events: GameEvent[];
  frames?: HandFrame[];
  family?: string;
  rules?: unknown;
  card_table?: CardFace[];
}

/** The replay's speeds (times the usual pace), the usual one first in meaning, not in order. */
export const SPEEDS: readonly number[] = [0.5, 1, 2, 4];

/** How long a move stays at ``speed`` while playing: a second at 1x. */
export function delayMs(speed: number): number {
  return Math.round(1000 / speed);
}

/** "0.5x", "1x", "2x". */
export function speedText(speed: number): string {
  return `${String(speed)}x`;
}

/** The hand's positions: the frames the server sent, else one per step of its events (no board to draw). */
export function handSteps(hand: HandEvents): HandFrame[] {
  if (hand.frames !== undefined) return hand.frames;
  const steps: HandFrame[] = [];
  for (const event of hand.events) {
    const last = steps[steps.length - 1];
    if (last !== undefined && last.step === event.step) last.events.push(event);
    else steps.push({ step: event.step, observation: null, events: [event] });
  }
  return steps;
}

/** Whether the answer lets a board be drawn (a server that sends only the events does not). */
export function hasBoard(hand: HandEvents): boolean {
  return hand.family !== undefined && hand.frames !== undefined;
}

/** The position's words: "Move 3 of 40" (move 0 is the hand as dealt). */
export function moveText(at: number, last: number): string {
  return `Move ${String(at)} of ${String(last)}`;
}

/** The table message a view is made from: the family, rules and card table of the hand's answer. */
export function replayTable(hand: HandEvents): TableMessage {
  return {
    type: "table",
    v: 1,
    table: hand.table,
    game: "",
    family: hand.family ?? "",
    you: hand.seat,
    status: "over",
    rules: hand.rules ?? {},
    card_table: hand.card_table ?? [],
    seats: [],
    spectators: 0,
  };
}

/**
 * The frame a view draws at position ``at``: that step's observation with no legal action (nothing can be played
 * in a replay), and every event of the hand up to it, as a page opened at that moment would get them (the views
 * word what is happening from the events, so going back draws the same as coming forward). Null: no observation.
 */
export function replayFrame(hand: HandEvents, steps: readonly HandFrame[], at: number): StateMessage | null {
  const step = steps[at];
  if (step?.observation == null) return null;
  return {
    type: "state",
    v: 1,
    table: hand.table,
    seat: hand.seat,
    step: step.step,
    observation: { ...step.observation, legal: [] },
    events: steps.slice(0, at + 1).flatMap((s) => s.events),
    since: 0,
    next: 0,
    clock: null,
    by: null,
    fair: null,
  };
}

/** Where Play starts: the next move, or the hand's start again when it stands at the end. */
export function playFrom(at: number, last: number): number {
  return at >= last ? 0 : at;
}

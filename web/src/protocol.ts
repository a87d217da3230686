/**
 * The table server's messages as the client reads and writes them (docs/protocol.md; the JSON Schemas in
 * docs/schema/protocol/ are the full truth). Only the fields the client uses are typed; observations are
 * read per family (views/).
 */

export interface LegalAction {
  text: string;
  code: number;
}

export interface Observation {
  system: string;
  seat: number | null;
  phase: string;
  turn: number | null;
  legal: LegalAction[];
  hand: string[] | null;
  [field: string]: unknown;
}

export interface GameEvent {
  seq: number;
  step: number;
  kind: string;
  player: number | null;
  text: string;
  /** A trick ended by four of a value: the rank that made the four. */
  rank?: string;
  [field: string]: unknown;
}

export interface SeatInfo {
  seat: number;
  kind: "person" | "bot";
  bot: string | null;
  name: string | null;
  /** Taken: its token was used, or it was given out through the join link. */
  claimed: boolean;
  present: boolean;
  stand_in: boolean;
  auto: boolean;
  [field: string]: unknown;
}

/** A Decktet card's type (a card has none, one or two). */
export type CardType = "Location" | "Personality" | "Event";

/** One card of the deck's public card table: what a face shows of a card that its text does not say. */
export interface CardFace {
  text: string;
  name: string;
  types: CardType[];
}

export interface TableMessage {
  type: "table";
  v: 1;
  table: string;
  game: string;
  /** The game's family of rules ("climbing", "gin-bummy", "boojum"): which view and words the page uses. */
  family: string;
  you: number | null;
  /** "playing", "over" or "stale". */
  status: string;
  /** The rules' ``to_dict()`` (docs/schema/rules.json). */
  rules: unknown;
  /** The public table of the cards the rules deal (docs/schema/card-face.json); empty for French cards. */
  card_table: CardFace[];
  seats: SeatInfo[];
  spectators: number;
  [field: string]: unknown;
}

export interface StateMessage {
  type: "state";
  v: 1;
  table: string;
  seat: number | null;
  step: number;
  observation: Observation;
  events: GameEvent[];
  since: number;
  next: number;
  clock: unknown;
  by: string | null;
  /** The commitments to the deals (docs/server.md, Fair deals); null at a table stored before them. */
  fair?: FairInfo | null;
}

/** One shuffle of a finished hand, opened: its order (engine card codes), salt and commitment. */
export interface OpenedDraw {
  draw: number;
  salt: string;
  order: number[];
  commit: string;
}

export interface FairInfo {
  /** SHA-256 of "bumtable-fair/1|TABLE|match|SALT|SEED", the same in every frame. */
  match: string;
  /** The hand being played (the last one once the match is over). */
  hand: number;
  /** The commitments to the shuffles that dealt this hand so far. */
  commits: string[];
  /** Every hand, opened once the match is over (empty before). */
  opened: { hand: number; draws: OpenedDraw[] }[];
  /** The seed and the table's salt, told once the match is over. */
  seed: number | null;
  salt: string | null;
}

export interface ErrorMessage {
  type: "error";
  v: 1;
  code: string;
  message: string;
}

export type ServerMessage = TableMessage | StateMessage | ErrorMessage;

/** An action sent for the seat, answering the frame of ``step`` (refused as ``stale`` if the table moved on). */
export function actMessage(action: string, step: number): string {
  return JSON.stringify({ type: "act", v: 1, action, step });
}

export function readServerMessage(text: string): ServerMessage {
  const data: unknown = JSON.parse(text);
  if (typeof data !== "object" || data === null || !("type" in data)) {
    throw new Error("a server message without a type");
  }
  return data as ServerMessage;
}

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
  /** Taken by an agent (an LLM through `bumtable mcp`), as its client said when it connected. */
  agent?: boolean;
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
  /** A waiting room: nothing is dealt until every person's seat is taken or the maker starts with bots. */
  waiting?: boolean;
  /** The seat whose person may start a waiting table with bots; null: any seated person. */
  maker?: number | null;
  /** The table this one is a rematch of. */
  rematch_of?: string | null;
  /** This table's rematch, once asked for. */
  rematch?: string | null;
  /** A rematch's series: matches over and each seat's wins (null: not a rematch). */
  series?: SeriesInfo | null;
  [field: string]: unknown;
}

export interface SeriesInfo {
  matches: number;
  /** By this table's seat: the matches won by whoever sits there. */
  wins: number[];
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

/** One chat message: the seat that wrote it (null: a spectator) and its name then. */
export interface ChatLine {
  id: number;
  seat: number | null;
  name: string | null;
  text: string;
  /** When (ISO 8601, UTC). */
  at: string;
}

/** Chat messages: the latest ones on connecting, then each new one. */
export interface ChatMessage {
  type: "chat";
  v: 1;
  table: string;
  lines: ChatLine[];
}

/** A rematch of this table: the new table and the receiver's own seat and token there. */
export interface RematchMessage {
  type: "rematch";
  v: 1;
  table: string;
  rematch: string;
  seats: "same" | "shuffled";
  /** The seat (of this table) that asked for it. */
  by: number;
  seat: number | null;
  token: string | null;
  /** To the new table's maker alone: the join code for its free seats. */
  join: string | null;
  /** To the new table's maker alone: each free seat's token, by seat. */
  free: Record<string, string>;
}

export type ServerMessage = TableMessage | StateMessage | ErrorMessage | ChatMessage | RematchMessage;

/** An action sent for the seat, answering the frame of ``step`` (refused as ``stale`` if the table moved on). */
export function actMessage(action: string, step: number): string {
  return JSON.stringify({ type: "act", v: 1, action, step });
}

/** A line for the table's chat. */
export function chatMessage(text: string): string {
  return JSON.stringify({ type: "chat", v: 1, text });
}

/** The maker starts a waiting table: the free seats are played by the stand-in bot. */
export function startMessage(): string {
  return JSON.stringify({ type: "start", v: 1 });
}

/** Ask for a rematch of a finished table, each keeping their seat or with the seats drawn anew. */
export function rematchMessage(seats: "same" | "shuffled"): string {
  return JSON.stringify({ type: "rematch", v: 1, seats });
}

/** Name the viewer's seat. */
export function nameMessage(name: string): string {
  return JSON.stringify({ type: "name", v: 1, name });
}

export function readServerMessage(text: string): ServerMessage {
  const data: unknown = JSON.parse(text);
  if (typeof data !== "object" || data === null || !("type" in data)) {
    throw new Error("a server message without a type");
  }
  return data as ServerMessage;
}

/** The table server's HTTP API (docs/protocol.md), typed for the client. */

export interface GameInfo {
  name: string;
  title: string;
  family: string;
  players: number[];
  default_players: number;
  /** The rules' options as they are by default (``rules.to_dict()``). */
  options: Record<string, unknown>;
  /** The bot kinds a seat may hold, in the order a list offers them, each with what it does. */
  bots: { name: string; about: string }[];
}

/** One option as the lobby's form asks for it (``GET /api/games/{name}/options``). */
export interface OptionField {
  name: string;
  kind: "bool" | "int" | "float" | "str" | "choice" | "list";
  /** For a list: what each entry is ("list": entries are lists themselves). */
  item: OptionField["kind"] | null;
  choices: (string | number | boolean)[];
  /** The values allowed, in words. */
  allowed: string;
  doc: string;
  /** Its plain words (the rules layer's option_words): a label, the heading it sits under, and ``doc`` with the
   * engine's names told by their labels. */
  label: string;
  group: string;
  help: string;
  value: unknown;
}

export interface VariantInfo {
  name: string;
  /** The options the variant changes in the preset, and to what. */
  changes: Record<string, unknown>;
}

export interface GameOptions {
  game: string;
  players: number;
  options: OptionField[];
  variants: VariantInfo[];
}

export interface SeatRequest {
  kind: "person" | "bot";
  bot?: string;
}

export interface CreateRequest {
  game: string;
  players: number;
  seats: SeatRequest[];
  variants?: string[];
  options?: Record<string, unknown>;
  seed?: number;
  settings?: {
    listed?: boolean;
    clock?: { bank: number; increment: number };
    wait?: boolean;
    pace?: number | null;
    chat_spectators?: boolean;
  };
}

/** A table in the lobby's list of open tables (``GET /api/tables``). */
export interface OpenTable {
  id: string;
  game: string;
  title: string;
  players: number;
  created_at: string | null;
  /** Points to win or hands to play; null for a single game. */
  series: { target?: number; rounds?: number } | null;
  seats: {
    seat: number;
    kind: string;
    bot: string | null;
    name: string | null;
    taken: boolean;
    present: boolean;
  }[];
  free: number;
  spectators: number;
}

export async function openTables(): Promise<OpenTable[]> {
  return (await answer<{ tables: OpenTable[] }>(await fetch("/api/tables"))).tables;
}

export interface CreatedTable {
  id: string;
  tokens: Record<string, string>;
  join_code: string;
  links: { seats: Record<string, string>; join: string; watch: string };
}

/** A refused request: the server's reason (its message) and the HTTP status (409: every seat taken...). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) {
    let detail = `${response.status} ${response.statusText}`;
    try {
      const body = (await response.json()) as { detail?: unknown };
      if (typeof body.detail === "string") detail = body.detail;
    } catch {
      // not JSON: the status says it
    }
    throw new ApiError(detail, response.status);
  }
  return (await response.json()) as T;
}

export async function games(): Promise<GameInfo[]> {
  return answer<GameInfo[]>(await fetch("/api/games"));
}

/** A game's preset for a player count, option by option, and its variants. */
export async function gameOptions(game: string, players: number): Promise<GameOptions> {
  return answer<GameOptions>(
    await fetch(`/api/games/${encodeURIComponent(game)}/options?players=${String(players)}`),
  );
}

export async function createTable(request: CreateRequest): Promise<CreatedTable> {
  return answer<CreatedTable>(
    await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    }),
  );
}

export interface JoinedSeat {
  seat: number;
  token: string;
  link: string;
}

/** Take a free seat at a table with its join code (none at a listed table): the seat, its new token and the link
 * that brings it back. */
export async function joinTable(tableId: string, code: string | null, name?: string): Promise<JoinedSeat> {
  return answer<JoinedSeat>(
    await fetch(`/api/tables/${encodeURIComponent(tableId)}/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...(code === null ? {} : { code }), ...(name ? { name } : {}) }),
    }),
  );
}

/** A game's rules in short, in words (``GET /api/tables/{id}/rules``, ``GET /api/games/{name}/rules``): the
 * terminal's summary cut into sections, the named variants in force, each option changed from the preset. */
export interface RulesWords {
  game: string;
  title: string;
  players: number;
  text: string;
  sections: { label: string; text: string }[];
  variants: string[];
  changed: { name: string; label: string; group: string; help: string; value: unknown; preset: unknown }[];
}

/** The rules of a table, its variants and options applied. */
export async function tableRules(tableId: string): Promise<RulesWords> {
  return answer<RulesWords>(await fetch(`/api/tables/${encodeURIComponent(tableId)}/rules`));
}

/** A game's preset rules for a player count. */
export async function gameRules(game: string, players: number): Promise<RulesWords> {
  return answer<RulesWords>(
    await fetch(`/api/games/${encodeURIComponent(game)}/rules?players=${String(players)}`),
  );
}

/**
 * The table's rules as the views read them: the `table` message's `rules` (the rules' `to_dict()`, described by
 * docs/schema/rules.json), sent once per connection. Only the options a view uses are read, each checked for its
 * type; one missing or of another type reads as the game's usual value, so a view never fails on the rules.
 */

type Raw = Record<string, unknown>;

function record(raw: unknown): Raw {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Raw) : {};
}

function text(raw: Raw, key: string, otherwise = ""): string {
  const value = raw[key];
  return typeof value === "string" ? value : otherwise;
}

function flag(raw: Raw, key: string, otherwise = false): boolean {
  const value = raw[key];
  return typeof value === "boolean" ? value : otherwise;
}

function count(raw: Raw, key: string, otherwise = 0): number {
  const value = raw[key];
  return typeof value === "number" && Number.isFinite(value) ? value : otherwise;
}

function texts(raw: Raw, key: string): string[] {
  const value = raw[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function numbers(raw: Raw, key: string): number[] {
  const value = raw[key];
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

function pairs(raw: Raw, key: string): [number, number][] {
  const value = raw[key];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): [number, number][] =>
    Array.isArray(v) && typeof v[0] === "number" && typeof v[1] === "number" ? [[v[0], v[1]]] : [],
  );
}

/** The climbing games' options the view tells of (roles, Jokers, the trick enders, the reverse card, points). */
export interface ClimbingRules {
  /** Role names, best first ("Boss", "Foreman", ..., "Bum"). */
  roles: string[];
  /** Jokers in the deck. */
  jokers: number;
  /** Four cards of one value in a row end the trick. */
  fourOfAValue: boolean;
  /** The card that ends a trick at once ("3c"), or "". */
  wipeCard: string;
  /** Going out on the wipe card finishes last. */
  wipeLastLoses: boolean;
  /** The rank whose play reverses ("8"), or "", and what it reverses. */
  reverseCard: string;
  reverses: "direction" | "ranking" | "both";
  /** Points for each place, first place first. */
  points: number[];
  /** (role, Jokers): a player of that role dealt that many Jokers makes (or may declare) a revolution. */
  revolutionTriggers: [number, number][];
  /** "automatic" or "optional" (declared by choice). */
  revolutionDeclare: string;
  /** (role, Jokers) that call the exchange off instead. */
  exchangeCancelTriggers: [number, number][];
}

export function climbingRules(raw: unknown): ClimbingRules {
  const r = record(raw);
  const reverses = text(r, "reverses", "direction");
  return {
    roles: texts(r, "roles"),
    jokers: count(r, "jokers"),
    fourOfAValue: flag(r, "four_of_a_value"),
    wipeCard: text(r, "wipe_card"),
    wipeLastLoses: flag(r, "wipe_last_loses"),
    reverseCard: text(r, "reverse_card"),
    reverses: reverses === "ranking" || reverses === "both" ? reverses : "direction",
    points: numbers(r, "points"),
    revolutionTriggers: pairs(r, "revolution_triggers"),
    revolutionDeclare: text(r, "revolution_declare", "automatic"),
    exchangeCancelTriggers: pairs(r, "exchange_cancel_triggers"),
  };
}

/** Gin Bummy's options the view's hints depend on. */
export interface GinBummyRules {
  /** The card just drawn from the stock may be discarded at once (never the Beg's). */
  mayDiscardStockDraw: boolean;
}

export function ginBummyRules(raw: unknown): GinBummyRules {
  const r = record(raw);
  return {
    mayDiscardStockDraw: flag(r, "may_discard_stock_draw"),
  };
}

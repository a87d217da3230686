/**
 * A game's options as a form holds them (no page drawing here, so it is unit-tested): the text a field shows for a
 * value, the value a field's text means (or what is wrong with it), and the value in force once variants and the
 * player's own changes are laid over the preset.
 */

import type { OptionField, RulesWords, VariantInfo } from "./api";

/** A field's text for a value: a flat list as "a, b, c", a list of lists as JSON, anything else as itself. */
export function optionText(field: OptionField, value: unknown): string {
  if (field.kind === "list") {
    if (!Array.isArray(value)) return JSON.stringify(value);
    return field.item === "list" ? listJson(value) : value.map((v) => String(v)).join(", ");
  }
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** A list of lists as JSON with a space after each comma: [[2, 2], [3, 2]]. */
function listJson(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(listJson).join(", ")}]` : JSON.stringify(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

function number(text: string, whole: boolean): Parsed {
  const t = text.trim();
  const n = Number(t);
  if (t === "" || !Number.isFinite(n) || (whole && !Number.isInteger(n))) {
    return { ok: false, problem: whole ? "a whole number" : "a number" };
  }
  return { ok: true, value: n };
}

/** What a field's text means as a value of the option, or what it should have been (the option's words). */
export function parseOption(field: OptionField, text: string): Parsed {
  switch (field.kind) {
    case "int":
      return number(text, true);
    case "float":
      return number(text, false);
    case "bool":
      return text === "true" || text === "false"
        ? { ok: true, value: text === "true" }
        : { ok: false, problem: "true or false" };
    case "choice": {
      const found = field.choices.find((c) => String(c) === text);
      return found === undefined ? { ok: false, problem: field.allowed } : { ok: true, value: found };
    }
    case "list":
      return parseList(field, text);
    default:
      return { ok: true, value: text.trim() };
  }
}

function parseList(field: OptionField, text: string): Parsed {
  const wrong: Parsed = { ok: false, problem: field.allowed };
  if (field.item === "list") {
    if (text.trim() === "") return { ok: true, value: [] };
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) && value.every((v) => Array.isArray(v)) ? { ok: true, value } : wrong;
    } catch {
      return { ok: false, problem: `${field.allowed}, written as JSON: [[1, 2], [3, 4]]` };
    }
  }
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (field.item === "int" || field.item === "float") {
    const values = parts.map((p) => number(p, field.item === "int"));
    return values.every((v) => v.ok)
      ? { ok: true, value: values.map((v) => (v.ok ? v.value : null)) }
      : { ok: false, problem: `${field.allowed}, separated by commas` };
  }
  return { ok: true, value: parts };
}

/** The value of each option in force: the preset's, then each chosen variant's changes in turn, then the
 * player's own edits. */
export function inForce(
  fields: OptionField[],
  variants: VariantInfo[],
  chosen: ReadonlySet<string>,
  edits: ReadonlyMap<string, unknown>,
): Map<string, unknown> {
  const values = new Map(fields.map((f) => [f.name, f.value]));
  for (const v of variants) {
    if (!chosen.has(v.name)) continue;
    for (const [name, value] of Object.entries(v.changes)) if (values.has(name)) values.set(name, value);
  }
  for (const [name, value] of edits) values.set(name, value);
  return values;
}

/** The same value (JSON-equal), so a field set back to its value in force is no change. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A value as a person reads it: on/off for true/false, lists without JSON's quotes. */
export function plain(value: unknown): string {
  if (value === true) return "on";
  if (value === false) return "off";
  if (Array.isArray(value)) return value.length === 0 ? "none" : `(${value.map(plain).join(" ")})`;
  return String(value);
}

/** A variant's changes in words: "exchange off, target 20"; with the options' ``labels`` (name: label),
 * "Exchange cards between hands: off; Points to win the match: 20". */
export function changesText(changes: Record<string, unknown>, labels?: ReadonlyMap<string, string>): string {
  if (labels === undefined) {
    return Object.entries(changes)
      .map(([name, value]) => `${name.replaceAll("_", " ")} ${plain(value)}`)
      .join(", ");
  }
  return Object.entries(changes)
    .map(([name, value]) => `${labels.get(name) ?? name.replaceAll("_", " ")}: ${plain(value)}`)
    .join("; ");
}

/** The options under their headings, each heading once, in the order its first option comes. */
export function byGroup(fields: readonly OptionField[]): [string, OptionField[]][] {
  const groups = new Map<string, OptionField[]>();
  for (const field of fields) {
    const group = field.group || "Other";
    groups.set(group, [...(groups.get(group) ?? []), field]);
  }
  return [...groups];
}

/** An option changed from the preset, in words: "Exchange cards between hands: off (usually on)". */
export function changedLine(changed: RulesWords["changed"][number]): string {
  return `${changed.label}: ${plain(changed.value)} (usually ${plain(changed.preset)})`;
}

import assert from "node:assert/strict";
import { test } from "node:test";
import type { OptionField } from "../src/api";
import {
  byGroup,
  changedLine,
  changesText,
  inForce,
  optionText,
  parseOption,
  sameValue,
} from "../src/option_values";

function field(
  name: string,
  kind: OptionField["kind"],
  value: unknown,
  extra: Partial<OptionField> = {},
): OptionField {
  return {
    name,
    kind,
    item: null,
    choices: [],
    allowed: "what it allows",
    doc: "",
    label: name,
    group: "",
    help: "",
    value,
    ...extra,
  };
}

const points = field("points", "list", [3, 2, 1, 0], { item: "int", allowed: "a list of whole numbers" });
const roles = field("roles", "list", ["Boss", "Bum"], { item: "str" });
const triggers = field("revolution_triggers", "list", [[2, 2]], { item: "list", allowed: "a list of lists" });
const order = field("exchange_order", "choice", "higher-first", {
  choices: ["higher-first", "lower-first"],
  allowed: "one of 'higher-first', 'lower-first'",
});

void test("a flat list reads and writes as comma-separated entries, a list of lists as JSON", () => {
  assert.equal(optionText(points, [3, 2, 1, 0]), "3, 2, 1, 0");
  assert.deepEqual(parseOption(points, " 5,3 , 1,0 "), { ok: true, value: [5, 3, 1, 0] });
  assert.deepEqual(parseOption(roles, "King, Peasant"), { ok: true, value: ["King", "Peasant"] });
  assert.equal(
    optionText(triggers, [
      [2, 2],
      [3, "A"],
    ]),
    '[[2, 2], [3, "A"]]',
  );
  assert.deepEqual(parseOption(triggers, "[[3, 1]]"), { ok: true, value: [[3, 1]] });
  assert.deepEqual(parseOption(triggers, ""), { ok: true, value: [] });
});

void test("a value the option does not allow says what it allows", () => {
  assert.deepEqual(parseOption(points, "3, two"), {
    ok: false,
    problem: "a list of whole numbers, separated by commas",
  });
  assert.equal(parseOption(triggers, "[[3, 1]").ok, false);
  assert.equal(parseOption(triggers, "[3, 1]").ok, false);
  assert.deepEqual(parseOption(field("target", "int", 100), "2.5"), { ok: false, problem: "a whole number" });
  assert.deepEqual(parseOption(field("target", "int", 100), ""), { ok: false, problem: "a whole number" });
  assert.deepEqual(parseOption(order, "sideways"), { ok: false, problem: order.allowed });
  assert.deepEqual(parseOption(order, "lower-first"), { ok: true, value: "lower-first" });
  assert.deepEqual(parseOption(field("exchange", "bool", true), "false"), { ok: true, value: false });
});

void test("variants lay their changes over the preset in turn, the player's own edits over them", () => {
  const fields = [field("exchange", "bool", true), field("target", "int", 100)];
  const variants = [
    { name: "single-session", changes: { exchange: false } },
    { name: "one-hour", changes: { exchange: false, target: 20 } },
  ];
  const none = inForce(fields, variants, new Set(), new Map());
  assert.deepEqual(
    [...none],
    [
      ["exchange", true],
      ["target", 100],
    ],
  );
  const hour = inForce(fields, variants, new Set(["one-hour"]), new Map());
  assert.deepEqual(
    [...hour],
    [
      ["exchange", false],
      ["target", 20],
    ],
  );
  const edited = inForce(fields, variants, new Set(["one-hour"]), new Map([["target", 7]]));
  assert.equal(edited.get("target"), 7);
});

void test("a variant's changes are written in words", () => {
  assert.equal(changesText({ exchange: false, target: 20 }), "exchange off, target 20");
  assert.equal(
    changesText({ wilds: [["2", "A"]], sequence_wilds: [] }),
    "wilds ((2 A)), sequence wilds none",
  );
  assert.ok(sameValue([1, 2], [1, 2]) && !sameValue([1, 2], [2, 1]));
});

void test("a variant's changes are told by the options' labels where the form has them", () => {
  const labels = new Map([
    ["exchange", "Exchange cards between hands"],
    ["target", "Points to win the match"],
  ]);
  assert.equal(
    changesText({ exchange: false, target: 20 }, labels),
    "Exchange cards between hands: off; Points to win the match: 20",
  );
  assert.equal(changesText({ wilds: [] }, labels), "wilds: none");
});

void test("options sit under their headings, each heading once, in the order its first option comes", () => {
  const fields = [
    field("suits", "list", [], { group: "Cards" }),
    field("pass_final", "bool", false, { group: "Play" }),
    field("jokers", "int", 2, { group: "Cards" }),
    field("odd", "bool", true),
  ];
  const groups = byGroup(fields).map(([group, list]) => [group, list.map((f) => f.name)]);
  assert.deepEqual(groups, [
    ["Cards", ["suits", "jokers"]],
    ["Play", ["pass_final"]],
    ["Other", ["odd"]],
  ]);
});

void test("an option changed at a table is told by its label, with the usual value beside it", () => {
  const line = changedLine({
    name: "exchange",
    label: "Exchange cards between hands",
    group: "Exchange",
    help: "",
    value: false,
    preset: true,
  });
  assert.equal(line, "Exchange cards between hands: off (usually on)");
});

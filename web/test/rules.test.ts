import assert from "node:assert/strict";
import { test } from "node:test";
import { climbingRules, ginBummyRules } from "../src/rules";
import { bidWords, numberWords } from "../src/views/boojum_bids";
import { drawnHint } from "../src/views/gin_bummy";

// as `rules.to_dict()` sends them (bumtable games president / boojum)
const PRESIDENT = {
  system: "president",
  roles: ["President", "Vice-president", "Vice-bum", "Bum"],
  jokers: 0,
  four_of_a_value: true,
  wipe_card: "3c",
  wipe_last_loses: true,
  reverse_card: "",
  reverses: "direction",
  points: [3, 2, 1, 0],
  revolution_triggers: [],
  revolution_declare: "automatic",
  exchange_cancel_triggers: [],
};

void test("the climbing rules are read for the options the view tells of", () => {
  const rules = climbingRules(PRESIDENT);
  assert.deepEqual(rules.roles, PRESIDENT.roles);
  assert.equal(rules.wipeCard, "3c");
  assert.ok(rules.fourOfAValue && rules.wipeLastLoses);
  assert.deepEqual(rules.points, [3, 2, 1, 0]);
  const bum = climbingRules({
    revolution_triggers: [
      [2, 2],
      [3, 2],
    ],
    reverses: "both",
    jokers: 2,
  });
  assert.deepEqual(bum.revolutionTriggers, [
    [2, 2],
    [3, 2],
  ]);
  assert.equal(bum.reverses, "both");
});

void test("rules missing or of another type read as the usual values, never a failure", () => {
  const rules = climbingRules({
    roles: "Boss",
    four_of_a_value: "yes",
    points: [1, "2"],
    reverses: "sideways",
  });
  assert.deepEqual(rules.roles, []);
  assert.equal(rules.fourOfAValue, false);
  assert.deepEqual(rules.points, [1]);
  assert.equal(rules.reverses, "direction");
  assert.deepEqual(climbingRules(null).revolutionTriggers, []);
  assert.equal(ginBummyRules([]).mayDiscardStockDraw, false);
});

void test("bids are announced in words, their worth as the observation sends it", () => {
  assert.equal(bidWords({ cards: 2, pips: 14 }), "two for fourteen");
  assert.equal(bidWords({ cards: 3, pips: 33 }), "three for thirty-three");
  assert.deepEqual([14, 40, 21, 123, 100, 1000].map(numberWords), [
    "fourteen",
    "forty",
    "twenty-one",
    "one hundred and twenty-three",
    "one hundred",
    "1000",
  ]);
});

void test("the card just drawn may be discarded from the stock only where the rules say so", () => {
  const strict = ginBummyRules({ may_discard_stock_draw: false });
  const loose = ginBummyRules({ may_discard_stock_draw: true });
  assert.equal(
    drawnHint("Jh", "draw stock", strict),
    "You drew J♥: now discard a card (not the one just drawn).",
  );
  assert.equal(
    drawnHint("Jh", "draw stock", loose),
    "You drew J♥: now discard a card (it may be the one just drawn from the stock).",
  );
  assert.equal(
    drawnHint("Jh", "draw beg", loose),
    "You drew J♥: now discard a card (not the one just drawn from the Beg).",
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { SHORTCUTS, cardKeys, isRankKey, isTyping, moveTo, pickByRank } from "../src/keys";

void test("a card is selected by its rank's key: 0 or T for a 10, X for a Joker, a Decktet card's rank", () => {
  assert.deepEqual(cardKeys("7c"), ["7"]);
  assert.deepEqual(cardKeys("10h"), ["0", "t"]);
  assert.deepEqual(cardKeys("Qs"), ["q"]);
  assert.deepEqual(cardKeys("JK"), ["x", "*"]);
  assert.deepEqual(cardKeys("RJ"), ["x", "*"]);
  assert.deepEqual(cardKeys("PMS"), ["p"]);
  assert.deepEqual(cardKeys("AM"), ["a"]);
  assert.ok(isRankKey("7") && isRankKey("Q") && isRankKey("*"));
  assert.ok(!isRankKey("h") && !isRankKey("Enter") && !isRankKey("1"));
});

void test("a rank key selects the next unselected card of that rank, then unselects them all", () => {
  const hand = [
    { text: "7c", pressed: false },
    { text: "7s", pressed: false },
    { text: "9d", pressed: false },
    { text: "7h", pressed: false },
  ];
  assert.deepEqual(pickByRank("7", hand, -1), { select: 0 });
  assert.deepEqual(pickByRank("7", hand, 1), { select: 3 }, "the next after the card in focus");
  assert.deepEqual(pickByRank("7", hand, 3), { select: 0 }, "round the hand");
  const two = hand.map((c, i) => ({ ...c, pressed: i === 0 || i === 1 }));
  assert.deepEqual(pickByRank("7", two, 1), { select: 3 });
  const all = hand.map((c) => ({ ...c, pressed: c.text.startsWith("7") }));
  assert.deepEqual(pickByRank("7", all, 0), { unselect: [0, 1, 3] });
  assert.equal(pickByRank("k", hand, 0), null);
});

void test("arrows, Home and End move through the hand without leaving it", () => {
  assert.equal(moveTo("ArrowRight", -1, 5), 0, "from outside the hand: its first card");
  assert.equal(moveTo("ArrowLeft", -1, 5), 4, "or its last");
  assert.equal(moveTo("ArrowRight", 4, 5), 4);
  assert.equal(moveTo("ArrowLeft", 0, 5), 0);
  assert.equal(moveTo("ArrowRight", 2, 5), 3);
  assert.equal(moveTo("Home", 3, 5), 0);
  assert.equal(moveTo("End", 0, 5), 4);
  assert.equal(moveTo("ArrowRight", -1, 0), null, "no hand, no move");
  assert.equal(moveTo("x", 1, 5), null);
});

void test("keys are the person's own while typing in a field", () => {
  assert.ok(isTyping({ tagName: "INPUT", type: "text" }));
  assert.ok(isTyping({ tagName: "input", type: "number" }));
  assert.ok(isTyping({ tagName: "TEXTAREA" }));
  assert.ok(isTyping({ tagName: "SELECT" }));
  assert.ok(isTyping({ tagName: "DIV", isContentEditable: true }));
  assert.ok(!isTyping({ tagName: "INPUT", type: "checkbox" }));
  assert.ok(!isTyping({ tagName: "BUTTON" }));
  assert.ok(!isTyping(null));
});

void test("the shortcuts' list names every key the page answers", () => {
  const keys = SHORTCUTS.flatMap(([k]) => k);
  for (const key of [
    "←",
    "→",
    "Home",
    "End",
    "Space",
    "↑",
    "↓",
    "2–9",
    "0",
    "T",
    "X",
    "Enter",
    "P",
    "Esc",
    "H",
    "?",
  ])
    assert.ok(keys.includes(key), key);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { actionCards, actionLabel, actionsUsing, cardlessActions, eventLine } from "../src/views/gin_bummy";

const legal = [
  { text: "discard Jh", code: 41 },
  { text: "discard Kc", code: 47 },
  { text: "ace Ah", code: 53 },
  { text: "joker JK 4h", code: 60 },
  { text: "joker JK Jh", code: 61 },
  { text: "joker JK JK", code: 107 },
  { text: "draw stock", code: 0 },
  { text: "draw beg", code: 1 },
];

void test("an action's text names its cards; draws name none", () => {
  assert.deepEqual(actionCards("joker JK 4h"), ["JK", "4h"]);
  assert.deepEqual(actionCards("discard 10c"), ["10c"]);
  assert.deepEqual(actionCards("draw stock"), []);
  assert.deepEqual(actionCards("bum"), []);
});

void test("a clicked card offers the legal actions that use it, its own first", () => {
  const { exact, more } = actionsUsing(legal, ["Jh"]);
  assert.deepEqual(
    exact.map((a) => a.text),
    ["discard Jh"],
  );
  assert.deepEqual(
    more.map((a) => a.text),
    ["joker JK Jh"],
  );
  assert.deepEqual(
    actionsUsing(legal, ["Ah"]).exact.map((a) => a.text),
    ["ace Ah"],
  );
});

void test("a Joker alone offers every card it may carry; with a card, just that one", () => {
  const alone = actionsUsing(legal, ["JK"]);
  assert.equal(alone.exact.length, 0);
  assert.deepEqual(
    alone.more.map((a) => a.text),
    ["joker JK 4h", "joker JK Jh", "joker JK JK"],
  );
  assert.deepEqual(
    actionsUsing(legal, ["JK", "4h"]).exact.map((a) => a.text),
    ["joker JK 4h"],
  );
  assert.deepEqual(
    actionsUsing(legal, ["JK", "JK"]).exact.map((a) => a.text),
    ["joker JK JK"],
  );
});

void test("a card no legal action uses is offered nothing, and nothing is selected offers nothing", () => {
  const none = actionsUsing(legal, ["7s"]);
  assert.equal(none.exact.length + none.more.length, 0);
  const empty = actionsUsing(legal, []);
  assert.equal(empty.exact.length + empty.more.length, 0);
});

void test("the draws and Bum! are the card-less actions", () => {
  assert.deepEqual(
    cardlessActions([...legal, { text: "bum", code: 2 }]).map((a) => a.text),
    ["draw stock", "draw beg", "bum"],
  );
});

void test("buttons and the reason line say what happens", () => {
  assert.equal(actionLabel("discard Jh"), "Discard J♥");
  assert.equal(actionLabel("ace Ah"), "Discard A♥, draw three");
  assert.equal(actionLabel("joker JK 4h"), "Joker carrying 4♥");
  assert.equal(actionLabel("draw beg", "9c"), "Take 9♣ from the Beg");
  assert.equal(actionLabel("bum"), "Call “Bum!”");
  const name = (s: number): string => `P${s}`;
  const event = { seq: 1, step: 1, kind: "discard", player: 2, text: "discard 10c", cards: ["10c"] };
  assert.equal(eventLine(event, name), "P2 discarded 10♣.");
  const drew = { seq: 2, step: 2, kind: "draw", player: 0, text: "draw stock", cards: [] };
  assert.equal(eventLine(drew, name), "P0 drew from the stock.");
  const over = { seq: 3, step: 3, kind: "game-over", player: 1, text: "last-standing", cards: [] };
  assert.equal(eventLine(over, name), "P1 won: the last player not starved.");
});

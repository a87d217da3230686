import assert from "node:assert/strict";
import { test } from "node:test";
import { cardLabel, parseCard } from "../src/cards";
import { cardlessActions, playRanks, playsUsing } from "../src/plays";

const legal = [
  { text: "set 7", code: 1 },
  { text: "set 7 7", code: 2 },
  { text: "set 7 7 JK", code: 3 },
  { text: "set 10", code: 4 },
  { text: "pass", code: 5 },
];

void test("a play's text names its ranks, jokers as JK", () => {
  assert.deepEqual(playRanks("set 7 7 JK"), ["7", "7", "JK"]);
  assert.deepEqual(playRanks("give 10 RJ"), ["10", "JK"]);
  assert.deepEqual(playRanks("pass"), []);
});

void test("selected cards offer the legal plays that use them all, exact ones first", () => {
  const { exact, more } = playsUsing(legal, ["7c", "7s"]);
  assert.deepEqual(
    exact.map((c) => c.text),
    ["set 7 7"],
  );
  assert.deepEqual(
    more.map((c) => c.text),
    ["set 7 7 JK"],
  );
});

void test("a selection no legal play uses is offered nothing", () => {
  const { exact, more } = playsUsing(legal, ["7c", "10h"]);
  assert.equal(exact.length + more.length, 0);
});

void test("actions without cards are the card-less ones", () => {
  assert.deepEqual(
    cardlessActions(legal).map((c) => c.text),
    ["pass"],
  );
});

void test("cards are read and named for screen readers", () => {
  assert.deepEqual(parseCard("10h"), { text: "10h", rank: "10", suit: "h", joker: false });
  assert.equal(cardLabel("Qs"), "queen of spades");
  assert.equal(cardLabel("RJ"), "red Joker");
  assert.throws(() => parseCard("1x"), /not a card/);
});

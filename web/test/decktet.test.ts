import assert from "node:assert/strict";
import { test } from "node:test";
import { decktetLabel, isDecktet, parseDecktet, setDecktetTable, typeTag } from "../src/decktet";
import { actionCard, actionLabel, actionsForCard, cardlessActions, tokenCounts } from "../src/views/boojum";
import { DECKTET_CARDS } from "./decktet_table";

void test("a card's text gives its rank, suits, name and types", () => {
  const journey = parseDecktet("3MW");
  assert.equal(journey.rank, "3");
  assert.deepEqual(journey.suits, ["M", "W"]);
  assert.equal(journey.name, "the Journey");
  assert.deepEqual(journey.types, ["Event"]);
  assert.deepEqual(parseDecktet("CL").types, ["Location", "Event"]);
  assert.equal(typeTag(parseDecktet("2WL")), "LOC+EVT");
  assert.deepEqual(parseDecktet("AY").types, []);
});

void test("suits are read in any order and case; Pawns, Courts and the Excuse are cards", () => {
  assert.equal(parseDecktet("2km").text, "2MK");
  assert.equal(parseDecktet("PLSM").name, "the Harvest");
  assert.equal(parseDecktet("TSWY").rankName, "Court");
  assert.deepEqual(parseDecktet("X").suits, []);
});

void test("texts that name no card are refused", () => {
  assert.throws(() => parseDecktet("3MS"), /not a Decktet card/);
  assert.throws(() => parseDecktet("Z3"), /not a Decktet card/);
  assert.equal(isDecktet("pass"), false);
  assert.equal(isDecktet("CK"), true);
});

void test("a card is named from the card table the server sent: a card not in it is no card", () => {
  setDecktetTable(DECKTET_CARDS.filter((c) => c.text !== "PMSL"));
  try {
    assert.equal(isDecktet("PMSL"), false);
    assert.equal(parseDecktet("3MW").name, "the Journey");
  } finally {
    setDecktetTable(DECKTET_CARDS);
  }
  assert.equal(parseDecktet("PMSL").name, "the Harvest");
});

void test("cards are named for screen readers with suits and types", () => {
  assert.equal(decktetLabel("6LK"), "the Market: 6 of Leaves and Knots, Location and Event");
  assert.equal(decktetLabel("AM"), "Ace of Moons");
  assert.equal(decktetLabel("CS"), "the Bard: Crown of Suns, Personality");
});

const legal = [
  { text: "lay 3MW", code: 19 },
  { text: "lay CM", code: 40 },
  { text: "claim waves", code: 7 },
  { text: "pass", code: 1 },
];

void test("a clicked card offers its lay; pass, stand and claims are card-less", () => {
  assert.equal(actionCard("lay 3MW"), "3MW");
  assert.equal(actionCard("claim waves"), null);
  assert.deepEqual(
    actionsForCard(legal, "CM").map((a) => a.text),
    ["lay CM"],
  );
  assert.deepEqual(actionsForCard(legal, "8YK"), []);
  assert.deepEqual(
    cardlessActions(legal).map((a) => a.text),
    ["claim waves", "pass"],
  );
  assert.equal(actionLabel("claim waves", "claim"), "Claim the Waves token");
  assert.equal(actionLabel("lay CM", "auction"), "Bid the Huntress (Crown Moons)");
  assert.equal(actionLabel("lay AS", "claim"), "Lay Ace of Suns into the claim");
});

void test("tokens are counted by suit from the wire form", () => {
  assert.deepEqual(tokenCounts({ moons: 1, knots: 2 }), { M: 1, S: 0, W: 0, L: 0, Y: 0, K: 2 });
  assert.deepEqual(tokenCounts(undefined), { M: 0, S: 0, W: 0, L: 0, Y: 0, K: 0 });
});

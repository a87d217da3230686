import assert from "node:assert/strict";
import { test } from "node:test";
import { shortCard } from "../src/cards";
import type { GameEvent } from "../src/protocol";
import { logText } from "../src/table";

const name = (seat: number): string => (seat === 0 ? "You" : `P${seat}`);

function event(fields: Partial<GameEvent>): GameEvent {
  return { seq: 1, step: 1, kind: "play", player: 0, text: "", ...fields };
}

void test("a log line names the viewer You and shows the cards the event showed it", () => {
  assert.equal(logText(event({ text: "set 7 7", cards: ["7c", "7s"] }), name), "You: set 7 7 (7♣ 7♠)");
  assert.equal(
    logText(event({ player: 2, text: "gives 1 card to P1", cards: [] }), name),
    "P2: gives 1 card to P1",
  );
  assert.equal(
    logText(event({ player: null, kind: "hand-over", text: "hand 1: P0 +3" }), name),
    "hand 1: P0 +3",
  );
});

void test("cards already written in the text are not written again", () => {
  assert.equal(logText(event({ player: 1, text: "discard Jh", cards: ["Jh"] }), name), "P1: discard Jh");
});

void test("a card's short text has its suit's symbol", () => {
  assert.equal(shortCard("10h"), "10♥");
  assert.equal(shortCard("JK"), "JK");
  assert.equal(shortCard("3MW"), "3MW");
});

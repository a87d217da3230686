import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { shortCard } from "../src/cards";
import { LogWriter, familyOf, type Family } from "../src/log_words";
import { lotName } from "../src/views/boojum";
import type { GameEvent } from "../src/protocol";
import "./decktet_table";

const name = (seat: number): string => (seat === 0 ? "You" : seat === 2 ? "Ann" : `P${seat}`);

function event(fields: Partial<GameEvent>): GameEvent {
  return { seq: 1, step: 1, kind: "play", player: 0, to: null, text: "", cards: [], count: 0, ...fields };
}

function line(family: Family, fields: Partial<GameEvent>): string {
  return new LogWriter(family, name, { topRole: "Boss" }).line(event(fields));
}

/** Texts the games really send (one family each), per event kind: raw reasons among them. */
const SAMPLES: [Family, Partial<GameEvent>][] = [
  ["climbing", { kind: "deal", text: "hand 1", cards: ["3c", "4h"], count: 2 }],
  ["climbing", { kind: "deal", player: 1, text: "hand 1", count: 13 }],
  ["climbing", { kind: "play", player: 1, text: "seq 9 10 J", cards: ["9d", "10h", "Js"], count: 3 }],
  ["climbing", { kind: "pass", player: 3 }],
  ["climbing", { kind: "pass", player: 0 }],
  ["climbing", { kind: "trick", player: 2, text: "passes" }],
  ["climbing", { kind: "trick", player: 2, text: "sat-out" }],
  ["climbing", { kind: "trick", player: 2, text: "four-of-a-value", rank: "7" }],
  ["climbing", { kind: "trick", player: 2, text: "wipe" }],
  ["climbing", { kind: "out", player: 3, text: "out", count: 1 }],
  ["climbing", { kind: "out", player: 1, text: "left", count: 4 }],
  ["climbing", { kind: "out", player: 1, text: "wipe-card", count: 4 }],
  ...["trick-winner", "after-winner", "lead-card", "boss", "bum", "dealer", "eldest"].map(
    (text): [Family, Partial<GameEvent>] => ["climbing", { kind: "lead", player: 3, text }],
  ),
  ["climbing", { kind: "revolution", player: 1, text: "dealt", cards: ["JK", "JK"], count: 2 }],
  ["climbing", { kind: "no-exchange", player: null, text: "" }],
  ["climbing", { kind: "give", player: 0, to: 1, text: "best", cards: ["Ad"], count: 1 }],
  ["climbing", { kind: "give", player: 1, to: 3, text: "gives 1 card to P3", count: 1 }],
  ["climbing", { kind: "hand-over", player: null, text: "hand 1: P0 +3, P3 +2, P1 +1, P2 +0" }],
  ["climbing", { kind: "game-over", player: 1, text: "target" }],
  ["climbing", { kind: "game-over", player: 1, text: "rounds" }],
  ["climbing", { kind: "cut", player: 1, text: "P0 5h, P1 Ac", cards: ["5h", "Ac"], count: 2 }],
  ["gin-bummy", { kind: "cut", player: 1, text: "cut Ac", cards: ["Ac"], count: 1 }],
  ["gin-bummy", { kind: "deal", player: 1, text: "10 cards", count: 10 }],
  ["gin-bummy", { kind: "draw", player: 1, text: "draw stock", count: 1 }],
  ["gin-bummy", { kind: "draw", player: 0, text: "draw beg", cards: ["Ks"], count: 1 }],
  ["gin-bummy", { kind: "discard", player: 1, text: "discard Kh", cards: ["Kh"], count: 1 }],
  ["gin-bummy", { kind: "turn-over", player: null, text: "flip", cards: ["Qs"], count: 1 }],
  ["gin-bummy", { kind: "force", player: 0, to: 1, text: "force 2s", cards: ["2s"], count: 1 }],
  ["gin-bummy", { kind: "starve", player: 1, text: "starve", cards: ["3c"], count: 1 }],
  ["gin-bummy", { kind: "bum", player: 1, text: "bum", cards: ["3c", "5s", "7d", "10h"], count: 4 }],
  ["gin-bummy", { kind: "lead", player: 1, text: "the dealer plays first" }],
  ["gin-bummy", { kind: "game-over", player: 1, text: "last-standing" }],
  ["gin-bummy", { kind: "game-over", player: null, text: "starved" }],
  ["boojum", { kind: "deal", player: null, text: "slot 1", count: 2 }],
  ["boojum", { kind: "deal", player: 1, text: "dealt a card", count: 1 }],
  ["boojum", { kind: "bid", player: 1, text: "lay 5YK", cards: ["5YK"], count: 1 }],
  ["boojum", { kind: "stand", player: 1, text: "two for six", cards: ["AS", "5YK"], count: 2 }],
  ["boojum", { kind: "pass", player: 1, text: "cannot beat" }],
  ["boojum", { kind: "lot", player: 2, text: "slot 1", cards: ["2WL", "6LK"], count: 2 }],
  ["boojum", { kind: "take-back", player: 1, text: "take back", cards: ["CL"], count: 1 }],
  ["boojum", { kind: "build", player: null, text: "build" }],
  ["boojum", { kind: "pick-up", player: 1, text: "pick up", cards: ["4MS"], count: 1 }],
  ["boojum", { kind: "claims", player: 1, text: "claims" }],
  ["boojum", { kind: "claim-start", player: 1, text: "knots" }],
  ["boojum", { kind: "lay", player: 1, text: "lay CL", cards: ["CL"], count: 1 }],
  ["boojum", { kind: "claim", player: 1, text: "knots", cards: ["AL", "CL"], count: 2 }],
  ["boojum", { kind: "draw", player: 1, text: "draw a card", count: 1 }],
  ["boojum", { kind: "done", player: 1, text: "nothing to claim" }],
  ["boojum", { kind: "reshuffle", player: null, text: "reshuffle", count: 37 }],
  ["boojum", { kind: "round", player: null, text: "round 2", cards: ["2WL"], count: 1 }],
  ["boojum", { kind: "game-over", player: null, text: "round-limit" }],
  ["boojum", { kind: "game-over", player: 1, text: "tokens" }],
];

/** Raw words an event may carry that a person should never read. */
const RAW =
  /\b(trick-winner|after-winner|lead-card|four-of-a-value|sat-out|wipe-card|last-standing|round-limit|no-exchange|take-back|pick-up|claim-start|hand-over|game-over|turn-over)\b|^P\d+:| \([a-z]+(-[a-z]+)*\)\.$|: (passes|boss|left|dealer|target|rounds|eldest|tokens|starve)\.?$/;

void test("every event kind the schema knows is written in words in every family (no raw kind or reason)", () => {
  const schema = JSON.parse(readFileSync(new URL("../docs/schema/event.json", import.meta.url), "utf8")) as {
    properties: { kind: { enum: string[] } };
  };
  const kinds = schema.properties.kind.enum;
  for (const kind of kinds) {
    assert.ok(
      SAMPLES.some(([, e]) => e.kind === kind),
      `no sample of the event kind ${kind}`,
    );
    for (const family of ["climbing", "gin-bummy", "boojum", "other"] as Family[]) {
      const text = line(family, { kind, player: 1, text: kind });
      assert.ok(text.length > 3, `${family} ${kind}: "${text}"`);
      assert.doesNotMatch(text, /^P1: /, `${family} ${kind}: "${text}"`);
    }
  }
  for (const [family, fields] of SAMPLES) {
    const text = line(family, fields);
    assert.doesNotMatch(text, RAW, `${family} ${fields.kind} ${fields.text}: "${text}"`);
    assert.match(text, /[.!)]$/, `${family} ${fields.kind}: a sentence: "${text}"`);
  }
});

void test("a pass, a lead, a cut and a hand's end read as sentences with the viewer's names", () => {
  assert.equal(line("climbing", { kind: "pass", player: 3 }), "P3 passes.");
  assert.equal(line("climbing", { kind: "pass", player: 0 }), "You pass.");
  assert.equal(
    line("climbing", { kind: "play", player: 2, text: "set 7 7", cards: ["7c", "7s"] }),
    "Ann plays 7♣ 7♠.",
  );
  assert.equal(
    line("climbing", { kind: "cut", player: 1, text: "P0 5h, P1 Ac, P2 Ks", cards: ["5h", "Ac", "Ks"] }),
    "Cut for the first Boss: You 5♥, P1 A♣, Ann K♠ — P1 cuts highest and is the Boss.",
  );
  assert.equal(
    line("climbing", { kind: "hand-over", player: null, text: "hand 1: P0 +1, P2 +0" }),
    "Hand 1 is over: You +1, Ann +0.",
  );
  assert.equal(
    line("climbing", { kind: "lead", player: 3, text: "trick-winner" }),
    "P3 leads the next trick.",
  );
  assert.equal(
    line("boojum", { kind: "bid", player: 1, text: "lay AS", cards: ["AS"] }),
    "P1 lays Ace of Suns into a bid.",
  );
});

void test("a trick won says who won it, and the lead that follows says who leads (never both, differently)", () => {
  assert.equal(
    line("climbing", { kind: "trick", player: 1, text: "passes" }),
    "Nobody beat it, everyone else passed: P1 wins the trick.",
  );
  assert.equal(
    line("climbing", { kind: "trick", player: 1, text: "four-of-a-value", rank: "K" }),
    "Four kings in a row end the trick: P1 wins the trick.",
  );
  assert.equal(
    line("climbing", { kind: "lead", player: 3, text: "after-winner" }),
    "P3 leads: the trick's winner is out of cards, and P3 is next.",
  );
});

void test("the words of each family, by the family the table message names", () => {
  assert.equal(familyOf("climbing"), "climbing");
  assert.equal(familyOf("gin-bummy"), "gin-bummy");
  assert.equal(familyOf("boojum"), "boojum");
  assert.equal(familyOf("president"), "other");
});

void test("a card's short text has its suit's symbol", () => {
  assert.equal(shortCard("10h"), "10♥");
  assert.equal(shortCard("JK"), "JK");
  assert.equal(shortCard("3MW"), "3MW");
});

void test('Boojum\'s log names a lot as the board does ("lot 2", from the rules\' "slot 2")', () => {
  assert.equal(lotName("slot 2"), "lot 2");
  assert.equal(lotName("dealt a card"), null);
  assert.equal(
    line("boojum", { kind: "deal", player: null, text: "slot 2", count: 1 }),
    "A card is dealt face down onto lot 2.",
  );
  assert.equal(
    line("boojum", { kind: "lot", player: null, text: "slot 3", cards: ["AS"] }),
    "Nobody bid for lot 3.",
  );
  assert.equal(
    line("boojum", { kind: "lot", player: 2, text: "slot 1", cards: ["AS"] }),
    "Ann wins lot 1: Ace of Suns.",
  );
  assert.equal(line("boojum", { kind: "lot", player: 0, text: "slot 1", cards: [] }), "You win lot 1.");
  for (const fields of [
    { kind: "build", text: "build" },
    { kind: "round", text: "round 2", cards: ["2WL"] },
  ]) {
    assert.doesNotMatch(line("boojum", { player: null, ...fields }), /slot/i);
  }
});

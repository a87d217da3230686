import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEvent, Observation } from "../src/protocol";
import {
  delayMs,
  handSteps,
  hasBoard,
  moveText,
  playFrom,
  replayFrame,
  replayTable,
  type HandEvents,
} from "../src/replay_steps";

function event(seq: number, step: number, kind: string): GameEvent {
  return { seq, step, kind, player: 0, text: `${kind} ${String(seq)}` };
}

function observation(turn: number, hand: string[]): Observation {
  return {
    system: "bum-game",
    seat: 0,
    phase: "play",
    turn,
    legal: [{ text: "pass", code: 0 }],
    hand,
  };
}

const deal = [event(0, 10, "deal"), event(1, 10, "lead")];
const plays = [event(2, 11, "play"), event(3, 12, "play"), event(4, 12, "hand-over")];

const framed: HandEvents = {
  table: "t1",
  hand: 2,
  seat: 0,
  family: "climbing",
  rules: { system: "bum-game" },
  card_table: [],
  events: [...deal, ...plays],
  frames: [
    { step: 10, observation: observation(0, ["3h", "4h"]), events: deal },
    { step: 11, observation: observation(1, ["4h"]), events: [plays[0]!] },
    { step: 12, observation: observation(2, ["4h"]), events: plays.slice(1) },
  ],
};

void test("a replay's positions are the server's frames, and a frame carries every event up to it", () => {
  const steps = handSteps(framed);
  assert.equal(steps.length, 3);
  const middle = replayFrame(framed, steps, 1);
  assert.ok(middle);
  assert.equal(middle.step, 11);
  assert.deepEqual(middle.observation.hand, ["4h"]);
  assert.deepEqual(
    middle.events.map((e) => e.seq),
    [0, 1, 2],
  );
  assert.deepEqual(replayFrame(framed, steps, 2)?.events.length, 5);
});

void test("nothing can be played in a replay: its frames offer no legal action", () => {
  const steps = handSteps(framed);
  for (let at = 0; at < steps.length; at++)
    assert.deepEqual(replayFrame(framed, steps, at)?.observation.legal, []);
  assert.equal(framed.frames?.[0]?.observation?.legal.length, 1); // the answer itself is left as it came
});

void test("the view is made from the answer's family, rules and card table, for the viewer's seat", () => {
  const table = replayTable(framed);
  assert.equal(table.family, "climbing");
  assert.deepEqual(table.rules, { system: "bum-game" });
  assert.equal(table.you, 0);
  assert.ok(hasBoard(framed));
});

void test("an answer with events alone steps through them a step at a time, with no board", () => {
  const bare: HandEvents = { table: "t1", hand: 1, seat: null, events: [...deal, ...plays] };
  const steps = handSteps(bare);
  assert.deepEqual(
    steps.map((s) => s.events.length),
    [2, 1, 2],
  );
  assert.equal(hasBoard(bare), false);
  assert.equal(replayFrame(bare, steps, 0), null);
});

void test("the position reads as moves made, and Play at the end starts the hand again", () => {
  assert.equal(moveText(0, 40), "Move 0 of 40");
  assert.equal(moveText(40, 40), "Move 40 of 40");
  assert.equal(playFrom(40, 40), 0);
  assert.equal(playFrom(7, 40), 7);
});

void test("a faster speed shows each move for less time", () => {
  assert.deepEqual([0.5, 1, 2, 4].map(delayMs), [2000, 1000, 500, 250]);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import type { OpenTable } from "../src/api";
import { seatText, tableLine } from "../src/open_tables";

const table: OpenTable = {
  id: "t1",
  game: "president",
  title: "President",
  players: 3,
  created_at: null,
  series: { rounds: 10 },
  seats: [
    { seat: 0, kind: "person", bot: null, name: "Ann", taken: true, present: true },
    { seat: 1, kind: "person", bot: null, name: null, taken: false, present: false },
    { seat: 2, kind: "bot", bot: "heuristic", name: null, taken: true, present: true },
  ],
  free: 1,
  spectators: 0,
};

void test("a listed table's seats say who sits there, free ones and bots by kind", () => {
  assert.deepEqual(table.seats.map(seatText), ["P0: Ann (here)", "P1: free", "P2: bot heuristic"]);
  assert.equal(
    seatText({ seat: 3, kind: "person", bot: null, name: null, taken: true, present: false }),
    "P3 (away)",
  );
});

void test("a listed table's line counts its players, free seats and watchers", () => {
  assert.equal(tableLine(table), "3 players · 10 hands · 1 free seat · 0 watching");
  assert.equal(tableLine({ ...table, series: null }), "3 players · one game · 1 free seat · 0 watching");
  assert.equal(tableLine({ ...table, series: { target: 20 } }).split(" · ")[1], "to 20 points");
  assert.equal(
    tableLine({ ...table, free: 2, spectators: 1 }),
    "3 players · 10 hands · 2 free seats · 1 watching",
  );
});

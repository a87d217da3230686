import assert from "node:assert/strict";
import { test } from "node:test";
import { playOrder, seatRing, type SeatSpot } from "../src/seat_ring";

/** Clockwise on the screen from the bottom's middle: the angle round the box's centre, growing left, up, right. */
function turn(s: SeatSpot): number {
  const a = Math.atan2(0.5 - s.x, s.y - 0.5); // 0 at the bottom, pi/2 on the left, pi at the top
  return a < 0 ? a + 2 * Math.PI : a;
}

void test("the viewer's own seat sits at the bottom's middle; a spectator sees P0 there", () => {
  for (const players of [2, 3, 7, 12]) {
    for (const viewer of [0, players - 1]) {
      const [first] = seatRing(players, viewer, 1.6).spots;
      assert.deepEqual(first, { seat: viewer, x: 0.5, y: 1, edge: "bottom" });
    }
    assert.equal(seatRing(players, null, 1.6).spots[0]?.seat, 0);
  }
});

void test("the others follow in play order from the viewer's left, clockwise on the screen", () => {
  for (const aspect of [0.6, 1, 2.2]) {
    for (let players = 2; players <= 12; players++) {
      const { spots } = seatRing(players, 2 % players, aspect);
      assert.deepEqual(
        spots.map((s) => s.seat),
        playOrder(players, 2 % players),
      );
      const turns = spots.map(turn);
      for (let i = 1; i < turns.length; i++) {
        assert.ok((turns[i] ?? 0) > (turns[i - 1] ?? 0), `${players} at ${aspect}: seat ${i} turns on`);
      }
      if (players > 2) assert.ok((spots[1]?.x ?? 1) < 0.5, "the next to play sits on the viewer's left");
    }
  }
  assert.deepEqual(playOrder(5, 3), [3, 4, 0, 1, 2]);
});

void test("two players face each other; four sit at the four edges", () => {
  assert.deepEqual(
    seatRing(2, 0, 1.5).spots.map((s) => [s.x, s.y, s.edge]),
    [
      [0.5, 1, "bottom"],
      [0.5, 0, "top"],
    ],
  );
  assert.equal(seatRing(2, 0, 1.5).sides, false);
  const four = seatRing(4, 1, 1);
  assert.deepEqual(
    four.spots.map((s) => s.edge),
    ["bottom", "left", "top", "right"],
  );
  assert.equal(four.sides, true);
});

void test("every seat lies on the box's edge, and no two seats share a spot", () => {
  for (const aspect of [0.6, 1.8]) {
    for (let players = 2; players <= 12; players++) {
      const { spots } = seatRing(players, 0, aspect);
      for (const s of spots) {
        assert.ok(s.x >= 0 && s.x <= 1 && s.y >= 0 && s.y <= 1);
        assert.ok(
          [s.x, s.y].some((v) => v === 0 || v === 1),
          `${players}: ${s.x},${s.y} is on an edge`,
        );
      }
      // spaced evenly along the path: no two nearer than half the even spacing (or half the box's height)
      const step = Math.min((2 * aspect + 2) / players, 1);
      for (const a of spots)
        for (const b of spots)
          if (a !== b) assert.ok(Math.hypot((a.x - b.x) * aspect, a.y - b.y) > step / 2 - 1e-6);
    }
  }
});

void test("a table of no players, or a box of no width, is refused with what was wrong", () => {
  assert.throws(() => seatRing(0, 0, 1), /1 or more players, not 0/);
  assert.throws(() => seatRing(3, 0, 0), /aspect must be above 0, not 0/);
});

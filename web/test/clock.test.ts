import assert from "node:assert/strict";
import { test } from "node:test";
import { bankNow, formatBank, readClock } from "../src/clock";

void test("a frame's clock is read, anything else is no clock", () => {
  assert.deepEqual(readClock({ banks: [300, null], running: 0 }), { banks: [300, null], running: 0 });
  assert.equal(readClock(null), null);
  assert.equal(readClock({ running: 0 }), null);
});

void test("a bank is shown as m:ss, rounded up, never below 0:00", () => {
  assert.equal(formatBank(300), "5:00");
  assert.equal(formatBank(59.2), "1:00");
  assert.equal(formatBank(0.4), "0:01");
  assert.equal(formatBank(-3), "0:00");
});

void test("only the running seat's bank goes down between frames, and a bot's seat has none", () => {
  const clock = { banks: [100, 50, null], running: 1 };
  assert.equal(bankNow(clock, 0, 10), 100);
  assert.equal(bankNow(clock, 1, 10), 40);
  assert.equal(bankNow(clock, 1, 80), 0);
  assert.equal(bankNow(clock, 2, 10), null);
});

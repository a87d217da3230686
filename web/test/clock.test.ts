import assert from "node:assert/strict";
import { test } from "node:test";
import { LOW_TIME, LowTimeWarning, bankNow, bankText, formatBank, isLow, readClock } from "../src/clock";

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

void test("a bank is said in words and characters every font has (no emoji)", () => {
  assert.equal(bankText(299.5, true), "5:00 left (running)");
  assert.equal(bankText(42, false), "0:42 left");
  assert.match(bankText(3, true), /^[\x20-\x7e]+$/);
});

void test("a running bank under the threshold is low; a stopped one is not", () => {
  assert.ok(isLow(LOW_TIME - 0.1, true));
  assert.ok(!isLow(LOW_TIME, true));
  assert.ok(!isLow(3, false));
  assert.ok(!isLow(null, true));
});

void test("the low-time warning is said once a turn, and again on a later turn", () => {
  const warning = new LowTimeWarning();
  assert.equal(warning.due(7, 12, true), null);
  assert.equal(warning.due(7, 9.5, true), `${LOW_TIME} seconds left`);
  assert.equal(warning.due(7, 9, true), null);
  assert.equal(warning.due(7, 0.5, true), null);
  assert.equal(warning.due(7, 0, false), null); // the turn is over
  assert.equal(warning.due(11, 9.9, true), `${LOW_TIME} seconds left`);
  assert.equal(warning.due(11, 8, true), null);
});

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { TAG, checkOpened, drawText, matchText, sha256Hex, verdictText } from "../src/fairness";

const sha = (text: string): string => createHash("sha256").update(text).digest("hex");

void test("the browser's SHA-256 is Node's own over the same text", async () => {
  for (const text of ["", "abc", `${TAG}|t|draw 0|${"a".repeat(64)}|1,2,3`]) {
    assert.equal(await sha256Hex(text), sha(text));
  }
});

void test("a shuffle's and the match's texts name the scheme, the table and every field", () => {
  const draw = { draw: 3, salt: "s", order: [5, 40, 1], commit: "" };
  assert.equal(drawText("t9", draw), "bumtable-fair/1|t9|draw 3|s|5,40,1");
  assert.equal(matchText("t9", "s", 12), "bumtable-fair/1|t9|match|s|12");
});

void test("an opened hand verifies when each hash is its commitment and those were the ones sent", async () => {
  const base = { draw: 0, salt: "ab".repeat(32), order: [3, 1, 2] };
  const draw = { ...base, commit: sha(drawText("t", { ...base, commit: "" })) };
  assert.equal(await checkOpened("t", [draw], [draw.commit]), "verified");
  assert.equal(await checkOpened("t", [draw], null), "verified");
  assert.equal(await checkOpened("t", [{ ...draw, order: [1, 3, 2] }], [draw.commit]), "mismatch");
  assert.equal(await checkOpened("t", [draw], ["0".repeat(64)]), "mismatch");
  assert.equal(await checkOpened("other", [draw], [draw.commit]), "mismatch");
});

void test("a verdict is said per hand", () => {
  assert.equal(verdictText(3, "verified"), "Hand 3: dealt as committed");
  assert.equal(verdictText(1, "committed"), "Hand 1: deal committed");
  assert.match(verdictText(2, "mismatch"), /NOT match/);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { CHAT_LIMIT, EMOTES, chatOpen, chatProblem, speaker } from "../src/chat";
import type { ChatLine } from "../src/protocol";

const line = (seat: number | null, name: string | null): ChatLine => ({
  id: 1,
  seat,
  name,
  text: "hi",
  at: "2026-11-28T10:00:00+00:00",
});

void test("a chat line names its writer as the page names seats", () => {
  assert.equal(speaker(line(1, "Bo"), 0), "Bo");
  assert.equal(speaker(line(1, null), 0), "P1");
  assert.equal(speaker(line(0, "Ann"), 0), "You");
  assert.equal(speaker(line(null, null), 0), "Spectator");
});

void test("a blank, control-only or too long line is stopped before it is sent, saying why", () => {
  assert.equal(chatProblem("   "), "Write something first.");
  assert.equal(chatProblem("\u0000\u200b\t"), "Write something first.");
  assert.match(chatProblem("x".repeat(CHAT_LIMIT + 1)) ?? "", /300 characters at most/);
  assert.equal(chatProblem("x".repeat(CHAT_LIMIT)), null);
  assert.equal(chatProblem("gg"), null);
});

void test("every emote is a line the server takes", () => {
  assert.ok(EMOTES.length >= 3);
  for (const words of EMOTES) assert.equal(chatProblem(words), null);
});

void test("a spectator reads the chat only where the table opens it to spectators", () => {
  assert.equal(chatOpen({ you: 2, settings: {} }), true);
  assert.equal(chatOpen({ you: null, settings: { chat_spectators: false } }), false);
  assert.equal(chatOpen({ you: null, settings: { chat_spectators: true } }), true);
});

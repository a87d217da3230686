import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_MARK, agentMark } from "../src/seat_ring";

void test("a person's seat whose player is an agent wears the agent mark, in words", () => {
  assert.equal(agentMark({ kind: "person", agent: true }), AGENT_MARK);
  assert.equal(AGENT_MARK.text, "agent");
  assert.match(AGENT_MARK.title, /not a person/);
});

void test("a person's seat, a bot's seat and a seat from a server without the mark wear none", () => {
  assert.equal(agentMark({ kind: "person", agent: false }), null);
  assert.equal(agentMark({ kind: "bot", agent: true }), null);
  assert.equal(agentMark({ kind: "person" }), null);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { copyNote } from "../src/copy_link";
import { linksToShow, readLinks, type StoredLinks } from "../src/invites";
import type { Observation, SeatInfo } from "../src/protocol";
import { scoresDue } from "../src/scoreboard";

const WATCH = "http://h/t/1";
const STORED: StoredLinks = {
  join: `${WATCH}?join=code`,
  watch: WATCH,
  seats: { "1": `${WATCH}?token=one`, "2": `${WATCH}?token=two` },
};

function seat(n: number, kind: "person" | "bot", claimed: boolean): SeatInfo {
  return { seat: n, kind, bot: null, name: null, claimed, present: claimed, stand_in: false, auto: false };
}

function table(you: number | null, claimed: boolean[], status = "playing") {
  return { you, status, seats: claimed.map((c, i) => seat(i, i === 3 ? "bot" : "person", c)) };
}

const keys = (rows: { key: string }[]): string[] => rows.map((r) => r.key);

void test("the maker is shown each free seat's own link and the join link while a seat is free, and the watch link", () => {
  const rows = linksToShow(table(0, [true, false, false, true]), STORED, WATCH);
  assert.deepEqual(keys(rows), ["seat-1", "seat-2", "join", "watch"]);
  assert.equal(rows[0]?.link, STORED.seats?.["1"]);
  // a seat taken drops its link; every seat taken leaves the watch link alone
  assert.deepEqual(keys(linksToShow(table(0, [true, true, false, true]), STORED, WATCH)), [
    "seat-2",
    "join",
    "watch",
  ]);
  assert.deepEqual(keys(linksToShow(table(0, [true, true, true, true]), STORED, WATCH)), ["watch"]);
  // the match over: nothing to join, still something to watch
  assert.deepEqual(keys(linksToShow(table(0, [true, false, false, true]), STORED, WATCH, true)), ["watch"]);
  assert.deepEqual(keys(linksToShow(table(0, [true, false, false, true], "over"), STORED, WATCH)), ["watch"]);
});

void test("a seated player who did not make the table gets the watch link alone, a spectator nothing", () => {
  const seated = linksToShow(table(1, [true, true, false, true]), {}, WATCH);
  assert.deepEqual(seated, [
    { key: "watch", seat: null, label: "Spectators watch at: ", what: "the watch link", link: WATCH },
  ]);
  assert.deepEqual(linksToShow(table(null, [true, false, false, true]), {}, WATCH), []);
  // no row of any viewer but the maker holds a token
  for (const you of [1, 2, null])
    for (const row of linksToShow(table(you, [true, false, false, true]), {}, WATCH))
      assert.doesNotMatch(row.link, /token=|join=/);
});

void test("stored links are read field by field, anything else is nothing", () => {
  assert.deepEqual(readLinks(JSON.stringify(STORED)), STORED);
  assert.deepEqual(readLinks(null), {});
  assert.deepEqual(readLinks("not json"), {});
  assert.deepEqual(readLinks('{"join": 3, "seats": {"1": "a", "2": 5}}'), { seats: { "1": "a" } });
});

void test("the scoreboard is fetched again at a hand's end and when a counted field moves, not on other frames", () => {
  const obs = (fields: Record<string, unknown>): Observation => ({
    system: "boojum",
    seat: 0,
    phase: "claim",
    turn: 0,
    legal: [],
    hand: [],
    ...fields,
  });
  const event = (kind: string) => ({ seq: 0, step: 0, kind, player: null, text: "" });
  const before = obs({ tokens: [{}, {}, {}] });
  assert.equal(
    scoresDue({ events: [event("lay")], observation: obs({ tokens: [{}, {}, {}] }) }, before),
    false,
  );
  assert.equal(
    scoresDue({ events: [event("claim")], observation: obs({ tokens: [{}, { waves: 1 }, {}] }) }, before),
    true,
  );
  assert.equal(scoresDue({ events: [event("hand-over")], observation: before }, before), true);
  assert.equal(
    scoresDue({ events: [], observation: obs({ scores: [0, 2] }) }, obs({ scores: [0, 0] })),
    true,
  );
  // the first frame: the page's own opening fetch has the figures
  assert.equal(scoresDue({ events: [], observation: before }), false);
});

void test("after a copy the note says it was copied, or how to copy the selected link", () => {
  assert.equal(copyNote(true, "the watch link"), "Copied the watch link.");
  assert.match(copyNote(false, "the watch link"), /^Selected the watch link: press Ctrl\+C/);
});

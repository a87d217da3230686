import assert from "node:assert/strict";
import { test } from "node:test";
import { CLOCK_CHOICES, clockChoice } from "../src/clock";
import { TurnEdge, chimeNotes, faviconHref, readToggle, turnTitle } from "../src/notice";

void test("the first frame sets where the turn stands quietly; later only a change is told", () => {
  const edge = new TurnEdge();
  assert.deepEqual(edge.next(true), { change: "began", quiet: true });
  assert.deepEqual(edge.next(true), { change: null, quiet: false });
  assert.deepEqual(edge.next(false), { change: "ended", quiet: false });
  assert.deepEqual(edge.next(false), { change: null, quiet: false });
  assert.deepEqual(edge.next(true), { change: "began", quiet: false });
  const waiting = new TurnEdge();
  assert.deepEqual(waiting.next(false), { change: null, quiet: true });
});

void test("a toggle reads back what was kept, else its default", () => {
  assert.equal(readToggle("on", false), true);
  assert.equal(readToggle("off", true), false);
  assert.equal(readToggle(null, true), true);
  assert.equal(readToggle("yes", false), false);
});

void test("the turn's title starts with the mark and keeps the page's own", () => {
  const base = "bumtable: bum-game for 4";
  assert.ok(turnTitle(base).startsWith("● Your turn"));
  assert.ok(turnTitle(base).endsWith(base));
});

void test("the tab icon has two states, each an SVG data URL", () => {
  const [idle, turn] = [faviconHref(false), faviconHref(true)];
  assert.notEqual(idle, turn);
  for (const href of [idle, turn]) {
    assert.ok(href.startsWith("data:image/svg+xml,"));
    const svg = decodeURIComponent(href.slice("data:image/svg+xml,".length));
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  }
});

void test("the chime's notes follow one another, each audible and short", () => {
  const notes = chimeNotes(2);
  assert.ok(notes.length >= 1);
  let end = 2;
  for (const note of notes) {
    assert.ok(note.at >= end, "notes do not overlap");
    assert.ok(note.frequency >= 200 && note.frequency <= 2000);
    assert.ok(note.length > 0 && note.length <= 0.5);
    end = note.at + note.length;
  }
  assert.ok(end - 2 <= 1, "the chime lasts at most a second");
});

void test("the lobby's turn clock: none, each listed choice's own clock, custom minutes made seconds", () => {
  assert.equal(clockChoice("none", "", ""), null);
  for (const c of CLOCK_CHOICES.filter((c) => c.clock !== null)) {
    assert.deepEqual(clockChoice(c.value, "", ""), c.clock);
    const [minutes, seconds] = c.words.match(/\d+/g)?.map(Number) ?? [];
    assert.deepEqual(c.clock, { bank: (minutes ?? 0) * 60, increment: seconds });
  }
  assert.deepEqual(clockChoice("custom", "2", "3"), { bank: 120, increment: 3 });
  assert.deepEqual(clockChoice("custom", "1.5", ""), { bank: 90, increment: 0 });
});

void test("a bad custom clock is refused with what was wrong", () => {
  assert.throws(() => clockChoice("custom", "", "5"), /minutes/);
  assert.throws(() => clockChoice("custom", "0", "5"), /minutes/);
  assert.throws(() => clockChoice("custom", "abc", "5"), /minutes/);
  assert.throws(() => clockChoice("custom", "5", "-1"), /seconds/);
  assert.throws(() => clockChoice("fast", "", ""), /no choice/);
});

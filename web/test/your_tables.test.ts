import assert from "node:assert/strict";
import { test } from "node:test";
import { linksKey } from "../src/invites";
import type { SeatInfo } from "../src/protocol";
import {
  forgetTable,
  knownTables,
  playersText,
  readSeat,
  rememberSeat,
  seatKey,
  seatLink,
  statusText,
} from "../src/your_tables";

/** The Web Storage interface over a Map, as a browser's localStorage behaves (node has none). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  [name: string]: unknown;
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

function seat(n: number, fields: Partial<SeatInfo>): SeatInfo {
  return {
    seat: n,
    kind: "person",
    bot: null,
    name: null,
    claimed: true,
    present: false,
    stand_in: false,
    auto: false,
    ...fields,
  };
}

void test("a seat's link is kept and read back; anything else under its key reads as none", () => {
  const store = new MemoryStorage();
  const link = seatLink("http://h:1", "t1", "a+b/c");
  assert.equal(link, "http://h:1/t/t1?token=a%2Bb%2Fc");
  rememberSeat(store, "t1", 2, link, 5);
  assert.deepEqual(readSeat(store.getItem(seatKey("t1"))), { link, seat: 2, at: 5 });
  assert.equal(readSeat("not json"), null);
  assert.equal(readSeat(JSON.stringify({ link: 3, seat: 1 })), null);
  assert.equal(readSeat(JSON.stringify({ link: "x", seat: 1.5 })), null);
  assert.equal(readSeat(null), null);
});

void test("the tables known are the seats held, latest opened first, then the tables only made here", () => {
  const store = new MemoryStorage();
  store.setItem(linksKey("made"), JSON.stringify({ watch: "http://h/t/made", join: "j" }));
  rememberSeat(store, "old", 0, "http://h/t/old?token=a", 10);
  rememberSeat(store, "new", 1, "http://h/t/new?token=b", 20);
  store.setItem(linksKey("new"), JSON.stringify({ watch: "http://h/t/new" }));
  store.setItem("bumtable:name", "Ann");
  store.setItem(seatKey("broken"), "{");
  const known = knownTables(store);
  assert.deepEqual(
    known.map((k) => [k.id, k.seat?.seat ?? null, k.watch]),
    [
      ["new", 1, "http://h/t/new"],
      ["old", 0, null],
      ["made", null, "http://h/t/made"],
    ],
  );
});

void test("forgetting a table drops its seat's link and the maker's links, nothing else", () => {
  const store = new MemoryStorage();
  rememberSeat(store, "t1", 0, "http://h/t/t1?token=a", 1);
  store.setItem(linksKey("t1"), JSON.stringify({ watch: "w" }));
  rememberSeat(store, "t2", 0, "http://h/t/t2?token=b", 2);
  forgetTable(store, "t1");
  assert.deepEqual(
    knownTables(store).map((k) => k.id),
    ["t2"],
  );
  assert.equal(store.length, 1);
});

void test("a table's state reads in words: played, over, gone or not reached", () => {
  const info = (status: string) => ({
    kind: "known" as const,
    info: { game: "bum-game", status, seats: [] },
  });
  assert.equal(statusText(info("playing")), "being played");
  assert.equal(statusText(info("over")), "over");
  assert.match(statusText({ kind: "gone" }), /^gone/);
  assert.match(statusText({ kind: "unreached", why: "503 Busy" }), /503 Busy/);
});

void test("the players are named as the table names them, the viewer's own seat as You", () => {
  const seats = [
    seat(0, { name: "Ann" }),
    seat(1, { name: "Bob" }),
    seat(2, { kind: "bot", bot: "heuristic" }),
    seat(3, { claimed: false }),
  ];
  assert.equal(playersText(seats, 0), "You (P0), Bob (P1), bot heuristic (P2), free seat (P3)");
  assert.equal(playersText(seats, null), "Ann (P0), Bob (P1), bot heuristic (P2), free seat (P3)");
});

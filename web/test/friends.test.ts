import assert from "node:assert/strict";
import { test } from "node:test";
import { needsName } from "../src/name_prompt";
import type { RematchMessage, SeatInfo, TableMessage } from "../src/protocol";
import { tableLink } from "../src/invites";
import { keptLinks, offerLine, seriesLine } from "../src/rematch";
import { mayStart, waitingLine, waitingSeats } from "../src/waiting_room";

const seat = (n: number, fields: Partial<SeatInfo>): SeatInfo => ({
  seat: n,
  kind: "person",
  bot: null,
  name: null,
  claimed: false,
  present: false,
  stand_in: false,
  auto: false,
  ...fields,
});

const SEATS = [
  seat(0, { name: "Ann", claimed: true, present: true }),
  seat(1, { name: "Bo", claimed: true }),
  seat(2, {}),
  seat(3, { kind: "bot", bot: "heuristic" }),
];

const offer = (fields: Partial<RematchMessage>): RematchMessage => ({
  type: "rematch",
  v: 1,
  table: "old",
  rematch: "new1",
  seats: "same",
  by: 1,
  seat: 0,
  token: "tok0",
  join: null,
  free: {},
  ...fields,
});

void test("the waiting room says who is here, who has a seat, who is awaited", () => {
  const seats = waitingSeats({ seats: SEATS, you: 0 });
  assert.deepEqual(
    seats.map((s) => [s.who, s.state]),
    [
      ["You", "here"],
      ["Bo (P1)", "taken"],
      ["P2", "awaited"],
      ["P3, a heuristic bot", "bot"],
    ],
  );
  assert.equal(waitingLine(seats), "Waiting for 1 player before the cards are dealt.");
});

void test("only the maker may start with bots (anyone seated at a table without one)", () => {
  assert.equal(mayStart({ you: 0, maker: 0 }), true);
  assert.equal(mayStart({ you: 1, maker: 0 }), false);
  assert.equal(mayStart({ you: null, maker: 0 }), false);
  assert.equal(mayStart({ you: 2, maker: null }), true);
});

void test("a person at a seat with no name is asked for one; a named seat or a spectator is not", () => {
  assert.equal(needsName({ you: 2, seats: SEATS }), true);
  assert.equal(needsName({ you: 0, seats: SEATS }), false);
  assert.equal(needsName({ you: null, seats: SEATS }), false);
});

void test("the rematch's maker keeps its free seats' and join links, never another person's", () => {
  const made = offer({ by: 0, join: "code", free: { "2": "free2" } });
  assert.deepEqual(keptLinks(made, "http://h:8"), {
    watch: "http://h:8/t/new1",
    join: "http://h:8/t/new1?join=code",
    seats: { "2": "http://h:8/t/new1?token=free2" },
  });
  assert.equal(tableLink("http://h:8", "new1", "a b"), "http://h:8/t/new1?token=a%20b");
});

void test("the offer says who asked and how the seats go; the series counts each seat's wins", () => {
  const table: Pick<TableMessage, "you" | "seats" | "status"> = { you: 0, seats: SEATS, status: "playing" };
  assert.equal(offerLine(offer({}), table), "Bo asks for a rematch with the same seats.");
  assert.equal(
    offerLine(offer({ by: 0, seats: "shuffled" }), table),
    "You asked for a rematch with the seats drawn anew.",
  );
  assert.match(offerLine(offer({ token: null }), table), /taken meanwhile: you may watch it/);
  assert.equal(
    seriesLine({ matches: 2, wins: [1, 1, 0, 0] }, table),
    "A rematch: match 3 of the series. Wins so far: You 1, Bo 1, P2 0, P3 0.",
  );
});

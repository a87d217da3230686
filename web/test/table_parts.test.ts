import assert from "node:assert/strict";
import { test } from "node:test";
import { noPlayText } from "../src/plays";
import { readOutcome, standings, winnerLine } from "../src/standings";
import { changedOptions, seriesLine, valueWords } from "../src/table_rules";
import { deadEndOf, deadEndText } from "../src/no_seat";
import { wantsInvites } from "../src/invites";
import { validName } from "../src/name_field";
import { starvingWarning } from "../src/views/gin_starve";
import { bySuit } from "../src/views/gin_bummy";
import type { SeatInfo } from "../src/protocol";

const name = (seat: number): string => (seat === 0 ? "You" : `P${seat}`);

void test("a move the observation says starves: the warning says what it costs", () => {
  // as the observation sends them: the legal moves that starve the viewer, with the cards each leaves
  const starving = { "discard Qh": 3, "joker JK 4d": 2, "ace Ah": 0 };
  assert.equal(
    starvingWarning(starving, "discard Qh", ["P1"]),
    "Discarding Q♥ leaves you only three cards: a player left with fewer than four cards starves, so you lose and P1 wins at once.",
  );
  assert.match(
    starvingWarning(starving, "joker JK 4d", ["P1", "P2"]) ?? "",
    /Joker with 4♦ on top leaves you only two cards: .* out of the game/,
  );
  assert.match(starvingWarning(starving, "ace Ah", ["P1"]) ?? "", /^Playing A♥ leaves you no cards/);
  // a move the observation does not list is safe
  assert.equal(starvingWarning(starving, "discard 9c", ["P1"]), null);
  assert.equal(starvingWarning({}, "draw stock", ["P1"]), null);
});

void test("Gin Bummy's hand is sorted by suit, keeping the rank order within a suit", () => {
  assert.deepEqual(bySuit(["2s", "3h", "JK", "5s", "4c", "Kh"]), ["4c", "3h", "Kh", "2s", "5s", "JK"]);
});

void test("a selection no play uses says what must be beaten, with suit symbols", () => {
  assert.equal(
    noPlayText(["5s"], true, "seq 3 3 4 4 5 5 (3♠ 3♥ 4♦ 4♣ 5♥ 5♦)", true),
    "No legal play uses 5♠: the play to beat is seq 3 3 4 4 5 5 (3♠ 3♥ 4♦ 4♣ 5♥ 5♦), or pass.",
  );
  assert.equal(noPlayText(["5s", "10h"], true, null, false), "No legal play uses 5♠ 10♥.");
  assert.equal(noPlayText(["5s"], false, "set 7", true), "No legal play uses 5♠: it is not your turn.");
});

void test("the final standings: places best first, ties shared, points with their grammar", () => {
  const outcome = readOutcome({
    places: [2, 1, 3, 1],
    scores: [5, 12, 1, 12],
    winners: [1, 3],
    reason: "target",
  });
  assert.ok(outcome);
  const rows = standings(outcome, "points", name);
  assert.deepEqual(
    rows.map((r) => [r.label, r.who, r.score, r.won]),
    [
      ["1st (shared)", "P1, P3", "12 points", true],
      ["2nd", "You", "5 points", false],
      ["3rd", "P2", "1 point", false],
    ],
  );
  assert.equal(winnerLine(rows, true), "P1 and P3 share first place with 12 points.");
  const alone = standings({ places: [1, 2], scores: [1, 0], winners: [0], reason: "bum" }, "", name);
  assert.equal(winnerLine(alone, false), "You win the game!");
  assert.equal(readOutcome(null), null);
});

void test("the rules of the table: the options that differ from the preset, and the series' length", () => {
  const preset = [
    { name: "exchange", doc: "Whether the exchange is played.", value: true },
    { name: "points", doc: "Points per place.", value: [3, 2, 1, 0] },
    { name: "target", doc: "Points to win.", value: 100 },
  ];
  const rules = { exchange: false, points: [3, 2, 1, 0], target: 20, rounds: 0 };
  assert.deepEqual(
    changedOptions(rules, preset).map((c) => [c.name, c.value, c.preset]),
    [
      ["exchange", "off", "on"],
      ["target", "20", "100"],
    ],
  );
  assert.equal(seriesLine(rules), "The match: the first to 20 points wins.");
  assert.equal(seriesLine({ target: 0, rounds: 1 }), "The match: 1 hand; the highest total wins.");
  assert.equal(seriesLine({}), "One game (no series of hands).");
  assert.equal(valueWords([]), "none");
});

void test("dead ends are said in words, with a way on", () => {
  assert.equal(deadEndOf(4403), "bad-token");
  assert.equal(deadEndOf(4404), "no-table");
  assert.match(deadEndText("bad-token").text, /not \(or no longer\) a seat's link/);
  assert.ok(deadEndText("no-seat").watch);
  assert.ok(!deadEndText("no-table").watch);
});

void test("the invite is shown only while a person's seat is free and the table is played", () => {
  const seat = (claimed: boolean, kind: "person" | "bot" = "person"): SeatInfo => ({
    seat: 0,
    kind,
    bot: null,
    name: null,
    claimed,
    present: false,
    stand_in: false,
    auto: false,
  });
  assert.ok(wantsInvites({ status: "playing", seats: [seat(true), seat(false)] }));
  assert.ok(!wantsInvites({ status: "playing", seats: [seat(true), seat(false, "bot")] }));
  assert.ok(!wantsInvites({ status: "over", seats: [seat(false)] }));
  assert.ok(!wantsInvites({ status: "playing", seats: [seat(false)] }, true));
});

void test("a name is sent only when the server would take it", () => {
  assert.ok(validName("Ann"));
  assert.ok(validName("Zoë O'Neil-Smith"));
  assert.ok(!validName(""));
  assert.ok(!validName(" Ann"));
  assert.ok(!validName("a".repeat(25)));
  assert.ok(!validName("<b>"));
});

import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEvent, StateMessage } from "../src/protocol";
import { climbingRules } from "../src/rules";
import {
  ClimbingNews,
  cardRanks,
  inForceLines,
  reverseLine,
  exchangeLine,
  gameOverLine,
  handOverLine,
  jokerWords,
  noExchangeLine,
  ordinal,
  outLine,
  revolutionLine,
  trickLine,
} from "../src/views/climbing_news";

const name = (seat: number): string => (seat === 0 ? "You" : `P${seat}`);

let seq = 0;
function event(kind: string, fields: Partial<GameEvent> = {}): GameEvent {
  seq += 1;
  return { seq, step: 1, kind, player: null, to: null, text: "", cards: [], count: 0, ...fields };
}

function frame(events: GameEvent[], observation: Record<string, unknown> = {}): StateMessage {
  return {
    type: "state",
    v: 1,
    table: "t",
    seat: 0,
    step: events.at(-1)?.step ?? 0,
    observation: { system: "bum-game", seat: 0, phase: "play", turn: 1, legal: [], hand: [], ...observation },
    events,
    since: 0,
    next: 0,
    clock: null,
    by: null,
  };
}

void test("places are said as ordinals", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), [
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "22nd",
  ]);
});

void test("a revolution says who was dealt which Jokers and that the roles turn over", () => {
  const dealt = event("revolution", { player: 2, text: "dealt", cards: ["JK", "JK"], count: 2 });
  assert.equal(
    revolutionLine(dealt, name, "Bum", "Foreman"),
    "Revolution! P2, the Bum, was dealt two Jokers: the roles turn over. You are now the Foreman.",
  );
  const declared = event("revolution", { player: 0, text: "declared", cards: ["RJ", "BJ"], count: 2 });
  assert.equal(
    revolutionLine(declared, name, "Worker"),
    "Revolution! You, the Worker, declare it, holding the red and the black Joker: the roles turn over.",
  );
  assert.equal(jokerWords(["JK"], 1), "a Joker");
  assert.equal(jokerWords([], 3), "three Jokers");
});

void test("an exchange called off names the holder of the Jokers where the event does", () => {
  assert.equal(
    noExchangeLine(event("no-exchange", { player: 1, text: "dealt Jokers" }), name, "Worker"),
    "No exchange this hand: P1, the Worker, was dealt Jokers that call it off.",
  );
  assert.equal(
    noExchangeLine(event("no-exchange", { text: "dealt Jokers" }), name),
    "No exchange this hand: Jokers dealt to a player call it off.",
  );
});

void test("the exchange shows the viewer's own cards given and got, and only counts for the others", () => {
  const gives = [
    event("give", { player: 0, to: 3, text: "chosen", cards: ["7c", "8d"], count: 2 }),
    event("give", { player: 3, to: 0, text: "best", cards: ["As", "2h"], count: 2 }),
    event("give", { player: 1, to: 2, text: "gives 1 card to P2", count: 1 }),
  ];
  assert.equal(
    exchangeLine(gives, name),
    "Exchange: You gave P3 7♣ 8♦; P3 gave you A♠ 2♥ (the best held); P1 gave 1 card to P2.",
  );
});

void test("a trick won says why: passes, nobody left, four of a value, the wipe card", () => {
  const play = event("play", { player: 1, text: "set 6 6", cards: ["6h", "6d"] });
  const lead = (p: number): GameEvent => event("lead", { player: p, text: "trick-winner" });
  assert.equal(
    trickLine(event("trick", { player: 1, text: "four-of-a-value", rank: "6" }), name, play, lead(1)),
    "Four 6s in a row end the trick: P1 wins the trick and leads the next.",
  );
  // the rank is the event's, not read back from the play's text
  const seq = event("play", { player: 2, text: "seq 4 5 RJ=6", cards: ["4c", "5d", "RJ"] });
  assert.equal(
    trickLine(event("trick", { player: 2, text: "four-of-a-value", rank: "Q" }), name, seq, lead(2)),
    "Four queens in a row end the trick: P2 wins the trick and leads the next.",
  );
  assert.equal(
    trickLine(event("trick", { player: 2, text: "four-of-a-value" }), name, seq, lead(2)),
    "Four of a value end the trick: P2 wins the trick and leads the next.",
  );
  const wipe = event("play", { player: 0, text: "set 3c", cards: ["3c"] });
  assert.equal(
    trickLine(event("trick", { player: 0, text: "wipe" }), name, wipe, lead(0)),
    "3♣ ends the trick at once: You win the trick and lead the next.",
  );
  assert.equal(
    trickLine(event("trick", { player: 2, text: "passes" }), name, play, lead(3)),
    "Nobody beat it, everyone else passed: P2 wins the trick, but is out of cards, so P3 leads.",
  );
  assert.equal(
    trickLine(event("trick", { player: 2, text: "sat-out" }), name, play, null),
    "Everyone else had passed in this trick, so nobody can answer: P2 wins the trick and leads the next.",
  );
});

void test("going out says the place; out on the wipe card, last", () => {
  assert.equal(outLine(event("out", { player: 0, text: "out", count: 1 }), name), "You go out 1st.");
  assert.equal(
    outLine(event("out", { player: 2, text: "left", count: 4 }), name),
    "P2 is left holding cards: 4th.",
  );
  assert.equal(
    outLine(event("out", { player: 1, text: "wipe-card", count: 4 }), name, "3c"),
    "P1 goes out on 3♣, and so finishes last: 4th.",
  );
});

void test("the hand's and the match's end name the viewer You", () => {
  assert.equal(handOverLine("hand 1: P0 +3, P2 +2, P1 +1", name), "Hand 1 is over: You +3, P2 +2, P1 +1.");
  assert.equal(
    gameOverLine(event("game-over", { player: 2, text: "target" }), name),
    "The match is over: P2 wins (reaching the target).",
  );
});

void test("the news keeps the hand's set-up until the next deal and the latest step's moments", () => {
  const news = new ClimbingNews();
  news.add(
    frame(
      [
        event("deal", { player: 0, step: 0 }),
        event("revolution", { player: 1, step: 0, text: "dealt", cards: ["JK", "JK"], count: 2 }),
        event("lead", { player: 1, step: 0, text: "boss" }),
      ],
      {
        roles: ["Foreman", "Boss", "Bum", "Worker"],
        roles_assigned: true,
        revolution: { player: 1, jokers: 2, old_roles: ["Bum", "Worker", "Foreman", "Boss"] },
      },
    ),
  );
  const obs = { roles: ["Foreman", "Boss", "Bum", "Worker"], roles_assigned: true };
  const rev = { revolution: { player: 1, jokers: 2, old_roles: ["Bum", "Worker", "Foreman", "Boss"] } };
  const state = frame([], { ...obs, ...rev });
  assert.deepEqual(news.handLines(name, state), [
    "Revolution! P1, the Worker, was dealt two Jokers: the roles turn over. You are now the Foreman.",
  ]);
  assert.deepEqual(news.momentLines(name), []);
  news.add(
    frame([
      event("play", { player: 1, step: 3, text: "set 6 6", cards: ["6h", "6d"] }),
      event("trick", { player: 1, step: 3, text: "four-of-a-value", rank: "6" }),
      event("lead", { player: 1, step: 3, text: "trick-winner" }),
    ]),
  );
  assert.deepEqual(news.momentLines(name), [
    "Four 6s in a row end the trick: P1 wins the trick and leads the next.",
  ]);
  // a later step's moments replace them; the same step's are told together
  news.add(
    frame([
      event("play", { player: 2, step: 9, text: "set 2", cards: ["2s"] }),
      event("out", { player: 2, step: 9, text: "out", count: 1 }),
      event("out", { player: 3, step: 9, text: "left", count: 2 }),
      event("hand-over", { step: 9, text: "hand 1: P2 +3, P3 +0" }),
      event("deal", { player: 0, step: 9 }),
    ]),
  );
  assert.deepEqual(news.momentLines(name), [
    "P2 goes out 1st.",
    "P3 is left holding cards: 2nd.",
    "Hand 1 is over: P2 +3, P3 +0.",
  ]);
  assert.deepEqual(news.handLines(name, frame([], obs)), [], "a new deal clears the hand's set-up");
});

void test("a revolution the viewer chose not to declare is told to it from its own frames", () => {
  const news = new ClimbingNews();
  const legal = [
    { text: "revolution", code: 1 },
    { text: "no-revolution", code: 2 },
  ];
  news.add(frame([event("deal", { player: 0, step: 0 })], { phase: "revolution", turn: 0, legal }));
  assert.deepEqual(news.handLines(name, frame([])), []);
  news.add(frame([event("lead", { player: 2, step: 1, text: "boss" })], { phase: "play", turn: 2 }));
  assert.deepEqual(news.handLines(name, frame([])), ["You did not declare a revolution."]);
});

const BUM_GAME = climbingRules({
  roles: ["Boss", "Foreman", "Worker", "Bum"],
  jokers: 2,
  revolution_triggers: [
    [2, 2],
    [3, 2],
  ],
  revolution_declare: "optional",
  exchange_cancel_triggers: [
    [2, 2],
    [3, 2],
  ],
  points: [3, 2, 1, 0],
});

void test("with the rules: both Jokers, the roles whose Jokers call the exchange off, a place's points", () => {
  const dealt = event("revolution", { player: 3, text: "dealt", cards: ["JK", "JK"], count: 2 });
  assert.equal(
    revolutionLine(dealt, name, "Bum", undefined, BUM_GAME.jokers),
    "Revolution! P3, the Bum, was dealt both Jokers: the roles turn over.",
  );
  assert.equal(jokerWords(["JK", "JK", "JK"], 3, 3), "all three Jokers");
  assert.equal(
    noExchangeLine(event("no-exchange", { text: "dealt Jokers" }), name, undefined, BUM_GAME),
    "No exchange this hand: the Worker was dealt two or more Jokers or the Bum was dealt two or more Jokers.",
  );
  assert.equal(
    outLine(event("out", { player: 1, text: "out", count: 1 }), name, "", 3),
    "P1 goes out 1st (3 points).",
  );
  assert.equal(
    outLine(event("out", { player: 0, text: "out", count: 3 }), name, "", 1),
    "You go out 3rd (1 point).",
  );
});

void test("the reverse card: a play holding it says what it turns round; the rules in force are listed", () => {
  assert.deepEqual(cardRanks("seq 7 2=8 9"), ["7", "2", "9"]);
  const arsehole = climbingRules({ reverse_card: "8", reverses: "ranking" });
  assert.equal(
    reverseLine(event("play", { player: 2, text: "set 8 8" }), name, arsehole),
    "P2 plays an 8: the ranking turns over: each play must now rank lower, until it turns again.",
  );
  const news = new ClimbingNews(arsehole);
  news.add(
    frame([
      event("play", { player: 2, step: 4, text: "seq 7 8 9" }),
      event("play", { player: 3, step: 5, text: "set 9" }),
    ]),
  );
  assert.deepEqual(news.momentLines(name), [
    "P2 plays an 8: the ranking turns over: each play must now rank lower, until it turns again.",
  ]);
  assert.deepEqual(inForceLines(climbingRules(PRESIDENT_RULES)), [
    "Four cards of one value in a row end the trick.",
    "3♣ ends a trick at once, and going out on it finishes last.",
  ]);
  assert.deepEqual(inForceLines(BUM_GAME), []);
});

const PRESIDENT_RULES = {
  four_of_a_value: true,
  wipe_card: "3c",
  wipe_last_loses: true,
  points: [3, 2, 1, 0],
};

void test("with the rules, the wipe card and the points come from them, not from the cards played", () => {
  const news = new ClimbingNews(climbingRules(PRESIDENT_RULES));
  news.add(
    frame([
      event("play", { player: 1, step: 7, text: "set 3c", cards: ["3c"] }),
      event("out", { player: 1, step: 7, text: "wipe-card", count: 4 }),
      event("trick", { player: 1, step: 7, text: "wipe" }),
      event("lead", { player: 2, step: 7, text: "after-winner" }),
    ]),
  );
  assert.deepEqual(news.momentLines(name), [
    "P1 goes out on 3♣, and so finishes last: 4th (0 points).",
    "3♣ ends the trick at once: P1 wins the trick, but is out of cards, so P2 leads.",
  ]);
});

void test("a revolution not declared is said again after a refresh, from the viewer's own dealt Jokers", () => {
  // one frame with every event, as a refreshed page gets: the viewer (the Worker) was dealt both Jokers, the
  // hand went on to its first lead, and no revolution was made
  const refreshed = new ClimbingNews(BUM_GAME);
  const roles = { roles: ["Worker", "Boss", "Foreman", "Bum"], roles_assigned: true };
  refreshed.add(
    frame(
      [
        event("deal", { player: 0, step: 30, cards: ["3c", "JK", "JK"], count: 3 }),
        event("deal", { player: 1, step: 30, count: 13 }),
        event("lead", { player: 1, step: 31, text: "boss" }),
      ],
      roles,
    ),
  );
  assert.deepEqual(refreshed.handLines(name, frame([], roles)), ["You did not declare a revolution."]);
  // still deciding (no lead yet): nothing to say
  const deciding = new ClimbingNews(BUM_GAME);
  deciding.add(frame([event("deal", { player: 0, step: 30, cards: ["JK", "JK"], count: 2 })], roles));
  assert.deepEqual(deciding.handLines(name, frame([], roles)), []);
  // a Boss with both Jokers cannot declare: nothing to say
  const boss = { roles: ["Boss", "Worker", "Foreman", "Bum"], roles_assigned: true };
  const other = new ClimbingNews(BUM_GAME);
  other.add(
    frame(
      [
        event("deal", { player: 0, step: 30, cards: ["JK", "JK"], count: 2 }),
        event("lead", { player: 0, step: 30, text: "boss" }),
      ],
      boss,
    ),
  );
  assert.deepEqual(other.handLines(name, frame([], boss)), []);
});

/**
 * The table page: a card table (the seats round its edge, the viewer's own at the bottom, the family's view of the
 * game in the middle, the hand and the actions under it), the log beside it (folded on a phone), and under the
 * table the settings, the scoreboard and the rules. Everything shown comes from this viewer's frames (its
 * observation and events) and the table message; the client never decides what is legal, it offers what the
 * server listed. Moves are shown moving (motion.ts), as decoration over the board already drawn.
 */

import { ClockTicker, LowTimeWarning, bankText, isLow, readClock } from "./clock";
import { TableConnection } from "./connection";
import { tableRules } from "./api";
import { appendFollowing, el } from "./dom";
import { FairNote } from "./fairness";
import { InviteBox } from "./invites";
import { KeyboardPlay, keepFocus } from "./keys";
import { LogWriter, MADE_BY_MARK, familyOf } from "./log_words";
import { Motion, isLive } from "./motion";
import { NameField } from "./name_field";
import { deadEndOf, drawDeadEnd } from "./no_seat";
import { TurnNotice } from "./notice";
import {
  actMessage,
  nameMessage,
  type GameEvent,
  type ServerMessage,
  type StateMessage,
  type TableMessage,
} from "./protocol";
import { fetchHand, showReplay } from "./replay";
import { rememberSeat, seatLink } from "./your_tables";
import { RulesPanel } from "./rules_panel";
import { climbingRules } from "./rules";
import {
  drawScoreboard,
  fetchScoreboard,
  isOver,
  scoresDue,
  type FinishedHand,
  type Scoreboard,
} from "./scoreboard";
import { drawStandings, readOutcome, standings } from "./standings";
import { fetchPreset } from "./table_api";
import { changedOptions, drawTableRules } from "./table_rules";
import { mountExtras } from "./table_extras";
import { agentMark, seatRing } from "./seat_ring";
import { nameFor, setSeatNames } from "./views/common";
import { viewFor } from "./views/index";
import type { FamilyView } from "./views/view";

/** What the status line says when the latest action was not made by the seat's own player. */
const MADE_BY: Record<string, string> = {
  auto: "The last move was auto-played.",
  "stand-in": "The last move was played by the stand-in.",
  clock: "The last move: the clock ran out (the stand-in moved).",
};

/** "1 point", "2 points". */
export function countWords(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function startTable(root: HTMLElement, tableId: string, token: string | null): void {
  const status = el("p", { class: "status", role: "status", "aria-live": "polite" }, "Connecting...");
  const whoAmI = el("p", { class: "who-am-i" });
  const seats = el("ol", { class: "seats", "aria-label": "Seats" });
  // the card table: the seats round its edge, the view's drawing in the middle and at the bottom (style.css)
  const board = el("section", { class: "board", "aria-label": "The game" });
  const offline = el("p", { class: "offline", role: "alert", hidden: "" });
  // (it scrolls: the keyboard may focus it to scroll it)
  const log = el("ol", { class: "log", "aria-label": "What happened", tabindex: "0" });
  const problem = el("p", { class: "problem", role: "alert" });
  // beside the status line (its own text, so the status's own words stay as they are)
  const madeBy = el("p", { class: "made-by", "aria-live": "polite" });
  // the viewer's own time running low, said once a turn (assertive: the turn is about to be played for them)
  const clockWarning = el("p", { class: "clock-warning", "aria-live": "assertive" });
  const invites = new InviteBox(tableId);
  const nameField = new NameField((name) => {
    connection.send(nameMessage(name));
  });
  const autoBox = el("input", { type: "checkbox", id: "auto-play", class: "auto-play" });
  const autoLabel = el(
    "label",
    { class: "auto-toggle", for: "auto-play", hidden: "" },
    autoBox,
    " Play my lone moves for me",
  );
  const final = el("section", { class: "standings", "aria-label": "Final standings", hidden: "" });
  const rulesBox = el("details", { class: "table-rules" });
  const scores = el("section", { class: "scoreboard", "aria-label": "Scoreboard" });
  const replay = el("section", { class: "replay", "aria-label": "Replay of a finished hand", hidden: "" });
  const keys = new KeyboardPlay(board);
  const notice = new TurnNotice();
  const fairNote = new FairNote();
  const lobby = el("a", { href: "/", class: "lobby-link" }, "Back to the lobby");
  const rulesPanel = new RulesPanel(() => tableRules(tableId));
  const top = el("section", { class: "table-top", "aria-label": "The table's company" });
  const side = el("aside", { class: "table-side", "aria-label": "Chat" });
  // the log: beside the table on a wide screen, folded under it on a phone
  const logBox = el("details", { class: "log-box" }, el("summary", {}, el("h2", {}, "What happened")), log);
  logBox.open = window.matchMedia("(min-width: 40rem)").matches;
  const motion = new Motion(board);
  board.append(seats, keys.note, problem);
  root.classList.add("table-page");
  root.replaceChildren(
    el(
      "div",
      { class: "table-main" },
      el(
        "header",
        { class: "table-head" },
        el("div", { class: "title-row" }, el("h1", {}, "bumtable"), lobby, keys.toggle, rulesPanel.button),
        el("div", { class: "status-row" }, status, madeBy, clockWarning, whoAmI),
      ),
      keys.panel,
      final,
      offline,
      top,
      board,
    ),
    el("div", { class: "table-aside" }, invites.box, logBox, side),
    el(
      "div",
      { class: "table-more" },
      el("div", { class: "my-settings" }, nameField.box, autoLabel, notice.controls),
      scores,
      fairNote.element,
      replay,
      rulesBox,
    ),
    rulesPanel.dialog,
  );
  let table: TableMessage | null = null;
  let state: StateMessage | null = null;
  let view: FamilyView | null = null;
  let writer: LogWriter | null = null;
  let scoreboard: Scoreboard | null = null;
  let fetching: Promise<void> | null = null;
  let again = false;
  let connected = false;
  const ticker = new ClockTicker(tickClock);
  const lowTime = new LowTimeWarning();

  keys.install();
  const extras = mountExtras({ tableId, token, send: (m) => connection.send(m), side, top });

  autoBox.addEventListener("change", () => {
    connection.send(JSON.stringify({ type: "auto", v: 1, on: autoBox.checked }));
  });

  const connection = new TableConnection(
    tableId,
    token,
    nameField.stored(),
    (message: ServerMessage) => {
      const told = extras.message(message);
      if (message.type === "table") {
        const first = table === null;
        table = message;
        setSeatNames(message.seats.map((s) => s.name));
        if (view === null) view = viewFor(message, board);
        if (first) showRules(message);
        // the seat's own link, for the lobby's "Your tables" (a person who closed the tab finds the table again)
        if (first && message.you !== null && token !== null)
          rememberSeat(
            localStorage,
            tableId,
            message.you,
            seatLink(location.origin, tableId, token),
            Date.now(),
          );
        const mine = message.you === null ? undefined : message.seats[message.you];
        autoLabel.hidden = mine === undefined;
        nameField.show(mine === undefined ? undefined : mine.name);
        if (mine !== undefined) autoBox.checked = mine.auto;
        root.dataset.auto = String(mine?.auto ?? false);
        whoAmI.textContent =
          message.you === null
            ? `You are watching this table (a spectator: you see no one's hand).`
            : `You play seat P${message.you}${mine?.name ? ` as ${mine.name}` : ""}.`;
        invites.update(message);
        if (message.waiting && !state) status.textContent = "Waiting for players.";
        drawScores();
        if (state) draw();
        else drawSeats();
      } else if (message.type === "state") {
        if (message.step !== state?.step) keys.clearNote();
        const before = state?.observation;
        const live = isLive(state?.step ?? null, message);
        state = message;
        ticker.set(readClock(message.clock));
        void fairNote.update(message.table, message.fair);
        problem.textContent = "";
        addLog(message);
        if (scoresDue(message, before)) loadScores();
        draw(live);
      } else if (message.type === "error" && !told) {
        problem.textContent = message.message;
        sentAt = null; // refused: the player may try again at this step
      }
    },
    (what, detail, code) => {
      root.dataset.connection = what;
      connected = what === "open";
      if (what === "open") {
        sentAt = null; // an action sent as the connection fell may not have arrived: it may be sent again
        root.dataset.ready = "true";
        offline.hidden = true;
        if (scoreboard === null) loadScores();
        if (state) draw();
      }
      if (what === "lost") {
        status.textContent = "Connection lost: connecting again...";
        offline.textContent =
          "Not connected: your moves cannot be sent until the connection is back (it reconnects by itself).";
        offline.hidden = false;
        setOffline();
      }
      if (what === "closed") {
        ticker.set(null);
        notice.turn(false, false);
        drawDeadEnd(root, tableId, deadEndOf(code ?? 0), problem.textContent || detail || "");
      }
    },
  );

  function name(seat: number): string {
    return nameFor(table?.you ?? null, seat);
  }

  function isMatch(): boolean {
    return familyOf(table?.family ?? "") === "climbing";
  }

  function addLog(frame: StateMessage): void {
    if (!table) return;
    if (!writer) {
      const rules = climbingRules(table.rules);
      writer = new LogWriter(familyOf(table.family), name, {
        ...(rules.roles[0] ? { topRole: rules.roles[0] } : {}),
        ...(rules.wipeCard ? { wipeCard: rules.wipeCard } : {}),
      });
    }
    const mark = frame.by === null ? undefined : MADE_BY_MARK[frame.by];
    // ``by`` tells of the latest action: its events carry the frame's own step (an event's step counts its own
    // action), and its first event with a player is the move
    const moved = mark ? frame.events.find((e) => e.step === frame.step && e.player !== null) : undefined;
    const writing = writer;
    appendFollowing(
      log,
      frame.events.map((event) => logLine(event, writing, event === moved ? mark : undefined)),
    );
  }

  function drawSeats(): void {
    if (!table) return;
    const obs = state?.observation;
    const scores = (obs?.scores as number[] | undefined) ?? [];
    const counts =
      (obs?.card_counts as number[] | undefined) ?? (obs?.hand_counts as number[] | undefined) ?? [];
    const roles = (obs?.roles as string[] | undefined) ?? [];
    board.dataset.players = String(table.seats.length);
    board.classList.toggle("many", table.seats.length > 6);
    seats.replaceChildren(
      ...table.seats.map((s) => {
        const own = s.seat === table?.you && s.name ? `${name(s.seat)} (${s.name})` : name(s.seat);
        const role = roles[s.seat] !== undefined && obs?.roles_assigned ? (roles[s.seat] ?? "") : "";
        const mark = agentMark(s); // an agent's seat says so beside its name
        const facts: Node[] = [];
        if (counts[s.seat] !== undefined) facts.push(fact(counts[s.seat] ?? 0, "card"));
        if (scores[s.seat] !== undefined) facts.push(fact(scores[s.seat] ?? 0, "point"));
        // here, away, a free seat, or a bot (its level: words a small seat leaves to screen readers)
        const [presence, ...words]: [string, ...(Node | string)[]] =
          s.kind === "bot"
            ? ["bot", el("span", { class: "bot-level" }, `${s.bot ?? "heuristic"} `), "bot"]
            : !s.claimed
              ? ["free", "free seat"]
              : !s.present
                ? ["away", s.stand_in ? "away: the stand-in plays" : "away"]
                : ["here", "here"];
        const more = el(
          "span",
          { class: "seat-more" },
          el("span", { class: `presence ${presence}` }, ...words),
        );
        const bank = el("span", { class: "bank", "data-seat": String(s.seat), title: "Time left" });
        if (showBank(bank, s.seat)) more.append(" ", bank);
        for (const note of view?.seatNotes?.(s.seat) ?? []) more.append(" ", note);
        const item = el(
          "li",
          { class: `seat ${presence}`, "data-seat": String(s.seat) },
          el(
            "span",
            { class: "seat-head" },
            el("span", { class: "seat-name" }, own),
            ...(mark ? [" ", el("span", { class: mark.className, title: mark.title }, mark.text)] : []),
            ...(role ? [" ", el("span", { class: "seat-role" }, role)] : []),
          ),
          " ",
          el("span", { class: "seat-facts" }, ...facts.flatMap((f, i) => (i ? [" · ", f] : [f]))),
          " ",
          more,
        );
        if (s.seat === table?.you) item.classList.add("mine");
        if (obs?.turn === s.seat) {
          item.classList.add("to-act");
          item.setAttribute("aria-current", "true");
        }
        return item;
      }),
    );
    placeSeats();
    warnLowTime();
  }

  /** Lay the seats round the table (seat_ring.ts), for the box the seats list has now. */
  function placeSeats(): void {
    if (!table) return;
    const box = seats.getBoundingClientRect();
    const chip = seats.querySelector<HTMLElement>(".seat");
    const w = box.width - (chip?.offsetWidth ?? 0);
    const h = box.height - (chip?.offsetHeight ?? 0);
    const ring = seatRing(table.seats.length, table.you, w > 0 && h > 0 ? w / h : 1.6);
    board.classList.toggle("ring-sides", ring.sides);
    for (const spot of ring.spots) {
      const item = seats.querySelector<HTMLElement>(`.seat[data-seat="${spot.seat}"]`);
      if (!item) continue;
      item.style.setProperty("--x", String(spot.x));
      item.style.setProperty("--y", String(spot.y));
      item.dataset.edge = spot.edge;
    }
  }
  new ResizeObserver(placeSeats).observe(seats);

  /** Show the seat's bank in ``span`` (marked while it runs, and while the viewer's own runs low); false: none. */
  function showBank(span: HTMLElement, seat: number): boolean {
    const bank = ticker.bank(seat);
    if (bank === null) return false;
    const running = ticker.current?.running === seat;
    span.textContent = bankText(bank, running);
    span.classList.toggle("running", running);
    span.classList.toggle("low", seat === table?.you && isLow(bank, running));
    return true;
  }

  /** Between frames: the running bank counts down (only its span changes). */
  function tickClock(): void {
    const running = ticker.current?.running;
    if (running === null || running === undefined) return;
    const span = seats.querySelector<HTMLElement>(`.bank[data-seat="${running}"]`);
    if (span) showBank(span, running);
    warnLowTime();
  }

  /** Say once a turn that the viewer's own clock runs low; the line is emptied when the turn is over. */
  function warnLowTime(): void {
    const you = table?.you ?? null;
    const running = you !== null && ticker.current?.running === you;
    const words = lowTime.due(state?.step ?? -1, you === null ? null : ticker.bank(you), running);
    if (words !== null) clockWarning.textContent = words;
    else if (!running && clockWarning.textContent !== "") clockWarning.textContent = "";
  }

  /** The rules in force, compared with the game's preset for this many players (fetched once). */
  function showRules(message: TableMessage): void {
    const rules = (message.rules ?? {}) as Record<string, unknown>;
    drawTableRules(rulesBox, rules, null);
    fetchPreset(message.game, message.seats.length).then(
      (preset) => drawTableRules(rulesBox, rules, changedOptions(rules, preset)),
      (e: unknown) => {
        rulesBox.append(
          el("p", {}, `The usual rules could not be fetched: ${e instanceof Error ? e.message : String(e)}`),
        );
      },
    );
  }

  /** Fetch the scoreboard (once more after the fetch under way, if asked while one is). */
  function loadScores(): void {
    if (fetching) {
      again = true;
      return;
    }
    fetching = fetchScoreboard(tableId)
      .then(
        (answer) => {
          scoreboard = answer;
          drawScores();
        },
        (e: unknown) => {
          problem.textContent = e instanceof Error ? e.message : String(e);
        },
      )
      .finally(() => {
        fetching = null;
        if (again) {
          again = false;
          loadScores();
        }
      });
  }

  function drawScores(): void {
    if (!scoreboard || !table) return;
    drawScoreboard(scores, tableId, scoreboard, table.seats.length, name, openReplay);
    root.dataset.scored = String(scoreboard.rows.length);
    const outcome = readOutcome(scoreboard.outcome);
    if (isOver(scoreboard) && outcome) {
      drawStandings(final, standings(outcome, scoreboard.unit, name), isMatch());
      root.dataset.over = "true";
      invites.update(table, true);
    }
  }

  function openReplay(hand: FinishedHand): void {
    if (!table) return;
    const family = table.family;
    fetchHand(tableId, hand.hand, token).then(
      (answer) => {
        showReplay(replay, answer, new LogWriter(familyOf(family), name), () => {
          replay.hidden = true;
          replay.replaceChildren();
        });
        replay.querySelector<HTMLButtonElement>(".replay-next")?.focus();
      },
      (e: unknown) => {
        problem.textContent = e instanceof Error ? e.message : String(e);
      },
    );
  }

  /** While the connection is down, no action can be sent: the buttons say so and wait. */
  function setOffline(): void {
    for (const b of board.querySelectorAll<HTMLButtonElement>(".actions button, .confirm button")) {
      b.disabled = !connected;
      if (!connected) b.title = "Not connected: wait for the connection to come back";
      else b.removeAttribute("title");
    }
  }

  /** Draw the latest frame (``live``: its events are news, shown moving). */
  function draw(live = false): void {
    if (!state) return;
    const obs = state.observation;
    const yours = obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;
    status.textContent = !connected
      ? "Connection lost: connecting again..."
      : yours
        ? "Your turn."
        : obs.turn === null
          ? obs.phase === "over"
            ? isMatch()
              ? "The match is over."
              : "The game is over."
            : "Waiting."
          : `${name(obs.turn)} to act.`;
    const by = state.by === null ? undefined : MADE_BY[state.by];
    madeBy.textContent = by ?? "";
    root.dataset.step = String(state.step);
    root.dataset.turn = yours ? "you" : "other";
    notice.turn(yours, obs.seat !== null);
    const frame = state;
    motion.before(live);
    keepFocus(board, () => view?.render(frame, act));
    drawSeats(); // after the view: a seat shows what the view adds to it from this frame
    motion.after(frame, live);
    setOffline();
  }

  /** The step an action was last sent at: a second click (a double-click) before the table moves on is not
   * sent again (the server would refuse it as too late). */
  let sentAt: number | null = null;

  function act(text: string): void {
    if (!state || !connected || sentAt === state.step) return;
    sentAt = state.step;
    connection.send(actMessage(text, state.step));
  }

  // a view redraws its own buttons (selecting a card): while offline they are disabled as they appear
  new MutationObserver(() => {
    if (!connected) setOffline();
  }).observe(board, { childList: true, subtree: true });

  connection.open();
}

/** "13 cards", "1 point": the number and its word apart, so a small seat may show the word as a mark. */
function fact(n: number, one: string): HTMLElement {
  return el(
    "span",
    { class: `fact ${one}-count` },
    el("span", { class: "n" }, String(n)),
    el("span", { class: "unit" }, ` ${n === 1 ? one : `${one}s`}`),
  );
}

/** An event as a log line (the words of log_words.ts), marked when auto-play, the stand-in or the clock made it. */
function logLine(event: GameEvent, writer: LogWriter, mark?: string): HTMLLIElement {
  const cards = Array.isArray(event.cards) ? event.cards.join(" ") : "";
  const line = el(
    "li",
    { "data-kind": event.kind, ...(cards ? { "data-cards": cards } : {}) },
    writer.line(event),
  );
  if (mark) {
    line.dataset.by = mark;
    line.append(" ", el("em", { class: "by" }, `(${mark})`));
  }
  return line;
}

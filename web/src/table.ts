/**
 * The table page: seats, the family's view of the game, the actions, a log of the hand. Everything shown comes
 * from this viewer's frames (its observation and events) and the table message; the client never decides what
 * is legal, it offers what the server listed.
 */

import { ClockTicker, formatBank, readClock } from "./clock";
import { TableConnection } from "./connection";
import { shortCard } from "./cards";
import { el } from "./dom";
import { KeyboardPlay, keepFocus } from "./keys";
import {
  actMessage,
  type GameEvent,
  type ServerMessage,
  type StateMessage,
  type TableMessage,
} from "./protocol";
import { fetchHand, showReplay } from "./replay";
import { drawScoreboard, fetchScoreboard, type FinishedHand, type Scoreboard } from "./scoreboard";
import { viewFor } from "./views/index";

/** What the status line says when the latest action was not made by the seat's own player. */
const MADE_BY: Record<string, string> = {
  auto: "The last move was auto-played.",
  "stand-in": "The last move was played by the stand-in.",
  clock: "The last move: the clock ran out (the stand-in moved).",
};

export interface FamilyView {
  /** Draw the family's part of the table from the latest frame; ``act`` sends one legal action's text. */
  render(state: StateMessage, act: (text: string) => void): void;
}

export function startTable(root: HTMLElement, tableId: string, token: string | null): void {
  const status = el("p", { class: "status", role: "status", "aria-live": "polite" }, "Connecting...");
  const seats = el("ol", { class: "seats", "aria-label": "Seats" });
  const board = el("section", { class: "board", "aria-label": "The game" });
  const log = el("ol", { class: "log", "aria-label": "What happened" });
  const problem = el("p", { class: "problem", role: "alert" });
  // beside the status line (its own text, so the status's own words stay as they are)
  const madeBy = el("p", { class: "made-by", "aria-live": "polite" });
  const invites = inviteBox(tableId);
  const autoBox = el("input", { type: "checkbox", id: "auto-play", class: "auto-play" });
  const autoLabel = el(
    "label",
    { class: "auto-toggle", for: "auto-play", hidden: "" },
    autoBox,
    " Play my lone moves for me",
  );
  const scores = el("section", { class: "scoreboard", "aria-label": "Scoreboard" });
  const replay = el("section", { class: "replay", "aria-label": "Replay of a finished hand", hidden: "" });
  const keys = new KeyboardPlay(board);
  root.replaceChildren(
    el("header", {}, el("h1", {}, "bumtable"), status, madeBy, keys.toggle),
    keys.panel,
    ...(invites ? [invites] : []),
    seats,
    autoLabel,
    board,
    keys.note,
    problem,
    scores,
    replay,
    el("section", { class: "log-box" }, el("h2", {}, "Log"), log),
  );
  let table: TableMessage | null = null;
  let state: StateMessage | null = null;
  let view: FamilyView | null = null;
  let scoreboard: Scoreboard | null = null;
  let fetching: Promise<void> | null = null;
  let again = false;
  const ticker = new ClockTicker(tickClock);

  keys.install();

  autoBox.addEventListener("change", () => {
    connection.send(JSON.stringify({ type: "auto", v: 1, on: autoBox.checked }));
  });

  const connection = new TableConnection(
    tableId,
    token,
    (message: ServerMessage) => {
      if (message.type === "table") {
        table = message;
        if (view === null) view = viewFor(message.game, board, message.rules);
        const mine = message.you === null ? undefined : message.seats[message.you];
        autoLabel.hidden = mine === undefined;
        if (mine !== undefined) autoBox.checked = mine.auto;
        root.dataset.auto = String(mine?.auto ?? false);
        drawSeats();
        drawScores();
      } else if (message.type === "state") {
        if (message.step !== state?.step) keys.clearNote();
        state = message;
        ticker.set(readClock(message.clock));
        problem.textContent = "";
        for (const event of message.events) log.append(logLine(event, name));
        if (message.events.some((e) => e.kind === "hand-over" || e.kind === "game-over")) loadScores();
        log.lastElementChild?.scrollIntoView({ block: "nearest" });
        draw();
      } else {
        problem.textContent = message.message;
      }
    },
    (what, detail) => {
      root.dataset.connection = what;
      if (what === "open") {
        root.dataset.ready = "true";
        if (scoreboard === null) loadScores();
      }
      if (what === "lost") status.textContent = "Connection lost: connecting again...";
      if (what === "closed") status.textContent = detail ?? "Closed.";
    },
  );

  function name(seat: number): string {
    const info = table?.seats[seat];
    if (table?.you === seat) return "You";
    return info?.name ?? `P${seat}`;
  }

  function drawSeats(): void {
    if (!table) return;
    const obs = state?.observation;
    const scores = (obs?.scores as number[] | undefined) ?? [];
    const counts =
      (obs?.card_counts as number[] | undefined) ?? (obs?.hand_counts as number[] | undefined) ?? [];
    const roles = (obs?.roles as string[] | undefined) ?? [];
    seats.replaceChildren(
      ...table.seats.map((s) => {
        const parts = [name(s.seat)];
        if (s.kind === "bot") parts.push(`(${s.bot ?? "bot"} bot)`);
        if (roles[s.seat] !== undefined && obs?.roles_assigned) parts.push(roles[s.seat] ?? "");
        if (counts[s.seat] !== undefined) parts.push(`${counts[s.seat]} cards`);
        if (scores[s.seat] !== undefined) parts.push(`${scores[s.seat]} points`);
        if (s.kind === "person" && !s.present) parts.push(s.stand_in ? "away: the stand-in plays" : "away");
        const item = el("li", { class: "seat", "data-seat": String(s.seat) }, parts.join(" · "));
        const bank = ticker.bank(s.seat);
        if (bank !== null) {
          const running = ticker.current?.running === s.seat;
          item.append(
            " · ",
            el(
              "span",
              { class: running ? "bank running" : "bank", "data-seat": String(s.seat), title: "Time left" },
              `⏱ ${formatBank(bank)}${running ? " (running)" : ""}`,
            ),
          );
        }
        if (obs?.turn === s.seat) {
          item.classList.add("to-act");
          item.setAttribute("aria-current", "true");
        }
        return item;
      }),
    );
  }

  /** Between frames: the running bank counts down (only its text changes). */
  function tickClock(): void {
    const running = ticker.current?.running;
    if (running === null || running === undefined) return;
    const span = seats.querySelector<HTMLElement>(`.bank[data-seat="${running}"]`);
    const bank = ticker.bank(running);
    if (span && bank !== null) span.textContent = `⏱ ${formatBank(bank)} (running)`;
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
  }

  function openReplay(hand: FinishedHand): void {
    fetchHand(tableId, hand.hand, token).then(
      (answer) => {
        showReplay(replay, answer, name, () => {
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

  function draw(): void {
    if (!state) return;
    drawSeats();
    const obs = state.observation;
    const yours = obs.seat !== null && obs.turn === obs.seat && obs.legal.length > 0;
    status.textContent = yours
      ? "Your turn."
      : obs.turn === null
        ? obs.phase === "over"
          ? "The game is over."
          : "Waiting."
        : `${name(obs.turn)} to act.`;
    const by = state.by === null ? undefined : MADE_BY[state.by];
    madeBy.textContent = by ?? "";
    root.dataset.step = String(state.step);
    root.dataset.turn = yours ? "you" : "other";
    const frame = state;
    keepFocus(board, () => view?.render(frame, act));
  }

  function act(text: string): void {
    if (!state) return;
    connection.send(actMessage(text, state.step));
  }

  connection.open();
}

/** The links the maker of the table got (kept by the lobby in this browser), to hand out. */
function inviteBox(tableId: string): HTMLElement | null {
  const stored = localStorage.getItem(`bumtable:invites:${tableId}`);
  if (!stored) return null;
  const links = JSON.parse(stored) as { join?: string; watch?: string };
  const rows: HTMLElement[] = [];
  if (links.join)
    rows.push(el("p", {}, "Friends take a free seat with: ", el("code", { class: "join-link" }, links.join)));
  if (links.watch) rows.push(el("p", {}, "Spectators watch at: ", el("code", {}, links.watch)));
  return el("details", { class: "invites", open: "" }, el("summary", {}, "Invite friends"), ...rows);
}

/** An event as a log line: who (as the seats bar names them), what, and the cards it showed this viewer. */
export function logText(event: GameEvent, name: (seat: number) => string): string {
  const who = event.player === null ? "" : `${name(event.player)}: `;
  const cards = Array.isArray(event.cards)
    ? event.cards.filter((c): c is string => typeof c === "string")
    : [];
  const shown =
    cards.length && !cards.every((c) => event.text.includes(c)) ? ` (${cards.map(shortCard).join(" ")})` : "";
  return `${who}${event.text}${shown}`;
}

function logLine(event: GameEvent, name: (seat: number) => string): HTMLLIElement {
  return el("li", { "data-kind": event.kind }, logText(event, name));
}

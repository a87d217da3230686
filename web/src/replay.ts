/**
 * Replay of a finished hand (``GET /api/tables/{id}/hands/{n}``, with the viewer's token: as that seat saw it;
 * without: as a spectator did) on a board: the family's own view (views/index.ts) draws the viewer's frame at each
 * step, with no action live. Play / Pause, Step back / Step forward, a speed and a position slider move it; the
 * move's lines in words stand beside the board. Space plays or pauses, ← and → step, Home and End go to the
 * hand's start and end, while the focus is in the replay (its keys never reach the table's shortcuts there).
 */

import { button, el } from "./dom";
import type { LogWriter } from "./log_words";
import {
  SPEEDS,
  delayMs,
  handSteps,
  hasBoard,
  moveText,
  playFrom,
  replayFrame,
  replayTable,
  speedText,
  type HandEvents,
} from "./replay_steps";
import { nameFor } from "./views/common";
import { viewFor } from "./views/index";
import type { StateMessage } from "./protocol";

import "./replay.css";

export type { HandEvents } from "./replay_steps";

export async function fetchHand(tableId: string, hand: number, token: string | null): Promise<HandEvents> {
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands/${hand}${query}`);
  if (!response.ok) throw new Error(`hand ${hand}: ${response.status} ${response.statusText}`);
  return (await response.json()) as HandEvents;
}

/** Keys pressed in the replay that still reach the page (the shortcuts' list, closing a list, moving the focus). */
const PASSED_ON = new Set(["?", "Escape", "Tab"]);

/** Show ``hand`` in ``box``, at its start; ``writer`` words the events as the log does; ``close`` hides the
 * replay (after its playing has stopped). */
export function showReplay(box: HTMLElement, hand: HandEvents, writer: LogWriter, close: () => void): void {
  const steps = handSteps(hand);
  const last = Math.max(0, steps.length - 1);
  let at = 0;
  let timer: number | null = null;
  let speed = 1;

  const board = el("div", { class: "replay-board", "aria-label": "The board at this move", role: "group" });
  const view = hasBoard(hand) ? replayTable(hand) : null;
  const counter = el("p", { class: "replay-step" });
  const current = el("div", { class: "replay-current", "aria-live": "polite" });
  const lines = steps.map((s) => s.events.map((e) => writer.line(e)));
  const items = lines.map((words, i) =>
    el("li", { "data-index": String(i) }, words.join(" ") || "(nothing to tell)"),
  );
  const list = el(
    "ol",
    {
      class: "replay-events",
      start: "0",
      "aria-label": `The moves of hand ${hand.hand}`,
      tabindex: "0", // a box that scrolls is reached by the keyboard too
    },
    ...items,
  );
  const previous = button("Step back", () => step(at - 1), { class: "replay-previous" });
  previous.prepend(el("span", { "aria-hidden": "true" }, "◀ "));
  const play = button("Play", () => toggle(), { class: "replay-play" });
  const next = button("Step forward", () => step(at + 1), { class: "replay-next" });
  next.append(el("span", { "aria-hidden": "true" }, " ▶"));
  const speedId = `replay-speed-${String(hand.hand)}`;
  const speedBox = el(
    "select",
    { id: speedId, class: "replay-speed" },
    ...SPEEDS.map((s) => el("option", { value: String(s) }, speedText(s))),
  );
  speedBox.value = String(speed);
  speedBox.addEventListener("change", () => {
    speed = Number(speedBox.value);
    if (timer !== null) schedule();
  });
  const slider = el("input", {
    type: "range",
    class: "replay-position",
    min: "0",
    max: String(last),
    step: "1",
    value: "0",
    "aria-label": "Position in the hand",
  });
  slider.addEventListener("input", () => step(Number(slider.value)));
  const closer = button(
    "Close the replay",
    () => {
      pause();
      close();
    },
    { class: "replay-close" },
  );
  const controls = el(
    "div",
    { class: "replay-controls", role: "group", "aria-label": "Replay controls" },
    previous,
    play,
    next,
    el("label", { for: speedId, class: "replay-speed-label" }, "Speed ", speedBox),
    slider,
    counter,
    closer,
  );
  const whole = el(
    "div",
    { class: "replay-body", "data-playing": "false" },
    el("h2", {}, `Replay of hand ${hand.hand}`),
    controls,
    el(
      "div",
      { class: "replay-table" },
      board,
      el(
        "div",
        { class: "replay-words" },
        current,
        el("details", { class: "replay-moves" }, el("summary", {}, "Every move of this hand"), list),
      ),
    ),
  );
  whole.addEventListener("keydown", onKey);

  /** Go to position ``index`` (a person's step: playing stops). */
  function step(index: number): void {
    pause();
    go(index);
  }

  function go(index: number): void {
    at = Math.max(0, Math.min(last, index));
    whole.dataset.at = String(at);
    box.dataset.step = String(at);
    counter.textContent = steps.length === 0 ? "This hand has no moves to show." : moveText(at, last);
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", counter.textContent);
    previous.disabled = at === 0;
    next.disabled = at >= last;
    current.replaceChildren(...(lines[at] ?? []).map((line) => el("p", {}, line)));
    items.forEach((item, i) => {
      item.classList.toggle("current", i === at);
      if (i === at) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    const shown = items[at];
    // the list alone scrolls to the move (it is the items' offset parent), never the page
    if (shown) list.scrollTop = shown.offsetTop - list.clientHeight / 2;
    drawBoard();
  }

  /** The view draws the frame afresh (a new view: its words follow from the events so far, going back too); its
   * buttons disabled, and its actions never sent. */
  function drawBoard(): void {
    const frame = replayFrame(hand, steps, at);
    if (view === null || frame === null) {
      board.replaceChildren(
        el(
          "p",
          { class: "replay-no-board" },
          "The board of this move cannot be drawn: only its words are kept.",
        ),
      );
      return;
    }
    // the boxes the person opened or shut (a view's details) stay so from move to move
    const folded = new Map([...board.querySelectorAll("details")].map((d) => [d.className, d.open]));
    board.replaceChildren(); // a view adds its nodes to the board it is given
    const drawn = viewFor(view, board);
    drawn.render(frame, () => {});
    for (const d of board.querySelectorAll("details")) d.open = folded.get(d.className) ?? d.open;
    board.prepend(seatsLine(frame, hand.seat, (seat) => drawn.seatNotes?.(seat) ?? []));
    for (const b of board.querySelectorAll("button")) {
      b.disabled = true;
      b.tabIndex = -1;
    }
  }

  function toggle(): void {
    if (timer !== null) pause();
    else start();
  }

  function start(): void {
    if (last === 0) return;
    go(playFrom(at, last));
    play.textContent = "Pause";
    whole.dataset.playing = "true";
    current.setAttribute("aria-live", "off"); // a move a second is too many to say; a paused one is said
    schedule();
  }

  function schedule(): void {
    if (timer !== null) window.clearTimeout(timer);
    timer = window.setTimeout(tick, delayMs(speed));
  }

  function tick(): void {
    timer = null;
    if (!whole.isConnected) return; // closed, or another hand's replay took its place
    go(at + 1);
    if (at >= last) pause();
    else schedule();
  }

  function pause(): void {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    play.textContent = "Play";
    whole.dataset.playing = "false";
    current.setAttribute("aria-live", "polite");
  }

  function onKey(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || PASSED_ON.has(event.key)) return;
    event.stopPropagation(); // the table's own shortcuts (a rank, P for pass) would play at the table
    const target = event.target as HTMLElement | null;
    const own = target?.tagName === "SELECT" || target?.tagName === "SUMMARY" || target === slider;
    if (own && !(target === slider && event.key === " ")) return; // their own keys (a slider has no Space)
    const moves: Record<string, () => void> = {
      " ": toggle,
      ArrowLeft: () => step(at - 1),
      ArrowRight: () => step(at + 1),
      Home: () => step(0),
      End: () => step(last),
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault(); // Space on a focused button would press it too
    move();
  }

  box.replaceChildren(whole);
  box.hidden = false;
  go(0);
}

/** The seats at this move: each one's name, cards held and what the view tells of it (a pass, a bid), the seat
 * to act marked. */
function seatsLine(
  frame: StateMessage,
  you: number | null,
  notes: (seat: number) => (Node | string)[],
): HTMLElement {
  const obs = frame.observation;
  const counts = (obs.card_counts as number[] | undefined) ?? (obs.hand_counts as number[] | undefined) ?? [];
  return el(
    "ol",
    { class: "replay-seats", "aria-label": "The seats at this move" },
    ...counts.map((count, seat) => {
      const item = el(
        "li",
        { class: "replay-seat", "data-seat": String(seat) },
        `${nameFor(you, seat)} · ${String(count)} card${count === 1 ? "" : "s"}`,
        ...notes(seat).flatMap((note) => [" ", note]),
      );
      if (obs.turn === seat) {
        item.classList.add("replay-to-act");
        item.setAttribute("aria-current", "true");
      }
      return item;
    }),
  );
}

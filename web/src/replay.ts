/**
 * Replay of a finished hand (``GET /api/tables/{id}/hands/{n}``, with the viewer's token: as that seat saw it;
 * without: as a spectator did): the hand's events in a list, one of them the current step, moved with the
 * Previous and Next buttons.
 */

import { button, el } from "./dom";
import type { LogWriter } from "./log_words";
import type { GameEvent } from "./protocol";

export interface HandEvents {
  table: string;
  hand: number;
  seat: number | null;
  events: GameEvent[];
}

export async function fetchHand(tableId: string, hand: number, token: string | null): Promise<HandEvents> {
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands/${hand}${query}`);
  if (!response.ok) throw new Error(`hand ${hand}: ${response.status} ${response.statusText}`);
  return (await response.json()) as HandEvents;
}

/** Show ``hand`` in ``box``, at its first event; ``writer`` words the events as the log does; ``close`` hides
 * the replay. */
export function showReplay(box: HTMLElement, hand: HandEvents, writer: LogWriter, close: () => void): void {
  const events = hand.events;
  let at = 0;
  const counter = el("p", { class: "replay-step", "aria-live": "polite" });
  const current = el("p", { class: "replay-current" });
  const items = events.map((event, i) =>
    el("li", { "data-kind": event.kind, "data-index": String(i) }, writer.line(event)),
  );
  const list = el(
    "ol",
    { class: "replay-events", "aria-label": `The events of hand ${hand.hand}` },
    ...items,
  );
  const previous = button("Previous", () => go(at - 1), {
    class: "replay-previous",
    "aria-label": "Previous step",
  });
  const next = button("Next", () => go(at + 1), { class: "replay-next", "aria-label": "Next step" });
  const closer = button("Close the replay", close, { class: "replay-close" });

  function go(index: number): void {
    if (events.length === 0) {
      counter.textContent = "This hand has no events to show.";
      previous.disabled = next.disabled = true;
      return;
    }
    at = Math.max(0, Math.min(events.length - 1, index));
    items.forEach((item, i) => {
      item.classList.toggle("current", i === at);
      if (i === at) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    });
    box.dataset.step = String(at + 1);
    counter.textContent = `Step ${at + 1} of ${events.length}`;
    current.textContent = items[at]?.textContent ?? "";
    previous.disabled = at === 0;
    next.disabled = at === events.length - 1;
    items[at]?.scrollIntoView({ block: "nearest" });
  }

  box.replaceChildren(
    el("h2", {}, `Replay of hand ${hand.hand}`),
    el("div", { class: "replay-controls" }, previous, counter, next, closer),
    current,
    list,
  );
  box.hidden = false;
  go(0);
}

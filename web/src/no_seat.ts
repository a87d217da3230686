/**
 * The table page's dead ends, said in words with a way on: a seat's link that is not (or no longer) a seat's link
 * at this table, a table that does not exist or cannot be played, a table with all its connections, and a join
 * link that found no free seat. Each offers to watch the table (where there is one) and the lobby.
 */

import { button, el } from "./dom";

export type DeadEnd = "bad-token" | "no-table" | "stale" | "table-full" | "no-seat";

/** What the page says for each dead end. */
export function deadEndText(kind: DeadEnd): { title: string; text: string; watch: boolean } {
  switch (kind) {
    case "bad-token":
      return {
        title: "This link is not a seat at this table",
        text: "The link you opened is not (or no longer) a seat's link at this table: a seat's link stops working when the seat is given out again through the join link. You can watch the table, or go back to the lobby.",
        watch: true,
      };
    case "no-table":
      return {
        title: "There is no such table",
        text: "No table has this address (it may have been removed, or the link was cut short).",
        watch: false,
      };
    case "stale":
      return {
        title: "This table cannot be played",
        text: "The table was made by an older version of the server and cannot be replayed now.",
        watch: false,
      };
    case "table-full":
      return {
        title: "The table is full",
        text: "The table has all the connections it can take just now. Try again in a moment, watch later, or go back to the lobby.",
        watch: true,
      };
    case "no-seat":
      return {
        title: "No seat for you at this table",
        text: "Every person's seat at this table is taken. You can watch the table, or go back to the lobby and find another.",
        watch: true,
      };
  }
}

/** The dead end the WebSocket's close code means (4403 a wrong token, 4404 no table, 4409 stale, 4429 full). */
export function deadEndOf(code: number): DeadEnd {
  if (code === 4404) return "no-table";
  if (code === 4409) return "stale";
  if (code === 4429) return "table-full";
  return "bad-token";
}

/** Draw the dead end into ``root``: what happened, the server's own words if any, and the ways on. */
export function drawDeadEnd(root: HTMLElement, tableId: string, kind: DeadEnd, detail = ""): void {
  const { title, text, watch } = deadEndText(kind);
  const links: (HTMLElement | string)[] = [];
  if (watch)
    links.push(
      el(
        "a",
        { href: `/t/${encodeURIComponent(tableId)}`, class: "button-link watch-link" },
        "Watch this table",
      ),
      " ",
    );
  if (kind === "table-full")
    links.push(
      button("Try again", () => location.reload(), { class: "retry" }),
      " ",
    );
  links.push(el("a", { href: "/", class: "button-link lobby-end" }, "Back to the lobby"));
  root.dataset.deadEnd = kind;
  root.replaceChildren(
    el(
      "section",
      { class: "dead-end", role: "alert" },
      el("h1", {}, title),
      el("p", {}, text),
      ...(detail ? [el("p", { class: "dead-end-detail" }, `The server said: ${detail}`)] : []),
      el("p", { class: "end-links" }, ...links),
    ),
  );
}

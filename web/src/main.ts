/** The browser client's entry: the page says which view it is (``data-page``: lobby or table). */

import "./style.css";

import { ApiError, joinTable } from "./api";
import { startLobby } from "./lobby";
import { storedName } from "./name_field";
import { drawDeadEnd } from "./no_seat";
import { startTable } from "./table";

const root = document.getElementById("app");
if (root) {
  const page = document.body.dataset.page;
  if (page === "table") {
    const query = new URLSearchParams(location.search);
    const tableId = document.body.dataset.table ?? "";
    const code = query.get("join");
    if (code) {
      // the join link: take a free seat, then go to that seat's own link (the one to keep)
      joinTable(tableId, code, storedName() ?? undefined).then(
        (joined) => location.replace(joined.link),
        (e: unknown) => {
          const reason = e instanceof Error ? e.message : String(e);
          const full = e instanceof ApiError && e.status === 409; // every person's seat is taken
          drawDeadEnd(root, tableId, full ? "no-seat" : "bad-token", reason);
        },
      );
    } else {
      startTable(root, tableId, query.get("token"));
    }
  } else {
    startLobby(root).catch((e: unknown) => {
      root.textContent = `The lobby could not load: ${e instanceof Error ? e.message : String(e)}`;
    });
  }
}

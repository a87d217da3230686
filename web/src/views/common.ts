/** What the views share: how a seat is named to this viewer. */

import type { StateMessage } from "../protocol";

/** The players' own names by seat (the `table` message's), kept by the table page for every view. */
let names: readonly (string | null)[] = [];

/** The table page tells the views the names the players gave (null: none). */
export function setSeatNames(given: readonly (string | null)[]): void {
  names = given;
}

/** A seat named for a viewer at ``viewer``: "You" for its own seat, else the player's name, else "P<n>". */
export function nameFor(viewer: number | null, seat: number): string {
  if (viewer === seat) return "You";
  return names[seat] ?? `P${seat}`;
}

/** "You" for the viewer's own seat, else the player's name, else "P<n>". */
export function seatName(state: StateMessage | null, seat: number): string {
  return nameFor(state?.observation.seat ?? null, seat);
}

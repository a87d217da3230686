/** What the views share: how a seat is named to this viewer. */

import type { StateMessage } from "../protocol";

/** "You" for the viewer's own seat, else "P<n>". */
export function seatName(state: StateMessage | null, seat: number): string {
  return state?.observation.seat === seat ? "You" : `P${seat}`;
}

/** What the table page asks of a family's view (each game family draws its own part of the table). */

import type { StateMessage } from "../protocol";

export interface FamilyView {
  /** Draw the family's part of the table from the latest frame; ``act`` sends one legal action's text. */
  render(state: StateMessage, act: (text: string) => void): void;
}

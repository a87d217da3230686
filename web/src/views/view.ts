/**
 * What the table page asks of a family's view (each game family draws its own part of the table).
 *
 * The table page lays the board out as a card table (style.css): the seats round the edge, the view's `.middle`
 * (the trick, the piles, the lots) in the centre, and under it the view's `.notes`, `.hand`, `.why`, `.confirm`
 * and `.actions`. A view adds its own nodes to the board it is given and replaces only those (the seats are the
 * page's); the last of them is its drawing, made anew at each frame (`.view-drawing`, laid out as its children).
 */

import type { StateMessage } from "../protocol";

export interface FamilyView {
  /** Draw the family's part of the table from the latest frame; ``act`` sends one legal action's text. */
  render(state: StateMessage, act: (text: string) => void): void;
  /** What the view adds to a seat's place at the table (a pass, the bid, the tokens), from the latest frame. */
  seatNotes?(seat: number): (Node | string)[];
}

/** A details box that stays open or shut across the frames that draw it anew. */
export class Folding {
  private open: boolean;

  constructor(open = false) {
    this.open = open;
  }

  /** A new details box with ``summary``, open as the person left it. */
  details(className: string, summary: string, ...children: Node[]): HTMLDetailsElement {
    const box = document.createElement("details");
    box.className = className;
    const head = document.createElement("summary");
    head.textContent = summary;
    box.append(head, ...children);
    box.open = this.open;
    box.addEventListener("toggle", () => {
      this.open = box.open;
    });
    return box;
  }
}

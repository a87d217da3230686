/**
 * Where each seat sits round the table: the viewer's own seat at the bottom (a spectator's: P0), the others in
 * play order from the viewer's left, that is clockwise on the screen (up the left side, across the top, down the
 * right side), spaced evenly along the edge of the table's box. Pure geometry, so a unit test checks it; and the
 * small marks a seat wears beside its name (an agent's seat), as words, drawn by table.ts.
 */

import "./seat_ring.css";

/** Which edge of the table a seat sits at. */
export type Edge = "bottom" | "left" | "top" | "right";

export interface SeatSpot {
  seat: number;
  /** The seat's place across the table's box, 0 (left edge) to 1 (right edge). */
  x: number;
  /** The seat's place down the table's box, 0 (top edge) to 1 (bottom edge). */
  y: number;
  edge: Edge;
}

export interface SeatRing {
  spots: SeatSpot[];
  /** Whether some seat sits on the left or right edge between the top and bottom rows (the middle keeps clear). */
  sides: boolean;
}

/** Seats in the order they sit from the viewer's own seat round to the viewer's right (``viewer`` first). */
export function playOrder(players: number, viewer: number | null): number[] {
  if (!Number.isInteger(players) || players < 1)
    throw new Error(`a table seats 1 or more players, not ${players}`);
  const first = viewer !== null && viewer >= 0 && viewer < players ? viewer : 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

/** How near an edge's end (in its own length, 0..1) a seat counts as on the row rather than the side. */
const CORNER = 0.02;

/**
 * The seats' spots round a table box ``aspect`` times as wide as it is high (the box the seats' corners move in:
 * the table less one seat's size). The path starts at the middle of the bottom edge, goes left, up, right and
 * down, and back; seats are spaced evenly along it by length.
 */
export function seatRing(players: number, viewer: number | null, aspect: number): SeatRing {
  if (!(aspect > 0) || !Number.isFinite(aspect))
    throw new Error(`a table's aspect must be above 0, not ${aspect}`);
  const order = playOrder(players, viewer);
  const w = aspect;
  const h = 1;
  // the path's legs, each [length, point at distance d along it]
  const legs: [number, (d: number) => [number, number]][] = [
    [w / 2, (d) => [w / 2 - d, h]],
    [h, (d) => [0, h - d]],
    [w, (d) => [d, 0]],
    [h, (d) => [w, d]],
    [w / 2, (d) => [w - d, h]],
  ];
  const total = legs.reduce((sum, [length]) => sum + length, 0);
  const spots = order.map((seat, i) => {
    let d = (total * i) / players;
    for (const [length, at] of legs) {
      if (d <= length + 1e-9) {
        const [px, py] = at(Math.min(d, length));
        return spot(seat, px / w, py / h);
      }
      d -= length;
    }
    return spot(seat, 0.5, 1);
  });
  return { spots, sides: spots.some((s) => s.edge === "left" || s.edge === "right") };
}

function spot(seat: number, x: number, y: number): SeatSpot {
  const clean = (v: number): number => Math.min(1, Math.max(0, Math.round(v * 1e6) / 1e6));
  const cx = clean(x);
  const cy = clean(y);
  const edge: Edge = cy >= 1 - CORNER ? "bottom" : cy <= CORNER ? "top" : cx <= CORNER ? "left" : "right";
  return { seat, x: cx, y: cy, edge };
}

/** A small mark beside a seat's name: its word (read by screen readers as part of the seat) and its longer
 * meaning (a pointer's tooltip). */
export interface SeatMark {
  text: string;
  title: string;
  /** The mark's class (styled in seat_ring.css). */
  className: string;
}

export const AGENT_MARK: SeatMark = {
  text: "agent",
  title: "Played by an agent: a program (an AI model, say) playing through bumtable mcp, not a person",
  className: "seat-agent",
};

/** The agent mark for a person's seat whose player said it is an agent (the table message's ``agent``). */
export function agentMark(seat: { kind: string; agent?: unknown }): SeatMark | null {
  return seat.kind === "person" && seat.agent === true ? AGENT_MARK : null;
}

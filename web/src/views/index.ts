/** Which view draws which game: each family of rules has its own (the others fall back to the plain one). */

import type { FamilyView } from "../table";
import { ClimbingView } from "./climbing";
import { GenericView } from "./generic";

const CLIMBING = new Set(["bum-game", "president", "arsehole", "zheng-shangyou"]);

export function viewFor(game: string, root: HTMLElement): FamilyView {
  if (CLIMBING.has(game)) return new ClimbingView(root);
  return new GenericView(root);
}

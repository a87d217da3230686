/** Which view draws which game: each family of rules has its own (the others fall back to the plain one). */

import type { FamilyView } from "../table";
import { BoojumView } from "./boojum";
import { ClimbingView } from "./climbing";
import { GenericView } from "./generic";
import { GinBummyView } from "./gin_bummy";

const CLIMBING = new Set(["bum-game", "president", "arsehole", "zheng-shangyou"]);

export function viewFor(game: string, root: HTMLElement): FamilyView {
  if (CLIMBING.has(game)) return new ClimbingView(root);
  if (game === "gin-bummy") return new GinBummyView(root);
  if (game === "boojum") return new BoojumView(root);
  return new GenericView(root);
}

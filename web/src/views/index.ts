/**
 * Which view draws which game: each family of rules has its own (the others fall back to the plain one). Each view
 * gets the table's rules (the `table` message's `rules`), read for what it needs (rules.ts).
 */

import { boojumRules, climbingRules, ginBummyRules } from "../rules";
import type { FamilyView } from "./view";
import { BoojumView } from "./boojum";
import { ClimbingView } from "./climbing";
import { GenericView } from "./generic";
import { GinBummyView } from "./gin_bummy";

const CLIMBING = new Set(["bum-game", "president", "arsehole", "zheng-shangyou"]);

export function viewFor(game: string, root: HTMLElement, rules: unknown): FamilyView {
  if (CLIMBING.has(game)) return new ClimbingView(root, climbingRules(rules));
  if (game === "gin-bummy") return new GinBummyView(root, ginBummyRules(rules));
  if (game === "boojum") return new BoojumView(root, boojumRules(rules));
  return new GenericView(root);
}

/**
 * Which view draws which game: each family of rules has its own (the others fall back to the plain one), chosen by
 * the `table` message's `family`. Each view gets the table's rules (the message's `rules`), read for what it needs
 * (rules.ts); a Boojum view's cards are named from the message's `card_table`.
 */

import { setDecktetTable } from "../decktet";
import type { TableMessage } from "../protocol";
import { climbingRules, ginBummyRules } from "../rules";
import type { FamilyView } from "./view";
import { BoojumView } from "./boojum";
import { ClimbingView } from "./climbing";
import { GenericView } from "./generic";
import { GinBummyView } from "./gin_bummy";

export function viewFor(table: TableMessage, root: HTMLElement): FamilyView {
  switch (table.family) {
    case "climbing":
      return new ClimbingView(root, climbingRules(table.rules));
    case "gin-bummy":
      return new GinBummyView(root, ginBummyRules(table.rules));
    case "boojum":
      setDecktetTable(table.card_table);
      return new BoojumView(root);
    default:
      return new GenericView(root);
  }
}

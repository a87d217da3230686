/**
 * The Decktet card table the server sends for Boojum's extended deck (the `table` message's `card_table`), taken
 * for the tests that name Decktet cards: web/test/decktet_cards.json, which tests/test_wire_models.py keeps equal
 * to what the rules send.
 */

import { readFileSync } from "node:fs";
import { setDecktetTable } from "../src/decktet";
import type { CardFace } from "../src/protocol";

export const DECKTET_CARDS = JSON.parse(
  readFileSync(new URL("../web/test/decktet_cards.json", import.meta.url), "utf8"),
) as CardFace[];

setDecktetTable(DECKTET_CARDS);

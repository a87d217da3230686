/** The HTTP calls the table page makes besides its WebSocket (docs/protocol.md). */

/** One option of a game's preset for a player count, as ``GET /api/games/{game}/options`` describes it. */
export interface PresetOption {
  name: string;
  doc: string;
  value: unknown;
}

/** The game's preset options for ``players`` (what the table's rules are compared with). */
export async function fetchPreset(game: string, players: number): Promise<PresetOption[]> {
  const query = new URLSearchParams({ players: String(players) });
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/options?${query}`);
  if (!response.ok) throw new Error(`the game's options: ${response.status} ${response.statusText}`);
  const body = (await response.json()) as { options?: PresetOption[] };
  return body.options ?? [];
}

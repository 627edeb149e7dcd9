// What Forestaurant's board says in words, from the view (services/forestaurant/rules/view.py):
// the arguments of its texts (en.ftl, de.ftl). Pure: the board (index.tsx) puts them in place.

type Named = { players?: unknown; you?: unknown };

/** `$player` and `$you` of a line about `seat` (a proposal, an offer): "you" to the reader,
 * whose own name the line never says. `name` shortens a seat's name as the board shows it. */
export function whoWords(view: Named, seat: unknown, name: (player: string) => string = (p) => p): { player: string; you: string } {
  const players = Array.isArray(view.players) ? (view.players as string[]) : [];
  const player = typeof seat === "number" ? players[seat] : undefined;
  if (player === undefined) return { player: "?", you: "false" };
  return { player: name(player), you: player === view.you ? "true" : "false" };
}

type Mushrooms = { draw_number?: unknown; finished?: unknown };

/** `rest-draw`'s `$count`: the cards a player draws at the end of a turn, "the highest visible
 * number on the mushrooms" (the view's draw_number); null once the game is over or when the
 * view does not say it. */
export function drawWords(view: Mushrooms): { count: number } | null {
  if (view.finished || typeof view.draw_number !== "number") return null;
  return { count: view.draw_number };
}

type Storage = { storage_limit?: unknown; finished?: unknown };

/** `rest-storage-limit`'s `$limit`: the ingredients a player keeps at the end of a turn (the
 * view's storage_limit: 6 for two players, 5 for three to five); null once the game is over. */
export function storageWords(view: Storage): { limit: number } | null {
  if (view.finished || typeof view.storage_limit !== "number") return null;
  return { limit: view.storage_limit };
}

type Ended = { won?: unknown; end_reason?: unknown; end_trigger?: unknown; stars?: unknown };

/** What closed the restaurant, from the view's end_trigger: `rest-end-chaos` ("no more left on
 * the mushrooms and even more would be needed") or `rest-end-bankrupt` ("all the stars are
 * already covered but players would have to cover more") with the table (1 to 9) whose guests
 * needed it, why (`cause`) and the card that touched them (`card`, by `cardName`); null for a
 * win, the animal deck running out, or a game recorded before the view said it. */
export function endWords(view: Ended, cardName: (id: string) => string = (id) => id):
    { id: string; args: { table: number; cause: string; card: string; stars: number } } | null {
  const trigger = view.end_trigger as { table?: unknown; cause?: unknown; about?: unknown } | null | undefined;
  if (view.won || !trigger || typeof trigger.table !== "number") return null;
  if (view.end_reason !== "chaos" && view.end_reason !== "bankrupt") return null;
  return { id: `rest-end-${view.end_reason}`, args: {
    table: trigger.table + 1, cause: typeof trigger.cause === "string" && trigger.cause ? trigger.cause : "other",
    card: typeof trigger.about === "string" ? cardName(trigger.about) : "",
    stars: typeof view.stars === "number" ? view.stars : 0 } };
}

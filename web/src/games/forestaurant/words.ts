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

// A game's title as players know it ("Food Fight"), from the gateway's list of its games
// (listGames): one way for every page, never the game's internal name where a page asks for none.
import type { GameInfo } from "./api";

/** The title `games` list for `name`; `otherwise` (the name, unless a page gives another) while
 * the list is not there or lacks the game. */
export function titleIn(games: GameInfo[], name: string | undefined, otherwise = name ?? ""): string {
  return games.find((g) => g.name === name)?.title ?? otherwise;
}

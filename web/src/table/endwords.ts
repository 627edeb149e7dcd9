// The end box's words that differ by game and by reader (src/table/parts.tsx EndScreen): the
// heading of its score column in the game's own word for what it counts, and a cooperative
// table's result said to its players ("You lost together.") or about them to a spectator.
import { has, listOf, t, tg } from "../i18n";

/** The key a game's board texts (src/games/<game>/<lang>.ftl) define for the word its score
 * column is headed by: "stars", "Siegpunkte". */
export const SCORE_WORD = "end-score";

/** The heading of the end box's score column: the game's word for its score (SCORE_WORD), else
 * the client's "points" (a game that names none). */
export function scoreHeading(game: string): string {
  return has(SCORE_WORD, game) ? tg(game, SCORE_WORD) : t("end-points");
}

/** A cooperative table's result: to a seat at it "You won together!" ("You won!" alone at the
 * table, a solo game), to a spectator with the players' names ("ann and Bot 1 lost together.").
 * `players` are the names as the table shows them. */
export function teamHeadline(won: boolean, players: string[], seated: boolean): string {
  return t(won ? "end-team-won" : "end-team-lost", { you: seated ? "true" : "false", count: players.length,
                                                     players: listOf(players) });
}

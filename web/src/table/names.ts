// How a player is named at the table on this page: a bot's name ("bot-foodie-forest-d0ba-12")
// is an id a player has no use for, so at the table each bot is "Bot 1", "Bot 2" ... in seat
// order, or "Bot" where it is the only one: as the server's texts name them
// (shared/names.py bots_at_table, the texts' player-bot). Everyone else by their name.
import { signal } from "@preact/signals";
import { t } from "../i18n";
import { shortName } from "../util";

const BOT_PREFIX = "bot-";

/** The table's bots by number (0: the only one), in seat order. */
export function botsAtTable(players: readonly string[]): Map<string, number> {
  const bots = players.filter((p) => p.normalize("NFKC").toLowerCase().startsWith(BOT_PREFIX));
  return new Map(bots.length === 1 ? [[bots[0], 0]] : bots.map((bot, i) => [bot, i + 1]));
}

const atTable = signal<ReadonlyMap<string, number>>(new Map());

/** The players of the table the page shows (its store calls this with every view). */
export function seatTable(players: readonly string[]): void {
  const next = botsAtTable(players);
  const now = atTable.value;
  if (next.size !== now.size || [...next].some(([bot, n]) => now.get(bot) !== n)) atTable.value = next;
}

/** A player as the table names them: a bot by its number, anyone else by their (shortened) name. */
export function seatName(name: string, most = 16): string {
  const number = atTable.value.get(name);
  return number === undefined ? shortName(name, most) : t("player-bot", { number });
}

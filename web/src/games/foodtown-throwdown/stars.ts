// Where Foodtown Throwdown's stars come from, in words: a territory's bonus star (which ones
// earn it is the view's bonus_territories, counted by the rules) and who reached the stars to
// win. Pure: the board (index.tsx) puts the words around it.

/** A territory's condition as DescribeGame's card has it: {type: "meat"}, {tag: "sandwich"},
 * {recipes: 3} or {stars: 3}. */
export type Condition = Record<string, unknown>;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The arguments of `town-bonus` for a condition: `kind` (type, sandwich, vegetarian, recipes,
 * stars), `what` (an ingredient type in words, by `typeWord`), `value` (a number). */
export function bonusWords(condition: Condition | undefined, typeWord: (type: string) => string): Record<string, string | number> {
  const [kind, value] = Object.entries(condition ?? {})[0] ?? ["", ""];
  if (kind === "type") return { kind, what: typeWord(String(value)), value: 0 };
  if (kind === "tag") return { kind: String(value), what: "", value: 0 };
  return { kind, what: "", value: Number(value) || 0 };
}

type EndView = { end_reason?: unknown; winners?: unknown; you?: unknown; stars?: unknown; target_stars?: unknown };

/** Who reached the stars to win, for `town-end-stars` (`player` is the winner's name as the
 * view has it): null unless one player won by stars. */
export function starsReached(view: EndView): { player: string; you: string; stars: number; target: number } | null {
  const winners = list(view.winners);
  if (view.end_reason !== "stars" || winners.length !== 1) return null;
  const player = String(winners[0]);
  const stars = Number((view.stars as Record<string, unknown> | undefined)?.[player] ?? 0);
  return { player, you: player === view.you ? "true" : "false", stars, target: Number(view.target_stars ?? 0) };
}

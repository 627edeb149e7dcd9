// The recipes a player has still to choose, as the board lists them: the rules take a recipe off
// at the deal's reveal, so the one chosen for this deal (known to its chooser, or face up) is
// left out before then too. Pure: the board (index.tsx) draws it.

type RecipesView = { you?: unknown; my_recipe?: unknown; recipes?: Record<string, unknown>; recipes_left?: Record<string, unknown> };

export function recipesLeft(view: RecipesView, name: string): string[] {
  const left = Array.isArray(view.recipes_left?.[name]) ? [...(view.recipes_left![name] as string[])] : [];
  const current = name === view.you ? view.my_recipe : view.recipes?.[name];
  if (typeof current === "string" && left.includes(current)) left.splice(left.indexOf(current), 1);
  return left;
}

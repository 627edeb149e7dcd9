// Every game's folder (src/games/<game>/: index.tsx exporting `ui`, en.ftl and de.ftl for what
// only its board says), found by Vite's glob import: a folder named as the game (its registry
// name, e.g. "food-fight") is that game's table; a game without one gets the generic view.
import { addGameTexts, type Language } from "../i18n";
import { genericUi } from "../table/generic";
import type { GameUi } from "./types";

const modules = import.meta.glob<{ ui: GameUi }>("./*/index.tsx", { eager: true });
const texts = import.meta.glob<string>("./*/*.ftl", { eager: true, query: "?raw", import: "default" });

const games = new Map<string, GameUi>();
for (const [path, module] of Object.entries(modules)) games.set(path.split("/")[1], module.ui);
for (const [path, text] of Object.entries(texts)) {
  const [, game, file] = path.split("/");
  addGameTexts(game, file.replace(/\.ftl$/, "") as Language, text);
}

/** The games with a folder of their own. */
export function drawnGames(): string[] {
  return [...games.keys()].sort();
}

export function uiOf(game: string): GameUi {
  return games.get(game) ?? genericUi;
}

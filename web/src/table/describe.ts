// DescribeGame: a game's title, options, every card's name and text and its rules in short, in
// the chosen language; asked once per game and language, shared by every page.
import { signal, type Signal } from "@preact/signals";
import { gameService } from "../api";
import { language, t } from "../i18n";

export type CardFace = { name?: string; text?: string; kind?: string; [field: string]: unknown };
export type OptionChoice = { value: unknown; label?: string };
export type GameOption = {
  name: string; label?: string; sentence?: string; default?: unknown;
  choices?: (OptionChoice | string | number | boolean)[];
  /** offered only while each named option has one of these values (src/table/offered.ts) */
  only_with?: Record<string, unknown[]>;
};
export type Description = {
  title?: string; summary?: string; cooperative?: boolean; min_players?: number; max_players?: number;
  options?: GameOption[] | Record<string, GameOption>;
  cards?: Record<string, CardFace>;
  rules?: { key?: string; title?: string; text?: string; section?: string }[] | Record<string, string | { title?: string; text?: string }>;
  terms?: Record<string, string>;
  [field: string]: unknown;
};

/** The described options as a list, whichever of its two shapes the description has. */
export function optionList(raw: GameOption[] | Record<string, GameOption> | undefined): GameOption[] {
  if (!raw) return [];
  return Array.isArray(raw) ? raw : Object.entries(raw).map(([name, o]) => ({ ...o, name }));
}

export type Choice = { value: unknown; label: string };

/** The options of a table (its `options`) that differ from the rulebook's, as the game describes them. */
export function changedOptions(game: string, options: Record<string, unknown> | null | undefined): GameOption[] {
  return optionList(description(game).value?.options)
    .filter((o) => options && o.name in options && options[o.name] !== o.default);
}

/** An option of a table in words: its chosen value's label ("Boot Camp (no draft)"), else the
 * option's label and its value ("Victory Points to win: 1"); never the option's internal name
 * where the game gives it a label. */
export function optionInWords(o: GameOption, value: unknown): string {
  const label = o.label ?? o.name;
  const chosen = choicesOf(o).find((c) => c.value === value)?.label;
  if (chosen) return chosen.startsWith(label) ? chosen : `${label}: ${chosen}`;
  return `${label}: ${typeof value === "boolean" ? t(value ? "yes" : "no") : String(value)}`;
}

export function choicesOf(o: GameOption): Choice[] {
  return (o.choices ?? []).map((c) => (typeof c === "object" && c !== null && "value" in c
    ? { value: c.value, label: c.label ?? String(c.value) } : { value: c, label: String(c) }));
}

const asked = new Map<string, Signal<Description | null>>();

/** The game's description (null until it arrives, or when the gateway has no DescribeGame). */
export function description(game: string): Signal<Description | null> {
  const id = `${game}/${language.value}`;
  let found = asked.get(id);
  if (!found) {
    const box = signal<Description | null>(null);
    found = box;
    asked.set(id, box);
    const client: any = gameService(game);
    if (typeof client.describeGame === "function") {
      client.describeGame({ language: language.value }).then(
        (reply: any) => { box.value = JSON.parse(reply.descriptionJson) as Description; },
        () => { box.value = null; },
      );
    }
  }
  return found;
}

/** A card's face from the description (undefined when not described). */
export function cardFace(game: string, id: string): CardFace | undefined {
  return description(game).value?.cards?.[id];
}

/** A server text without arguments: a term, or a template that takes none ("move-pass" =
 * "Pass"); undefined when the game has no such text. */
export function servedText(game: string, key: string): string | undefined {
  const d = description(game).value;
  const term = d?.terms?.[key];
  if (term) return term;
  const template = (d?.messages as Record<string, string> | undefined)?.[key];
  return typeof template === "string" && template && !/[{}]/.test(template) ? template : undefined;
}

// The client's texts: Project Fluent catalogues (src/i18n/<lang>.ftl, and per game
// src/games/<game>/<lang>.ftl for what only its board says), in English and German. The
// language is the one chosen in the header (remembered in localStorage), else the browser's.
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";
import { effect, signal } from "@preact/signals";
import de from "./de.ftl?raw";
import en from "./en.ftl?raw";

export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

const CHOSEN = "foodgames.language";
const common: Record<Language, string> = { en, de };
// the game's own board texts, by game and language (the games' registry adds them)
const gameTexts = new Map<string, Partial<Record<Language, string>>>();
const bundles = new Map<string, FluentBundle>();

/** The language a browser asks for ("de-AT" -> "de"), English when it asks for none we have. */
export function negotiate(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const base = tag.toLowerCase().split("-")[0];
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return "en";
}

function initial(): Language {
  try {
    const chosen = localStorage.getItem(CHOSEN);
    if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return chosen as Language;
  } catch {
    // storage refused (a private window): the browser's language
  }
  return negotiate(typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]);
}

export const language = signal<Language>(initial());
// the page says its language (screen readers read German as German, long words hyphenate)
if (typeof document !== "undefined") effect(() => { document.documentElement.lang = language.value; });

export function chooseLanguage(next: Language): void {
  try {
    localStorage.setItem(CHOSEN, next);
  } catch {
    // not remembered, still switched
  }
  language.value = next;
  document.documentElement.lang = next;
}

export function addGameTexts(game: string, lang: Language, text: string): void {
  gameTexts.set(game, { ...gameTexts.get(game), [lang]: text });
  bundles.clear();
}

function bundle(lang: Language, game: string): FluentBundle {
  const id = `${lang}/${game}`;
  let found = bundles.get(id);
  if (!found) {
    // no isolation marks around arguments: the text is shown as it reads
    found = new FluentBundle(lang, { useIsolating: false });
    const own = gameTexts.get(game)?.[lang];
    if (own) found.addResource(new FluentResource(own));
    found.addResource(new FluentResource(common[lang]));
    bundles.set(id, found);
  }
  return found;
}

export type Args = Record<string, FluentVariable>;

/** A text of the client in the chosen language (reading it subscribes a component to a switch). */
export function t(id: string, args?: Args, game = ""): string {
  const lang = language.value;
  const b = bundle(lang, game);
  const message = b.getMessage(id) ?? bundle("en", game).getMessage(id);
  if (!message?.value) return id;
  // a bad argument is shown as its name ({ $x }) rather than stopping the page
  const errors: Error[] = [];
  return b.formatPattern(message.value, args ?? null, errors);
}

/** Names (players, seats) as a list reads in the chosen language: "ann and bob", "ann, bob und cy". */
export function listOf(list: readonly string[], lang: Language = language.value): string {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(list);
}

/** Whether the catalogue has a text (a game's term, an option's choice). */
export function has(id: string, game = ""): boolean {
  return bundle(language.value, game).hasMessage(id);
}

/** A game's board text (its own .ftl first, then the client's). */
export function tg(game: string, id: string, args?: Args): string {
  return t(id, args, game);
}

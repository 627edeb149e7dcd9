// Soft hyphens (U+00AD) put into long words at their hyphenation points, so a card's name on a
// narrow tile breaks as "Ofen-/kartoffel" and never as "Ofenkart/offel". CSS `hyphens: auto`
// needs the browser's own dictionaries, and Chromium on Linux (and Android WebViews) has none:
// it fell back to breaking anywhere. Only the client's rendering gets them: the API's texts
// stay as they are, and a tile's title and accessible name stay without them.
// The TeX patterns of npm `hyphen` (German 1996 orthography, US English), each loaded when its
// language is first shown (a chunk of its own: German's are 102 kB gzipped, English's 17 kB).
import { signal } from "@preact/signals";
import { language, type Language } from "./i18n";

export const SOFT_HYPHEN = "\u00ad";
/** Words shorter than this (in letters) fit a tile's line and are left alone. */
export const MIN_LETTERS = 7;

type Hyphenator = (text: string, options?: { minWordLength?: number; exceptions?: string[] }) => string;
type Patterns = { hyphenateSync?: Hyphenator; default?: { hyphenateSync: Hyphenator } };

const LONG = new RegExp(`\\p{L}{${MIN_LETTERS}}`, "u");
const APOSTROPHE = /(['\u2019]\p{L}*)/u;
const LONE_LETTER = /\u00ad(\p{L})\u00ad/gu;
const loaders: Record<Language, () => Promise<Patterns>> = {
  de: () => import("hyphen/de"),
  en: () => import("hyphen/en-us"),
};
// Words of the games' texts whose compound the patterns split in the wrong place ("Ha-fer-breig-rat"
// read as "breig rat"; a scan of every German text's long words, 2026-12-07): their breaks as written
// here, the parts of the compound first.
const EXCEPTIONS: Record<Language, string[]> = {
  de: ["Ha-fer-brei-grat", "Spie-gel-ei", "Spie-gel-ei-sei-te", "Que-sa-dil-la", "Cheese-steak", "Sand-wich-es",
       "Me-nü-sta-pel", "Throw-down", "Fo-rest-au-rant"],
  // the operators' page's headings (its narrow columns break at every point): the patterns'
  // "mil-lisec-onds" and "proces-sor", and "re-fused" (a short word read as "fused") kept whole
  en: ["milli-sec-onds", "pro-ces-sor", "refused"],
};
const loaded = new Map<Language, Hyphenator>();
const loading = new Map<Language, Promise<void>>();
// bumped when a language's patterns arrive: a component that hyphenated before re-renders
const arrived = signal(0);
const memo = new Map<string, string>();

/** Loads a language's patterns (once); hyphenate() uses them from then on. */
export function loadHyphenation(lang: Language): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = loaders[lang]().then(
      (mod) => {
        // a CommonJS module: its exports as named exports or as the default one
        loaded.set(lang, (mod.hyphenateSync ?? mod.default!.hyphenateSync));
        arrived.value++;
      },
      () => {
        // not loaded (offline, a stale chunk): the words break as the CSS lets them; try again later
        loading.delete(lang);
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * The text with soft hyphens at the hyphenation points of its words of MIN_LETTERS letters or
 * more, in the chosen language (or `lang`). Until that language's patterns have loaded it is
 * the text as it is (the component reading it re-renders when they arrive).
 */
export function hyphenate(text: string, lang: Language = language.value): string {
  void arrived.value; // subscribe the component to the patterns' arrival
  if (!text || !LONG.test(text)) return text;
  const hyphenator = loaded.get(lang);
  if (!hyphenator) {
    void loadHyphenation(lang);
    return text;
  }
  const key = `${lang}\n${text}`;
  let done = memo.get(key);
  if (done === undefined) {
    // the letters after an apostrophe stay with it ("Shepherd's", never "Shepher-d's"), and a
    // letter the patterns leave alone between two breaks joins the syllable before it (German
    // patterns on an English name: "She-p-herd" -> "Shep-herd")
    done = text.split(APOSTROPHE)
      .map((part, i) => (i % 2 ? part : hyphenator(part, { minWordLength: MIN_LETTERS, exceptions: EXCEPTIONS[lang] })))
      .join("")
      .replace(LONE_LETTER, `$1${SOFT_HYPHEN}`);
    memo.set(key, done);
  }
  return done;
}

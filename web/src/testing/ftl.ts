// Tests read a translation file as a reader would: one message of a folder's <lang>.ftl, with its
// arguments, in one line (Fluent's line breaks and indents as single spaces); a missing message
// or an error in its arguments fails the test.
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

export type Lang = "en" | "de";
export type Args = Record<string, FluentVariable>;

/** A game's board texts (web/src/games/<game>/) and its server's (services/<folder>/texts/). */
export const boardTexts = (game: string) => join(__dirname, "..", "games", game);
export const serverTexts = (folder: string) => join(__dirname, "..", "..", "..", "services", folder, "texts");

/** The message `id` (or its `attribute`, e.g. a card's `.text`) of the folder's <lang>.ftl. */
export function say(folder: string, lang: Lang, id: string, args: Args = {}, attribute?: string): string {
  const bundle = new FluentBundle(lang, { useIsolating: false });
  bundle.addResource(new FluentResource(readFileSync(join(folder, `${lang}.ftl`), "utf8")));
  const message = bundle.getMessage(id);
  const pattern = attribute ? message?.attributes[attribute] : message?.value;
  if (!pattern) throw new Error(`${folder} ${lang}: no ${id}${attribute ? `.${attribute}` : ""}`);
  const errors: Error[] = [];
  const out = bundle.formatPattern(pattern, args, errors);
  expect(errors).toEqual([]);
  return out.replace(/\s+/g, " ");
}

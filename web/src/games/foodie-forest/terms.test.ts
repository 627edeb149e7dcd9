// Foodie Forest's board uses the words of the server's texts (the rulebook's: Bug, Früchte,
// Sparrezept, Kräuterkarte), one set of words on one screen; and a player's box counts the
// cards and tricks taken in the singular and the plural.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Args, type Lang, say, serverTexts } from "../../testing/ftl";

const SERVER = serverTexts("foodie_forest");
const COLOURS = ["bug", "vegetable", "fruit", "trash", "boot"];
const RECIPES = ["empty-pot", "bug", "vegetable", "fruit", "trash", "boot"];
const LANGS = ["en", "de"] as const;


const board = (lang: Lang, id: string, args?: Args) => say(__dirname, lang, id, args);
const server = (lang: Lang, id: string) => say(SERVER, lang, id);

describe("Foodie Forest's board words", () => {
  it.each(LANGS)("given the server's terms, when the board names a colour or a recipe, then it uses the same word (%s)", (lang) => {
    // the board takes them from DescribeGame's terms; its own copy (before the description
    // arrives) is the same word
    for (const c of COLOURS) expect([c, board(lang, `colour-${c}`)]).toEqual([c, server(lang, `colour-${c}`)]);
    for (const r of RECIPES) expect([r, board(lang, `recipe-${r}`)]).toEqual([r, server(lang, `recipe-${r}`)]);
    const own = readFileSync(join(__dirname, `${lang}.ftl`), "utf8");
    expect(own).not.toMatch(/^ff-(colour|recipe)-(bug|vegetable|fruit|trash|boot|empty-pot) =/m);
  });

  it.each(LANGS)("given a tile's short colour, then it is the colour's word or its abbreviation (%s)", (lang) => {
    // "Zutatenkarte (Käfer, Gemüse, Früchte und Stiefel)"; "14 Bug cards, 14 Vegetable cards, 14 Fruit cards"
    for (const c of COLOURS) {
      const short = board(lang, `ff-colour-short-${c}`).toLowerCase().replace(/\.$/, "");
      expect([c, server(lang, `colour-${c}`).toLowerCase().startsWith(short)]).toEqual([c, true]);
    }
  });

  it.each(LANGS)("given a player's recipes left, then each is named by the first word of the server's recipe (%s)", (lang) => {
    for (const r of ["empty-pot", "bug", "vegetable", "fruit", "trash", "boot"]) {
      const short = board(lang, `ff-recipe-short-${r}`).toLowerCase();
      expect([r, server(lang, `recipe-${r}`).toLowerCase().startsWith(short)]).toEqual([r, true]);
    }
  });

  // "Beim Sparrezept möchte man keinen Stich gewinnen": the German description's word is
  // Sparrezept whole ("Spar" alone is no word); the colour recipes' short words are colours
  it("given the Empty pot recipe left in German, when a player's box lists it, then it says Sparrezept", () => {
    expect(board("de", "ff-recipe-short-empty-pot")).toBe("Sparrezept");
    expect(board("de", "ff-recipe-short-bug")).toBe("Käfer");
    expect(board("en", "ff-recipe-short-empty-pot")).toBe("Empty pot");
  });

  it.each(LANGS)("given a herb card's tile, then its word is the one in the herb card's name (%s)", (lang) => {
    // "Die Kräuterkarte erhöht den Wert des Topfes nicht"
    const word = board(lang, "ff-face-herb");
    for (const c of ["bug", "vegetable", "fruit"]) expect(server(lang, `card-${c}-herb`)).toContain(word);
  });
});

describe("a Foodie Forest player's box", () => {
  it.each([
    [{ cards: 6, taken: 6, tricks: 1 }, "6 in hand · 1 trick (6 cards)", "6 auf der Hand · 1 Stich (6 Karten)"],
    [{ cards: 13, taken: 0, tricks: 0 }, "13 in hand · 0 tricks (0 cards)", "13 auf der Hand · 0 Stiche (0 Karten)"],
    [{ cards: 1, taken: 1, tricks: 1 }, "1 in hand · 1 trick (1 card)", "1 auf der Hand · 1 Stich (1 Karte)"],
    [{ cards: 4, taken: 11, tricks: 2 }, "4 in hand · 2 tricks (11 cards)", "4 auf der Hand · 2 Stiche (11 Karten)"],
  ])("given %o, when the box counts the cards taken, then it names cards and tricks", (args, english, german) => {
    expect(board("en", "ff-hand-line", args)).toBe(english);
    expect(board("de", "ff-hand-line", args)).toBe(german);
  });
});

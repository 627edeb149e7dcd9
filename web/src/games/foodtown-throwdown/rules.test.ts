// Foodtown Throwdown's board states the rules as the rulebook has them
// (/work/shared/rulebooks/foodtown-throwdown.txt), in English and German: the stars to win, a
// territory's bonus star where it is earned, who reached the stars, the hand's groups.
import { describe, expect, it } from "vitest";
import { type Args, type Lang, boardTexts, say, serverTexts } from "../../testing/ftl";
import { bonusWords, starsReached } from "./stars";

const text = (lang: Lang, id: string, args?: Args) => say(boardTexts("foodtown-throwdown"), lang, id, args);
const server = (lang: Lang, id: string, args?: Args) => say(serverTexts("foodtown_throwdown"), lang, id, args);


describe("a player's stars", () => {
  it("given 6 stars of 5 needed, when the board counts them, then it says the goal is 5 to win", () => {
    expect(text("en", "town-stars", { count: 6, target: 5 })).toBe("stars (5 to win)");
    expect(text("de", "town-stars", { count: 6, target: 5 })).toBe("Sterne (5 zum Sieg)");
    expect(text("en", "town-stars", { count: 1, target: 10 })).toBe("star (10 to win)");
  });

  // "The territory is worth one star initially, with a bonus star being available if you meet
  // whatever the card's condition is - such as having recipes with meat or a sandwich on your menu."
  // (which territories earn it is the rules' count, the view's bonus_territories: tests/foodtown_throwdown/test_ftt_cards.py)
  it("given College Campus, when its bonus star is said, then it is said with its condition as its card says it", () => {
    // "Territory: 1 star, +1 while a sandwich recipe is on your menu" (services/foodtown_throwdown/texts)
    const words = bonusWords({ tag: "sandwich" }, (t) => t);
    expect(text("en", "town-bonus", words)).toBe("+1 ★ while a sandwich is on the menu");
    expect(text("de", "town-bonus", words)).toBe("+1 ★ solange ein Sandwich auf der Speisekarte steht");
    expect(text("en", "town-bonus", bonusWords({ type: "meat" }, () => "Meat"))).toBe("+1 ★ while a recipe with Meat is on the menu");
    expect(text("de", "town-bonus", bonusWords({ stars: 3 }, (t) => t))).toBe("+1 ★ solange ein Rezept mit mindestens 3 Sternen auf der Speisekarte steht");
    expect(text("en", "town-bonus", bonusWords({ recipes: 3 }, (t) => t))).toBe("+1 ★ while 3 or more recipes are on the menu");
  });
});

describe("the end of a game won by stars", () => {
  // "The first player to have ten stars at the end of their turn ... is the winner!"
  const view = { end_reason: "stars", winners: ["Bot"], you: "eve", stars: { Bot: 6, eve: 1 }, target_stars: 5 };
  it("given Bot reached the stars, when the end says why, then it names Bot, or you for the winner", () => {
    const other = starsReached(view)!;
    expect(text("en", "town-end-stars", { ...other, player: "Bot" })).toBe("Bot reached 6 stars (5 to win) at the end of their turn.");
    expect(text("de", "town-end-stars", { ...other, player: "Bot" })).toBe("Bot hat am Ende des eigenen Zuges 6 Sterne erreicht (5 zum Sieg).");
    const mine = starsReached({ ...view, you: "Bot" })!;
    expect(text("en", "town-end-stars", { ...mine, player: "Bot" })).toBe("You reached 6 stars (5 to win) at the end of your turn.");
    expect(text("de", "town-end-stars", { ...mine, player: "Bot" })).toBe("Du hast am Ende deines Zuges 6 Sterne erreicht (5 zum Sieg).");
    expect(starsReached({ ...view, end_reason: "recipes-out" })).toBeNull();
  });
});

describe("your hand", () => {
  it("given two territories and one ingredient, when grouped, then a group of several is headed in the plural", () => {
    expect(text("en", "town-group-territory", { count: 2 })).toBe("Territories");
    expect(text("de", "town-group-territory", { count: 2 })).toBe("Gebiete");
    expect(text("en", "town-group-ingredient", { count: 5 })).toBe("Ingredients");
    expect(text("de", "town-group-ingredient", { count: 5 })).toBe("Zutaten");
    expect(text("en", "town-group-ingredient", { count: 1 })).toBe("Ingredient");
    expect(text("de", "town-group-action", { count: 1 })).toBe("Aktionskarte");
  });

  it("given tiles of every kind, when their footers say what they are, then they are capitalised as the ingredient types are", () => {
    for (const kind of ["ingredient", "action", "territory", "publicity", "recipe", "other"]) {
      for (const lang of ["en", "de"] as const) {
        const word = text(lang, `town-one-${kind}`);
        expect(word.charAt(0)).toBe(word.charAt(0).toUpperCase());
      }
    }
  });
});

describe("the moves of a turn", () => {
  it.each(["en", "de"] as const)("given the prompt offers a recipe and a discard, when the buttons name them (%s), then they say it in the prompt's words", (lang) => {
    // "Complete a recipe." / "Discard any two cards to draw one new card." (Playing The Game): one
    // verb for one move, in the prompt above the buttons and on them
    const prompt = server(lang, "prompt-main", { complete: "true", table: "none", action: "false", discard: "true", first: "complete", count: 2 }).toLowerCase();
    for (const key of ["build-complete", "build-discard_two"]) expect([key, prompt]).toEqual([key, expect.stringContaining(text(lang, key).toLowerCase())]);
  });
});

describe("the end of a game", () => {
  it("given the stars the game counts, when the end box heads its score column, then it says stars", () => {
    // "The first player to collect a total of ten stars is the winner!": the end box's column
    // (src/table/endwords.ts, the game's end-score) counts stars, not points
    expect(text("en", "end-score")).toBe("stars");
    expect(text("de", "end-score")).toBe("Sterne");
  });
});

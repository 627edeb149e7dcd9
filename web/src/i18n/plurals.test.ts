// A count of one reads in the singular: "1 star", "1 Wolke auf den Pilzen", where the boards once said
// "1 stars" and "1 Sterne" (the count shown beside a word the text did not choose by it).
import { describe, expect, it } from "vitest";
import { type Args, boardTexts, say } from "../testing/ftl";

const text = (game: string, lang: "en" | "de", id: string, args: Args) => say(boardTexts(game), lang, id, args);


const CASES: [string, string, Record<string, string | number>, string, string][] = [
  ["foodtown-throwdown", "town-stars", { count: 1, target: 5 }, "star (5 to win)", "Stern (5 zum Sieg)"],
  ["foodtown-throwdown", "town-stars", { count: 3, target: 5 }, "stars (5 to win)", "Sterne (5 zum Sieg)"],
  ["foodtown-throwdown", "town-decks", { play: 1, recipes: 1, discard: 4 },
    "1 card to draw, 1 recipe to come, 4 discarded", "1 Karte zum Ziehen, 1 Rezept im Stapel, 4 abgeworfen"],
  ["foodtown-throwdown", "town-decks", { play: 0, recipes: 2, discard: 1 },
    "0 cards to draw, 2 recipes to come, 1 discarded", "0 Karten zum Ziehen, 2 Rezepte im Stapel, 1 abgeworfen"],
  ["forestaurant", "rest-mushrooms", { count: 1 }, "1 cloud on the mushrooms", "1 Wolke auf den Pilzen"],
  ["forestaurant", "rest-mushrooms", { count: 8 }, "8 clouds on the mushrooms", "8 Wolken auf den Pilzen"],
  ["forestaurant", "rest-decks", { animals: 1, menus: 1, vegetables: 1, meats: 1 },
    "Piles: 1 animal card, 1 menu, 1 vegetable, 1 meat", "Stapel: 1 Tierkarte, 1 Menü, 1 Gemüse, 1 Fleisch"],
  ["forestaurant", "rest-decks", { animals: 12, menus: 0, vegetables: 5, meats: 2 },
    "Piles: 12 animal cards, 0 menus, 5 vegetables, 2 meats", "Stapel: 12 Tierkarten, 0 Menüs, 5 Gemüse, 2 Fleisch"],
  ["foodie-forest", "ff-turn-wait-choose", { players: "ann", count: 1 }, "Waiting for ann to choose a recipe.", "Warte, bis ann ein Rezept wählt."],
  ["foodie-forest", "ff-turn-wait-choose", { players: "ann and bob", count: 2 }, "Waiting for ann and bob to choose their recipes.",
    "Warte, bis ann and bob ihre Rezepte wählen."],
];

describe("a board's counts", () => {
  it.each(CASES)("%s %s %o reads in English and German", (game, id, args, english, german) => {
    expect(text(game, "en", id, args)).toBe(english);
    expect(text(game, "de", id, args)).toBe(german);
  });
});

const common = (lang: "en" | "de", id: string, args: Args) => say(__dirname, lang, id, args);

describe("the play and queue pages' counts", () => {
  it("offer a table of one player in the singular (Forestaurant plays solo)", () => {
    expect(common("en", "play-players", { count: 1 })).toBe("1 player");
    expect(common("en", "play-players", { count: 4 })).toBe("4 players");
    expect(common("en", "queue-searching-casual", { game: "Forestaurant", size: 1 }))
      .toBe("Searching for a casual Forestaurant table of 1 player…");
    expect(common("en", "queue-searching-ranked", { game: "Food Fight", size: "2-4" }))
      .toBe("Searching for a ranked Food Fight table of 2-4 players…");
    expect(common("de", "play-players", { count: 1 })).toBe("1 Spieler");
  });
});

describe("the leaderboard's count", () => {
  it("says a board of one player in the singular", () => {
    expect(common("en", "lb-total-all-time", { total: 1 })).toBe("1 player · all time");
    expect(common("en", "lb-total-all-time", { total: 12 })).toBe("12 players · all time");
    expect(common("en", "lb-total", { total: 1, season: "2026-W49" })).toBe("1 player · season 2026-W49");
    expect(common("de", "lb-total-all-time", { total: 1 })).toBe("1 Spieler · insgesamt");
  });
});

describe("a list of players", () => {
  // "Bot 2, Bot 3 won together" read as a list cut short
  it("reads with its language's and", async () => {
    const { listOf } = await import("./index");
    expect(listOf(["Bot 2", "Bot 3"], "en")).toBe("Bot 2 and Bot 3");
    expect(listOf(["ann", "Bot 2", "Bot 3"], "en")).toBe("ann, Bot 2, and Bot 3");
    expect(listOf(["Bot 2", "Bot 3"], "de")).toBe("Bot 2 und Bot 3");
    expect(listOf(["ann"], "de")).toBe("ann");
  });
});

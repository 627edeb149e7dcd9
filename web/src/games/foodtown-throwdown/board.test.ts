// Foodtown Throwdown's board as a player reads it (/work/shared/rulebooks/foodtown-throwdown.txt):
// each territory says its bonus star's condition before it is met, in hand and in front of a
// player; a player's stars stand apart from their name; the hand says its limit.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { language } from "../../i18n";
import { type Drawn, draw, find, classed, flat, loadBoardTexts } from "../../testing/board";
import { description } from "../../table/describe";
import type { View } from "../../table/store";
import { ui } from "./index";

// the card tiles ask the API for the game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));

const board = (view: View) => draw(ui.Board({ view } as never));
const player = (tree: Drawn[], name: string) => find(tree, (d) => classed("player")(d) && d.props["data-player"] === name)[0];
const lines = (d: Drawn | undefined) => (d ? find([d], (x) => x.tag === "li" && !!x.props["data-card"]).map(flat) : []);

// the cards as DescribeGame serves them (services/foodtown_throwdown/catalogue.py: a territory's
// condition; rules/cards.toml), in each language
const TERRITORIES = { "arts-district": { tag: "vegetarian" }, "beach-boardwalk": { type: "potatoes" }, "county-fair": { stars: 3 } };
const NAMES = {
  en: { "arts-district": "Arts District", "beach-boardwalk": "Beach Boardwalk", "county-fair": "County Fair", "hash-browns": "Hash Browns" },
  de: { "arts-district": "Künstlerviertel", "beach-boardwalk": "Strandpromenade", "county-fair": "Jahrmarkt", "hash-browns": "Rösti" },
};

beforeAll(() => {
  loadBoardTexts("foodtown-throwdown");
  for (const lang of ["en", "de"] as const) {
    language.value = lang;
    const cards: Record<string, Record<string, unknown>> = { "hash-browns": { name: NAMES[lang]["hash-browns"], kind: "ingredient", type: "potatoes" } };
    for (const [id, condition] of Object.entries(TERRITORIES)) cards[id] = { name: NAMES[lang][id as keyof typeof TERRITORIES], kind: "territory", stars: 1, condition };
    description("foodtown-throwdown").value = { cards, terms: { "type-potatoes": lang === "en" ? "Potatoes" : "Kartoffeln" } };
  }
});

/** Mid-game: Bot has Beach Boardwalk (its bonus earned) and Arts District (not) in front of him;
 * eve holds County Fair and Hash Browns. */
function view(): View {
  return {
    game: "foodtown-throwdown", players: ["Bot", "eve"], you: "eve", phase: "main", current: "eve", round: 3,
    stars: { Bot: 2, eve: 1 }, target_stars: 5, hand_limit: 8, hand_sizes: { Bot: 5, eve: 2 },
    menus: { Bot: [], eve: [] }, tables: { Bot: ["beach-boardwalk", "arts-district"], eve: [] },
    bonus_territories: { Bot: ["beach-boardwalk"], eve: [] }, blocked: [], display: [], discard: [],
    hand: ["county-fair", "hash-browns"], finished: false,
  } as View;
}

describe("Foodtown Throwdown's territories", () => {
  it.each([
    ["en", ["✔ Beach Boardwalk: +1 ★ while a recipe with Potatoes is on the menu",
            "○ Arts District: +1 ★ while a vegetarian recipe is on the menu"],
     ["County Fair: +1 ★ while a recipe worth 3 or more stars is on the menu"]],
    ["de", ["✔ Strandpromenade: +1 ★ solange ein Rezept mit Kartoffeln auf der Speisekarte steht",
            "○ Künstlerviertel: +1 ★ solange ein vegetarisches Rezept auf der Speisekarte steht"],
     ["Jahrmarkt: +1 ★ solange ein Rezept mit mindestens 3 Sternen auf der Speisekarte steht"]],
  ] as const)("given territories in front of Bot and in the reader's hand, when the board is drawn (%s), then each says its bonus star's condition, met or not",
    (lang, inFront, inHand) => {
      // "The territory is worth one star initially, with a bonus star being available if you meet
      // whatever the card's condition is": the condition is read before it is met, the ones met
      // (the view's bonus_territories) ticked
      language.value = lang;
      const tree = board(view());
      expect(lines(player(tree, "Bot"))).toEqual(inFront);
      expect(lines(find(tree, (d) => d.props.id === "hand-panel")[0])).toEqual(inHand);
    });
});

describe("Foodtown Throwdown's territories, folded", () => {
  it.each([["en", "Bonus stars: 1 of 2 earned", "When it earns a bonus star"],
           ["de", "Bonussterne: 1 von 2 verdient", "Wann es einen Bonusstern bringt"]] as const)(
    "given Bot's two territories and one in eve's hand, when the board is drawn (%s), then each list is one line until opened",
    (lang, inFront, inHand) => {
      // a late game's territories, a sentence each, made a phone's table longer than two screens
      language.value = lang;
      const tree = board(view());
      const summary = (d: Drawn) => flat(find([d], (x) => x.tag === "summary")[0]);
      const folded = (d: Drawn) => find([d], (x) => x.tag === "details" && String(x.props.class ?? "") === "territories");
      expect(folded(player(tree, "Bot")).map(summary)).toEqual([inFront]);
      expect(folded(find(tree, (d) => d.props.id === "hand-panel")[0]).map(summary)).toEqual([inHand]);
    });
});

describe("Foodtown Throwdown's player boxes", () => {
  it.each([["en", "★ 2 stars (5 to win)"], ["de", "★ 2 Sterne (5 zum Sieg)"]] as const)(
    "given Bot with 2 stars, when his box is drawn (%s), then the count stands apart from his name: %s",
    (lang, stars) => {
      // a phone puts name and stars on one line: "Bot 2 stars" read as a player "Bot 2"
      language.value = lang;
      const box = player(board(view()), "Bot");
      expect(flat(find([box], classed("points"))[0])).toBe(stars);
    });
});

describe("Foodtown Throwdown's hand", () => {
  it.each([["en", "Your hand (2, at most 8)"], ["de", "Deine Hand (2, höchstens 8)"]] as const)(
    "given two cards and a hand limit of 8, when the hand is headed (%s), then it says %s",
    (lang, heading) => {
      // "Maximum Hand Size": the limit beside the count, not "2 of at most 8"
      language.value = lang;
      const panel = find(board(view()), (d) => d.props.id === "hand-panel")[0];
      expect(flat(find([panel], (d) => d.tag === "h2")[0])).toBe(heading);
    });
});

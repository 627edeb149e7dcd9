// Foodie Forest's board as a player reads it (/work/shared/rulebooks/foodie-forest.txt): the deal
// line names the Dealer only while there is a deal, and a player's recipe is named once.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { language } from "../../i18n";
import { type Drawn, draw, find, classed, flat, loadBoardTexts } from "../../testing/board";
import type { View } from "../../table/store";
import { ui } from "./index";

// the card tiles ask the API for the game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));

const board = (view: View) => draw(ui.Board({ view } as never));
const player = (tree: Drawn[], name: string) => find(tree, (d) => classed("player")(d) && d.props["data-player"] === name)[0];
/** The line of a player's box under their points: the one naming their recipe. */
const recipeLine = (tree: Drawn[], name: string) => flat(player(tree, name).children[2]);

beforeAll(() => {
  loadBoardTexts("foodie-forest");
});

const PLAYERS = ["Bot 1", "ann", "Bot 2", "Bot 3"];
const each = (v: unknown) => Object.fromEntries(PLAYERS.map((p) => [p, v]));

/** ann's view of a 4-player game (services/foodie_forest/rules/view.py). */
function view(changes: Record<string, unknown> = {}): View {
  return {
    game: "foodie-forest", players: PLAYERS, you: "ann", phase: "playing", deal: 1, deals: 5, dealer: "Bot 1",
    turn: "ann", to_act: ["ann"], hand: ["bug-2"], hand_sizes: each(13), points: each(5), chosen: each(true),
    recipes: { "Bot 1": "fruit", ann: "empty-pot", "Bot 2": "bug", "Bot 3": "trash" }, my_recipe: "empty-pot",
    recipes_left: each(["empty-pot", "bug", "vegetable", "fruit", "trash"]), tricks_taken: each(0), cards_taken: each(0),
    last_card_announced: [], trick: { cards: [], total: 0, required_colour: null, leader: "ann" }, history: [], finished: false,
    ...changes,
  } as View;
}

describe("Foodie Forest's deal line", () => {
  it.each([["en", "Deal 5 of 5"], ["de", "Runde 5 von 5"]] as const)(
    "given the game over, when the deal line is drawn (%s), then it names the last deal and no Dealer: %s", (lang, line) => {
      // "The player to the left of the Dealer becomes the new Dealer. Begin a new round": after the
      // 5th deal no round begins, and the view names no Dealer
      language.value = lang;
      const tree = board(view({ phase: "over", deal: 5, dealer: null, finished: true, recipes: each(null), my_recipe: null }));
      expect(flat(find(tree, classed("deal-line"))[0])).toBe(line);
    });

  it.each([["en", "Deal 1 of 5 · dealer Bot 1"], ["de", "Runde 1 von 5 · Geber Bot 1"]] as const)(
    "given a deal under way, when the deal line is drawn (%s), then it names its Dealer", (lang, line) => {
      language.value = lang;
      expect(flat(find(board(view()), classed("deal-line"))[0])).toBe(line);
    });
});

describe("Foodie Forest's player boxes", () => {
  it.each([
    ["en", "recipe Empty pot", "recipe Bug", "recipe chosen"],
    ["de", "Sparrezept", "Käferrezept", "Rezept gewählt"],
  ] as const)("given the recipes revealed, when a box names one (%s), then the recipe is named once: %s",
    (lang, mine, bot2, hidden) => {
      // German names each recipe a "…rezept" (Sparrezept, Käferrezept): "Rezept Sparrezept" doubled it
      language.value = lang;
      const tree = board(view());
      expect(recipeLine(tree, "ann")).toBe(mine);
      expect(recipeLine(tree, "Bot 2")).toBe(bot2);
      const choosing = board(view({ phase: "choosing", recipes: each(null) }));
      expect(recipeLine(choosing, "Bot 3")).toBe(hidden);
    });
});

// Forestaurant's board says what the table shows, in the rulebook's words: how many clouds a
// guest has (0, 1 or 2 decide how they leave), what the score counts, the ingredient storage
// limit while the reader buys, and what closed the restaurant when the game is lost.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { language } from "../../i18n";
import { type Drawn, draw, find, flat, loadBoardTexts } from "../../testing/board";
import type { View } from "../../table/store";
import { ui } from "./index";

// the card tiles ask the API for the game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));
// the board's panels are drawn by calling them (no renderer): a state hook keeps its first value
vi.mock("preact/hooks", () => ({ useState: (v: unknown) => [typeof v === "function" ? (v as () => unknown)() : v, () => {}] }));

const board = (view: View) => draw(ui.Board({ view } as never));
const classed = (tree: Drawn[], name: string) => find(tree, (d) => String(d.props.class ?? "").split(" ").includes(name));

beforeAll(() => {
  loadBoardTexts("forestaurant");
});

const EMPTY = { guest: null, bell: false, clouds: 0, menu: null, status: "empty", marked: false, event_left: false };

/** A view as the server sends it (services/forestaurant/rules/view.py), three players: table 4
 * (index 3) holds a guest with `clouds` clouds. */
function tableView(clouds: number, more: Record<string, unknown> = {}): View {
  const tables = Array.from({ length: 9 }, (_, i) => ({ ...EMPTY, table: i, row: Math.floor(i / 3), col: i % 3, chairs: 4 }));
  tables[3] = { ...tables[3], guest: { id: "boar-2", species: "boar", class: "blue", value: 2 } as never, status: "seated", clouds };
  return {
    game: "forestaurant", players: ["eve", "Bot 1", "Bot 2"], you: "eve", active: "eve", phase: "actions",
    finished: false, over: false, hand: ["hare-1"], hand_sizes: [5, 6, 6], storage: [["carrot"], [], []],
    minimal_hand: 4, storage_limit: 5, line: [], tables, mushrooms: 8, clouds: 12, stars_covered: 2, stars: 5,
    draw_number: 3, satisfied: {}, satisfied_needed: 5, score: 13, difficulty: "normal", proposal: null, ...more,
  } as View;
}

describe("a guest's clouds", () => {
  // "If there is 1 cloud token on the card, the guests are only semi-satisfied ... If there are
  // 2 cloud tokens on the guests, their card is discarded": the count reads at a glance, and aloud
  it.each([["en", "2 clouds", "one cloud"], ["de", "2 Wolken", "eine Wolke"]] as const)(
    "given guests with 2 clouds (or 1), when the restaurant is drawn (%s), then their table shows the count with its words",
    (lang, two, one) => {
      language.value = lang;
      for (const [clouds, words] of [[2, two], [1, one]] as const) {
        const [shown] = classed(board(tableView(clouds)), "clouds");
        expect(flat(shown)).toBe(`☁ ${clouds}`);
        expect(shown.props["aria-label"]).toBe(words);
        expect(shown.props.role).toBe("img");
      }
      expect(classed(board(tableView(0)), "clouds")).toEqual([]);
    });
});

describe("the score", () => {
  // the score is the card values of the satisfied guests (semi-satisfied ones "slide under the
  // board as satisfied guests"), not a kitchen's: the title says what it counts
  it.each([["en", "Satisfied guests: 13 (card values)"], ["de", "Zufriedene Gäste: 13 (Kartenwerte)"]] as const)(
    "given satisfied guests worth 13, when the board titles the score (%s), then it says %s",
    (lang, title) => {
      language.value = lang;
      const tree = board(tableView(0));
      expect(tree.map(flat).join(" ")).toContain(title);
      expect(tree.map(flat).join(" ")).not.toMatch(/kitchen|Küche/);
    });
});

describe("the ingredient storage limit", () => {
  // "The player can temporarily store any number of ingredients during his turn. After the player
  // has finished all his actions, he must discard down to the ingredients storage limit" (5 with
  // 3 to 5 players: the view's storage_limit)
  it.each([["en", "keep at most 5 ingredients at the end of your turn"], ["de", "am Zugende behältst du höchstens 5 Zutaten"]] as const)(
    "given three players, when the reader's seat is drawn (%s), then it says %s beside the ingredients",
    (lang, words) => {
      language.value = lang;
      const tree = board(tableView(0));
      const seat = (name: string) => find(tree, (d) => d.props["data-player"] === name)[0];
      expect(flat(seat("eve"))).toContain(words);
      expect(flat(seat("Bot 1"))).not.toContain(words);
      expect(flat(seat("eve"))).not.toContain(words.replace("5", "6"));
      expect(board(tableView(0, { finished: true })).map(flat).join(" ")).not.toContain(words);
    });
});

describe("why the restaurant closed", () => {
  // "The restaurant goes bankrupt if all the stars are already covered but players would have to
  // cover more" / "descends into chaos if ... no more left on the mushrooms and even more would be needed"
  it.each([
    ["en", "bankrupt", { table: 4, cause: "unsatisfied", about: null },
      "Bankrupt: all 5 stars were already covered and the unsatisfied guests leaving table 5 needed one more star."],
    ["de", "bankrupt", { table: 4, cause: "unsatisfied", about: null },
      "Bankrott: Alle 5 Sterne waren schon abgedeckt, und als die unzufriedenen Gäste Tisch 5 verließen, hätte noch einer abgedeckt werden müssen."],
    ["en", "chaos", { table: 6, cause: "patience-order", about: null },
      "Chaos: no cloud was left on the mushrooms and the guests at table 7 needed one more (nobody had taken their order)."],
    ["de", "chaos", { table: 6, cause: "patience-order", about: null },
      "Chaos: Auf den Pilzen lag keine Wolke mehr, und die Gäste an Tisch 7 brauchten noch eine (niemand hatte ihre Bestellung aufgenommen)."],
    ["en", "bankrupt", { table: 0, cause: "neighbour", about: "fox-3" },
      "Bankrupt: all 5 stars were already covered and a third cloud for the guests at table 1 needed one more star (fox-3 was seated next to them)."],
  ] as const)("given a game lost (%s, %s), when the end box says why, then it names the table that needed one more", (lang, reason, trigger, why) => {
    language.value = lang;
    const view = tableView(2, { finished: true, over: true, won: false, end_reason: reason, end_trigger: trigger });
    expect(ui.endWhy!(view)).toBe(why);
  });

  it("given a game recorded before the view named the trigger, when the end box says why, then it says the reason alone", () => {
    language.value = "en";
    const view = tableView(0, { finished: true, won: false, end_reason: "bankrupt", end_trigger: null });
    expect(ui.endWhy!(view) ?? "").not.toMatch(/table/);
  });
});

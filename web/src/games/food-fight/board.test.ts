// Food Fight's board says what the table shows, in the rulebook's words: a lone Army fights The
// Dog, the reader is "you" among who passed and at the head of their Army in a Meal, and the
// draft shows each player's packet and picks (never an empty "hand" while the packets go round).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { VNode } from "preact";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addGameTexts, language } from "../../i18n";
import { Card } from "../../table/card";
import type { View } from "../../table/store";
import { ui } from "./index";

// the card tiles ask the API for the game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));

type Drawn = { tag: string; props: Record<string, unknown>; children: Drawn[]; text: string };

/** The board as a tree of elements with their text: components called (a card tile, which keeps
 * its own state, stands as its id). */
function draw(node: unknown): Drawn[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [{ tag: "#text", props: {}, children: [], text: String(node) }];
  if (Array.isArray(node)) return node.flatMap(draw);
  const v = node as VNode<Record<string, unknown>>;
  if (v.type === Card) return [{ tag: "card", props: v.props, children: [], text: `[${String(v.props.id)}]` }];
  if (typeof v.type === "function") return draw((v.type as (p: unknown) => unknown)(v.props));
  const children = draw(v.props.children);
  return [{ tag: String(v.type), props: v.props, children, text: children.map((c) => c.text).join("") }];
}

function find(tree: Drawn[], test: (d: Drawn) => boolean): Drawn[] {
  return tree.flatMap((d) => [...(test(d) ? [d] : []), ...find(d.children, test)]);
}

const board = (view: View) => draw(ui.Board({ view } as never));
const byId = (tree: Drawn[], id: string) => find(tree, (d) => d.props.id === id);
const player = (tree: Drawn[], name: string) => find(tree, (d) => String(d.props.class ?? "").split(" ").includes("player") && d.props["data-player"] === name)[0];
const fighter = (tree: Drawn[], name: string) => find(tree, (d) => String(d.props.class ?? "").startsWith("fighter") && d.props["data-player"] === name)[0];
const flat = (d: Drawn | undefined) => (d?.text ?? "").replace(/\s+/g, " ").trim();

beforeAll(() => {
  for (const lang of ["en", "de"] as const) addGameTexts("food-fight", lang, readFileSync(join(__dirname, `${lang}.ftl`), "utf8"));
});

const PLAYERS = ["eve", "ann", "cy"];

/** A Meal's view as the server sends it (services/food_fight/rules/view.py `_meal_view`). */
function mealView(meal: Record<string, unknown>): View {
  return {
    game: "food-fight", players: PLAYERS, you: "eve", phase: "fight", day: 1, to_act: ["eve"],
    vp: {}, hand_sizes: { eve: 2, ann: 2, cy: 3 }, battlefields_won: {}, plates: {}, day_battlefields: [],
    hand: ["pizza-paratrooper", "pizza-paratrooper"], draft: null,
    meal: { meal: "breakfast", battlefields: [], fighters: ["eve", "ann", "cy"], dog: false, lone: false, serving: 3,
      troops: { eve: [], ann: [], cy: [] }, dog_cards: [], current: { eve: 6, ann: 8, cy: 9 }, native: {},
      army_left: {}, chips: { eve: 1, ann: 0, cy: 0 }, instants: [], discards: [], round_open: true,
      priority: ["eve", "ann", "cy"], acting: "eve", passed: [], ...meal },
  } as View;
}

describe("Food Fight's board in a Meal", () => {
  it.each([
    ["en", /The Dog/, /three of the five Servings/],
    ["de", /Hund/, /drei der fünf Gänge/],
  ] as const)("given a lone Army, when the Meal is drawn, then it says the Army fights The Dog for 3 of 5 Servings (%s)",
    (lang, dog, three) => {
      // "When your Army is the only Army at a Meal, The Dog shows up ... If you don't beat The Dog
      // three out of five times, you don't get the Battlefield cards for the Meal."
      language.value = lang;
      const tree = board(mealView({ fighters: ["eve"], dog: true, lone: true, current: { eve: 6, "the-dog": 5 },
        chips: { eve: 1, "the-dog": 1 }, priority: ["eve"] }));
      const meal = flat(byId(tree, "meal")[0]);
      expect(meal).toMatch(dog);
      expect(meal).toMatch(three);
      expect(meal).not.toMatch(/unopposed|kampflos/);
    });

  it.each([
    ["en", "Passed this round: you, ann, and cy."],
    ["de", "In dieser Runde gepasst: du, ann und cy."],
  ] as const)("given everyone passed once and the round came back to the reader, when the Meal is drawn, then it says who passed this round, the reader as you (%s)",
    (lang, line) => {
      // "If anyone plays an Instant, each player gets another chance to play an Instant or pass."
      language.value = lang;
      const meal = flat(byId(board(mealView({ passed: ["eve", "ann", "cy"] })), "meal")[0]);
      expect(meal).toContain(line);
      expect(meal).not.toMatch(/Passed: |Gepasst: /);
    });

  it.each([["en", "(you)"], ["de", "(du)"]] as const)(
    "given the reader fights, when the Meal is drawn (%s), then the head of their Army marks them %s as the player boxes do",
    (lang, you) => {
      language.value = lang;
      const tree = board(mealView({}));
      const head = flat(find([fighter(tree, "eve")], (d) => d.tag === "h3")[0]);
      expect(head.startsWith(`eve ${you}`)).toBe(true);
      expect(flat(find([fighter(tree, "ann")], (d) => d.tag === "h3")[0])).not.toContain(you);
      expect(flat(player(tree, "eve"))).toContain(`eve ${you}`);
    });
});

/** The draft's view (rules/view.py): the reader's packet and picks, every player's packet size
 * and who picked from the packet they hold; the hand is empty until the draft is over. */
function draftView(): View {
  return {
    game: "food-fight", players: PLAYERS, you: "eve", phase: "draft", day: 1, to_act: ["eve", "cy"],
    vp: {}, hand_sizes: { eve: 0, ann: 0, cy: 0 }, battlefields_won: {}, plates: {}, day_battlefields: [],
    hand: [], meal: null,
    draft: { direction: "left", packet: ["medic-mustard", "mean-burrito", "hot-dog-handler", "tomato-soup-trooper"],
      picks: ["captain-caffeine", "blt-bombardier", "casserole-copycat", "gravy-general", "casserole-copycat"],
      packet_sizes: { eve: 4, ann: 3, cy: 4 }, pick_sizes: { eve: 5, ann: 6, cy: 5 }, picked: ["ann"] },
  } as View;
}

describe("Food Fight's board, the reader among the names", () => {
  it.each([
    ["en", "You played", "ann played"],
    ["de", "Du spielst", "ann spielt"],
  ] as const)("given the reader and ann played Instants, when the Meal's list is drawn, then the reader's says you (%s)",
    (lang, mine, hers) => {
      language.value = lang;
      const instants = flat(find(byId(board(mealView({ instants: [{ player: "eve", card: "sugar-rush" }, { player: "ann", card: "sugar-rush" }] })), "meal"), (d) => d.tag === "details")[0]);
      expect(instants).toContain(mine);
      expect(instants).toContain(hers);
      expect(instants).not.toContain("eve played");
    });

  it.each([["en", "already picked: you and ann"], ["de", "schon genommen: du und ann"]] as const)(
    "given the reader and ann picked from their packets, when the draft is drawn, then it says %s",
    (lang, line) => {
      language.value = lang;
      const view = draftView();
      const tree = board({ ...view, draft: { ...view.draft, picked: ["eve", "ann"] } } as View);
      expect(flat(byId(tree, "draft")[0])).toContain(line);
    });
});

describe("Food Fight's board in the draft", () => {
  it.each([
    ["en", "4 cards in the packet", "5 cards picked", "3 cards in the packet", "6 cards picked", "in hand"],
    ["de", "4 Karten im Päckchen", "5 Karten genommen", "3 Karten im Päckchen", "6 Karten genommen", "auf der Hand"],
  ] as const)("given the packets go round, when the player boxes are drawn, then each shows the packet held and the cards picked, no hand (%s)",
    (lang, myPacket, myPicks, annPacket, annPicks, hand) => {
      // "you choose one and only one card ... place it face down underneath your plates ... Then
      // pass the remaining eight cards": ann picked from her packet already, eve and cy not yet
      language.value = lang;
      const tree = board(draftView());
      const eve = flat(player(tree, "eve"));
      expect(eve).toContain(myPacket);
      expect(eve).toContain(myPicks);
      const ann = flat(player(tree, "ann"));
      expect(ann).toContain(annPacket);
      expect(ann).toContain(annPicks);
      for (const box of [eve, ann, flat(player(tree, "cy"))]) expect(box).not.toContain(hand);
    });

  it("given the packets go round, when the board is drawn, then the reader's packet and picks are shown and no empty hand", () => {
    language.value = "en";
    const tree = board(draftView());
    expect(byId(tree, "hand-panel")).toHaveLength(0);
    expect(find(byId(tree, "packet"), (d) => d.tag === "card").map((c) => c.props.id)).toHaveLength(4);
    expect(find(byId(tree, "picks"), (d) => d.tag === "card").map((c) => c.props.id)).toHaveLength(5);
  });

  it("given a spectator of the draft, when the player boxes are drawn, then the picks are counted from the packets", () => {
    language.value = "en";
    const spectator = { ...draftView(), you: null, draft: { ...draftView().draft, packet: null, picks: null } } as View;
    expect(flat(player(board(spectator), "ann"))).toContain("6 cards picked");
    expect(flat(player(board(spectator), "cy"))).toContain("5 cards picked");
  });
});

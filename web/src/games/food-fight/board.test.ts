// Food Fight's board says what the table shows, in the rulebook's words: a lone Army fights The
// Dog, the reader is "you" among who passed and at the head of their Army in a Meal, and the
// draft shows each player's packet and picks (never an empty "hand" while the packets go round).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { language } from "../../i18n";
import { type Drawn, draw, find, byId, flat, loadBoardTexts } from "../../testing/board";
import type { View } from "../../table/store";
import { ui } from "./index";

// the card tiles ask the API for the game's description: no gateway in a unit test
vi.mock("../../api", () => ({ gameService: () => ({}) }));

const board = (view: View) => draw(ui.Board({ view } as never));
const player = (tree: Drawn[], name: string) => find(tree, (d) => String(d.props.class ?? "").split(" ").includes("player") && d.props["data-player"] === name)[0];
const fighter = (tree: Drawn[], name: string) => find(tree, (d) => String(d.props.class ?? "").startsWith("fighter") && d.props["data-player"] === name)[0];

beforeAll(() => {
  loadBoardTexts("food-fight");
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
    ["en", "Passed in this Instant round: you, ann, and cy."],
    ["de", "In dieser Sofortrunde gepasst: du, ann und cy."],
  ] as const)("given everyone passed once and the round came back to the reader, when the Meal is drawn, then it says who passed this Instant round, the reader as you (%s)",
    (lang, line) => {
      // "If anyone plays an Instant, each player gets another chance to play an Instant or pass."
      language.value = lang;
      const meal = flat(byId(board(mealView({ passed: ["eve", "ann", "cy"] })), "meal")[0]);
      expect(meal).toContain(line);
      expect(meal).not.toMatch(/Passed: |Gepasst: /);
    });

  it.each([["en", "Passed in this Instant round: ann and cy."], ["de", "In dieser Sofortrunde gepasst: ann und cy."]] as const)(
    "given Instants played and two who passed, when the Meal is drawn, then who passed is a line of its own, not run on after the folded Instants (%s)",
    (lang, line) => {
      // the phone's style runs a paragraph that follows the folded Instants into their line
      // ("▸ Instants played (3)  Passed in this" / "Instant round: ..."): it stands above them
      language.value = lang;
      const meal = byId(board(mealView({ passed: ["ann", "cy"], instants: [{ player: "ann", card: "sugar-rush" }] })), "meal")[0];
      const parent = find([meal], (d) => d.children.some((c) => c.tag === "details"))[0];
      const at = parent.children.findIndex((c) => c.tag === "details");
      const said = parent.children.findIndex((c) => c.tag === "p" && flat(c) === line);
      expect(said).toBeGreaterThanOrEqual(0);
      expect(said).toBeLessThan(at);
      expect(parent.children.slice(at + 1).filter((c) => c.tag === "p")).toHaveLength(0);
    });

  it.each([["en", "+5", "= 10"], ["de", "+5", "= 10"]] as const)(
    "given a troop boosted from its printed 5 to 10, when the Meal is drawn, then its tile shows the printed 5 and the boost and the 10 are under it (%s)",
    (lang, boost, total) => {
      // "'printed' Yumminess ... the number in the upper corner of the card": a tile showing 10
      // with "+5" under it read as 10 + 5
      language.value = lang;
      const egg = { card: "sunny-side-egg", serving: 1, yumminess: 10, printed: 5,
        bonuses: [{ from: "grandmas-secret-sauce", bonus: "+5", effect: "add", amount: 5 }] };
      const tree = board(mealView({ troops: { eve: [egg], ann: [], cy: [] }, current: { eve: 10, ann: 8, cy: 9 } }));
      const troop = find([fighter(tree, "eve")], (d) => d.tag === "figure")[0];
      const tile = find([troop], (d) => d.tag === "card")[0];
      expect(tile.props.id).toBe("sunny-side-egg");
      expect(flat(find(draw(tile.props.children), (d) => d.props.class === "yum")[0])).toBe("5");
      const caption = flat(find([troop], (d) => d.tag === "figcaption")[0]);
      expect(caption).toContain(boost);
      expect(caption).toContain(total);
      // the fighter's total stays in the head of their Army
      expect(flat(find([fighter(tree, "eve")], (d) => d.tag === "h3")[0])).toMatch(/10/);
    });

  it("given an unboosted troop, when the Meal is drawn, then its tile shows its printed number and no total under it", () => {
    language.value = "en";
    const bacon = { card: "big-bad-bacon", serving: 1, yumminess: 6, printed: 6, bonuses: [] };
    const troop = find([fighter(board(mealView({ troops: { eve: [bacon], ann: [], cy: [] } })), "eve")], (d) => d.tag === "figure")[0];
    expect(flat(find(draw(find([troop], (d) => d.tag === "card")[0].props.children), (d) => d.props.class === "yum")[0])).toBe("6");
    expect(flat(find([troop], (d) => d.tag === "figcaption")[0])).not.toContain("=");
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

describe("Food Fight's player boxes", () => {
  it.each([["en", "0 VP (3 to win)", "1 VP (3 to win)"], ["de", "0 SP (3 zum Sieg)", "1 SP (3 zum Sieg)"]] as const)(
    "given a table played to 3 VP, when the boxes are drawn, then each player's points say the target (%s)",
    (lang, mine, hers) => {
      // "Earn 10 Victory Points": this table ends at 3 (the view's vp_to_win), or "0 VP" and the
      // end at 3 read as a rule error
      language.value = lang;
      const tree = board({ ...mealView({}), vp: { eve: 0, ann: 1, cy: 0 }, vp_to_win: 3 } as View);
      const points = (name: string) => flat(find([player(tree, name)], (d) => d.props.class === "points")[0]);
      expect(points("eve")).toBe(mine);
      expect(points("ann")).toBe(hers);
    });

  it("given a player whose name ends in a number, when the boxes are drawn, then the name and the points are parted", () => {
    // on a phone a box is one line: "Bot 1 1 VP" read as one name or one number
    language.value = "en";
    const tree = board({ ...mealView({}), players: ["eve", "Bot 1"], vp: { eve: 0, "Bot 1": 1 }, vp_to_win: 3 } as View);
    expect(flat(find([player(tree, "Bot 1")], (d) => d.props.class === "player-name")[0])).toBe("Bot 1:");
    expect(flat(find([player(tree, "eve")], (d) => d.props.class === "player-name")[0])).toBe("▶ eve (you):");
  });

  it.each([["en", "one Battlefield taken", "won"], ["de", "ein Schlachtfeld erhalten", "gewonnen"]] as const)(
    "given a Battlefield drawn and kept by an Instant before any Meal was decided, when the boxes are drawn, then it is taken, not won (%s)",
    (lang, held, won) => {
      // "Some cards tell you to draw the top card of the Battlefield deck. If the card does not
      // say to add it to the Meal, you keep the card." (the view's battlefields_won holds both)
      language.value = lang;
      const box = flat(player(board({ ...mealView({}), battlefields_won: { ann: ["lunchbox-last-stand"] } } as View), "ann"));
      expect(box).toContain(held);
      expect(box).not.toContain(won);
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

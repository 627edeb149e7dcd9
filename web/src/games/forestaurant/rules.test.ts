// Forestaurant's board states the rules as the rulebook has them
// (/work/shared/rulebooks/forestaurant.txt), in English and German: how the game is won, and what
// a table's guest waits for.
import { describe, expect, it } from "vitest";
import { type Args, type Lang, boardTexts, say } from "../../testing/ftl";
import { drawWords, whoWords } from "./words";

const text = (lang: Lang, id: string, args?: Args) => say(boardTexts("forestaurant"), lang, id, args);


describe("the goal", () => {
  // "5 satisfied guests are collected from each of the 8 species. The 5 guests are counted from
  // the sum of the card values, not the number of cards." / "At any time during the game, all
  // the 12 clouds are on the mushrooms." ("Another challenge can be to collect 6 or 7")
  it("given a hard game (6 needed), when the board says how to win, then it is 6 of each of the 8 species or all 12 clouds on the mushrooms", () => {
    const args = { needed: 6, species: 8, clouds: 12 };
    expect(text("en", "rest-goal", args)).toBe(
      "To win: satisfied guests worth 6 of each of the 8 species (card values add up), or all 12 clouds back on the mushrooms.");
    expect(text("de", "rest-goal", args)).toBe(
      "Zum Sieg: zufriedene Gäste im Wert von 6 von jeder der 8 Arten (die Kartenwerte zählen) oder alle 12 Wolken zurück auf den Pilzen.");
    expect(text("en", "rest-more", { needed: 6 })).toBe("Satisfied guests per species (goal: 6 of each) and piles");
    expect(text("de", "rest-more", { needed: 6 })).toBe("Zufriedene Gäste je Art (Ziel: je 6) und Stapel");
  });
});

describe("a table's state", () => {
  // "The guests have decided what to eat so they are calling a waiter to take their order. Place
  // a bell token" (an event); "If a guest card has a bell token on it, the player can take the order"
  it("given a guest without a bell, when the table says its state, then it does not wait for its order yet; with a bell it does", () => {
    expect(text("en", "rest-status-seated")).toBe("deciding what to eat: rings the bell at its next event");
    expect(text("de", "rest-status-seated")).toBe("wählt noch das Essen: klingelt beim nächsten Ereignis");
    expect(text("en", "rest-status-bell")).toBe("rang the bell: its order can be taken");
    expect(text("de", "rest-status-bell")).toBe("hat geklingelt: die Bestellung kann aufgenommen werden");
  });
});

describe("the mushrooms", () => {
  // "Place 10 cloud tokens on the mushrooms as shown." / "The restaurant descends into chaos if
  // players have brought all clouds into play (no more left on the mushrooms)": the view's
  // `mushrooms` is the count of clouds on them (state.mushrooms), not of mushrooms
  it("given 10 clouds on the mushrooms (or 1), when the board counts them, then it says clouds on the mushrooms, in plurals", () => {
    expect(text("en", "rest-mushrooms", { count: 10 })).toBe("10 clouds on the mushrooms");
    expect(text("de", "rest-mushrooms", { count: 10 })).toBe("10 Wolken auf den Pilzen");
    expect(text("en", "rest-mushrooms", { count: 1 })).toBe("1 cloud on the mushrooms");
    expect(text("de", "rest-mushrooms", { count: 1 })).toBe("1 Wolke auf den Pilzen");
  });
});

describe("the cards drawn at the end of a turn", () => {
  // "The highest visible number on the mushrooms shows the number of cards a player has to draw at
  // the end of his turn, after completing actions." (the view's draw_number: everyone sees it)
  it("given 8 clouds on the mushrooms and a highest visible number of 3, when the board shows the mushrooms, then it says 3 cards are drawn at the end of a turn", () => {
    const view = { mushrooms: 8, draw_number: 3, finished: false };
    expect(drawWords(view)).toEqual({ count: 3 });
    expect(text("en", "rest-draw", drawWords(view)!)).toBe("3 cards drawn at the end of a turn");
    expect(text("de", "rest-draw", drawWords(view)!)).toBe("am Zugende 3 Karten nachziehen");
    expect(text("en", "rest-draw", { count: 1 })).toBe("1 card drawn at the end of a turn");
    expect(text("de", "rest-draw", { count: 1 })).toBe("am Zugende 1 Karte nachziehen");
    expect(drawWords({ draw_number: 3, finished: true })).toBeNull();
  });
});

describe("a meal cooked together", () => {
  // "Cooking together: if the player cannot or does not want to cook the meal alone, he can ask
  // the others for help." The reader's own proposal (or offer) says "you", never their name
  const view = { players: ["Bot 1", "eve-3360da"], you: "eve-3360da" };
  it("given the reader proposed a meal, when the board titles the proposal, then it says you propose", () => {
    expect(text("en", "rest-cooking", { ...whoWords(view, 1), table: 1 })).toBe("You propose to cook for table 1");
    expect(text("de", "rest-cooking", { ...whoWords(view, 1), table: 1 })).toBe("Du schlägst vor, für Tisch 1 zu kochen");
    expect(text("en", "rest-offer", whoWords(view, 1))).toBe("You offer:");
    expect(text("de", "rest-offer", whoWords(view, 1))).toBe("Du bietest an:");
  });
  it("given another player proposed it, when the board titles it, then it names them", () => {
    expect(text("en", "rest-cooking", { ...whoWords(view, 0), table: 4 })).toBe("Bot 1 proposes to cook for table 4");
    expect(text("de", "rest-cooking", { ...whoWords(view, 0), table: 4 })).toBe("Bot 1 schlägt vor, für Tisch 4 zu kochen");
    expect(text("en", "rest-offer", whoWords(view, 0))).toBe("Bot 1 offers:");
    expect(text("de", "rest-offer", whoWords(view, 0))).toBe("Bot 1 bietet an:");
  });
});

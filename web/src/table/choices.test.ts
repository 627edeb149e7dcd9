// The builder makes the move the choices describe: fixed fields filled in, a field that depends
// on an earlier one resolved from its value, a set of cards from the picked copies, and a move
// complete only when every required field is chosen (shared/choices.py's format).
import { describe, expect, it } from "vitest";
import { kindsOf, mergedFirst, moveOf, switchOf, whole, type Choices } from "./choices";

const plate: Choices = { moves: [
  { type: "plate", fields: [
    { name: "meal", one_of: ["breakfast", "lunch"] },
    { name: "troops", subset_of: ["pancake-1", "waffle-2", "pancake-1"], min: 1, max: 5, ordered: false },
    { name: "mascots", subset_of: ["baron-von-roast"], min: 0, max: 1, optional: true }] },
  { type: "instant", fields: [
    { name: "card", one_of: ["maple-syrup", "hot-sauce"] },
    { name: "target", depends_on: "card", cases: { "maple-syrup": { one_of: ["waffle-2"] }, "hot-sauce": { absent: true } } }] },
  { type: "pass", fields: [] },
  { type: "pick", fields: [{ name: "card", const: "onion" }] },
] };

describe("a move built from choices", () => {
  it("is not complete until every required field is chosen", () => {
    const built = moveOf(plate, { type: "plate", entry: 0, values: { meal: "lunch" }, picks: {} });
    expect(built.complete).toBe(false);
  });

  it("takes each picked copy of a card listed twice, and leaves an optional empty set out", () => {
    const built = moveOf(plate, { type: "plate", entry: 0, values: { meal: "lunch" }, picks: { troops: [0, 2] } });
    expect(built).toEqual({ move: { type: "plate", meal: "lunch", troops: ["pancake-1", "pancake-1"] }, complete: true });
  });

  it("resolves a field from the value of an earlier one", () => {
    const targeted = moveOf(plate, { type: "instant", entry: 1, values: { card: "maple-syrup" }, picks: {} });
    expect(targeted.complete).toBe(false);
    const untargeted = moveOf(plate, { type: "instant", entry: 1, values: { card: "hot-sauce" }, picks: {} });
    expect(untargeted).toEqual({ move: { type: "instant", card: "hot-sauce" }, complete: true });
  });

  it("fills a fixed field and needs nothing for a move without fields", () => {
    expect(moveOf(plate, { type: "pick", entry: 3, values: {}, picks: {} })).toEqual({ move: { type: "pick", card: "onion" }, complete: true });
    expect(moveOf(plate, { type: "pass", entry: 2, values: {}, picks: {} })).toEqual({ move: { type: "pass" }, complete: true });
  });
});

describe("kinds of move", () => {
  const play: Choices = { moves: [
    { type: "play", fields: [{ name: "card", one_of: ["t1", "p1"] }] },
    { type: "play", fields: [{ name: "card", one_of: ["a1"] }, { name: "target", one_of: ["bob"] }] },
    { type: "play", fields: [{ name: "card", const: "r1" }, { name: "target", one_of: ["bob"] }] },
    { type: "pass", fields: [] },
    { type: "auto_pass", fields: [{ name: "on", const: true }] },
  ] };
  it("are one per move type, the entries of a type merged", () => {
    expect(kindsOf(play)).toEqual([{ type: "play", entries: [0, 1, 2] }, { type: "pass", entries: [3] }, { type: "auto_pass", entries: [4] }]);
  });
  it("start with the card, which names the entry whose fields follow", () => {
    const merged = mergedFirst(play, kindsOf(play)[0])!;
    expect(merged.name).toBe("card");
    expect(merged.values).toEqual(["t1", "p1", "a1", "r1"]);
    expect(merged.entryOf).toEqual([0, 0, 1, 2]);
    expect(moveOf(play, { type: "play", entry: 2, values: { target: "bob" }, picks: {} })).toEqual({ move: { type: "play", card: "r1", target: "bob" }, complete: true });
  });
  it("read a fixed true or false as a switch", () => {
    expect(switchOf(play.moves[4])).toEqual({ name: "on", to: true });
    expect(switchOf(play.moves[1])).toBeNull();
    expect(whole(play.moves[3]) && whole(play.moves[4])).toBe(true);
  });
});

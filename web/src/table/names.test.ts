import { describe, expect, it } from "vitest";
import { botsAtTable } from "./names";

describe("a table's bots", () => {
  it("are numbered in seat order when there are several", () => {
    const bots = botsAtTable(["ann", "bot-foodie-forest-d0ba-7", "bob", "bot-foodie-forest-d0ba-3"]);
    expect([...bots]).toEqual([["bot-foodie-forest-d0ba-7", 1], ["bot-foodie-forest-d0ba-3", 2]]);
  });

  it("is unnumbered when it is the only one (0: the texts' plain Bot)", () => {
    expect([...botsAtTable(["ann", "bot-food-fight-1a2b-1"])]).toEqual([["bot-food-fight-1a2b-1", 0]]);
  });

  it("leaves people, whatever their names hold, as they are", () => {
    expect(botsAtTable(["robot-fan", "ann", "abbot-3"]).size).toBe(0);
  });
});

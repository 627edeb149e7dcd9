import { describe, expect, it } from "vitest";
import type { GameInfo } from "./api";
import { titleIn } from "./titles";

const GAMES: GameInfo[] = [
  { name: "food-fight", title: "Food Fight", min_players: 2, max_players: 6, cooperative: false },
  { name: "forestaurant", title: "Forestaurant", min_players: 1, max_players: 5, cooperative: true },
];

describe("a game's title", () => {
  it("is the title the gateway lists for the game, never its name", () => {
    expect(titleIn(GAMES, "food-fight")).toBe("Food Fight");
  });
  it("is the name, or what the page asks for, while the list is not there", () => {
    expect(titleIn([], "food-fight")).toBe("food-fight");
    expect(titleIn([], "food-fight", "")).toBe("");
    expect(titleIn(GAMES, undefined)).toBe("");
  });
});

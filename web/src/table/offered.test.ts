import { describe, expect, it } from "vitest";
import type { GameOption } from "./describe";
import { offered } from "./offered";

const OPTIONS: GameOption[] = [
  { name: "edition", default: "en", choices: ["en", "de-description"] },
  { name: "recipe_choice", default: "simultaneous" },
  { name: "missing_cards", default: "herb", only_with: { edition: ["en"] } },
];

const names = (chosen: Record<string, unknown>) =>
  offered(OPTIONS, (o) => (o.name in chosen ? chosen[o.name] : o.default)).map((o) => o.name);

describe("the options a table offers", () => {
  it("are all of them with the edition whose listing leaves cards out", () => {
    expect(names({})).toEqual(["edition", "recipe_choice", "missing_cards"]);
  });
  it("leave out the unlisted cards with an edition that lists every card", () => {
    expect(names({ edition: "de-description" })).toEqual(["edition", "recipe_choice"]);
  });
  it("leave out an option whose condition names an option the game does not describe", () => {
    expect(offered([{ name: "x", only_with: { nothing: [1] } }], () => 1)).toEqual([]);
  });
});

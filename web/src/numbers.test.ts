// A rating reads as the reader's language writes numbers: "2,36" in German, never "2.36" beside
// German words; a change is always signed.
import { afterEach, describe, expect, it } from "vitest";
import { language } from "./i18n";
import { decimals, score, signed } from "./numbers";

afterEach(() => { language.value = "en"; });

describe("a rating on the end screen, the leaderboard and the player's page", () => {
  it("has two decimals with the point in English and the comma in German", () => {
    language.value = "en";
    expect(decimals(2.3567)).toBe("2.36");
    language.value = "de";
    expect(decimals(2.3567)).toBe("2,36");
    expect(decimals(-1.3, 1)).toBe("-1,3");
  });

  it("shows its change with a sign either way", () => {
    language.value = "en";
    expect(signed(2.36)).toBe("+2.36");
    expect(signed(-0.6)).toBe("-0.60");
    language.value = "de";
    expect(signed(0.5)).toBe("+0,50");
  });

  it("keeps a whole score plain", () => {
    language.value = "de";
    expect(score(3)).toBe("3");
    expect(score(2.5)).toBe("2,50");
  });
});

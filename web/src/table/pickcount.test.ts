// A set field with nothing to choose says so, in the reader's language, instead of "0 chosen (0–0)".
import { afterEach, describe, expect, it } from "vitest";
import { language } from "../i18n";
import { pickCount } from "./pickcount";

afterEach(() => { language.value = "en"; });

describe("the count beside a field of cards to pick", () => {
  it("counts the picks against the range the move takes", () => {
    expect(pickCount(2, 0, 5, 7)).toBe("2 chosen (0–5)");
  });

  it("says there is nothing to choose when the hand holds none", () => {
    expect(pickCount(0, 0, 0, 0)).toBe("nothing to choose");
    language.value = "de";
    expect(pickCount(0, 0, 0, 0)).toBe("nichts zur Wahl");
  });
});

// The end box says a game's score in the game's own word (Foodtown counts stars, Food Fight Victory
// Points), "points" where the game names none; and a cooperative table's result to the players who
// played it ("You lost together."), where it said "The table lost." (src/table/endwords.ts).
import { afterEach, describe, expect, it } from "vitest";
import { addGameTexts, language } from "../i18n";
import { SCORE_WORD, scoreHeading, teamHeadline } from "./endwords";

afterEach(() => { language.value = "en"; });

describe("the end box's score column", () => {
  it("given a game whose texts name its score, when the box heads the column, then it is the game's word", () => {
    addGameTexts("star-game", "en", `${SCORE_WORD} = stars\n`);
    addGameTexts("star-game", "de", `${SCORE_WORD} = Sterne\n`);
    language.value = "en";
    expect(scoreHeading("star-game")).toBe("stars");
    language.value = "de";
    expect(scoreHeading("star-game")).toBe("Sterne");
  });

  it("given a game that names no word, then it is headed points", () => {
    language.value = "en";
    expect(scoreHeading("plain-game")).toBe("points");
    expect(scoreHeading("plain-game", {})).toBe("points");
    language.value = "de";
    expect(scoreHeading("plain-game")).toBe("Punkte");
  });
});

describe("a cooperative table's result", () => {
  it("given three players who lost, when one of them reads it, then it says they lost together", () => {
    expect(teamHeadline(false, ["Bot 1", "Bot 2", "eve"], true)).toBe("You lost together.");
    expect(teamHeadline(true, ["Bot 1", "eve"], true)).toBe("You won together!");
    language.value = "de";
    expect(teamHeadline(false, ["Bot 1", "Bot 2", "eve"], true)).toBe("Ihr habt gemeinsam verloren.");
    expect(teamHeadline(true, ["Bot 1", "eve"], true)).toBe("Ihr habt gemeinsam gewonnen!");
  });

  it("given a solo game, then its one player lost alone", () => {
    expect(teamHeadline(false, ["eve"], true)).toBe("You lost.");
    language.value = "de";
    expect(teamHeadline(true, ["eve"], true)).toBe("Du hast gewonnen!");
  });

  it("given a spectator, then it names the players", () => {
    expect(teamHeadline(false, ["ann", "Bot"], false)).toBe("ann and Bot lost together.");
    language.value = "de";
    expect(teamHeadline(true, ["ann", "Bot 1", "Bot 2"], false)).toBe("ann, Bot 1 und Bot 2 haben gemeinsam gewonnen.");
    expect(teamHeadline(false, ["ann"], false)).toBe("ann hat verloren.");
  });
});

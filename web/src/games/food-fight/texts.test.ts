// Food Fight's board says what the server's texts say, in the rulebook's words: a troop's number
// is its Yumminess, the draft is "Draft" in German too, and the Mascots offered with a plate are
// the ones that say "Play during plating".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Args, type Lang, say, serverTexts } from "../../testing/ftl";

const SERVER = serverTexts("food_fight");



const board = (lang: Lang, id: string, args?: Args) => say(__dirname, lang, id, args);
const server = (lang: Lang, id: string, args?: Args) => say(SERVER, lang, id, args);

describe("Food Fight's board", () => {
  it.each(["en", "de"] as const)("given a troop's number, when a fighter's line shows it, then it is its Yumminess (%s)", (lang) => {
    // "Compare the Yumminess values of all troops involved this Serving"
    expect(board(lang, "fight-now", { value: 5 })).toBe(`${server(lang, "table-yumminess")} 5`);
  });

  it("given the draft, when the German board names it, then it says Draft as the server does", () => {
    // the server: "Grundausbildung (kein Draft)", "Der Draft ist vorbei"
    expect(server("de", "phase-draft")).toBe("Draft");
    expect(board("de", "fight-draft")).toBe("Der Draft");
    const text = readFileSync(join(__dirname, "de.ftl"), "utf8");
    expect(text).not.toMatch(/Auswahl/);
  });

  it.each([["en", /choose in any order/, /\btap/i], ["de", /in beliebiger Reihenfolge wählen/, /tipp/i]] as const)(
    "given plating with a mouse or a finger, when the troops field is named, then it says choose, not tap (%s)", (lang, choose, tap) => {
      expect(board(lang, "build-plate-troops")).toMatch(choose);
      expect(board(lang, "build-plate-troops")).not.toMatch(tap);
    });

  it.each([["en", "Play during plating"], ["de", "Beim Anrichten spielen"]] as const)(
    "given plating, when the Mascots field is named, then it names the rulebook's timing (%s)", (lang, words) => {
      // 'The mascot Toast Master General says to "Play during plating"'
      expect(board(lang, "build-plate-mascots")).toContain(words);
      // the words of the card itself (its text as the server serves it)
      expect(say(SERVER, lang, "card-toast-master-general", {}, "text")).toContain(words);
    });
});

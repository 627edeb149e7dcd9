// Long words (MIN_LETTERS, 7 letters, or more) get soft hyphens at their hyphenation points (German and English patterns), short
// ones and texts without a long word stay as they are.
import { beforeAll, describe, expect, it } from "vitest";
import { hyphenate, loadHyphenation, SOFT_HYPHEN } from "./hyphenate";

const shown = (text: string) => text.replaceAll(SOFT_HYPHEN, "·");

describe("hyphenate", () => {
  beforeAll(async () => {
    await loadHyphenation("de");
    await loadHyphenation("en");
  });

  it("breaks a long German compound at its syllables", () => {
    const out = hyphenate("Ofenkartoffel", "de");
    expect(shown(out)).toBe("Ofen·kar·tof·fel");
    expect(out.replaceAll(SOFT_HYPHEN, "")).toBe("Ofenkartoffel");
    expect(shown(hyphenate("Belagerung der Waffelburg", "de"))).toBe("Be·la·ge·rung der Waf·fel·burg");
    expect(shown(hyphenate("Steak-Unteroffizier", "de"))).toBe("Steak-Un·ter·of·fi·zier");
  });

  it("breaks a compound the patterns get wrong at its parts", () => {
    // the patterns alone: "Ha·fer·breig·rat", "Spie·gelei·sei·te"
    expect(shown(hyphenate("Schlacht am Haferbreigrat", "de"))).toBe("Schlacht am Ha·fer·brei·grat");
    expect(shown(hyphenate("Scharmützel an der Spiegeleiseite", "de"))).toBe("Schar·müt·zel an der Spie·gel·ei·sei·te");
    expect(shown(hyphenate("Menüstapel", "de"))).toBe("Me·nü·sta·pel");
  });

  it("breaks long English words", () => {
    expect(shown(hyphenate("Strawberry Shortcake", "en"))).toBe("Straw·ber·ry Short·cake");
    expect(shown(hyphenate("Battlefield", "en"))).toBe("Bat·tle·field");
  });

  it("breaks the operators' headings at their parts, and a short word not at all", () => {
    // the patterns alone: "mil·lisec·onds", "proces·sor", "re·fused" (columns headed "re-/fused")
    expect(shown(hyphenate("median latency (milliseconds)", "en"))).toBe("median la·ten·cy (milli·sec·onds)");
    expect(shown(hyphenate("processor (per cent of a core)", "en"))).toBe("pro·ces·sor (per cent of a core)");
    expect(hyphenate("refused per second", "en")).toBe("refused per second");
  });

  it("keeps an apostrophe's letters and a lone letter with the syllable before them", () => {
    expect(shown(hyphenate("Shepherd's Pie", "de"))).toBe("Shep·herd's Pie");
    expect(shown(hyphenate("Shepherd\u2019s Pie", "en"))).toBe("Shep·herd\u2019s Pie");
    expect(shown(hyphenate("Grandma's Meatballs", "en"))).toBe("Grand·ma's Meat·balls");
    expect(hyphenate("O'Brien", "de")).toBe("O'Brien");
  });

  it("leaves short words alone", () => {
    for (const [text, lang] of [["Käse", "de"], ["Toast", "de"], ["Hack Tee", "de"], ["Waffle", "en"], ["Kuchen", "de"], ["Dog", "en"], ["7", "en"], ["", "de"]] as const) {
      expect(hyphenate(text, lang)).toBe(text);
    }
    // a long word beside short ones: only it
    expect(shown(hyphenate("Der Nachschlag", "de"))).toBe("Der Nach·schlag");
  });

  it("is the text as it is until the language's patterns are loaded, and never twice", () => {
    const once = hyphenate("Ofenkartoffel", "de");
    expect(hyphenate(once, "de")).toBe(once);
  });
});

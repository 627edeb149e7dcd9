// Every text of the client is in English and in German, with the same arguments: the common
// catalogue (src/i18n/*.ftl) and each game's board texts (src/games/<game>/*.ftl).
import { FluentResource } from "@fluent/bundle";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");

/** Each message id of a .ftl file with the argument names its pattern uses (sorted). */
export function messages(text: string): Map<string, string[]> {
  const resource = new FluentResource(text);
  const out = new Map<string, string[]>();
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const n = node as Record<string, unknown>;
      if (n.type === "var" && typeof n.name === "string") found.add(n.name);
      Object.values(n).forEach(walk);
    }
  };
  for (const message of resource.body) {
    found.clear();
    walk(message.value);
    walk(message.attributes);
    out.set(message.id, [...found].sort());
  }
  return out;
}

const folders = [
  ["the client", join(SRC, "i18n")],
  ...readdirSync(join(SRC, "games"), { withFileTypes: true }).filter((d) => d.isDirectory())
    .map((d) => [`the game ${d.name}`, join(SRC, "games", d.name)]),
];

describe.each(folders)("the texts of %s", (_name, folder) => {
  const en = messages(readFileSync(join(folder, "en.ftl"), "utf8"));
  const de = messages(readFileSync(join(folder, "de.ftl"), "utf8"));

  it("has every English key in German", () => {
    expect([...en.keys()].filter((k) => !de.has(k))).toEqual([]);
  });

  it("has every German key in English", () => {
    expect([...de.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it("uses the same arguments in both languages", () => {
    const differ = [...en.keys()].filter((k) => de.has(k) && en.get(k)!.join() !== de.get(k)!.join());
    expect(differ).toEqual([]);
  });

  it("is not empty", () => {
    expect(en.size).toBeGreaterThan(0);
  });
});

describe("the check of a catalogue", () => {
  it("sees a missing key and a changed argument", () => {
    const en = messages("a = { $x } cards\nb = b\n");
    const de = messages("a = { $y } Karten\n");
    expect(en.get("a")).toEqual(["x"]);
    expect(de.get("a")).toEqual(["y"]);
    expect(de.has("b")).toBe(false);
  });
});

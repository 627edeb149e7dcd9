// A game's board drawn in a unit test as a tree of elements with their text, and its texts loaded
// as the app loads them: what the boards' tests (src/games/<game>/board.test.ts) read. A test file
// still mocks "../../api" itself (vi.mock is per file): the card tiles ask for the game's
// description, and there is no gateway in a unit test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { VNode } from "preact";
import { addGameTexts } from "../i18n";
import { Card } from "../table/card";
import { boardTexts } from "./ftl";

export type Drawn = { tag: string; props: Record<string, unknown>; children: Drawn[]; text: string };

/** The board as a tree of elements with their text: components called (a card tile, which keeps
 * its own state, stands as its id). */
export function draw(node: unknown): Drawn[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [{ tag: "#text", props: {}, children: [], text: String(node) }];
  if (Array.isArray(node)) return node.flatMap(draw);
  const v = node as VNode<Record<string, unknown>>;
  if (v.type === Card) return [{ tag: "card", props: v.props, children: [], text: `[${String(v.props.id)}]` }];
  if (typeof v.type === "function") return draw((v.type as (p: unknown) => unknown)(v.props));
  const children = draw(v.props.children);
  return [{ tag: String(v.type), props: v.props, children, text: children.map((c) => c.text).join("") }];
}

export function find(tree: Drawn[], test: (d: Drawn) => boolean): Drawn[] {
  return tree.flatMap((d) => [...(test(d) ? [d] : []), ...find(d.children, test)]);
}

export const byId = (tree: Drawn[], id: string) => find(tree, (d) => d.props.id === id);
export const classed = (name: string) => (d: Drawn) => String(d.props.class ?? "").split(" ").includes(name);
/** An element's text as a reader reads it: its white space as single spaces. */
export const flat = (d: Drawn | undefined) => (d?.text ?? "").replace(/\s+/g, " ").trim();

/** The game's board texts (src/games/<game>/<lang>.ftl) in the app's catalogue, both languages. */
export function loadBoardTexts(game: string): void {
  for (const lang of ["en", "de"] as const) addGameTexts(game, lang, readFileSync(join(boardTexts(game), `${lang}.ftl`), "utf8"));
}

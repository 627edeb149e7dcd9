// A card drawn as a small tile: its colour (the id's prefix) and its face (the rest).
import { h } from "../dom";

const COLOURS = new Set(["bug", "vegetable", "fruit", "trash", "boot"]);
// short enough for a card 2.6rem wide on a phone
const SHORT: Record<string, string> = { vegetable: "veg" };

export function colourOf(card: string): string {
  const cut = card.lastIndexOf("-");
  return cut > 0 ? card.slice(0, cut) : card;
}

export function faceOf(card: string): string {
  const cut = card.lastIndexOf("-");
  return cut > 0 ? card.slice(cut + 1) : card;
}

/** A card id such as "bug-3", "fruit-herb" or "onion": text without spaces, short. */
export function looksLikeCard(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 40 && !/\s/.test(value);
}

export function card(id: string, extra = ""): HTMLElement {
  const colour = colourOf(id);
  // another game's card ("copycat-crepe"): its whole id on a chip, until the game has its drawing
  if (!COLOURS.has(colour)) return h("span", { class: `card chip ${extra}`.trim(), "data-card": id, title: id }, id);
  const kind = `c-${colour}`;
  const face = faceOf(id);
  return h("span", { class: `card ${kind} ${extra}`.trim(), "data-card": id, title: id },
    h("b", { class: face.length > 2 ? "word" : "" }, face), h("small", {}, SHORT[colour] ?? colour));
}

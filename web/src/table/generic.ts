// Any game's table from its JSON view, until the game has its own drawing: lists that look like
// cards (a hand, a pile) are drawn as cards, everything else as readable names and values.
import { h, type Child } from "../dom";
import { card, looksLikeCard } from "./cards";

const HIDDEN = new Set(["legal_moves", "game", "seat"]);

function label(key: string): string {
  return key.replace(/_/g, " ");
}

// the table's player names: text that looks like a card id but is not one
let names = new Set<string>();

function isCardList(v: unknown[]): v is string[] {
  return v.every((x) => looksLikeCard(x) && x.includes("-") && !names.has(x));
}

function value(v: unknown, depth: number): Child {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "–");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number" || typeof v === "string") return String(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span", { class: "muted" }, "none");
    if (isCardList(v)) return h("span", { class: "cards" }, v.map((c) => card(c)));
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map(String).join(", ");
    if (depth > 2) return JSON.stringify(v);
    return h("ol", { class: "kv-list" }, v.map((x) => h("li", {}, value(x, depth + 1))));
  }
  if (typeof v === "object") {
    if (depth > 2) return JSON.stringify(v);
    return pairs(v as Record<string, unknown>, depth + 1);
  }
  return String(v);
}

function pairs(obj: Record<string, unknown>, depth: number): HTMLElement {
  return h("dl", { class: "kv" }, Object.entries(obj).filter(([k]) => !HIDDEN.has(k)).map(([k, v]) => [
    h("dt", {}, label(k)), h("dd", {}, value(v, depth)),
  ]));
}

export function genericBoard(view: Record<string, unknown>): HTMLElement {
  names = new Set(Array.isArray(view.players) ? view.players.map(String) : []);
  const hand = Array.isArray(view.hand) ? (view.hand as unknown[]) : null;
  const rest = { ...view };
  delete rest.hand;
  return h("div", { class: "board generic" },
    hand && h("section", { class: "hand-panel" }, h("h2", {}, `Your hand (${hand.length})`),
      h("div", { class: "cards", id: "hand" }, hand.map((c) => (looksLikeCard(c) ? card(c) : h("span", {}, JSON.stringify(c)))))),
    h("section", { class: "state-panel" }, h("h2", {}, "Table"), pairs(rest, 0)));
}

export function genericMoveLabel(move: Record<string, unknown>): Child {
  const parts = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) =>
    looksLikeCard(v) && String(v).includes("-") && !names.has(String(v)) ? card(String(v), "mini") : `${label(k)} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return [String(move.type ?? "move").replace(/_/g, " "), " ", parts];
}

export function genericEventLine(event: { type: string; data: Record<string, unknown> }, players: string[]): string | null {
  const d = event.data ?? {};
  const who = typeof d.seat === "number" ? players[d.seat] ?? `seat ${d.seat}` : null;
  const details = Object.entries(d).filter(([k, v]) => k !== "seat" && k !== "type" && (typeof v !== "object" || v === null))
    .slice(0, 4).map(([k, v]) => `${label(k)} ${v}`).join(", ");
  return `${who ? `${who}: ` : ""}${event.type}${details ? ` (${details})` : ""}`;
}

// Foodie Forest's table, from one seat's view (services/foodie_forest/rules/view.py) and its
// events as the seat saw them (as services/foodie_forest/render.py draws them in the terminal).
import { h, type Child } from "../dom";
import { card, colourOf } from "./cards";

type View = Record<string, any>;

export function turnLine(view: View): string {
  const me = view.you;
  if (view.finished) return "The game is over.";
  if (view.phase === "dealing") return "The cards are being dealt…";
  const toAct: string[] = view.to_act ?? [];
  if (view.phase === "choosing") {
    if (toAct.includes(me)) return "Your turn: choose a recipe (face down).";
    return toAct.length ? `Waiting for ${toAct.join(", ")} to choose a recipe.` : "Revealing recipes…";
  }
  if (view.turn === me) return "Your turn: play a card.";
  return view.turn ? `Waiting for ${view.turn}.` : "";
}

function recipeOf(view: View, name: string): string {
  if (name === view.you && view.my_recipe) return view.my_recipe;
  const shown = (view.recipes ?? {})[name];
  if (shown) return shown;
  if ((view.chosen ?? {})[name]) return "chosen";
  return view.phase === "choosing" ? "choosing…" : "–";
}

function players(view: View): HTMLElement {
  const toAct = new Set<string>(view.to_act ?? []);
  return h("div", { class: "players", id: "players" }, (view.players ?? []).map((name: string) => {
    const acting = (view.phase === "playing" && view.turn === name) || (view.phase === "choosing" && toAct.has(name));
    const recipe = recipeOf(view, name);
    return h("div", { class: `player${acting ? " acting" : ""}${name === view.you ? " mine" : ""}`, "data-player": name },
      h("div", { class: "player-name" }, acting ? "▶ " : "", name, name === view.you ? " (you)" : ""),
      h("div", { class: "points" }, h("b", {}, String((view.points ?? {})[name] ?? 0)), " pts"),
      h("div", {}, "recipe ", h("span", { class: `recipe r-${recipe}` }, recipe)),
      h("div", { class: "muted" }, `${(view.hand_sizes ?? {})[name] ?? 0} cards · took ${(view.cards_taken ?? {})[name] ?? 0} in ${(view.tricks_taken ?? {})[name] ?? 0}`),
      (view.last_card_announced ?? []).includes(name) && h("div", { class: "badge" }, "last card!"),
      h("div", { class: "recipes-left muted" }, "left: ", ((view.recipes_left ?? {})[name] ?? []).join(", ") || "none"));
  }));
}

function pot(view: View): HTMLElement {
  const trick = view.trick ?? {};
  const cards: { player: string; card: string }[] = trick.cards ?? [];
  const required = trick.required_colour;
  const leader = trick.leader;
  return h("section", { class: "pot", id: "pot" },
    h("h2", {}, "Pot ", h("span", { class: "total" }, `${trick.total ?? 0}/10`),
      " · follow ", h("span", { class: required ? `colour c-${required}` : "muted" }, required ?? "any colour")),
    cards.length
      ? h("div", { class: "cards" }, cards.map((c) => h("figure", { class: "played" }, card(c.card), h("figcaption", {}, c.player))))
      : h("p", { class: "muted" }, !leader ? "empty" : leader === view.you ? "empty: you lead" : `empty: ${leader} leads`));
}

function hand(view: View): HTMLElement {
  const cards: string[] = view.hand ?? [];
  return h("section", { class: "hand-panel" },
    h("h2", {}, `Your hand (${cards.length})`, view.my_recipe ? ` · your recipe: ${view.my_recipe}` : ""),
    h("div", { class: "cards", id: "hand" }, cards.length ? cards.map((c) => card(c)) : h("span", { class: "muted" }, "no cards")));
}

function history(view: View): HTMLElement | null {
  const deals: any[] = view.history ?? [];
  if (!deals.length) return null;
  const names: string[] = view.players ?? [];
  return h("details", { class: "history" }, h("summary", {}, `Scores of ${deals.length} deal${deals.length > 1 ? "s" : ""}`),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "deal"), names.map((n) => h("th", {}, n)))),
      h("tbody", {}, deals.map((d) => h("tr", {}, h("td", {}, String(d.deal)),
        names.map((n) => h("td", {}, `${d.recipes?.[n] ?? ""} ${d.gains?.[n] >= 0 ? "+" : ""}${d.gains?.[n] ?? 0} → ${d.points?.[n] ?? 0}`)))))));
}

export function foodieBoard(view: View): HTMLElement {
  return h("div", { class: "board foodie" },
    h("p", { class: "deal-line" }, `Deal ${view.deal ?? 0} of ${view.deals ?? 0} · dealer ${view.dealer ?? "–"} · ${view.phase}`),
    players(view), pot(view), hand(view), history(view));
}

export function foodieMoveLabel(move: Record<string, any>): Child {
  if (move.type === "play") return ["Play ", card(String(move.card), "mini")];
  if (move.type === "choose_recipe") return ["Choose ", h("span", { class: `recipe r-${move.recipe}` }, String(move.recipe)), " recipe"];
  return JSON.stringify(move);
}

export function foodieEventLine(event: { type: string; data: Record<string, any> }, players: string[], me: string): string | null {
  const d = event.data ?? {};
  const who = (seat: unknown): string => {
    const name = typeof seat === "number" ? players[seat] : undefined;
    return name === undefined ? String(seat) : name === me ? "you" : name;
  };
  switch (event.type) {
    case "CardsDealt":
      return `deal ${d.deal}: ${who(d.dealer)} dealt; you hold ${(d.hand ?? []).length} cards`;
    case "RecipeChosen":
      if (d.recipe && !d.face_down) return `${who(d.seat)} chose the ${d.recipe} recipe`;
      if (d.recipe) return `${who(d.seat)} chose the ${d.recipe} recipe (face down)`;
      return `${who(d.seat)} chose a recipe`;
    case "RecipesRevealed":
      return `recipes revealed: ${(d.recipes ?? []).map((r: string, s: number) => `${who(s)} ${r}`).join(", ")}; ${who(d.leader)} leads`;
    case "CardPlayed":
      return `${who(d.seat)} played ${d.card} (${colourOf(String(d.card))}): total ${d.total}${d.required_colour ? `, follow ${d.required_colour}` : ", any colour"}`;
    case "LastCardAnnounced":
      return `${who(d.seat)} played ${who(d.seat) === "you" ? "your" : "their"} last card`;
    case "TrickTaken":
      return `${who(d.seat)} took the pot (${(d.cards ?? []).length} cards, total ${d.total})`;
    case "TrickPutAside":
      return `${who(d.seat)} ${who(d.seat) === "you" ? "have" : "has"} no card left: the pot is put aside`;
    case "DealScored":
      return `deal ${d.deal} scored: ${(d.gains ?? []).map((g: number, s: number) => `${who(s)} ${g >= 0 ? "+" : ""}${g} (${(d.points ?? [])[s]})`).join(", ")}`;
    case "GameEnded":
      return `game over: ${(d.winners ?? []).map(who).join(", ")} won`;
    default:
      return null;
  }
}

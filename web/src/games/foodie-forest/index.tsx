// Foodie Forest's table, from one seat's view (services/foodie_forest/rules/view.py): the
// players with points, recipe, cards in hand and taken; the pot with each card's player, its
// total and the colour to follow; your hand; the scores of past deals.
import { Card, TileName } from "../../table/card";
import { cardFace } from "../../table/describe";
import { listOf, tg } from "../../i18n";
import type { View } from "../../table/store";
import { seatName } from "../../table/names";
import { term } from "../common";
import { recipesLeft } from "./recipes";
import type { BoardProps, GameUi } from "../types";

const GAME = "foodie-forest";
const COLOURS = new Set(["bug", "vegetable", "fruit", "trash", "boot"]);
const tf = (id: string, args?: Record<string, any>) => tg(GAME, id, args);

export function colourOf(card: string): string {
  const cut = card.lastIndexOf("-");
  return cut > 0 ? card.slice(0, cut) : card;
}

function faceOf(card: string): string {
  const cut = card.lastIndexOf("-");
  return cut > 0 ? card.slice(cut + 1) : card;
}

/** A colour in the server's words ("bug" -> "Bug", "fruit" -> "Früchte"): DescribeGame's terms,
 * else the board's copy of them (en.ftl, de.ftl). */
function colourName(colour: string): string {
  return term(GAME, `colour-${colour}`, colour);
}

/** A recipe's short name in the server's words ("empty-pot" -> "Empty pot", "Sparrezept"). */
function recipeName(recipe: string): string {
  return term(GAME, `recipe-${recipe}`, recipe);
}

/** The card's number or word on the tile ("3", "herb"), its colour below: a herb's whole name
 * ("Vegetable herb", "Gemüse-Kräuter") does not fit a tile, and its colour is there already;
 * the whole name is the tile's title and its tap panel (Card). */
export function FoodieCard({ id, mini = false }: { id: string; mini?: boolean }) {
  const colour = colourOf(id);
  const known = COLOURS.has(colour);
  const face = faceOf(id);
  const served = cardFace(GAME, id)?.name;
  const named = served && served !== id ? served : undefined;
  const numbered = /^\d+$/.test(face);
  const shown = known ? (numbered ? face : tf(`ff-face-${face}`)) : named ?? id;
  return (
    <Card game={GAME} id={id} class={`c-${known ? colour : "other"}${mini ? " mini" : ""}`} label={named ?? `${colourName(colour)} ${shown}`} still={mini}>
      <b class={known && !numbered ? "word face" : shown.length > 2 ? "word" : ""}><TileName text={shown} /></b>
      <small>{known ? <TileName text={tf(`ff-colour-short-${colour}`)} /> : ""}</small>
    </Card>
  );
}

function Recipe({ recipe }: { recipe: string }) {
  return <span class={`recipe r-${recipe}`}>{recipeName(recipe)}</span>;
}

/** A player's recipe line: "recipe Fruit", "recipe chosen"; a recipe named by a word that says it
 * is one ("Sparrezept", "Käferrezept") goes without the label (ff-recipe-named, empty in German). */
function recipeOf(view: View, name: string) {
  const named = (recipe: string) => {
    const label = tf("ff-recipe-named");
    return <>{label ? `${label} ` : ""}<Recipe recipe={recipe} /></>;
  };
  if (name === view.you && view.my_recipe) return named(view.my_recipe);
  const shown = (view.recipes ?? {})[name];
  if (shown) return named(shown);
  if ((view.chosen ?? {})[name]) return `${tf("ff-recipe")} ${tf("ff-recipe-chosen")}`;
  return `${tf("ff-recipe")} ${view.phase === "choosing" ? tf("ff-recipe-choosing") : "–"}`;
}

function Players({ view }: { view: View }) {
  const toAct = new Set<string>(view.to_act ?? []);
  return (
    <div class="players" id="players">
      {(view.players ?? []).map((name: string) => {
        const acting = (view.phase === "playing" && view.turn === name) || (view.phase === "choosing" && toAct.has(name));
        const left = recipesLeft(view, name);
        return (
          <div class={`player${acting ? " acting" : ""}${name === view.you ? " mine" : ""}`} data-player={name}>
            <div class="player-name" title={name}>{acting ? "▶ " : ""}{seatName(name)}{name === view.you ? ` ${tf("ff-you")}` : ""}</div>
            <div class="points"><b>{(view.points ?? {})[name] ?? 0}</b> {tf("ff-points")}</div>
            <div>{recipeOf(view, name)}</div>
            <div class="muted">{tf("ff-hand-line", {
              cards: (view.hand_sizes ?? {})[name] ?? 0, taken: (view.cards_taken ?? {})[name] ?? 0,
              tricks: (view.tricks_taken ?? {})[name] ?? 0,
            })}</div>
            {(view.last_card_announced ?? []).includes(name) && <div class="badge">{tf("ff-last-card")}</div>}
            <div class="recipes-left muted">{tf("ff-left")} {left.length ? left.map((r) => tf(`ff-recipe-short-${r}`)).join(", ") : tf("ff-none")}</div>
          </div>
        );
      })}
    </div>
  );
}

function Pot({ view }: { view: View }) {
  const trick = view.trick ?? {};
  const cards: { player: string; card: string }[] = trick.cards ?? [];
  const required: string | null = trick.required_colour ?? null;
  const leader: string | null = trick.leader ?? null;
  return (
    <section class="pot" id="pot">
      <h2>{tf("ff-pot")} <span class="total">{trick.total ?? 0}/10</span>{" · "}
        {required ? <>{tf("ff-follow")} <span class={`colour c-${required}`}>{colourName(required)}</span></> : <span class="muted">{tf("ff-any-colour")}</span>}
      </h2>
      {cards.length ? (
        <div class="cards">{cards.map((c) => <figure class="played"><FoodieCard id={c.card} /><figcaption title={c.player}>{seatName(c.player, 10)}</figcaption></figure>)}</div>
      ) : (
        <p class="muted">{!leader ? tf("ff-pot-empty") : leader === view.you ? tf("ff-pot-you-lead") : tf("ff-pot-leads", { player: seatName(leader) })}</p>
      )}
    </section>
  );
}

function Hand({ view }: { view: View }) {
  const cards: string[] = view.hand ?? [];
  return (
    <section class="hand-panel">
      <h2>{tf("ff-your-hand", { count: cards.length })}{view.my_recipe ? <> · {tf("ff-your-recipe")} <Recipe recipe={view.my_recipe} /></> : ""}</h2>
      <div class="cards" id="hand">{cards.length ? cards.map((c) => <FoodieCard id={c} />) : <span class="muted">{tf("ff-no-cards")}</span>}</div>
    </section>
  );
}

function History({ view }: { view: View }) {
  const deals: any[] = view.history ?? [];
  if (!deals.length) return null;
  const names: string[] = view.players ?? [];
  return (
    <details class="history">
      <summary>{tf("ff-history", { count: deals.length })}</summary>
      <div class="scroll"><table>
        <thead><tr><th>{tf("ff-deal")}</th>{names.map((n) => <th title={n}>{seatName(n, 10)}</th>)}</tr></thead>
        <tbody>{deals.map((d) => (
          <tr><td>{d.deal}</td>{names.map((n) => {
            const gain = d.gains?.[n] ?? 0;
            return <td>{d.recipes?.[n] ? recipeName(d.recipes[n]) : ""} {gain >= 0 ? "+" : ""}{gain} → {d.points?.[n] ?? 0}</td>;
          })}</tr>))}</tbody>
      </table></div>
    </details>
  );
}

function Board({ view }: BoardProps) {
  return (
    <div class="board foodie">
      {/* no Dealer once the game is over (the view names none: no deal follows the last) */}
      <p class="deal-line">{view.dealer
        ? tf("ff-deal-line", { deal: view.deal ?? 0, deals: view.deals ?? 0, dealer: seatName(view.dealer) })
        : tf("ff-deal-of", { deal: view.deal ?? 0, deals: view.deals ?? 0 })}</p>
      <Players view={view} />
      <Pot view={view} />
      <Hand view={view} />
      <History view={view} />
    </div>
  );
}

function turnLine(view: View): string {
  const me = view.you;
  if (view.finished) return tf("ff-turn-over");
  if (view.phase === "dealing") return tf("ff-turn-dealing");
  const toAct: string[] = view.to_act ?? [];
  if (view.phase === "choosing") {
    if (toAct.includes(me)) return tf("ff-turn-choose");
    return toAct.length ? tf("ff-turn-wait-choose", { players: listOf(toAct.map((p) => seatName(p))), count: toAct.length }) : tf("ff-turn-revealing");
  }
  if (view.turn === me) return tf("ff-turn-play");
  return view.turn ? tf("ff-turn-wait", { player: seatName(view.turn) }) : "";
}

function moveLabel(move: Record<string, any>) {
  if (move.type === "play") return <>{tf("ff-move-play")} <FoodieCard id={String(move.card)} mini /></>;
  if (move.type === "choose_recipe") return <>{tf("ff-move-choose")} <Recipe recipe={String(move.recipe)} /></>;
  return tf("ff-move-other");
}

function eventLine(event: { type: string; data: Record<string, any> }, players: string[], me: string): string | null {
  const d = event.data ?? {};
  const who = (seat: unknown): string => {
    const name = typeof seat === "number" ? players[seat] : undefined;
    return name === undefined ? "?" : name === me ? tf("ff-log-you") : seatName(name);
  };
  const you = (seat: unknown) => (typeof seat === "number" && players[seat] === me ? "true" : "false");
  const recipe = recipeName;
  switch (event.type) {
    case "CardsDealt":
      return tf("ff-log-dealt", { deal: d.deal, dealer: who(d.dealer), cards: (d.hand ?? []).length });
    case "RecipeChosen":
      if (d.recipe) return tf(d.face_down ? "ff-log-chose-face-down" : "ff-log-chose", { player: who(d.seat), recipe: recipe(d.recipe) });
      return tf("ff-log-chose-hidden", { player: who(d.seat) });
    case "RecipesRevealed":
      return tf("ff-log-revealed", { recipes: (d.recipes ?? []).map((r: string, s: number) => `${who(s)} ${recipe(r)}`).join(", "), leader: who(d.leader) });
    case "CardPlayed":
      return tf(d.required_colour ? "ff-log-played-follow" : "ff-log-played", {
        player: who(d.seat), card: cardFace(GAME, String(d.card))?.name ?? `${colourName(colourOf(String(d.card)))} ${faceOf(String(d.card))}`, total: d.total,
        colour: d.required_colour ? colourName(d.required_colour) : "",
      });
    case "LastCardAnnounced":
      return tf("ff-log-last-card", { player: who(d.seat), you: you(d.seat) });
    case "TrickTaken":
      return tf("ff-log-took", { player: who(d.seat), cards: (d.cards ?? []).length, total: d.total });
    case "TrickPutAside":
      return tf("ff-log-put-aside", { player: who(d.seat), you: you(d.seat) });
    case "DealScored":
      return tf("ff-log-scored", { deal: d.deal, gains: (d.gains ?? []).map((g: number, s: number) => `${who(s)} ${g >= 0 ? "+" : ""}${g} (${(d.points ?? [])[s]})`).join(", ") });
    case "GameEnded":
      return tf("ff-log-ended", { winners: listOf((d.winners ?? []).map(who)) });
    default:
      return null;
  }
}

export const ui: GameUi = { Board, moveLabel, eventLine, turnLine };

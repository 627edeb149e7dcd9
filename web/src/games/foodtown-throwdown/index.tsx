// Foodtown Throwdown's table (services/foodtown_throwdown/rules/view.py): the recipes face up
// with their ingredient slots and stars, each player's menu (recipes with the ingredients put
// on them), territories and publicity in front of them, stars per player, your hand grouped by
// kind of card, the decks; action cards are played with their target chosen by tapping.
import { tg } from "../../i18n";
import { Card, TileName } from "../../table/card";
import { cardFace } from "../../table/describe";
import type { View } from "../../table/store";
import { seatName } from "../../table/names";
import { builderWords, endSentence, Panel, term } from "../common";
import type { BoardProps, GameUi } from "../types";
import { bonusWords, type Condition, starsReached } from "./stars";

const GAME = "foodtown-throwdown";
const KINDS = ["ingredient", "action", "territory", "publicity", "recipe"];
const tf = (id: string, args?: Record<string, any>) => tg(GAME, id, args);
const nameOf = (id: string) => cardFace(GAME, id)?.name ?? id;
const kindOf = (id: string) => (cardFace(GAME, id)?.kind as string | undefined) ?? "other";
const typeWord = (type: string) => term(GAME, `type-${type}`, type);

/** A play card; `bonus`: a territory in front of a player whose bonus star it earns (drawn as a second star). */
function TownCard({ id, onPick, picked, disabled, bonus }: { id: string; onPick?: () => void; picked?: boolean; disabled?: boolean; bonus?: boolean }) {
  const face = cardFace(GAME, id);
  const stars = (face?.stars as number | undefined) ?? 0;
  return (
    <Card game={GAME} id={id} class={`town k-${kindOf(id)}`} label={nameOf(id)} onPick={onPick} picked={picked} disabled={disabled}>
      {stars ? <b class="yum">{"★".repeat(Math.min(stars + (bonus ? 1 : 0), 4))}</b> : null}
      <span class="ff-name"><TileName text={nameOf(id)} /></span>
      {/* its type or kind in words, never cut: a long word breaks at a hyphenation point ("Kartof-feln") */}
      <small><TileName text={face?.type ? typeWord(String(face.type)) : tf(`town-one-${KINDS.includes(kindOf(id)) ? kindOf(id) : "other"}`)} /></small>
    </Card>
  );
}

/** A recipe with its ingredient slots (filled with the cards put on it) and its stars. */
function Recipe({ id, cards = [] }: { id: string; cards?: string[] }) {
  const face = cardFace(GAME, id);
  const needs: string[] = (face?.ingredients as string[] | undefined) ?? [];
  // each slot takes its own card (a recipe may need two of one type: two potatoes)
  const left = [...cards];
  const slots = needs.map((n) => {
    const at = left.findIndex((c) => String(cardFace(GAME, c)?.type ?? "") === n);
    return at >= 0 ? left.splice(at, 1)[0] : undefined;
  });
  return (
    <div class="recipe-card" data-card={id}>
      <Card game={GAME} id={id} class="town k-recipe" label={nameOf(id)}>
        <b class="yum">{"★".repeat(Number(face?.stars ?? 0))}</b><span class="ff-name"><TileName text={nameOf(id)} /></span>
      </Card>
      <ul class="slots">
        {needs.map((n, i) => <li class={slots[i] ? "filled" : ""}>{slots[i] ? "✔" : "○"} {typeWord(n)}{slots[i] ? `: ${nameOf(slots[i]!)}` : ""}</li>)}
      </ul>
    </div>
  );
}

/** Each territory's bonus star and its condition (DescribeGame's card: "+1 ★ while a vegetarian
 * recipe is on the menu"), so a player reads it before it is met, in hand or in front of them;
 * `earned`: in front of a player, the ones whose bonus the menu earns (the view's
 * bonus_territories, counted by the rules) are ticked as a recipe's filled slots are. */
function Conditions({ cards, earned }: { cards: string[]; earned?: Set<string> }) {
  const territories = [...new Set(cards.filter((c) => kindOf(c) === "territory"))];
  if (!territories.length) return null;
  // folded, one line until opened: a late game's territories, a sentence each, made a phone's
  // table longer than two screens
  const summary = earned ? tf("town-bonus-earned", { earned: territories.filter((c) => earned.has(c)).length, count: territories.length })
    : tf("town-bonus-conditions", { count: territories.length });
  return (
    <details class="territories">
      <summary>{summary}</summary>
      <ul class="slots territories">
        {territories.map((c) => {
          const met = earned?.has(c);
          return (
            <li class={met ? "filled" : ""} data-card={c}>
              {earned ? `${met ? "✔" : "○"} ` : ""}{nameOf(c)}: {tf("town-bonus", bonusWords(cardFace(GAME, c)?.condition as Condition | undefined, typeWord))}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function Players({ view }: { view: View }) {
  const names: string[] = view.players ?? [];
  return (
    <div class="players wide" id="players">
      {names.map((name) => {
        const stars: number = (view.stars ?? {})[name] ?? 0;
        const cards: string[] = (view.tables ?? {})[name] ?? [];
        // the territories whose bonus star the menu earns, as the rules count it (the view's bonus_territories)
        const bonus = new Set<string>((view.bonus_territories ?? {})[name] ?? []);
        const acting = !view.finished && view.current === name;  // nobody's turn once it is over
        return (
          <div class={`player${acting ? " acting" : ""}${name === view.you ? " mine" : ""}`} data-player={name}>
            <div class="player-name" title={name}>{acting ? "▶ " : ""}{seatName(name)}{name === view.you ? ` ${tf("town-you")}` : ""}</div>
            {/* the star ahead of the count keeps it apart from the name where a phone puts them on
                one line ("Bot ★ 2 stars", not "Bot 2 stars") */}
            <div class="points"><span aria-hidden="true">★ </span><b>{stars}</b> {tf("town-stars", { count: stars, target: view.target_stars ?? 0 })}</div>
            <div class="muted">{tf("town-hand-count", { count: (view.hand_sizes ?? {})[name] ?? 0 })}
              {(view.blocked ?? []).includes(name) ? ` · ${tf("town-blocked")}` : ""}</div>
            {((view.menus ?? {})[name] ?? []).map((m: any) => <Recipe id={m.recipe} cards={m.cards} />)}
            {cards.length > 0 && <div class="cards">{cards.map((c) => <TownCard id={c} bonus={bonus.has(c)} />)}</div>}
            {/* each territory's bonus star, ticked where it is earned, so the stars drawn add up to the total */}
            <Conditions cards={cards} earned={bonus} />
          </div>
        );
      })}
    </div>
  );
}

function Hand({ view }: { view: View }) {
  const hand: string[] = view.hand ?? [];
  const groups = KINDS.map((k) => [k, hand.filter((c) => kindOf(c) === k)] as const).filter(([, cs]) => cs.length);
  const other = hand.filter((c) => !KINDS.includes(kindOf(c)));
  return (
    <Panel title={tf("town-hand", { count: hand.length, limit: view.hand_limit ?? 0 })} id="hand-panel">
      <div id="hand">
        {groups.map(([k, cs]) => <div class="hand-group"><h3>{tf(`town-group-${k}`, { count: cs.length })}</h3><div class="cards">{cs.map((c) => <TownCard id={c} />)}</div>
          {k === "territory" && <Conditions cards={cs} />}</div>)}
        {other.length > 0 && <div class="cards">{other.map((c) => <TownCard id={c} />)}</div>}
        {!hand.length && <span class="muted">{tf("town-none")}</span>}
      </div>
    </Panel>
  );
}

function Board({ view }: BoardProps) {
  return (
    <div class="board foodtown">
      <p class="deal-line">{tf("town-round", { round: view.round ?? 0 })} · {tf("town-decks", { play: view.play_deck_size ?? 0, recipes: view.recipe_deck_size ?? 0, discard: (view.discard ?? []).length })}</p>
      <Panel title={tf("town-display")} id="display">
        <div class="recipes">{(view.display ?? []).map((r: string) => <Recipe id={r} />)}</div>
      </Panel>
      <Players view={view} />
      <Hand view={view} />
    </div>
  );
}

const words = { ...builderWords(GAME, (_type, field, v) => {
  if (typeof v === "string" && cardFace(GAME, v)) return nameOf(v);
  if (field === "target") return seatName(String(v));
  return term(GAME, `${field}-${String(v)}`, String(v));
}),
  card: (id: string, pick: { onPick: () => void; picked: boolean; disabled: boolean }) => <TownCard id={id} {...pick} /> };

// why the game ended: who reached the stars to win (you, or their name), else in the game's own
// words (DescribeGame's `reason-<reason>`)
function endWhy(view: View): string | null {
  const reached = starsReached(view);
  if (reached) return tf("town-end-stars", { ...reached, player: seatName(reached.player) });
  return endSentence(GAME, view.end_reason);
}

export const ui: GameUi = { Board, buildsMoves: true, words, endWhy };

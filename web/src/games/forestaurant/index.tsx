// Forestaurant's table (services/forestaurant/rules/view.py): the 3x3 restaurant as a grid
// (each table's chairs, its guest card with species and value, the bell, the menu face up or
// down, clouds; this turn's marked row or column), the clouds on the mushrooms and the cards
// drawn at the end of a turn (the highest visible mushroom number), the stars, the satisfied
// guests per species, your hand and every seat's ingredients, and a meal being cooked together
// (who proposed what, who offered help, who may still offer) shown to every seat.
import { useState } from "preact/hooks";
import { listOf, tg } from "../../i18n";
import { Card, TileName } from "../../table/card";
import { cardFace } from "../../table/describe";
import type { View } from "../../table/store";
import { wideScreen } from "../../util";
import { seatName } from "../../table/names";
import { builderWords, endSentence, Panel, term } from "../common";
import type { BoardProps, GameUi } from "../types";
import { drawWords, endWords, storageWords, whoWords } from "./words";

const GAME = "forestaurant";
const tf = (id: string, args?: Record<string, any>) => tg(GAME, id, args);
const species = (s: string) => term(GAME, `species-${s}`, s);
const ingredient = (i: string) => cardFace(GAME, i)?.name ?? term(GAME, `ingredient-${i}`, i);

function Animal({ id, onPick, picked, disabled }: { id: string; onPick?: () => void; picked?: boolean; disabled?: boolean }) {
  const face = cardFace(GAME, id);
  const sp = (face?.species as string) ?? id.replace(/-\d+$/, "");
  const value = (face?.value as number) ?? Number(id.split("-").pop());
  return (
    <Card game={GAME} id={id} class={`animal cl-${(face?.class as string) ?? "none"}`} onPick={onPick} picked={picked} disabled={disabled}
      label={`${species(sp)} ${value}`}>
      <b class="yum">{value}</b><span class="ff-name"><TileName text={species(sp)} /></span>
    </Card>
  );
}

/** An ingredient token: a chip with its name (what it is needs no more text). */
function Ingredient({ id }: { id: string }) {
  return <span class={`token-chip p-${(cardFace(GAME, id)?.pile as string) ?? "none"}`} data-card={id}>{ingredient(id)}</span>;
}

function Restaurant({ view }: { view: View }) {
  const tables: any[] = view.tables ?? [];
  // the turn's marked line and whose turn it is mean nothing once the game is over
  const playing = !view.finished;
  const line: number[] = playing ? view.line ?? [] : [];
  const marked = line.length === 3 ? (line.every((i) => Math.floor(i / 3) === Math.floor(line[0] / 3))
    ? tf("rest-marked-row", { row: Math.floor(line[0] / 3) + 1 }) : tf("rest-marked-col", { col: (line[0] % 3) + 1 })) : "";
  return (
    <Panel title={tf("rest-restaurant")} id="restaurant">
      {marked && <p class="muted">{marked}</p>}
      <ol class="grid3" aria-label={tf("rest-restaurant")}>
        {tables.map((x) => (
          <li class={`rtable s-${x.status}${x.marked && playing ? " marked" : ""}`} data-table={x.table}>
            <div class="rtable-head"><b>{tf("rest-table", { number: x.table + 1 })}</b>
              <span class="muted"> · {tf("rest-chairs", { count: x.chairs })}</span>
              {x.bell && <span class="badge bell">{tf("rest-bell-short")}</span>}
              {/* 0, 1 or 2 clouds decide how the guests leave: a count, not a row of tiny glyphs */}
              {x.clouds > 0 && <span class="clouds" role="img" aria-label={tf("rest-clouds", { count: x.clouds })}
                title={tf("rest-clouds", { count: x.clouds })}>☁ <b>{x.clouds}</b></span>}
            </div>
            {x.guest ? <Animal id={x.guest.id} /> : <span class="muted">{tf("rest-empty")}</span>}
            {/* a face-up menu by its card's name, the words the log says: "Fox menu (Fish, Carrot)" */}
            {x.menu && (
              <div class={`menu ${x.menu.face_up ? "up" : "down"}`}>
                {x.menu.face_up
                  ? cardFace(GAME, x.menu.id)?.name
                    ?? <>{tf("rest-menu", { species: species(x.menu.species) })}: {x.menu.ingredients.map(ingredient).join(", ")}</>
                  : tf("rest-eating")}
              </div>
            )}
            {/* an empty table says "no guest" above already */}
            {x.guest && <small class="muted">{tf(`rest-status-${x.status}`)}</small>}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function Score({ view }: { view: View }) {
  const [wide] = useState(wideScreen);
  const satisfied: Record<string, { cards: string[]; value: number }> = view.satisfied ?? {};
  const draw = drawWords(view);
  return (
    <Panel title={tf("rest-score", { score: view.score ?? 0 })} id="score">
      <p>{tf("rest-mushrooms", { count: view.mushrooms ?? 0 })}{draw && <>{" · "}{tf("rest-draw", draw)}</>} · {tf("rest-stars", { covered: view.stars_covered ?? 0, stars: view.stars ?? 0 })}
        {" · "}{tf("rest-difficulty", { difficulty: term(GAME, `option-difficulty-${view.difficulty}`, String(view.difficulty ?? "")) })}</p>
      {/* each species' points, the goal and the piles: folded on a phone (a table there fits two screens) */}
      <details class="kitchen-more" open={wide}>
        <summary>{tf("rest-more", { needed: view.satisfied_needed ?? 0 })}</summary>
        <div class="satisfied">
          {Object.entries(satisfied).map(([sp, s]) => (
            <span class="sat" title={s.cards.map((c) => cardFace(GAME, c)?.name ?? c).join(", ")}>{species(sp)} <b>{s.value}</b></span>
          ))}
        </div>
        <p class="muted small">{tf("rest-goal", { needed: view.satisfied_needed ?? 0, species: Object.keys(satisfied).length, clouds: view.clouds ?? 0 })}{" "}
          {tf("rest-decks", { animals: view.animal_deck ?? 0, menus: view.menu_deck ?? 0, vegetables: view.piles?.vegetables ?? 0, meats: view.piles?.meats ?? 0 })}</p>
      </details>
    </Panel>
  );
}

function Proposal({ view }: { view: View }) {
  const p = view.proposal;
  if (!p) return null;
  // the reader's own proposal and offer say "you" (whoWords), not the reader's name
  return (
    <Panel title={tf("rest-cooking", { ...whoWords(view, p.seat, seatName), table: p.table + 1 })} id="proposal" class="proposal">
      <div class="cards">{p.cards.map((c: string) => <Animal id={c} />)}{p.ingredients.map((i: string) => <Ingredient id={i} />)}</div>
      {(p.offers ?? []).map((o: any) => (
        <p>{tf("rest-offer", whoWords(view, o.seat, seatName))}{" "}
          {[...o.cards.map((c: string) => cardFace(GAME, c)?.name ?? c), ...o.ingredients.map(ingredient)].join(", ") || tf("rest-nothing")}</p>
      ))}
      {(p.may_still_offer ?? []).length > 0 && <p class="muted">{tf("rest-may-offer", { players: listOf(p.may_still_offer.map((n: string) => seatName(n))) })}</p>}
    </Panel>
  );
}

function Seats({ view }: { view: View }) {
  const names: string[] = view.players ?? [];
  const storage = storageWords(view);
  return (
    <div class="players" id="players">
      {names.map((name, s) => {
        const acting = !view.finished && view.active === name;  // nobody's turn once it is over
        return (
          <div class={`player${acting ? " acting" : ""}${name === view.you ? " mine" : ""}`} data-player={name}>
            <div class="player-name" title={name}>{acting ? "▶ " : ""}{seatName(name)}{name === view.you ? ` ${tf("rest-you")}` : ""}</div>
            <div class="muted">{tf("rest-hand-count", { count: (view.hand_sizes ?? [])[s] ?? 0 })}
              {/* "he must discard down to the ingredients storage limit" after his actions: said
                  where the reader's own ingredients are, while buying them */}
              {name === view.you && storage && <>{" · "}{tf("rest-storage-limit", storage)}</>}</div>
            <div class="cards">{((view.storage ?? [])[s] ?? []).map((i: string) => <Ingredient id={i} />)}</div>
          </div>
        );
      })}
    </div>
  );
}

function Board({ view }: BoardProps) {
  const hand: string[] = view.hand ?? [];
  return (
    <div class="board forestaurant">
      <Seats view={view} />
      <Proposal view={view} />
      <Restaurant view={view} />
      <Panel title={tf("rest-hand", { count: hand.length })} id="hand-panel">
        <div class="cards" id="hand">{hand.length ? hand.map((c) => <Animal id={c} />) : <span class="muted">{tf("rest-none")}</span>}</div>
      </Panel>
      <Score view={view} />
    </div>
  );
}

const words = { ...builderWords(GAME, (_type, field, v) => {
  if (field === "table" && typeof v === "number") return tf("rest-table", { number: v + 1 });
  if (typeof v === "string" && cardFace(GAME, v)) return cardFace(GAME, v)!.name ?? v;
  return term(GAME, `${field}-${String(v)}`, String(v));
}),
  // a guest card as the restaurant draws it (species, value); a menu or an ingredient as a tile with its name
  card: (id: string, pick: { onPick: () => void; picked: boolean; disabled: boolean }) =>
    (cardFace(GAME, id)?.kind === "animal" ? <Animal id={id} {...pick} /> : <Card game={GAME} id={id} class="ingredient-tile" {...pick}><span class="ff-name"><TileName text={ingredient(id)} /></span></Card>) };

// why the restaurant closed: what closed it when the view names it ("Bankrupt: all 5 stars were
// already covered and the unsatisfied guests leaving table 5 needed another."), else in the game's
// own words (DescribeGame's `reason-<reason>`: a win, the deck running out, an older game)
function endWhy(view: View): string | null {
  const closed = endWords(view, (id) => cardFace(GAME, id)?.name ?? id);
  return closed ? tf(closed.id, closed.args) : endSentence(GAME, view.end_reason);
}

export const ui: GameUi = { Board, buildsMoves: true, words, endWhy };

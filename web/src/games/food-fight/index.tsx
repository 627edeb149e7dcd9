// Food Fight's table (services/food_fight/rules/view.py): the draft (your packet as cards with
// yumminess, meal and text, your picks, the passing direction; each player's packet and picks
// counted in their box), plating (your Army, face down,
// with its Mascots; the others' plates as card backs), the Day's Battlefields per Meal, the
// Meal being fought (each Serving's troops with their printed yumminess, the boosts that changed
// it and what they made of it, the Dog, chips, Instants played), VP against the table's target
// and Battlefields held. Moves are built by tapping.
import { listOf, tg } from "../../i18n";
import { Card, CardBack, TileName } from "../../table/card";
import { cardFace } from "../../table/describe";
import type { View } from "../../table/store";
import { seatName } from "../../table/names";
import { builderWords, Panel, term } from "../common";
import type { BoardProps, GameUi } from "../types";

const GAME = "food-fight";
const MEALS = ["breakfast", "lunch", "dinner"];
const tf = (id: string, args?: Record<string, any>) => tg(GAME, id, args);
const meal = (m: string | null | undefined) => (m ? term(GAME, `meal-${m}`, m) : "");

/** A Food Fight card: its name, its Yumminess (troops and the Dog) and its Meal as a colour. */
export function FightCard({ id, yum, onPick, picked, disabled }: { id: string; yum?: number | null; onPick?: () => void; picked?: boolean; disabled?: boolean }) {
  const face = cardFace(GAME, id);
  const shown = yum ?? (face?.yumminess as number | null | undefined);
  const m = (face?.meal as string | null | undefined) ?? null;
  const kind = (face?.kind as string | undefined) ?? "";
  return (
    <Card game={GAME} id={id} class={`ff-card m-${m ?? "none"} k-${kind}`} onPick={onPick} picked={picked} disabled={disabled}
      label={face?.name ?? id}>
      {shown !== null && shown !== undefined && <b class="yum">{shown}</b>}
      <span class="ff-name"><TileName text={face?.name ?? id} /></span>
      {/* the Meal or kind in words, never cut: a long word breaks at a hyphenation point ("Mittag-essen") */}
      {(m || kind) && <small><TileName text={m ? meal(m) : term(GAME, `kind-${kind}`, kind)} /></small>}
    </Card>
  );
}

/** What each player holds in the draft, as the table sees it: the packet in their hands and how
 * many cards they picked (face down under their plates), both counted by the view. Null outside
 * the draft. */
function draftHoldings(view: View): Record<string, { packet: number; picks: number }> | null {
  const d = view.draft;
  if (!d) return null;
  const packets: Record<string, number> = d.packet_sizes ?? {};
  const picks: Record<string, number> = d.pick_sizes ?? {};
  const out: Record<string, { packet: number; picks: number }> = {};
  for (const name of (view.players ?? []) as string[]) out[name] = { packet: packets[name] ?? 0, picks: picks[name] ?? 0 };
  return out;
}

function Players({ view }: { view: View }) {
  const names: string[] = view.players ?? [];
  const toAct = new Set<string>(view.to_act ?? []);
  // in the draft nobody holds a hand yet: the packet and the picks are what a player holds
  const drafting = draftHoldings(view);
  return (
    <div class="players" id="players">
      {names.map((name) => {
        const plate = (view.plates ?? {})[name];
        const won: string[] = (view.battlefields_won ?? {})[name] ?? [];
        return (
          <div class={`player${toAct.has(name) ? " acting" : ""}${name === view.you ? " mine" : ""}`} data-player={name}>
            {/* the colon parts the name from the points on a phone, where they stand on one line
                ("Bot 1: 1 VP", not "Bot 1 1 VP") */}
            <div class="player-name" title={name}>{toAct.has(name) ? "▶ " : ""}{seatName(name)}{name === view.you ? ` ${tf("fight-you")}` : ""}:</div>
            {/* the points against the table's target (the view's vp_to_win: a table may play to 3) */}
            <div class="points"><b>{(view.vp ?? {})[name] ?? 0}</b> {tf("fight-vp")}
              {view.vp_to_win != null && <>{" "}<span class="muted">{tf("fight-vp-to-win", { target: view.vp_to_win })}</span></>}</div>
            {drafting ? <>
              <div class="muted">{tf("fight-packet-held", { count: drafting[name]?.packet ?? 0 })}</div>
              <div class="muted">{tf("fight-picks-count", { count: drafting[name]?.picks ?? 0 })}</div>
            </> : <div class="muted">{tf("fight-hand-count", { count: (view.hand_sizes ?? {})[name] ?? 0 })}</div>}
            {/* won in a Meal or drawn and kept by an Instant: the Battlefields held */}
            {won.length > 0 && <div class="muted">{tf("fight-battlefields", { count: won.length })}</div>}
            {/* in a Meal every plate is for that Meal: its fighters below show what is left of it */}
            {plate && !(view.meal && plate.meal === view.meal.meal) && (
              <div class="plate-line">
                {plate.meal ? tf("fight-plated-meal", { meal: meal(plate.meal), size: plate.size ?? 0 }) : <><CardBack>?</CardBack> {tf("fight-plated-hidden")}</>}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

function Battlefields({ view }: { view: View }) {
  const bfs: { card: string; meal: string; vp: number }[] = view.day_battlefields ?? [];
  if (!bfs.length) return null;
  const done = new Set<string>(view.meals_done ?? []);
  const meals = (
      <div class="meals">
        {MEALS.map((m) => {
          const here = bfs.filter((b) => b.meal === m);
          if (!here.length) return null;
          return (
            <div class={`meal-col m-${m}${done.has(m) ? " done" : ""}`}>
              <h3>{meal(m)}{done.has(m) ? ` · ${tf("fight-meal-done")}` : ""}</h3>
              <div class="cards">{here.map((b) => <span class="bf"><FightCard id={b.card} /><small>{tf("fight-bf-vp", { vp: b.vp })}</small></span>)}</div>
            </div>
          );
        })}
      </div>
  );
  // during a Meal the Day's other Battlefields are for later: folded, so that the Meal fits a phone
  if (view.meal) {
    return (
      <details class="panel day-later" id="battlefields">
        <summary><h2>{tf("fight-day", { day: view.day ?? 1 })}</h2></summary>
        {meals}
      </details>
    );
  }
  return <Panel title={tf("fight-day", { day: view.day ?? 1 })} id="battlefields">{meals}</Panel>;
}

function Draft({ view }: { view: View }) {
  const d = view.draft;
  if (!d) return null;
  return (
    <Panel title={tf("fight-draft")} id="draft">
      <p class="muted">{tf(d.direction === "left" ? "fight-pass-left" : "fight-pass-right")}
        {d.picked?.length ? ` · ${tf("fight-picked", { players: listOf(d.picked.map((p: string) => (p === view.you ? tf("fight-you-named") : seatName(p)))) })}` : ""}</p>
      <h3>{tf("fight-packet", { count: (d.packet ?? []).length })}</h3>
      <div class="cards" id="packet">{(d.packet ?? []).map((c: string) => <FightCard id={c} />)}</div>
      <h3>{tf("fight-picks", { count: (d.picks ?? []).length })}</h3>
      <div class="cards" id="picks">{(d.picks ?? []).length ? d.picks.map((c: string) => <FightCard id={c} />) : <span class="muted">{tf("fight-none")}</span>}</div>
    </Panel>
  );
}

function MyArmy({ view }: { view: View }) {
  const a = view.my_army;
  if (!a) return null;
  return (
    <Panel title={tf("fight-my-army", { meal: meal(a.meal) })} id="my-army">
      <div class="cards">
        {(a.face_down ?? []).map((c: string) => <span class="face-down-own"><FightCard id={c} /><small>{tf("fight-face-down")}</small></span>)}
        {(a.mascots ?? []).map((c: string) => <span class="face-down-own"><FightCard id={c} /><small>{tf("fight-mascot")}</small></span>)}
      </div>
    </Panel>
  );
}

/** A boost of a troop's Yumminess in the board's words, from what the view says it does:
 * "add" (+4), "set" (a new value: is 9) or "times" (x2); the view's own short text otherwise. */
function boostWords(bonus: { bonus?: unknown; effect?: string; amount?: number }): string {
  const amount = Number(bonus.amount);
  if (bonus.effect === "add") return tf("fight-boost-add", { amount });
  if (bonus.effect === "set") return tf("fight-boost-set", { value: amount });
  if (bonus.effect === "times") return tf("fight-boost-times", { factor: amount });
  return String(bonus.bonus ?? "");
}

/** A boost under a troop: what it did and the card it came from, whole words that wrap (a long
 * name breaks at a hyphenation point), never cut; its own power names no card (its tile does). */
function Boost({ bonus, troop }: { bonus: any; troop: string }) {
  const what = boostWords(bonus);
  const card = cardFace(GAME, bonus.from)?.name ?? term(GAME, `bonus-${bonus.from}`, bonus.from);
  const line = tf("fight-boost-by", { boost: what, card });
  return <div class="boost" title={line}><TileName text={bonus.from === troop ? what : line} /></div>;
}

function Meal({ view }: { view: View }) {
  const m = view.meal;
  if (!m) return null;
  const fighters: string[] = m.fighters ?? [];
  const who = (p: string) => (p === "the-dog" ? tf("fight-dog") : seatName(p, 12));
  // who passed in this Serving's Instant round, the reader as "you" (first)
  const passed: string[] = m.passed ?? [];
  const named = [...(passed.includes(view.you) ? [tf("fight-you-named")] : []), ...passed.filter((p) => p !== view.you).map(who)];
  const passedLine = () => tf("fight-passed", { players: listOf(named) });
  return (
    <Panel title={tf("fight-meal", { meal: meal(m.meal), serving: m.serving ?? 0 })} id="meal">
      <div class="cards">{(m.battlefields ?? []).map((b: any) => <span class="bf"><FightCard id={b.card} /><small>{tf("fight-bf-vp", { vp: b.vp })}</small></span>)}</div>
      {m.lone && <p class="muted">{tf("fight-lone")}</p>}
      <div class="fighters">
        {fighters.map((f) => (
          <div class={`fighter${m.acting === f ? " acting" : ""}`} data-player={f}>
            <h3>{who(f)}{f === view.you ? ` ${tf("fight-you")}` : ""}
              {m.current?.[f] != null && <span class="total"> · {tf("fight-now", { value: m.current[f] })}</span>}
              {m.chips?.[f] != null && <span class="muted"> · {tf("fight-chips", { count: m.chips[f] })}</span>}
              {m.native?.[f] && <>{" "}<span class="badge">{tf("fight-native")}</span></>}
            </h3>
            <div class="cards">
              {(m.troops?.[f] ?? []).map((r: any) => (
                <figure class="troop">
                  {/* the tile as the card is printed ("the number in the upper corner of the card");
                      the boosts and what they make of it under it */}
                  <FightCard id={r.card} yum={r.printed} />
                  <figcaption><span class="serving">{tf("fight-serving", { serving: r.serving })}</span>
                    {(r.bonuses ?? []).map((b: any) => <Boost bonus={b} troop={r.card} />)}
                    {r.yumminess != null && r.yumminess !== r.printed && (
                      <div class="boost troop-total" title={tf("fight-now", { value: r.yumminess })}>{tf("fight-troop-total", { value: r.yumminess })}</div>
                    )}
                  </figcaption>
                </figure>
              ))}
              {(m.army_left?.[f] ?? 0) > 0 && <CardBack>{tf("fight-left", { count: m.army_left[f] })}</CardBack>}
            </div>
          </div>
        ))}
        {m.dog && (
          <div class="fighter dog">
            <h3>{tf("fight-dog")}{m.current?.["the-dog"] != null && <span class="total"> · {tf("fight-now", { value: m.current["the-dog"] })}</span>}</h3>
            <div class="cards">{(m.dog_cards ?? []).map((d: any) => <figure class="troop"><FightCard id={d.card} yum={d.yumminess} /><figcaption><span class="serving">{tf("fight-serving", { serving: d.serving })}</span></figcaption></figure>)}</div>
          </div>
        )}
      </div>
      {/* whose Instant round it is (the turn line above says so when it is yours), and who passed:
          a line of its own above the folded Instants (after them, a phone ran it into their line) */}
      {m.round_open && (m.acting !== view.you || passed.length > 0) && (
        <p>{m.acting !== view.you ? tf("fight-instant-round", { player: m.acting ? who(m.acting) : "–" }) : ""}
          {passed.length ? ` ${passedLine()}` : ""}</p>
      )}
      {(m.instants ?? []).length > 0 && (
        // folded: each boost already shows under the troop it changed (and the log says who played it)
        <details class="instants"><summary>{tf("fight-instants")} ({m.instants.length})</summary>
          <ul class="plain">{m.instants.map((i: any) => <li>{tf(i.target ? "fight-instant-on" : "fight-instant", {
            player: who(i.player), you: i.player === view.you ? "true" : "false", card: cardFace(GAME, i.card)?.name ?? i.card, target: i.target ? cardFace(GAME, i.target)?.name ?? i.target : "",
          })}</li>)}</ul></details>
      )}
    </Panel>
  );
}

function Hand({ view }: { view: View }) {
  const hand: string[] | null = view.hand;
  // in the draft the cards a player holds are the packet and the picks (the draft's panel)
  if (!hand || view.draft) return null;
  return (
    <Panel title={tf("fight-hand", { count: hand.length })} id="hand-panel">
      <div class="cards" id="hand">{hand.length ? hand.map((c) => <FightCard id={c} />) : <span class="muted">{tf("fight-none")}</span>}</div>
    </Panel>
  );
}

function Board({ view }: BoardProps) {
  return (
    <div class="board food-fight">
      <Players view={view} />
      <Draft view={view} />
      <Meal view={view} />
      {/* side by side on a phone when they fit (style.css), one under another on a desktop */}
      <div class="ff-row">
        <Battlefields view={view} />
        <MyArmy view={view} />
        <Hand view={view} />
      </div>
    </div>
  );
}

const words = { ...builderWords(GAME, (_type, field, v) => (field === "meal" ? meal(String(v)) : term(GAME, `${field}-${String(v)}`, String(v)))),
  card: (id: string, pick: { onPick: () => void; picked: boolean; disabled: boolean }) => <FightCard id={id} {...pick} /> };

function endWhy(view: View): string | null {
  return view.end_reason ? term(GAME, `end-${view.end_reason}`, "") || null : null;
}

export const ui: GameUi = { Board, buildsMoves: true, words, endWhy };

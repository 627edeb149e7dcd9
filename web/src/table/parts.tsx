// What every game's table shows besides its board: the seats with their time left (m:ss,
// counting down) and who is away, whose turn and what to do, a refused move in words, the log
// from the server's messages (internal events hidden), the rules panel and the end screen.
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, explain, leaderboard } from "../api";
import type { GameUi } from "../games/types";
import { listOf, t } from "../i18n";
import { seatOf } from "../session";
import { decimals, signed } from "../numbers";
import { minutes, sleep, wideScreen } from "../util";
import { seatName } from "./names";
import { changedOptions, choicesOf, description, optionInWords, type GameOption } from "./describe";
import { scoreHeading, teamHeadline } from "./endwords";
import type { GameEvent, TableStore, View } from "./store";

/** The seats with their clocks (the view's `clocks`, counted down since it arrived) and presence. */
export function Seats({ store, view }: { store: TableStore; view: View }) {
  const clocks: Record<string, { remaining_ms: number; running: boolean }> | undefined = view.clocks;
  const presence: Record<string, string> | undefined = view.presence;
  const [now, setNow] = useState(Date.now());
  const running = clocks && Object.values(clocks).some((c) => c.running) && !store.finished.value;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const players: string[] = view.players ?? [];
  if (!clocks && !presence) return null;
  const since = now - store.viewAt.value;
  return (
    <ul class="seats" id="seats" aria-label={t("seats-label")}>
      {players.map((p) => {
        const clock = clocks?.[p];
        const left = clock ? (clock.running ? clock.remaining_ms - since : clock.remaining_ms) / 1000 : null;
        const state = presence?.[p] ?? "connected";
        return (
          <li class={`seat${clock?.running ? " running" : ""}${p === view.you ? " mine" : ""}`} data-player={p} data-presence={state}>
            <span class="seat-name" title={p}>{seatName(p)}{p === view.you ? ` ${t("you-mark")}` : ""}</span>
            {left !== null && <span class="clock" aria-label={t("clock-label", { time: minutes(left) })}>{minutes(left)}</span>}
            {state !== "connected" && <span class={`presence p-${state}`}>{t(state === "away" ? "presence-away" : "presence-bot")}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** A log line: the server's message, else the game's own wording; null when it is not for reading. */
export function logLine(ui: GameUi, event: GameEvent, players: string[], me: string): string | null {
  if (event.internal) return null;
  if (event.message) return event.message.text;
  return ui.eventLine ? ui.eventLine(event, players, me) : null;
}

/** The log, folded on a phone (a table there fits two screens): its newest line is shown in
 * the fold's title; a tap opens the rest. On a wide screen it starts open. */
export function Log({ store, ui, players, me }: { store: TableStore; ui: GameUi; players: string[]; me: string }) {
  // the frame's end line says again what the game's own end line says, as on the end screen:
  // beside that only its forfeit variant is kept
  const events = store.events.value;
  const gameEnded = events.some((e) => e.type === "GameEnded" && e.message && !e.internal);
  const lines = events.filter((e) => !(gameEnded && e.type === "GameOver" && !e.message?.key.endsWith("-forfeit")))
    .map((e) => logLine(ui, e, players, me)).filter((l): l is string => !!l);
  const shown = [...store.notes.value.map((n) => t(n)), ...lines].slice(-40).reverse();
  const [wide] = useState(wideScreen);
  return (
    <details class="log-panel" id="log-panel" open={wide}>
      <summary><h2>{t("log-title")}</h2>{shown.length > 0 && <span class="latest">{shown[0]}</span>}</summary>
      <ol id="log" class="log" reversed tabIndex={0} aria-label={t("log-title")}>{shown.map((line) => <li>{line}</li>)}</ol>
    </details>
  );
}

/** The options this table plays with where they differ from the rulebook's, which the rules in
 * short tell (a Food Fight to 3 VP under "the first to 10 VP wins"), from the description and the
 * table's GameCreated. A choice's label says what it is ("Boot camp (no draft)"); a number is
 * its option's label and value with the option's sentence ("... (the rulebook: 10)"), the rest
 * of which sentences are written for the form that sets a table ("the three variations below"). */
function TableOptions({ game, options }: { game: string; options?: Record<string, unknown> }) {
  const changed = changedOptions(game, options);
  if (!changed.length) return null;
  const line = (o: GameOption, value: unknown) => {
    if (choicesOf(o).some((c) => c.value === value)) return <b>{optionInWords(o, value)}</b>;
    return <><b>{optionInWords(o, value)}</b>{o.sentence ? ` ${o.sentence}` : ""}</>;
  };
  return (
    <section id="table-options">
      <h3>{t("rules-this-table")}</h3>
      <ul>{changed.map((o) => <li>{line(o, options![o.name])}</li>)}</ul>
    </section>
  );
}

/** The rules in short (DescribeGame's `rules`), folded away under the table; first the options
 * of this table that change them. */
export function RulesPanel({ game, options }: { game: string; options?: Record<string, unknown> }) {
  const described = description(game).value;
  const rules = described?.rules;
  if (!rules || (!(Array.isArray(rules) ? rules.length : Object.keys(rules).length) && !described?.summary)) return null;
  const sections: { title: string; text: string }[] = Array.isArray(rules)
    ? rules.map((r) => ({ title: r.title ?? r.key ?? r.section ?? "", text: r.text ?? "" }))
    : Object.entries(rules).map(([k, v]) => (typeof v === "string" ? { title: k, text: v } : { title: v.title ?? k, text: v.text ?? "" }));
  return (
    <details class="rules-panel card-panel" id="rules">
      <summary>{t("rules-title")}</summary>
      <TableOptions game={game} options={options} />
      {described?.summary && <p>{described.summary}</p>}
      {sections.map((s) => <section><h3>{s.title}</h3>{s.text.split(/\n\n+/).map((p) => <p>{p}</p>)}</section>)}
    </details>
  );
}

async function ratingOf(game: string, gameId: string, player: string, ranked: boolean | undefined, stop: AbortSignal) {
  if (ranked === false) return { text: t("end-casual") };
  // the leaderboard scores the game shortly after its end: look until it has
  for (let i = 0; i < 60 && !stop.aborted; i++) {
    try {
      const reply = await leaderboard.getRatingHistory({ game, player, limit: 20 });
      const point = reply.points.find((p) => p.gameId === gameId);
      if (point) return { point };
    } catch (err) {
      if (codeOf(err) !== Code.NotFound) return { text: explain(err) };
    }
    await sleep(1000, stop);
  }
  return { text: t("end-not-scored") };
}

type Rating = { text?: string; point?: { rating: number; delta: number; placing: number; players: number } };

export function EndScreen({ store, view, me, why }: { store: TableStore; view: View; me: string; why?: string | null }) {
  const over = store.gameOver.value;
  const [rating, setRating] = useState<Rating | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    ratingOf(store.game, store.gameId, me, over?.ranked ?? seatOf(store.gameId)?.ranked, stop.signal).then(setRating);
    return () => stop.abort();
  }, []);
  const names: string[] = over?.players ?? view.players ?? [];
  const points: number[] = over?.points ?? names.map((n) => (view.points ?? {})[n] ?? 0);
  const placings: number[] = over?.placings ?? [];
  const order = names.map((name, i) => ({ name, points: points[i] ?? 0, place: placings[i] ?? 0 }))
    .sort((a, b) => (a.place || 99) - (b.place || 99) || b.points - a.points);
  const winners = order.filter((r) => r.place === 1).map((r) => (r.name === me ? t("end-you") : seatName(r.name)));
  const gameOverEvent = store.events.value.find((e) => e.type === "GameOver" && e.message);
  const teamWon = over?.team_won;
  const team = teamWon === true || teamWon === false;
  let headline: string;
  // a cooperative table's result is said to its players ("You lost together."), not of "the table"
  if (team) headline = teamHeadline(teamWon, order.map((r) => seatName(r.name)), names.includes(me));
  else if (winners.length) headline = t("end-won", { winners: listOf(winners), count: winners.length, you: order.some((r) => r.place === 1 && r.name === me) ? "true" : "false" });
  else headline = t("end-over");
  const p = rating?.point;
  return (
    <section id="end" class="card-panel end">
      <h2>{t("end-title")}</h2>
      <p class="big" id="end-headline">{headline}</p>
      {why && <p id="end-why">{why}</p>}
      {/* the frame's own end line says again who won (the headline says it), so beside the game's
          reason only its forfeit variant says more */}
      {gameOverEvent?.message && gameOverEvent.message.text !== why
        && (!why || gameOverEvent.message.key.endsWith("-forfeit")) && <p id="end-message">{gameOverEvent.message.text}</p>}
      {/* a table that won or lost together has no places: "1, 1, 1" under "You lost together." */}
      <table id="placings">
        <thead><tr>{!team && <th>{t("end-place")}</th>}<th>{t("end-player")}</th><th>{scoreHeading(store.game)}</th></tr></thead>
        <tbody>{order.map((r) => (
          <tr class={r.name === me ? "mine" : ""}>
            {!team && <td>{r.place || "–"}</td>}<td title={r.name}>{seatName(r.name)}{r.name === me ? ` ${t("you-mark")}` : ""}</td><td>{r.points}</td>
          </tr>))}</tbody>
      </table>
      <p id="rating-change">
        {!rating ? t("end-looking") : p ? <>
          {t("end-rating")} <b>{decimals(p.rating - p.delta)}</b> → <b>{decimals(p.rating)}</b>
          <span class={p.delta >= 0 ? "up" : "down"}> ({signed(p.delta)})</span>
          {" · "}{t("end-placed", { placing: p.placing, players: p.players })}
        </> : rating.text}
      </p>
      <p class="links">
        <a href={`#/leaderboard/${encodeURIComponent(store.game)}`} id="to-leaderboard">{t("end-leaderboard")}</a>
        <a href={`#/audit/${encodeURIComponent(store.gameId)}`} id="to-audit">{t("end-audit")}</a>
        <a href="#/play">{t("end-again")}</a>
      </p>
    </section>
  );
}

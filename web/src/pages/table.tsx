// The table: the seat's view, live from WatchGame (src/table/store.ts), drawn by the game's own
// folder (src/games/<game>/) or the generic view, the common parts around it (src/table/parts),
// and the moves offered now as buttons unless the board builds them itself.
import { useEffect, useMemo, useState } from "preact/hooks";
import { listGames } from "../api";
import { uiOf } from "../games/registry";
import { listOf, t } from "../i18n";
import type { PageProps } from "./props";
import { session } from "../store";
import { MoveBuilder, SettingSwitch, settingOf, settingTitle, type Choices } from "../table/builder";
import { builderWords, moveInWords } from "../games/common";
import { description } from "../table/describe";
import { Chat } from "../table/chat";
import { EndScreen, Log, RulesPanel, Seats } from "../table/parts";
import { Rematch } from "../table/rematch";
import { seatName } from "../table/names";
import { TableStore, type Message, type Move, type View } from "../table/store";
import { signal } from "@preact/signals";

const GENERAL_PROMPTS = new Set(["prompt-your-turn", "prompt-waiting", "prompt-dealing", "prompt-over"]);
const titles = signal<Record<string, string>>({});

function turnText(store: TableStore, view: View, me: string, offered: number, ui: ReturnType<typeof uiOf>): string {
  if (store.finished.value) return t("turn-over");
  // the server's prompt, unless it is the runtime's general one and the game says more
  const prompt = store.prompt.value;
  if (prompt && !(ui.turnLine && GENERAL_PROMPTS.has(prompt.key))) return prompt.text;
  if (ui.turnLine) return ui.turnLine(view, me);
  if (offered) return t("turn-yours");
  const waiting: string[] = Array.isArray(view.to_act) ? view.to_act.filter((p: string) => p !== me) : [];
  if (waiting.length) return t("turn-waiting", { players: listOf(waiting.map((p) => seatName(p))) });
  return typeof view.turn === "string" ? t("turn-waiting", { players: seatName(view.turn) }) : t("turn-wait");
}

/** A label the server sent that still names cards by id (a game without its texts yet). */
function namesIds(game: string, text: string): boolean {
  const cards = description(game).value?.cards;
  return !!cards && text.split(/[\s,:;()+]+/).some((w) => w.length > 2 && w in cards);
}

// More moves than this are offered by kind first (then the moves of the kind chosen)
const MOST_BUTTONS = 10;

function MoveList({ game, ui, view, moves, labels, busy, play, choices }: {
  game: string; ui: ReturnType<typeof uiOf>; view: View | null; moves: Move[]; labels: (Message | undefined)[]; busy: boolean; play: (m: Move) => void;
  choices?: Choices | null;
}) {
  const [kind, setKind] = useState<string | null>(null);
  const words = ui.words ?? builderWords(game);
  const kinds = [...new Set(moves.map((m) => String(m.type)))];
  const grouped = moves.length > MOST_BUTTONS && kinds.length > 1;
  const open = grouped && kind && kinds.includes(kind) ? kind : null;
  const label = (move: Move, i: number) => {
    // the game's own drawing of a move first (cards as tiles), then the server's words
    if (ui.moveLabel) return ui.moveLabel(move, view ?? {});
    const served = labels[i]?.text;
    if (served && !namesIds(game, served)) return served;
    return moveInWords(game, words, move);
  };
  if (grouped && !open) {
    return (
      <div id="moves" class="moves">
        {kinds.map((k) => (
          <button class="move group" data-kind={k} disabled={busy} onClick={() => setKind(k)}>
            {words.moveTitle(k) || labels[moves.findIndex((m) => m.type === k)]?.text || t("builder-move")} <span class="muted">({moves.filter((m) => m.type === k).length})</span>
          </button>
        ))}
      </div>
    );
  }
  return (
    <div id="moves" class="moves">
      {moves.map((move, i) => {
        if (open && move.type !== open) return null;
        // a setting switched by a move (Food Fight's automatic passing): a switch, as in the builder
        const setting = settingOf(choices, String(move.type));
        if (setting && setting.to === move[setting.name]) {
          return <SettingSwitch type={String(move.type)} to={setting.to} busy={busy} move={move}
            title={settingTitle(game, words, String(move.type), labels[i]?.text)} onToggle={() => { setKind(null); play(move); }} />;
        }
        return <button class="move" data-move={JSON.stringify(move)} disabled={busy} onClick={() => { setKind(null); play(move); }}>{label(move, i)}</button>;
      })}
      {open && <button type="button" class="secondary" id="moves-back" onClick={() => setKind(null)}>{t("moves-back")}</button>}
    </div>
  );
}

export function TablePage({ params: [game, gameId] }: PageProps) {
  const me = session.value!.player;
  const store = useMemo(() => new TableStore(game, gameId), [game, gameId]);
  const ui = uiOf(game);
  useEffect(() => {
    void store.run();
    if (!titles.value[game]) listGames().then((games) => { titles.value = Object.fromEntries(games.map((g) => [g.name, g.title])); }, () => {});
    return () => store.close();
  }, [store]);

  const view = store.view.value;
  const status = store.status.value;
  const finished = store.finished.value;
  const { moves, labels } = store.legalMoves();
  const busy = store.busy.value;
  const refusal = store.refusal.value;
  const title = description(game).value?.title ?? titles.value[game] ?? "";
  const play = (move: Move) => void store.play(move);
  const choices = store.choices() as Choices | null;
  // choices that only list whole moves (every field fixed) read better as the moves' buttons
  const building = !finished && ui.buildsMoves && !!choices?.moves?.length &&
    choices.moves.some((m) => m.fields.some((f: Record<string, unknown>) => !("const" in f) && !f.absent));
  const gameEnded = [...store.events.value].reverse().find((e) => e.type === "GameEnded" && e.message && !e.internal);
  const why = view ? ui.endWhy?.(view) ?? gameEnded?.message?.text ?? null : null;
  return (
    <div class="table" id="table" data-game={game} data-version={String(store.version.value)} data-finished={String(finished)}
      data-listed={String(store.listed.value?.version ?? "")} data-list-failed={String(store.listFailed.value)}
      data-kinds={String(choices?.moves?.length ?? "")} data-offered={String(moves.length)}>
      <div class="table-head">
        <h1>{title}</h1>
        <span id="status" class="status" data-state={status.state}>{t(status.key, status.args)}</span>
      </div>
      {store.spectating.value && <p id="spectating" class="muted">{t("table-spectating")}</p>}
      {view && <Seats store={store} view={view} />}
      {finished && view && <EndScreen store={store} view={view} me={me} why={why} />}
      {finished && view && <Rematch gameId={gameId} me={me} />}
      {!finished && <div id="end" hidden />}
      {/* once over, the end panel above says so: the line stays for screen readers alone */}
      <p id="turn" class={finished ? "turn sr-only" : "turn big"} aria-live="polite">{view ? turnText(store, view, me, moves.length, ui) : ""}</p>
      <p id="refusal" class="error" role="alert">{refusal ? (refusal === "no-seat" ? t("no-seat") : t("refused", { reason: refusal })) : ""}</p>
      {building && <MoveBuilder store={store} choices={choices!} words={ui.words ?? builderWords(game)} busy={busy} />}
      {!building && !(ui.buildsMoves && !store.listedNow() && moves.length > 0) && (
        <MoveList game={game} ui={ui} view={view} moves={moves} labels={labels} busy={busy} play={play} choices={choices} />
      )}
      <div id="board">
        {view && <ui.Board game={game} view={view} me={me} moves={moves} labels={labels} play={play} />}
      </div>
      <div class="table-panels">
        {view && <Chat game={game} gameId={gameId} me={me} players={view.players ?? []} />}
        <Log store={store} ui={ui} players={view?.players ?? []} me={me} />
      </div>
      <RulesPanel game={game} options={store.options.value ?? undefined} />
    </div>
  );
}

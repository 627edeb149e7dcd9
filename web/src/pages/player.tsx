// A player's page (docs/friends.md): their games of every game, newest first (ListPlayerGames:
// finished and cancelled, placings, scores, rating change), a rating chart over time per game
// (GetRatingHistory, drawn with uPlot), and each game replayed step by step (GetReplay:
// forward, back, jump to a step; their own seat's view or the spectator's) beside its audit.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useEffect, useRef, useState } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { gameService, leaderboard, listGames, reasonOf, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { ViewEncoding, type GetReplayResponse } from "../gen/foodgames/v1/game_pb";
import { uiOf } from "../games/registry";
import type { PlayerGame, RatingPoint } from "../gen/foodgames/v1/leaderboard_pb";
import { decimals, signed } from "../numbers";
import { language, t } from "../i18n";
import type { PageProps } from "./props";
import { session } from "../store";
import { seatTable } from "../table/names";
import { scoreHeading } from "../table/endwords";

function RatingChart({ game, points }: { game: string; points: RatingPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current || points.length === 0) return;
    // along the games played, oldest first (game 1, 2, ...): whole numbers in any language,
    // where a time axis wrote American dates and crowded games minutes apart; the values as the
    // reader's language writes numbers, and no legend of "--" where no pointer hovers
    const ordered = [...points].reverse();
    const xs = ordered.map((_, i) => i + 1);
    const ys = ordered.map((p) => p.rating);
    const chart = new uPlot({ width: Math.min(640, box.current.clientWidth || 640), height: 220,
                              title: t("player-chart", { game }), scales: { x: { time: false } },
                              legend: { show: false },
                              axes: [{ label: t("player-games-axis"), incrs: [1, 2, 5, 10, 20, 50, 100, 200],
                                       values: (_u, ticks) => ticks.map((v) => String(v)) },
                                     { label: t("player-rating"), size: 60,
                                       values: (_u, ticks) => ticks.map((v) => decimals(v, 1)) }],
                              series: [{ label: t("player-games-axis") },
                                       { label: t("player-rating"), stroke: "#2a6f4e", width: 2 }] },
                            [xs, ys], box.current);
    return () => chart.destroy();
  }, [points, game]);
  return <div class="rating-chart" data-game={game} data-points={points.length} ref={box} />;
}

function ReplayBoard({ game, viewJson, me }: { game: string; viewJson: string; me: string }) {
  const ui = uiOf(game);
  const view = JSON.parse(viewJson || "{}");
  // its bots named as the table named them ("Bot 1"), as on the table page
  useEffect(() => { if (Array.isArray(view.players)) seatTable(view.players); }, [viewJson]);
  return <ui.Board game={game} view={view} me={me} moves={[]} labels={[]} play={() => {}} />;
}

function Replay({ game, gameId, player, title, when }: { game: string; gameId: string; player: string; title: string; when: string }) {
  const me = session.value!;
  const [steps, setSteps] = useState<GetReplayResponse[]>([]);
  const [at, setAt] = useState(0);
  const [own, setOwn] = useState(me.player === player);
  const [error, setError] = useState("");
  useEffect(() => {
    const stop = new AbortController();
    setSteps([]); setAt(0); setError("");
    (async () => {
      const got: GetReplayResponse[] = [];
      try {
        const request = { gameId, viewEncoding: ViewEncoding.JSON, seatPlayer: own ? me.player : "" };
        for await (const step of gameService(game).getReplay(request, { signal: stop.signal })) got.push(step);
        setSteps(got);
      } catch (err) {
        if (!stop.signal.aborted) setError(reasonOf(err));
      }
    })();
    return () => stop.abort();
  }, [game, gameId, own]);
  const step = steps[at];
  return (
    <section class="replay" id="replay" data-game-id={gameId}>
      <h2 title={gameId}>{t("player-replay", { game: title, when })}</h2>
      {me.player === player && <label><input id="replay-own" type="checkbox" checked={own}
        onChange={(e) => setOwn((e.target as HTMLInputElement).checked)} /> {t("player-replay-own")}</label>}
      <p class="replay-controls">
        <button id="replay-back" disabled={at === 0} onClick={() => setAt(at - 1)}>{t("player-back")}</button>{" "}
        <input id="replay-jump" type="range" min={0} max={Math.max(0, steps.length - 1)} value={at}
               aria-label={t("player-jump")} onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))} />{" "}
        <button id="replay-forward" disabled={at >= steps.length - 1} onClick={() => setAt(at + 1)}>{t("player-forward")}</button>{" "}
        <span id="replay-step">{t("player-step", { step: at, steps: Math.max(0, steps.length - 1) })}</span>{" · "}
        <a href={`#/audit/${encodeURIComponent(gameId)}`}>{t("player-audit")}</a>
      </p>
      {step && <>
        <ul id="replay-events">{step.events.filter((e) => e.message?.text && !e.internal).map((e) => <li>{e.message!.text}</li>)}</ul>
        {/* where the table stood after it: whose turn, or how the game ended (a step whose events
            are the runtime's own has no line above) */}
        {step.prompt?.text && <p id="replay-prompt" class="turn">{step.prompt.text}</p>}
        {/* the step's view drawn as the table draws it, without its moves */}
        <div id="replay-view" class="replay-view">
          <ReplayBoard game={game} viewJson={step.viewJson} me={own ? me.player : ""} />
        </div>
      </>}
      <p class="error" role="alert">{error}</p>
    </section>
  );
}

function ended(g: PlayerGame): string {
  return g.endedAt ? timestampDate(g.endedAt).toLocaleString(language.value) : "";
}

// the rating the game left and its change, as the end screen and the leaderboard show them:
// "rating -1.37 (-0.62)", not a bare "-0.62" that reads as the rating
function ratingAfter(g: PlayerGame) {
  return { rating: decimals(g.rating), delta: signed(g.ratingDelta) };
}

export function PlayerPage({ params: [name] }: PageProps) {
  const me = session.value!;
  const player = name || me.player;
  const [games, setGames] = useState<PlayerGame[]>([]);
  const [next, setNext] = useState("");
  const [infos, setInfos] = useState<GameInfo[]>([]);
  const [history, setHistory] = useState<Record<string, RatingPoint[]>>({});
  const [replay, setReplay] = useState<PlayerGame | undefined>();
  const [error, setError] = useState("");
  useEffect(() => { listGames().then(setInfos, () => {}); }, []);

  async function more(token: string): Promise<void> {
    try {
      const page = await leaderboard.listPlayerGames({ player, game: "", pageSize: 20, pageToken: token });
      setGames((before) => (token ? [...before, ...page.games] : page.games));
      setNext(page.nextPageToken);
    } catch (err) {
      setError(reasonOf(err));
    }
  }
  useEffect(() => { void more(""); }, [player]);
  useEffect(() => {
    const names = [...new Set(games.filter((g) => g.ranked).map((g) => g.game))];
    for (const game of names) {
      if (history[game]) continue;
      leaderboard.getRatingHistory({ game, player, limit: 200 })
        .then((reply) => setHistory((h) => ({ ...h, [game]: reply.points })), () => {});
    }
  }, [games]);
  const title = (g: string) => titleIn(infos, g);
  return (
    <section class="card-panel player-page">
      <h1>{t("player-title", { player })}</h1>
      {Object.entries(history).filter(([, p]) => p.length).map(([game, points]) =>
        <RatingChart game={title(game)} points={points} />)}
      {games.length === 0 && <p id="player-none">{t("player-none")}</p>}
      <table id="player-games">
        <tbody>
          {games.map((g) => (
            <tr class="player-game" data-game-id={g.gameId}>
              <td>{ended(g)}</td>
              <td>{title(g.game)}</td>
              <td class="result">{g.cancelled ? (g.reasonMessage?.text ?? t("player-cancelled", { reason: g.reason }))
                : t("player-placing", { placing: g.placing, players: g.players.length, score: g.score,
                                      // the game's own word for what it counts ("Victory Points", "stars")
                                      word: scoreHeading(g.game) })}</td>
              <td class="delta">{g.rated ? t("player-delta", ratingAfter(g))
                : (g.ranked ? "" : t("player-casual"))}</td>
              <td>{!g.cancelled && <button class="player-replay" onClick={() => setReplay(g)}>{t("player-replay-button")}</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && <button id="player-more" onClick={() => more(next)}>{t("player-more")}</button>}
      {replay && <Replay game={replay.game} gameId={replay.gameId} player={player} title={title(replay.game)}
                         when={ended(replay)} />}
      <p class="error" role="alert">{error}</p>
    </section>
  );
}

// The leaderboards: the top of a board and the entries around me, per game, kind and season.
import { create } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, explain, leaderboard, listGames, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { BoardKind, BoardRefSchema, type LeaderboardEntry } from "../gen/foodgames/v1/leaderboard_pb";
import { t } from "../i18n";
import type { PageProps } from "./props";
import { session } from "../store";
import { decimals } from "../numbers";
import { shortName } from "../util";

type Loaded = {
  top?: { total: number; season: string; entries: LeaderboardEntry[] };
  around?: { rank: number; total: number; entries: LeaderboardEntry[] } | string;
  mine?: { rating: number; games: number; wins: number; rank: number; total: number } | string;
  error?: string;
};

function Board({ entries, wins, me }: { entries: LeaderboardEntry[]; wins: boolean; me: string }) {
  if (!entries.length) return <p class="muted">{t("lb-empty")}</p>;
  return (
    <table class="board-table">
      <thead><tr><th>#</th><th>{t("lb-player")}</th><th>{t(wins ? "lb-wins" : "lb-rating")}</th><th>{t("lb-games")}</th></tr></thead>
      <tbody>
        {entries.map((e) => (
          <tr class={e.player === me ? "mine" : ""} data-player={e.player}>
            <td>{e.rank}</td>
            <td title={e.player}><a class="lb-player" href={`#/player/${encodeURIComponent(e.player)}`}>
              {shortName(e.player)}</a>{e.provisional && <span class="muted" title={t("lb-provisional")}> ?</span>}</td>
            <td>{wins ? String(e.boardValue) : decimals(e.boardValue)}</td>
            <td>{e.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LeaderboardPage({ params: [chosen] }: PageProps) {
  const me = session.value!;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [game, setGame] = useState(chosen || "");
  const [kind, setKind] = useState<BoardKind>(BoardKind.RATING);
  const [season, setSeason] = useState("");
  const [loaded, setLoaded] = useState<Loaded>({});
  const wins = kind === BoardKind.WINS;

  useEffect(() => {
    listGames().then((found) => {
      setGames(found);
      if (!game && found.length) setGame(found[0].name);
    }, (err) => setLoaded({ error: String(err) }));
  }, []);

  useEffect(() => {
    if (!game) return;
    if (`#/leaderboard/${game}` !== location.hash) history.replaceState(null, "", `#/leaderboard/${encodeURIComponent(game)}`);
    const board = create(BoardRefSchema, { game, kind, season });
    let gone = false;
    (async () => {
      const next: Loaded = {};
      try {
        const reply = await leaderboard.getTop({ board, limit: 20 });
        next.top = { total: reply.total, season: reply.season, entries: reply.entries };
      } catch (err) {
        next.error = explain(err);
      }
      try {
        const reply = await leaderboard.getAroundPlayer({ board, player: me.player, radius: 3 });
        next.around = { rank: reply.playerRank, total: reply.total, entries: reply.entries };
      } catch (err) {
        next.around = codeOf(err) === Code.NotFound ? t("lb-not-on-board") : explain(err);
      }
      try {
        const player = await leaderboard.getPlayer({ game, player: me.player, season: "current" });
        const e = player.entry!;
        next.mine = { rating: e.rating, games: e.games, wins: e.wins, rank: e.rank, total: player.total };
      } catch (err) {
        const title = titleIn(games, game);
        next.mine = codeOf(err) === Code.NotFound ? t("lb-no-rated-game", { player: me.player, game: title }) : explain(err);
      }
      if (!gone) setLoaded(next);
    })();
    return () => { gone = true; };
  }, [game, kind, season, games.length]);

  const { top, around, mine } = loaded;
  // the "?" mark alone said nothing until hovered (and never on a phone): said once under both boards
  const provisional = [...(top?.entries ?? []), ...(typeof around === "object" ? around.entries : [])].some((e) => e.provisional);
  return (
    <section class="card-panel">
      <h1>{t("lb-title")}</h1>
      <div class="controls">
        <label>{t("lb-game")}{" "}
          <select id="lb-game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            {games.map((g) => <option value={g.name}>{g.title}</option>)}
          </select>
        </label>
        <label>{t("lb-board")}{" "}
          <select id="lb-kind" value={String(kind)} onChange={(e) => setKind(Number(e.currentTarget.value) as BoardKind)}>
            <option value={String(BoardKind.RATING)}>{t("lb-rating")}</option>
            <option value={String(BoardKind.WINS)}>{t("lb-wins")}</option>
          </select>
        </label>
        <label>{t("lb-season")}{" "}
          <select id="lb-season" value={season} onChange={(e) => setSeason(e.currentTarget.value)}>
            <option value="">{t("lb-all-time")}</option>
            <option value="current">{t("lb-this-season")}</option>
            <option value="previous">{t("lb-last-season")}</option>
          </select>
        </label>
      </div>
      <p id="my-standing">
        {typeof mine === "string" ? mine : mine && <>
          {t("lb-mine-rating", { player: shortName(me.player, 24) })}{" "}<b id="my-rating">{decimals(mine.rating)}</b>{" "}
          {t("lb-mine-rest", { games: mine.games, wins: mine.wins, rank: mine.rank, total: mine.total })}
        </>}
      </p>
      <p class="error" role="alert">{loaded.error ?? ""}</p>
      <div class="boards">
        <section>
          <h2>{t("lb-top")}</h2>
          <div id="top">
            {top && <><p class="muted">{top.season ? t("lb-total", { total: top.total, season: top.season }) : t("lb-total-all-time", { total: top.total })}</p>
              <Board entries={top.entries} wins={wins} me={me.player} /></>}
          </div>
        </section>
        <section>
          <h2>{t("lb-around")}</h2>
          <div id="around">
            {typeof around === "string" ? <p class="muted">{around}</p> : around && <>
              <p class="muted">{t("lb-you-are", { rank: around.rank, total: around.total })}</p>
              <Board entries={around.entries} wins={wins} me={me.player} /></>}
          </div>
        </section>
      </div>
      {provisional && <p class="muted lb-legend">{t("lb-provisional-legend")}</p>}
      {/* "rank 1 of 1" just after a game with three bots: say why they are not there */}
      <p class="muted" id="lb-bots">{t("lb-bots-unlisted")}</p>
      <p><a href="#/tournament" id="lb-tournaments">{t("lb-tournaments")}</a></p>
    </section>
  );
}

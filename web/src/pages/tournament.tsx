// A tournament: its standings (with the tie-breaks as columns) and every round's tables (seats,
// placings, each table's game linked to its audit page), read through the gateway and read
// again every few seconds until the tournament finishes. Without an id: the tournaments (the
// running ones first: ListTournaments) and a box to open one by id.
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, explain, tournaments } from "../api";
import type { GetStandingsResponse, Round, Table, Tournament } from "../gen/foodgames/v1/tournament_pb";
import { has, t } from "../i18n";
import type { PageProps } from "./props";
import { go } from "../store";
import { description } from "../table/describe";
import { score } from "../numbers";
import { sleep } from "../util";

// How often an unfinished tournament is read again.
const POLL_MS = 3000;


/** The tournaments a player may follow, each a link to its page. */
function TournamentList() {
  const [found, setFound] = useState<Tournament[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    tournaments.listTournaments({ game: "", pageSize: 30 }).then((r) => setFound(r.tournaments), (err) => setError(explain(err)));
  }, []);
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!found) return <p class="muted">{t("loading")}</p>;
  if (!found.length) return <p id="t-none">{t("t-none")}</p>;
  return (
    <ul id="t-list">
      {found.map((x) => (
        <li class="t-item" data-tournament={x.tournamentId} data-phase={x.phase}>
          <a href={`#/tournament/${encodeURIComponent(x.tournamentId)}`}>{description(x.game).value?.title ?? x.game}
            {x.ranked ? ` ${t("t-ranked")}` : ""}</a>{" "}<code class="muted">{x.tournamentId}</code>{" · "}
          {has(`t-phase-${x.phase}`) ? t(`t-phase-${x.phase}`) : x.phase}{" · "}
          {t("t-list-round", { round: x.currentRound, rounds: x.rounds })}{" · "}
          {t("t-list-entrants", { count: x.entrants.length })}
        </li>
      ))}
    </ul>
  );
}

function OpenForm() {
  const [wanted, setWanted] = useState("");
  return (
    <form class="t-open" id="t-open" onSubmit={(e) => { e.preventDefault(); if (wanted.trim()) go(`#/tournament/${encodeURIComponent(wanted.trim())}`); }}>
      <label for="t-id">{t("t-open")}</label>
      <div class="t-open-row">
        <input id="t-id" placeholder={t("t-id")} value={wanted} spellcheck={false} autocapitalize="off"
          onInput={(e) => setWanted(e.currentTarget.value)} />
        <button class="primary" type="submit">{t("t-open-button")}</button>
      </div>
    </form>
  );
}

function Standings({ s }: { s: GetStandingsResponse }) {
  if (s.teams.length) {
    return (
      <table class="board-table t-standings" id="t-standings">
        <thead><tr>{["#", "t-col-table", "t-col-players", "t-col-wins", "t-col-best", "t-col-total", "t-col-games"]
          .map((c) => <th>{c === "#" ? c : t(c)}</th>)}</tr></thead>
        <tbody>{s.teams.map((x) => (
          <tr data-table={x.table} class={x.withdrawn ? "dropped" : ""}>
            <td>{x.rank}</td><td>{x.table}</td><td>{x.players.join(", ")}</td><td>{x.wins}</td>
            <td>{score(x.bestPoints)}</td><td>{score(x.totalPoints)}</td><td>{x.games}</td>
          </tr>))}</tbody>
      </table>
    );
  }
  if (!s.rows.length) return <p class="muted" id="t-standings">{t("t-no-round")}</p>;
  return (
    <div class="scroll">
      <table class="board-table t-standings" id="t-standings">
        <thead><tr>
          <th>#</th><th>{t("t-col-player")}</th><th title={t("t-col-pts-title")}>{t("t-col-pts")}</th>
          <th title={t("t-col-gp-title")}>{t("t-col-gp")}</th><th title={t("t-col-oa-title")}>{t("t-col-oa")}</th>
          <th title={t("t-col-h2h-title")}>{t("t-col-h2h")}</th><th title={t("t-col-seed-title")}>{t("t-col-seed")}</th>
          <th>{t("t-col-byes")}</th>
        </tr></thead>
        <tbody>{s.rows.map((r) => (
          <tr data-player={r.player} class={r.dropped ? "dropped" : ""}>
            <td>{r.rank}</td><td>{r.player}{r.dropped && <span class="muted"> {t("t-dropped")}</span>}</td>
            <td>{score(r.points)}</td><td>{score(r.gamePoints)}</td><td>{score(r.opponentsAverage)}</td>
            <td>{r.headToHead}</td><td>{r.seed}</td><td>{r.byes}</td>
          </tr>))}</tbody>
      </table>
      <p class="muted t-legend">{t("t-legend")}</p>
    </div>
  );
}

function tableStatus(x: Table): string {
  if (x.finished) return "finished";
  if (x.gameId) return "playing";
  return x.seats.length ? "seated" : "waiting";
}

function TableCard({ x }: { x: Table }) {
  const seated = x.seats.length ? x.seats : x.players;
  const status = tableStatus(x);
  return (
    <div class="t-table" data-table={x.number} data-status={status}>
      <div class="t-table-head"><b>{t("t-table", { number: x.number })}</b>
        <span class="status t-status" data-state={status === "playing" ? "live" : ""}>{t(`t-status-${status}`)}</span></div>
      <ul class="t-seats">{seated.map((player, seat) => (
        <li data-player={player}>
          <span class="t-seat muted">{x.seats.length ? t("t-seat", { seat: seat + 1 }) : ""}</span> <b>{player}</b>
          {x.finished && x.placings.length > seat &&
            <span class="t-place"> #{x.placings[seat]}{x.points.length > seat && <span class="muted"> · {t("t-points", { points: score(x.points[seat]), count: x.points[seat] })}</span>}</span>}
        </li>))}</ul>
      {x.teamWon !== undefined && <p class={x.teamWon ? "up" : "down"}>{t(x.teamWon ? "t-team-won" : "t-team-lost")}</p>}
      {x.gameId && <p class="t-game"><a class="game-link" href={`#/audit/${encodeURIComponent(x.gameId)}`}>{t("t-game-link")}</a></p>}
    </div>
  );
}

function RoundView({ r, x }: { r: Round; x: Tournament }) {
  const state = r.closed ? "closed" : r.number === x.currentRound ? "playing" : "planned";
  return (
    <section class="card-panel t-round" data-round={r.number}>
      <h2>{t("t-round", { number: r.number })}<span class="muted"> · {t(`t-round-${state}`)}</span></h2>
      <div class="t-tables">{r.tables.map((table) => <TableCard x={table} />)}</div>
      {r.byes.length > 0 && <p class="muted t-byes">{t("t-byes", { players: r.byes.join(", ") })}</p>}
    </section>
  );
}

function Summary({ x, s }: { x: Tournament; s: GetStandingsResponse }) {
  const phase = has(`t-phase-${x.phase}`) ? t(`t-phase-${x.phase}`) : x.phase;
  return (
    <dl class="kv t-summary">
      <dt>{t("t-game")}</dt><dd data-game={x.game}>{description(x.game).value?.title ?? x.game}{x.ranked ? ` ${t("t-ranked")}` : ""}</dd>
      <dt>{t("t-phase")}</dt><dd id="t-phase" data-phase={x.phase}>{phase}</dd>
      <dt>{t("t-round-label")}</dt><dd>{t("t-round-of", { round: x.currentRound, rounds: x.rounds })}</dd>
      <dt>{t("t-entrants")}</dt><dd>{x.entrants.length}{x.dropped.length ? ` ${t("t-dropped-count", { count: x.dropped.length })}` : ""}</dd>
      {x.winners.length > 0 && <><dt>{t("t-won-by")}</dt><dd id="t-winners"><b>{x.winners.join(", ")}</b></dd></>}
      <dt>{t("t-standings")}</dt><dd>{s.round ? t(s.final ? "t-standings-final" : "t-standings-after", { round: s.round }) : t("t-standings-none")}</dd>
      {x.stalled && <><dt>{t("t-stalled")}</dt><dd class="error">{x.stalled}</dd></>}
    </dl>
  );
}

export function TournamentPage({ params: [id] }: PageProps) {
  const [data, setData] = useState<{ x: Tournament; s: GetStandingsResponse } | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    if (!id) return;
    const stop = new AbortController();
    (async () => {
      while (!stop.signal.aborted) {
        let finished = false;
        try {
          const [reply, s] = await Promise.all([tournaments.getTournament({ tournamentId: id }), tournaments.getStandings({ tournamentId: id })]);
          if (stop.signal.aborted) return;
          setError("");
          setData({ x: reply.tournament!, s });
          finished = reply.tournament!.phase === "finished";
        } catch (err) {
          setError(explain(err));
          // no such tournament (or a malformed id) will not appear by asking again
          if (codeOf(err) === Code.NotFound || codeOf(err) === Code.InvalidArgument) return;
        }
        if (finished) return;
        await sleep(POLL_MS, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [id]);

  if (!id) {
    return (
      <section class="card-panel">
        <h1>{t("t-title-all")}</h1>
        <p>{t("t-intro")}</p>
        <TournamentList />
        <OpenForm />
      </section>
    );
  }
  return (
    <div data-version={data ? String(data.x.version) : undefined}>
      <section class="card-panel">
        <h1>{t("t-title")} <code>{id}</code></h1>
        <div id="t-head">{data ? <Summary x={data.x} s={data.s} /> : <p class="muted">{t("loading")}</p>}</div>
        <p class="error" role="alert" id="t-error">{error}</p>
      </section>
      <section class="card-panel"><h2>{t("t-standings-title")}</h2><div id="t-standings-box">{data && <Standings s={data.s} />}</div></section>
      <div id="t-rounds">{data && [...data.x.roundList].reverse().map((r) => <RoundView r={r} x={data.x} />)}</div>
      <section class="card-panel"><OpenForm /></section>
    </div>
  );
}

// A tournament: its standings (with the tie-breaks as columns) and every round's tables (seats,
// placings, each table's game linked to its audit page), read through the gateway and read
// again every few seconds until the tournament finishes. Without an id: a box to open one.
import { Code, codeOf, explain, tournaments } from "../api";
import { fill, h, sleep } from "../dom";
import type { GetStandingsResponse, Round, Table, Tournament } from "../gen/foodgames/v1/tournament_pb";

// How often an unfinished tournament is read again.
const POLL_MS = 3000;

/** A score as the standings show it: whole numbers plain, else two decimals. */
export function score(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

function openForm(id = ""): HTMLElement {
  const input = h("input", { id: "t-id", placeholder: "tournament id", value: id, spellcheck: "false", autocapitalize: "off" });
  const form = h("form", { class: "t-open", id: "t-open" }, h("label", { for: "t-id" }, "Open a tournament by id"),
    h("div", { class: "t-open-row" }, input, h("button", { class: "primary", type: "submit" }, "Open")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = input.value.trim();
    if (wanted) location.hash = `#/tournament/${encodeURIComponent(wanted)}`;
  });
  return form;
}

function standingsTable(s: GetStandingsResponse): HTMLElement {
  if (s.teams.length) {
    return h("table", { class: "board-table t-standings", id: "t-standings" },
      h("thead", {}, h("tr", {}, ["#", "table", "players", "wins", "best", "total", "games"].map((c) => h("th", {}, c)))),
      h("tbody", {}, s.teams.map((t) => h("tr", { "data-table": t.table, class: t.withdrawn ? "dropped" : "" },
        h("td", {}, String(t.rank)), h("td", {}, String(t.table)), h("td", {}, t.players.join(", ")),
        h("td", {}, String(t.wins)), h("td", {}, score(t.bestPoints)), h("td", {}, score(t.totalPoints)),
        h("td", {}, String(t.games))))));
  }
  if (!s.rows.length) return h("p", { class: "muted", id: "t-standings" }, "No round has closed yet.");
  return h("div", { class: "scroll" }, h("table", { class: "board-table t-standings", id: "t-standings" },
    h("thead", {}, h("tr", {},
      h("th", {}, "#"), h("th", {}, "player"), h("th", { title: "tournament points" }, "pts"),
      h("th", { title: "game points (1st tie-break)" }, "GP"),
      h("th", { title: "opponents' average tournament points (2nd tie-break)" }, "OA"),
      h("th", { title: "head to head among the tied (3rd tie-break)" }, "H2H"),
      h("th", { title: "seed: round 1's drawn order (last tie-break)" }, "seed"), h("th", {}, "byes"))),
    h("tbody", {}, s.rows.map((r) => h("tr", { "data-player": r.player, class: r.dropped ? "dropped" : "" },
      h("td", {}, String(r.rank)), h("td", {}, r.player, r.dropped ? h("span", { class: "muted" }, " (dropped)") : ""),
      h("td", {}, score(r.points)), h("td", {}, score(r.gamePoints)), h("td", {}, score(r.opponentsAverage)),
      h("td", {}, String(r.headToHead)), h("td", {}, String(r.seed)), h("td", {}, String(r.byes)))))),
    h("p", { class: "muted t-legend" }, "Ranked by tournament points (pts), then game points (GP), opponents' average ",
      "points (OA), head to head among the tied (H2H) and round 1's drawn seed."));
}

function tableStatus(t: Table): string {
  if (t.finished) return "finished";
  if (t.gameId) return "playing";
  return t.seats.length ? "seated" : "waiting for its draw";
}

function tableCard(t: Table): HTMLElement {
  const seated = t.seats.length ? t.seats : t.players;
  const status = tableStatus(t);
  return h("div", { class: "t-table", "data-table": t.number, "data-status": status },
    h("div", { class: "t-table-head" }, h("b", {}, `Table ${t.number}`),
      h("span", { class: "status t-status", "data-state": status === "playing" ? "live" : "" }, status)),
    h("ul", { class: "t-seats" }, seated.map((player, seat) => h("li", { "data-player": player },
      h("span", { class: "t-seat muted" }, t.seats.length ? `seat ${seat}` : ""), " ", h("b", {}, player),
      t.finished && t.placings.length > seat
        ? h("span", { class: "t-place" }, ` #${t.placings[seat]}`, t.points.length > seat ? h("span", { class: "muted" }, ` · ${score(t.points[seat])} pts`) : "")
        : ""))),
    t.teamWon !== undefined ? h("p", { class: t.teamWon ? "up" : "down" }, t.teamWon ? "the table won" : "the table lost") : "",
    t.gameId ? h("p", { class: "t-game" }, "game ", h("a", { class: "game-link", href: `#/audit/${encodeURIComponent(t.gameId)}` }, h("code", {}, t.gameId))) : "");
}

function roundSection(r: Round, t: Tournament): HTMLElement {
  const state = r.closed ? "closed" : r.number === t.currentRound ? "in play" : "planned";
  return h("section", { class: "card-panel t-round", "data-round": r.number },
    h("h2", {}, `Round ${r.number}`, h("span", { class: "muted" }, ` · ${state}`)),
    h("div", { class: "t-tables" }, r.tables.map(tableCard)),
    r.byes.length ? h("p", { class: "muted t-byes" }, `bye: ${r.byes.join(", ")}`) : "");
}

function summary(t: Tournament, s: GetStandingsResponse): HTMLElement {
  return h("dl", { class: "kv t-summary" },
    h("dt", {}, "game"), h("dd", {}, t.game, t.ranked ? " (ranked)" : ""),
    h("dt", {}, "phase"), h("dd", { id: "t-phase", "data-phase": t.phase }, t.phase),
    h("dt", {}, "round"), h("dd", {}, `${t.currentRound} of ${t.rounds}`),
    h("dt", {}, "entrants"), h("dd", {}, `${t.entrants.length}${t.dropped.length ? ` (${t.dropped.length} dropped)` : ""}`),
    t.winners.length ? [h("dt", {}, "won by"), h("dd", { id: "t-winners" }, h("b", {}, t.winners.join(", ")))] : "",
    h("dt", {}, "standings"), h("dd", {}, s.round ? `${s.final ? "final, " : ""}after round ${s.round}` : "none yet"),
    t.stalled ? [h("dt", {}, "stalled"), h("dd", { class: "error" }, t.stalled)] : "");
}

export function tournamentPage(root: HTMLElement, [id]: string[]): () => void {
  const stop = new AbortController();
  if (!id) {
    root.append(h("section", { class: "card-panel" }, h("h1", {}, "Tournaments"),
      h("p", {}, "A tournament's rounds, tables and standings: ask its organiser for its id."), openForm()));
    return () => stop.abort();
  }
  const head = h("div", { id: "t-head" }, h("p", { class: "muted" }, "Loading…"));
  const error = h("p", { class: "error", role: "alert", id: "t-error" });
  const standings = h("div", { id: "t-standings-box" });
  const rounds = h("div", { id: "t-rounds" });
  root.append(
    h("section", { class: "card-panel" }, h("h1", {}, "Tournament ", h("code", {}, id)), head, error),
    h("section", { class: "card-panel" }, h("h2", {}, "Standings"), standings),
    rounds,
    h("section", { class: "card-panel" }, openForm()));

  (async () => {
    while (!stop.signal.aborted) {
      let finished = false;
      try {
        const [t, s] = await Promise.all([tournaments.getTournament({ tournamentId: id }), tournaments.getStandings({ tournamentId: id })]);
        if (stop.signal.aborted) return;
        const tournament = t.tournament!;
        error.textContent = "";
        fill(head, summary(tournament, s));
        fill(standings, standingsTable(s));
        fill(rounds, [...tournament.roundList].reverse().map((r) => roundSection(r, tournament)));
        root.dataset.version = String(tournament.version);
        finished = tournament.phase === "finished";
      } catch (err) {
        error.textContent = explain(err);
        // no such tournament (or a malformed id) will not appear by asking again
        if (codeOf(err) === Code.NotFound || codeOf(err) === Code.InvalidArgument) return;
      }
      if (finished) return;
      await sleep(POLL_MS, stop.signal);
    }
  })();
  return () => stop.abort();
}

// The leaderboards: the top of a board and the entries around me, per game, kind and season.
import { create } from "@bufbuild/protobuf";
import { Code, codeOf, explain, leaderboard, listGames } from "../api";
import { fill, h } from "../dom";
import { BoardKind, BoardRefSchema, type LeaderboardEntry } from "../gen/foodgames/v1/leaderboard_pb";
import { current } from "../session";

export function leaderboardPage(root: HTMLElement, [chosen]: string[]): void {
  const me = current()!;
  const gameSelect = h("select", { id: "lb-game" });
  const kind = h("select", { id: "lb-kind" },
    h("option", { value: String(BoardKind.RATING) }, "rating"), h("option", { value: String(BoardKind.WINS) }, "wins"));
  const season = h("select", { id: "lb-season" },
    h("option", { value: "" }, "all time"), h("option", { value: "current" }, "this season"),
    h("option", { value: "previous" }, "last season"));
  const top = h("div", { id: "top" });
  const around = h("div", { id: "around" });
  const error = h("p", { class: "error", role: "alert" });
  const mine = h("p", { id: "my-standing" });
  root.append(h("section", { class: "card-panel" }, h("h1", {}, "Leaderboard"),
    h("div", { class: "controls" }, h("label", {}, "Game ", gameSelect), h("label", {}, "Board ", kind), h("label", {}, "Season ", season)),
    mine, error,
    h("div", { class: "boards" }, h("section", {}, h("h2", {}, "Top 20"), top), h("section", {}, h("h2", {}, "Around you"), around)),
    h("p", {}, h("a", { href: "#/tournament", id: "lb-tournaments" }, "Tournaments: open one by id"))));

  function table(entries: LeaderboardEntry[], wins: boolean): HTMLElement {
    if (!entries.length) return h("p", { class: "muted" }, "No one is on this board yet.");
    return h("table", { class: "board-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "player"), h("th", {}, wins ? "wins" : "rating"), h("th", {}, "games"))),
      h("tbody", {}, entries.map((e) => h("tr", { class: e.player === me.player ? "mine" : "", "data-player": e.player },
        h("td", {}, String(e.rank)), h("td", {}, e.player, e.provisional ? h("span", { class: "muted", title: "provisional rating" }, " ?") : ""),
        h("td", {}, wins ? String(e.boardValue) : e.boardValue.toFixed(2)), h("td", {}, String(e.games))))));
  }

  async function load(): Promise<void> {
    const game = gameSelect.value;
    if (`#/leaderboard/${game}` !== location.hash) history.replaceState(null, "", `#/leaderboard/${encodeURIComponent(game)}`);
    const board = create(BoardRefSchema, { game, kind: Number(kind.value) as BoardKind, season: season.value });
    const wins = board.kind === BoardKind.WINS;
    error.textContent = "";
    try {
      const reply = await leaderboard.getTop({ board, limit: 20 });
      fill(top, h("p", { class: "muted" }, `${reply.total} players${reply.season ? ` · season ${reply.season}` : ""}`), table(reply.entries, wins));
    } catch (err) {
      fill(top);
      error.textContent = explain(err);
    }
    try {
      const reply = await leaderboard.getAroundPlayer({ board, player: me.player, radius: 3 });
      fill(around, h("p", { class: "muted" }, `you are #${reply.playerRank} of ${reply.total}`), table(reply.entries, wins));
    } catch (err) {
      fill(around, h("p", { class: "muted" }, codeOf(err) === Code.NotFound ? "You are not on this board yet: play a ranked game." : explain(err)));
    }
    try {
      const player = await leaderboard.getPlayer({ game, player: me.player, season: "current" });
      const e = player.entry!;
      fill(mine, `${me.player}: rating `, h("b", { id: "my-rating" }, e.rating.toFixed(2)), ` after ${e.games} game${e.games === 1 ? "" : "s"}, ${e.wins} won; rank ${e.rank} of ${player.total}`);
    } catch (err) {
      fill(mine, codeOf(err) === Code.NotFound ? `${me.player} has no rated game of ${game} yet.` : explain(err));
    }
  }

  for (const control of [gameSelect, kind, season]) control.addEventListener("change", load);
  listGames().then((games) => {
    for (const g of games) gameSelect.append(h("option", { value: g.name, selected: g.name === chosen }, g.title));
    load();
  }, (err) => { error.textContent = String(err); });
}

// Choose a game and a table size, and queue through the matchmaker.
import { Code, codeOf, explain, listGames, matchmaking, type GameInfo } from "../api";
import { h } from "../dom";
import { current, seats } from "../session";

export function playPage(root: HTMLElement): void {
  const me = current()!;
  const error = h("p", { class: "error", id: "queue-error", role: "alert" });
  const gameSelect = h("select", { id: "game", name: "game" });
  const players = h("select", { id: "players", name: "players" });
  const ranked = h("input", { id: "ranked", type: "checkbox", checked: true });
  const button = h("button", { id: "queue", type: "submit", class: "primary", disabled: true }, "Queue");
  let games: GameInfo[] = [];

  function sizes(): void {
    const game = games.find((g) => g.name === gameSelect.value);
    players.replaceChildren();
    if (!game) return;
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(h("option", { value: n, selected: n === Math.min(4, game.max_players) }, `${n} players`));
    }
  }
  gameSelect.addEventListener("change", sizes);

  const form = h("form", { class: "card-panel" },
    h("h1", {}, `Play, ${me.player}`),
    h("label", { for: "game" }, "Game"), gameSelect,
    h("label", { for: "players" }, "Table size"), players,
    h("label", { class: "inline" }, ranked, " ranked (counts for the leaderboard)"),
    button, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    button.disabled = true;
    const size = Number(players.value);
    try {
      const reply = await matchmaking.createTicket({
        game: gameSelect.value, minPlayers: size, maxPlayers: size, ranked: ranked.checked,
      });
      location.hash = `#/queue/${encodeURIComponent(reply.ticket!.ticketId)}`;
    } catch (err) {
      // one live ticket per player and game: the matchmaker names it; follow that one
      const live = /live ticket (\S+)/.exec(explain(err));
      if (codeOf(err) === Code.AlreadyExists && live) {
        location.hash = `#/queue/${encodeURIComponent(live[1])}`;
        return;
      }
      error.textContent = explain(err);
      button.disabled = false;
    }
  });

  const mine = Object.values(seats());
  root.append(form);
  if (mine.length) {
    root.append(h("section", { class: "card-panel" }, h("h2", {}, "Your games in this tab"),
      h("ul", { id: "my-games" }, mine.reverse().map((s) =>
        h("li", {}, h("a", { href: `#/table/${s.game}/${s.gameId}` }, `${s.game} ${s.gameId}`), ` (seat ${s.seat + 1})`)))));
  }

  listGames().then((found) => {
    games = found;
    // Foodie Forest first: the game whose table is drawn as cards
    for (const g of games) gameSelect.append(h("option", { value: g.name, selected: g.name === "foodie-forest" }, g.title));
    sizes();
    button.disabled = false;
  }, (err) => { error.textContent = String(err); });
}

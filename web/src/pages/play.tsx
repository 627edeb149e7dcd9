// Choose a game, a table size and the game's options, and queue through the matchmaker.
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, explain, listGames, matchmaking, type GameInfo } from "../api";
import { t } from "../i18n";
import { seats } from "../session";
import { go, session } from "../store";
import { shortName } from "../util";

export function PlayPage() {
  const me = session.value!;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [game, setGame] = useState("foodie-forest");
  const [players, setPlayers] = useState(4);
  const [ranked, setRanked] = useState(true);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState("");
  const info = games.find((g) => g.name === game);

  useEffect(() => {
    listGames().then((found) => {
      setGames(found);
      setBusy(false);
    }, (err) => setError(String(err)));
  }, []);

  function choose(name: string): void {
    setGame(name);
    const g = games.find((x) => x.name === name);
    if (g) setPlayers(Math.min(4, g.max_players));
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setError("");
    setBusy(true);
    try {
      const reply = await matchmaking.createTicket({ game, minPlayers: players, maxPlayers: players, ranked });
      go(`#/queue/${encodeURIComponent(reply.ticket!.ticketId)}`);
    } catch (err) {
      // one live ticket per player and game: the matchmaker names it; follow that one
      const live = /live ticket (\S+)/.exec(explain(err));
      if (codeOf(err) === Code.AlreadyExists && live) {
        go(`#/queue/${encodeURIComponent(live[1])}`);
        return;
      }
      setError(explain(err));
      setBusy(false);
    }
  }

  const mine = Object.values(seats()).reverse();
  const sizes = info ? Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i) : [];
  return (
    <>
      <form class="card-panel" onSubmit={submit}>
        <h1>{t("play-title", { player: shortName(me.player, 24) })}</h1>
        <label for="game">{t("play-game")}</label>
        <select id="game" name="game" value={game} onChange={(e) => choose(e.currentTarget.value)}>
          {games.map((g) => <option value={g.name}>{g.title}</option>)}
        </select>
        <label for="players">{t("play-size")}</label>
        <select id="players" name="players" value={String(players)} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
          {sizes.map((n) => <option value={String(n)}>{t("play-players", { count: n })}</option>)}
        </select>
        <label class="inline">
          <input id="ranked" type="checkbox" checked={ranked} onChange={(e) => setRanked(e.currentTarget.checked)} />
          {" "}{t("play-ranked")}
        </label>
        <button id="queue" type="submit" class="primary" disabled={busy}>{t("play-queue")}</button>
        <p class="error" id="queue-error" role="alert">{error}</p>
      </form>
      {mine.length > 0 && (
        <section class="card-panel">
          <h2>{t("play-mine")}</h2>
          <ul id="my-games">
            {mine.map((s) => (
              <li><a href={`#/table/${s.game}/${s.gameId}`}>{games.find((g) => g.name === s.game)?.title ?? s.game}</a>
                {" "}{t("play-seat", { seat: s.seat + 1 })}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

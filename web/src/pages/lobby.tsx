// The open tables lobby (docs/friends.md): every public table that waits for players, live
// from WatchOpenTables, each joined in one click.
import { useEffect, useState } from "preact/hooks";
import { listGames, reasonOf, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { tables } from "../friends";
import type { PrivateTable } from "../gen/foodgames/v1/tables_pb";
import { t } from "../i18n";
import type { PageProps } from "./props";
import { tableTerms } from "./tableline";
import { go } from "../store";
import { sleep } from "../util";

export function LobbyPage({ params: [game] }: PageProps) {
  const [open, setOpen] = useState<PrivateTable[]>([]);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [error, setError] = useState("");
  useEffect(() => { listGames().then(setGames, () => {}); }, []);
  useEffect(() => {
    const stop = new AbortController();
    (async () => {
      while (!stop.signal.aborted) {
        try {
          for await (const update of tables.watchOpenTables({ game: game ?? "" }, { signal: stop.signal })) {
            setError("");
            setOpen(update.tables);
          }
        } catch (err) {
          if (stop.signal.aborted) return;
          setError(reasonOf(err));
        }
        await sleep(1000, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [game]);
  const title = (name: string) => titleIn(games, name);
  return (
    <section class="card-panel">
      <h1>{t("lobby-title")}</h1>
      <p><a id="lobby-host" href="#/host">{t("lobby-host")}</a></p>
      {open.length === 0 && <p id="lobby-empty">{t("lobby-empty")}</p>}
      <ul id="lobby-tables">
        {open.map((table) => (
          <li class="lobby-table" data-table={table.tableId}>
            <strong>{title(table.game)}</strong>{" "}
            {t("lobby-row", { host: table.host, free: table.freeSeats, seats: table.seats })}{" · "}
            {tableTerms(table)}{" "}
            <button class="lobby-join" onClick={() => go(`#/join/${table.code}`)}>{t("lobby-join")}</button>
          </li>
        ))}
      </ul>
      <p class="error" role="alert">{error}</p>
    </section>
  );
}

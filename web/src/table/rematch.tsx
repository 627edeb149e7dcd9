// The rematch on the end screen of a private table's game (docs/friends.md): each player asks;
// once every human has, the matchmaker starts one new table with the same players and options,
// and every player's page offers its link and follows it to the new game.
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, reasonOf } from "../api";
import { tables } from "../friends";
import { TableState, type PrivateTable } from "../gen/foodgames/v1/tables_pb";
import { listOf, t } from "../i18n";
import { seatAndGo } from "../pages/join";
import { shortName, sleep } from "../util";

// a private table's game is "<table id>-g" (services/matchmaking/tableservice.py)
const GAME_OF_TABLE = /^(pt-[0-9a-f]+)-g$/;
// a started table is not streamed (WatchTable ends): it is read again this often
const POLL_MS = 1000;

export function tableOf(gameId: string): string | null {
  return GAME_OF_TABLE.exec(gameId)?.[1] ?? null;
}

export function Rematch({ gameId, me }: { gameId: string; me: string }) {
  const tableId = tableOf(gameId);
  const [table, setTable] = useState<PrivateTable | undefined>();
  const [next, setNext] = useState<PrivateTable | undefined>();
  const [error, setError] = useState("");

  useEffect(() => {
    if (!tableId) return;
    const stop = new AbortController();
    (async () => {
      let current: PrivateTable | undefined;
      // a rematch made while this page was open is followed; an older one only offered
      let follow = true;
      let first = true;
      // until every human asked: the table names its rematch
      while (!stop.signal.aborted && !current?.rematchTableId) {
        try {
          current = (await tables.getTable({ tableId, code: "" })).table!;
          if (first && current.rematchTableId) follow = false;
          first = false;
          setTable(current);
        } catch (err) {
          if (codeOf(err) === Code.NotFound) return; // not a private table's game: no rematch
          setError(reasonOf(err));
        }
        if (!current?.rematchTableId) await sleep(POLL_MS, stop.signal);
      }
      // then the new table, until its game is created: it is followed
      while (!stop.signal.aborted && current) {
        try {
          const fresh = (await tables.getTable({ tableId: current.rematchTableId, code: "" })).table!;
          setNext(fresh);
          if (fresh.state === TableState.STARTED) { if (follow) seatAndGo(fresh, me); return; }
          if (fresh.state === TableState.EXPIRED) return;
        } catch (err) {
          setError(reasonOf(err));
        }
        await sleep(POLL_MS, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [tableId]);

  if (!tableId || !table || !table.players.includes(me)) return null; // a spectator asks for none
  const asked = table.rematch.includes(me);
  async function ask(): Promise<void> {
    try {
      setTable((await tables.requestRematch({ tableId: tableId! })).table!);
      setError("");
    } catch (err) {
      setError(reasonOf(err));
    }
  }
  const route = next?.gameId ? `#/table/${encodeURIComponent(next.game)}/${encodeURIComponent(next.gameId)}` : "";
  return (
    <section id="rematch" class="card-panel rematch" data-asked={String(asked)} data-rematch={table.rematchTableId}>
      {!asked && !table.rematchTableId && <button id="rematch-ask" class="primary" onClick={() => void ask()}>{t("rematch-ask")}</button>}
      {table.rematch.length > 0 && !table.rematchTableId && (
        <p id="rematch-asked">{t("rematch-asked", { players: listOf(table.rematch.map(shortName)), count: table.rematch.length })}</p>
      )}
      {table.rematchTableId && <p id="rematch-ready">{route ? <a id="rematch-link" href={route}>{t("rematch-go")}</a> : t("rematch-starting")}</p>}
      <p class="error" role="alert" id="rematch-error">{error}</p>
    </section>
  );
}

// A private table (docs/friends.md): #/host opens one, #/join/<code> takes a seat at it (the
// link a host shares), shows who came, and lets the host fill the rest with bots or start; once
// the game starts every seat goes to its table page.
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, listGames, reasonOf, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { tables } from "../friends";
import { TableState, type PrivateTable } from "../gen/foodgames/v1/tables_pb";
import { t } from "../i18n";
import type { PageProps } from "./props";
import { sendClientSeed } from "../seed";
import { rememberSeat } from "../session";
import { go, session } from "../store";
import { description, optionList, type GameOption } from "../table/describe";
import { offered } from "../table/offered";
import { sleep } from "../util";
import { OptionField } from "./play";
import { tableTerms } from "./tableline";

export function HostPage(_: PageProps) {
  const [games, setGames] = useState<GameInfo[]>([]);
  const [game, setGame] = useState("");
  const [seats, setSeats] = useState(0);
  const [ranked, setRanked] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => { listGames().then((found) => { setGames(found); setGame(found[0]?.name ?? ""); }, () => {}); }, []);
  const info = games.find((g) => g.name === game);
  // the game's options (DescribeGame), as the play page offers them; the changed ones go on the table
  const [chosen, setChosen] = useState<Record<string, unknown>>({});
  // an option that applies with some values of the others only (only_with) is offered and sent with them alone
  const valueOf = (o: GameOption) => (o.name in chosen ? chosen[o.name] : o.default);
  const options = offered(optionList(description(game).value?.options), valueOf);
  const changed = Object.fromEntries(options.filter((o) => o.name in chosen && chosen[o.name] !== o.default).map((o) => [o.name, chosen[o.name]]));

  async function create(event: Event): Promise<void> {
    event.preventDefault();
    try {
      const table = (await tables.createTable({ game, seats: seats || info?.min_players || 0, ranked, public: open,
                                                spectators: true, options: changed as any })).table!;
      go(`#/join/${table.code}`);
    } catch (err) {
      setError(reasonOf(err));
    }
  }
  return (
    <section class="card-panel">
      <h1>{t("host-title")}</h1>
      <form onSubmit={create}>
        <label>{t("play-game")}{" "}
          <select id="host-game" value={game} onChange={(e) => { setGame((e.target as HTMLSelectElement).value); setChosen({}); }}>
            {games.map((g) => <option value={g.name}>{g.title}</option>)}
          </select>
        </label>
        <label>{t("host-seats")}{" "}
          <input id="host-seats" type="number" min={info?.min_players ?? 1} max={info?.max_players ?? 6}
                 value={seats || info?.min_players || ""} onInput={(e) => setSeats(Number((e.target as HTMLInputElement).value))} />
        </label>
        <label><input id="host-ranked" type="checkbox" checked={ranked}
                      onChange={(e) => setRanked((e.target as HTMLInputElement).checked)} /> {t("host-ranked")}</label>
        <label><input id="host-public" type="checkbox" checked={open}
                      onChange={(e) => setOpen((e.target as HTMLInputElement).checked)} /> {t("host-public")}</label>
        {options.length > 0 && (
          <fieldset class="options" id="options">
            <legend>{t("play-options")}</legend>
            {options.map((o) => (
              <OptionField option={o} value={valueOf(o)}
                set={(v) => setChosen({ ...chosen, [o.name]: v })} />
            ))}
          </fieldset>
        )}
        <button id="host-create" type="submit" disabled={!game}>{t("host-create")}</button>
      </form>
      <p class="error" role="alert" id="host-error">{error}</p>
    </section>
  );
}

/** Remember the seat of a started table's game and go to its table. */
export function seatAndGo(table: PrivateTable, player: string): void {
  const seat = table.players.indexOf(player);
  if (seat < 0) return;
  rememberSeat({ game: table.game, gameId: table.gameId, seat, ranked: table.ranked });
  void sendClientSeed(table.gameId, seat);
  go(`#/table/${encodeURIComponent(table.game)}/${encodeURIComponent(table.gameId)}`);
}

export function JoinPage({ params: [code] }: PageProps) {
  const me = session.value!;
  const [table, setTable] = useState<PrivateTable | undefined>();
  const [error, setError] = useState("");
  const [copied, setCopied] = useState(false);
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => { listGames().then(setGames, () => {}); }, []);
  // the open table the player sits at when it is not this one (they must leave it to join here)
  const [elsewhere, setElsewhere] = useState<PrivateTable | undefined>();

  useEffect(() => {
    const stop = new AbortController();
    setTable(undefined);  // another code (the link to one's own table): start afresh
    setError("");
    setElsewhere(undefined);
    (async () => {
      let joined: PrivateTable | undefined;
      try {
        joined = (await tables.joinTable({ code })).table!;
      } catch (err) {
        // our own table (the host), or a seat taken before: read it instead
        if (codeOf(err) !== Code.AlreadyExists) { setError(reasonOf(err)); return; }
        try {
          joined = (await tables.getTable({ code, tableId: "" })).table!;
        } catch (again) { setError(reasonOf(again)); return; }
        if (!joined.players.includes(me.player)) {  // seated at another table: say so, lead there
          setError(reasonOf(err));
          tables.getTable({ code: "", tableId: "" }).then((r) => setElsewhere(r.table), () => {});
        }
      }
      setTable(joined);
      while (!stop.signal.aborted && joined.state === TableState.OPEN) {
        try {
          for await (const update of tables.watchTable({ tableId: joined.tableId }, { signal: stop.signal })) {
            joined = update.table!;
            setTable(joined);
          }
        } catch (err) {
          if (stop.signal.aborted) return;
          setError(reasonOf(err));
          await sleep(1000, stop.signal);
        }
      }
      if (joined.state === TableState.STARTED) seatAndGo(joined, me.player);
    })();
    return () => stop.abort();
  }, [code]);

  async function act(call: () => Promise<{ table?: PrivateTable }>): Promise<void> {
    try {
      const reply = await call();
      setTable(reply.table);
    } catch (err) {
      setError(reasonOf(err));
    }
  }

  // a guest leaves (their seat is free again), the host closes the table for everyone at it;
  // either may then sit elsewhere
  async function leave(tableId: string): Promise<void> {
    try {
      await tables.leaveTable({ tableId });
      go("#/play");
    } catch (err) {
      setError(reasonOf(err));
    }
  }

  const link = `${window.location.origin}/#/join/${code}`;
  const host = table?.host === me.player;
  const seated = !!table && table.players.includes(me.player);
  const title = titleIn(games, table?.game, "");
  const ended = table && (table.state === TableState.CLOSED || table.state === TableState.EXPIRED);
  return (
    <section class="card-panel">
      <h1>{t("join-title")}</h1>
      {table && <p id="join-about"><strong>{title}</strong>{" · "}
        {t("join-seats", { seats: table.seats })}{" · "}{tableTerms(table)}</p>}
      {ended && <>
        <p id="join-ended" class="big">{table.state === TableState.CLOSED ? t("join-closed", { host: table.host })
          : t("join-expired")}</p>
        <p><a id="join-back" href="#/play">{t("join-back")}</a></p>
      </>}
      {table && !ended && <>
        <p id="join-code" class="big">{t("join-code", { code })}</p>
        <p>
          <input id="join-link" readonly value={link} aria-label={t("join-link")} size={Math.min(60, link.length)} />{" "}
          <button id="join-copy" onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true), () => {})}>
            {copied ? t("join-copied") : t("join-copy")}</button>
        </p>
        <p id="join-players">{t("join-players", { players: table.players.join(", "), free: table.freeSeats })}</p>
        {elsewhere && <p><a id="join-elsewhere" href={`#/join/${elsewhere.code}`}>{t("join-elsewhere")}</a></p>}
        {host && table.state === TableState.OPEN && <p>
          <button id="join-fill" onClick={() => act(() => tables.fillWithBots({ tableId: table.tableId, level: "" }))}>
            {t("join-fill")}</button>{" "}
          <button id="join-start" onClick={() => act(() => tables.startTable({ tableId: table.tableId }))}>
            {t("join-start")}</button>
        </p>}
        {/* a guest who has joined: what happens next (the host starts; this page then goes to the table) */}
        {seated && !host && table.state === TableState.OPEN && <p id="join-waiting">{t("join-waiting", { host: table.host, free: table.freeSeats })}</p>}
        {seated && table.state === TableState.OPEN && <p>
          <button id="join-leave" class="danger" onClick={() => leave(table.tableId)}>
            {host ? t("join-close") : t("join-leave")}</button>
        </p>}
      </>}
      <p class="error" role="alert" id="join-error">{error}</p>
    </section>
  );
}

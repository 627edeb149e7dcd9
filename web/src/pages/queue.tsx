// A ticket in the queue: its state live from WatchTicket, the time waited, and Cancel.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useEffect, useState } from "preact/hooks";
import { Code, codeOf, explain, listGames, matchmaking, type GameInfo } from "../api";
import { titleIn } from "../titles";
import { TicketState, type Ticket } from "../gen/foodgames/v1/matchmaking_pb";
import { t } from "../i18n";
import { signInOptions } from "../oidc";
import type { PageProps } from "./props";
import { sendClientSeed } from "../seed";
import { rememberSeat } from "../session";
import { go, session } from "../store";
import { minutes, sleep } from "../util";
import { reasonText } from "./ticketreason";

const GIVE_UP = [Code.NotFound, Code.PermissionDenied, Code.InvalidArgument, Code.Unauthenticated];
export function QueuePage({ params: [ticketId] }: PageProps) {
  const me = session.value!;
  const [ticket, setTicket] = useState<Ticket | undefined>();
  const [error, setError] = useState("");
  const [stopped, setStopped] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [now, setNow] = useState(Date.now());
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => { listGames().then(setGames, () => {}); }, []);
  // a developer's server (its dev sign-in) may be told to start bots from a terminal; a player
  // elsewhere is pointed to a table for friends instead
  const [devServer, setDevServer] = useState(false);
  useEffect(() => { signInOptions().then((o) => setDevServer(o.dev), () => {}); }, []);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const stop = new AbortController();
    (async () => {
      let delay = 500;
      let last: Ticket | undefined;
      while (!stop.signal.aborted) {
        try {
          for await (const update of matchmaking.watchTicket({ ticketId }, { signal: stop.signal })) {
            delay = 500;
            setError("");
            last = update.ticket!;
            setTicket(last);
          }
          if (last && last.state !== TicketState.SEARCHING) return; // a final state ends the stream
        } catch (err) {
          if (stop.signal.aborted) return;
          if (GIVE_UP.includes(codeOf(err))) {
            setError(explain(err));
            setStopped(true);
            return;
          }
          setError(t("queue-reconnecting", { error: explain(err), seconds: delay / 1000 }));
        }
        await sleep(delay, stop.signal);
        delay = Math.min(delay * 2, 8000);
      }
    })();
    return () => stop.abort();
  }, [ticketId]);

  useEffect(() => {
    if (ticket?.state !== TicketState.MATCHED) return;
    const seat = ticket.seats.find((s) => s.player === me.player) ?? ticket.seats[0];
    rememberSeat({ game: ticket.game, gameId: ticket.gameId, seat: seat.seat, ranked: ticket.ranked });
    void sendClientSeed(ticket.gameId, seat.seat); // at once: the deck takes seeds for a short while
    go(`#/table/${encodeURIComponent(ticket.game)}/${encodeURIComponent(ticket.gameId)}`);
  }, [ticket?.state]);

  async function cancel(): Promise<boolean> {
    setCancelling(true);
    try {
      setTicket((await matchmaking.cancelTicket({ ticketId, reason: "" })).ticket!);
      return true;
    } catch (err) {
      setError(explain(err));
      setCancelling(false);
      return false;
    }
  }

  // hosting leaves the queue first: a player waiting at a friends' table is not matched elsewhere
  async function hostInstead(event: Event): Promise<void> {
    event.preventDefault();
    if (await cancel()) go("#/host");
  }

  let state = t("queue-joining");
  let hint: preact.ComponentChildren = "";
  let wait = "";
  let note = "";
  const over = ticket && (ticket.state === TicketState.CANCELLED || ticket.state === TicketState.EXPIRED);
  if (ticket?.state === TicketState.SEARCHING) {
    // one size as a number (it picks "player" or "players"), a range as words
    const size = ticket.minPlayers === ticket.maxPlayers ? ticket.minPlayers : `${ticket.minPlayers}-${ticket.maxPlayers}`;
    state = t(ticket.ranked ? "queue-searching-ranked" : "queue-searching-casual", { game: titleIn(games, ticket.game, ""), size });
    hint = devServer
      ? <>{t("queue-hint-dev")}{" "}
        <code>{`foodgames bots ${ticket.game} --count ${ticket.minPlayers - ticket.players.length} --players ${ticket.minPlayers}${ticket.ranked ? "" : " --casual"}`}</code></>
      : <>{t("queue-hint")}{" "}<a id="hint-host" href="#/host" onClick={hostInstead}>{t("host-title")}</a></>;
    note = reasonText(ticket, me.player);
    if (ticket.createdAt) wait = t("queue-waited", { time: minutes((now - timestampDate(ticket.createdAt).getTime()) / 1000) });
  } else if (ticket?.state === TicketState.MATCHED) {
    state = t("queue-found");
  } else if (over) {
    const reason = reasonText(ticket, me.player);
    state = t(ticket.state === TicketState.CANCELLED ? "queue-cancelled" : "queue-expired") + (reason ? `: ${reason}` : "");
  }
  return (
    <section class="card-panel queue">
      <h1>{t("queue-title")}</h1>
      <p id="ticket-state" class="big">{state}</p>
      <p id="wait">{wait}</p>
      <p id="ticket-note" role="status">{note}</p>
      {!(over || stopped) && <button id="cancel" class="danger" disabled={cancelling} onClick={cancel}>{t("queue-cancel")}</button>}
      <p class="error" id="queue-error" role="alert">{error}</p>
      <p id="again" hidden={!(over || stopped)}><a href="#/play">{t("queue-again")}</a></p>
      <p class="muted" id="hint">{hint}</p>
    </section>
  );
}

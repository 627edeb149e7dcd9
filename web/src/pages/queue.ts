// A ticket in the queue: its state live from WatchTicket, the time waited, and Cancel.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, codeOf, explain, matchmaking } from "../api";
import { fill, h, minutes, sleep } from "../dom";
import { TicketState, type Ticket } from "../gen/foodgames/v1/matchmaking_pb";
import { sendClientSeed } from "../seed";
import { current, rememberSeat } from "../session";

export function queuePage(root: HTMLElement, [ticketId]: string[]): () => void {
  const me = current()!;
  const stop = new AbortController();
  const state = h("p", { id: "ticket-state", class: "big" }, "Joining the queue…");
  const wait = h("p", { id: "wait" });
  const hint = h("p", { class: "muted", id: "hint" });
  const error = h("p", { class: "error", id: "queue-error", role: "alert" });
  const cancel = h("button", { id: "cancel", class: "danger" }, "Cancel");
  const again = h("p", { id: "again", hidden: true }, h("a", { href: "#/play" }, "Queue again"));
  let ticket: Ticket | undefined;

  root.append(h("section", { class: "card-panel queue" }, h("h1", {}, "Looking for a table"), state, wait, cancel, error, again, hint));

  const timer = setInterval(() => {
    if (ticket?.createdAt && ticket.state === TicketState.SEARCHING) {
      const waited = (Date.now() - timestampDate(ticket.createdAt).getTime()) / 1000;
      wait.textContent = `waited ${minutes(waited)}`;
    }
  }, 250);

  cancel.addEventListener("click", async () => {
    cancel.disabled = true;
    try {
      show((await matchmaking.cancelTicket({ ticketId, reason: "" })).ticket!);
    } catch (err) {
      error.textContent = explain(err);
      cancel.disabled = false;
    }
  });

  function show(t: Ticket): void {
    ticket = t;
    const size = t.minPlayers === t.maxPlayers ? `${t.minPlayers}` : `${t.minPlayers}-${t.maxPlayers}`;
    switch (t.state) {
      case TicketState.SEARCHING:
        fill(state, `Searching for a ${t.ranked ? "ranked" : "casual"} ${t.game} table of ${size} players…`);
        fill(hint, "Nobody else here? House bots take the empty seats after a few seconds on a make run " +
          "stack; elsewhere start bots from a terminal: ",
          h("code", {}, `foodgames bots ${t.game} --count ${t.minPlayers - t.players.length} --players ${t.minPlayers}${t.ranked ? "" : " --casual"}`));
        break;
      case TicketState.MATCHED: {
        const seat = t.seats.find((s) => s.player === me.player) ?? t.seats[0];
        rememberSeat({ game: t.game, gameId: t.gameId, seat: seat.seat, ranked: t.ranked });
        fill(state, "Table found!");
        void sendClientSeed(t.gameId, seat.seat); // at once: the deck takes seeds for a short while
        location.hash = `#/table/${encodeURIComponent(t.game)}/${encodeURIComponent(t.gameId)}`;
        break;
      }
      case TicketState.CANCELLED:
      case TicketState.EXPIRED:
        fill(state, t.state === TicketState.CANCELLED ? "Cancelled" : "Expired", t.reason ? `: ${t.reason}` : "");
        wait.textContent = "";
        hint.textContent = "";
        cancel.hidden = true;
        again.hidden = false;
        break;
    }
  }

  (async () => {
    let delay = 500;
    while (!stop.signal.aborted) {
      try {
        for await (const update of matchmaking.watchTicket({ ticketId }, { signal: stop.signal })) {
          delay = 500;
          error.textContent = "";
          show(update.ticket!);
        }
        if (ticket && ticket.state !== TicketState.SEARCHING) return; // a final state ends the stream
      } catch (err) {
        if (stop.signal.aborted) return;
        if ([Code.NotFound, Code.PermissionDenied, Code.InvalidArgument, Code.Unauthenticated].includes(codeOf(err))) {
          error.textContent = explain(err);
          cancel.hidden = true;
          again.hidden = false;
          return;
        }
        error.textContent = `${explain(err)}; reconnecting in ${delay / 1000} s`;
      }
      await sleep(delay, stop.signal);
      delay = Math.min(delay * 2, 8000);
    }
  })();

  return () => {
    stop.abort();
    clearInterval(timer);
  };
}

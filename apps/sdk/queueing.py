"""The matchmaker for one player: a ticket (for us alone, or an invitation each of a party
accepts), followed until it is matched (a Match: where we sit) or ends (QueueEnded).

Its own module because both the seat (apps.sdk.seatplayer: run_bot queues first) and private
tables (apps.sdk.tables: a table that starts ends in the same Match) use it; it builds on
apps.sdk.connection alone.
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import grpc
import orjson

from apps.sdk.connection import Backoff, Connection, retryable
from shared.protojson import to_struct
from shared import statusdetails


# -- matchmaking ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Match:
    ticket_id: str
    game_id: str
    seat: int
    players: tuple[str, ...]


class QueueEnded(Exception):
    """The ticket was cancelled or expired (or a private table expired or closed). The message is
    English; `key` and `values` let a client say it in its reader's language (the terminal's
    `ended-<key>` texts, apps/terminal/texts/)."""

    def __init__(self, message: str, key: str | None = None, **values: Any):
        super().__init__(message)
        self.key = key
        self.values = values


async def create_ticket(conn: Connection, game: str, ranked: bool = True, min_players: int = 0,
                        max_players: int = 0, options: dict[str, Any] | None = None,
                        party: Sequence[str] = ()) -> str:
    """A ticket for us alone, or (`party`: the others' names) an invitation they each accept
    (accept_invitation) before the party queues: nobody is queued without their consent."""
    from foodgames.v1 import matchmaking_pb2 as mm

    players = [conn.player, *[p for p in party if p != conn.player]] if party else []
    reply = await conn.matchmaking().CreateTicket(mm.CreateTicketRequest(
        game=game, ranked=ranked, min_players=min_players, max_players=max_players,
        options=to_struct(options) if options else None, players=players))
    return reply.ticket.ticket_id


def live_ticket(exc: grpc.aio.AioRpcError) -> str:
    """The ticket a refused CreateTicket names when the player already queues for the game
    (ALREADY_EXISTS, key refused-live-ticket): its id, to follow it; "" for any other refusal."""
    said = statusdetails.read(exc.trailing_metadata())
    if exc.code() != grpc.StatusCode.ALREADY_EXISTS or said is None or said.key != "refused-live-ticket":
        return ""
    return str(orjson.loads(said.args_json or "{}").get("ticket_id", ""))


class NoInvitation(Exception):
    """Nobody invited us to a party of that game."""


async def accept_invitation(conn: Connection, game: str, wait_s: float = 0.0) -> str:
    """Accept the oldest open invitation to a party of `game` (waiting up to `wait_s` for one
    to come); the ticket's id. NoInvitation when there is none."""
    from foodgames.v1 import matchmaking_pb2 as mm

    deadline = time.monotonic() + wait_s
    while True:
        found = (await conn.matchmaking().ListInvitations(mm.ListInvitationsRequest(game=game))).tickets
        if found:
            reply = await conn.matchmaking().AcceptTicket(mm.AcceptTicketRequest(ticket_id=found[0].ticket_id))
            return reply.ticket.ticket_id
        if time.monotonic() >= deadline:
            raise NoInvitation(f"nobody invited {conn.player} to a party of {game}")
        await asyncio.sleep(0.5)


async def watch_ticket(conn: Connection, ticket_id: str,
                       on_state: Callable[[Any], None] | None = None) -> Match:
    """Follow a ticket until it is matched (returns where we sit) or ends (QueueEnded). A
    dropped stream is re-opened with backoff until RETRY_DEADLINE_S passes without an answer."""
    from foodgames.v1 import matchmaking_pb2 as mm

    backoff = Backoff()
    while True:
        try:
            async for reply in conn.matchmaking().WatchTicket(mm.WatchTicketRequest(ticket_id=ticket_id)):
                backoff.reset()
                ticket = reply.ticket
                if on_state is not None:
                    on_state(ticket)
                if ticket.state == mm.TICKET_STATE_MATCHED:
                    seat = next(s.seat for s in ticket.seats if s.player == conn.player)
                    return Match(ticket_id, ticket.game_id, seat, tuple(s.player for s in ticket.seats))
                if ticket.state in (mm.TICKET_STATE_CANCELLED, mm.TICKET_STATE_EXPIRED):
                    state = mm.TicketState.Name(ticket.state).removeprefix("TICKET_STATE_").lower()
                    # the reason as the matchmaker words it in the connection's language
                    reason = ticket.reason_message.text if ticket.HasField("reason_message") else ticket.reason
                    raise QueueEnded(f"the ticket was {state}: {ticket.reason}", key="ticket", state=state,
                                     reason=reason)
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            await backoff.wait(exc)
            continue
        raise QueueEnded("the matchmaker closed the ticket's stream", key="stream")


async def queue(conn: Connection, game: str, ranked: bool = True, min_players: int = 0,
                max_players: int = 0, on_state: Callable[[Any], None] | None = None,
                options: dict[str, Any] | None = None, party: Sequence[str] = ()) -> Match:
    """Queue (with `party`: invite them, and queue once they all accepted) until matched."""
    ticket_id = await create_ticket(conn, game, ranked, min_players, max_players, options, party)
    return await watch_ticket(conn, ticket_id, on_state)

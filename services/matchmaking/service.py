"""MatchmakingService over gRPC: validate, queue, read, cancel, watch."""
from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Callable

from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from services.matchmaking import botfill
from services.matchmaking.catalogue import Catalogue
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.engine import TICKET_SUBJECT, Publisher, publish_ticket
from services.matchmaking.ratings import RatingSource
from services.matchmaking.store import LiveTicketExists, TicketStore
from services.matchmaking.tickets import CANCELLED, CLAIMED, MATCHED, SEARCHING, Ticket
from shared import games, telemetry
from shared.auth import Identity, current_identity
from shared.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable
from shared.protojson import to_dict
from shared.rules import InvalidSetup

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["MatchmakingService"].full_name
MAX_PARTY = 16
MAX_OPTIONS_BYTES = 1024
log = telemetry.get_logger("matchmaking.service")


def add_to_server(servicer, server) -> None:
    pb_grpc.add_MatchmakingServiceServicer_to_server(servicer, server)


class MatchmakingServicer(pb_grpc.MatchmakingServiceServicer):
    def __init__(self, store: TicketStore, catalogue: Catalogue, ratings: RatingSource, publisher: Publisher,
                 config: MatchmakingConfig | None = None, nc=None, clock: Callable[[], float] = time.time,
                 watch_poll_s: float = 2.0):
        self.store = store
        self.catalogue = catalogue
        self.ratings = ratings
        self.publisher = publisher
        self.config = config or MatchmakingConfig()
        self.nc = nc
        self.clock = clock
        self.watch_poll_s = watch_poll_s

    # -- helpers ------------------------------------------------------------------------

    async def _ticket_for(self, ticket_id: str, identity: Identity) -> Ticket:
        if not ticket_id or len(ticket_id) > 64:
            raise InvalidArgument("ticket_id is required (as CreateTicket returned it)")
        ticket = await self.store.get(ticket_id)
        if ticket is None:
            raise NotFound(f"there is no ticket {ticket_id!r} (final tickets are kept for a day)")
        if identity.role == "player" and identity.player not in ticket.players:
            raise PermissionDenied(f"ticket {ticket_id} belongs to {', '.join(ticket.players)}, "
                                   f"not to {identity.player}")
        return ticket

    # -- RPCs ---------------------------------------------------------------------------

    async def CreateTicket(self, request, context):
        identity = current_identity()
        if not request.game:
            raise InvalidArgument("game is required, e.g. 'foodie-forest'")
        info = self.catalogue.get(request.game)
        players = list(request.players) or [identity.player]
        if identity.role == "player" and identity.player not in players:
            raise PermissionDenied(f"a player may only queue themself: {identity.player} is not in the party "
                                   f"{', '.join(players)}")
        for p in players:
            if not p or len(p) > 64 or any(c.isspace() for c in p):
                raise InvalidArgument(f"{p!r} is not a player name (1 to 64 characters without spaces)")
        if len(set(players)) != len(players):
            raise InvalidArgument("a party names each player once")
        if len(players) > MAX_PARTY:
            raise InvalidArgument(f"a party has at most {MAX_PARTY} players")
        lo = request.min_players or info.min_players
        hi = request.max_players or info.max_players
        if lo < info.min_players or hi > info.max_players:
            raise InvalidArgument(f"{info.name} is played by {info.min_players} to {info.max_players} players; "
                                  f"the ticket asks for {lo} to {hi}")
        if lo > hi:
            raise InvalidArgument(f"min_players ({lo}) is more than max_players ({hi})")
        if len(players) > hi:
            raise InvalidArgument(f"a party of {len(players)} does not fit a table of at most {hi} players")
        options = self._options(info, request, lo, request.ranked)
        ratings = await self.ratings.ratings(info.name, players)
        now = self.clock()
        ticket = Ticket(ticket_id=uuid.uuid4().hex, game=info.name, players=tuple(players), min_players=lo,
                        max_players=hi, ranked=request.ranked, state=SEARCHING, created_at=now, updated_at=now,
                        version=1, ratings=tuple((float(m), float(s)) for m, s in ratings), options=options)
        try:
            await self.store.create(ticket)
        except LiveTicketExists as exc:
            raise AlreadyExists(f"{exc.player} already holds the live ticket {exc.ticket_id} for {info.name}; "
                                f"cancel it or wait for it to end") from None
        log.info("ticket created", ticket_id=ticket.ticket_id, game=info.name, players=players,
                 min_players=lo, max_players=hi, ranked=request.ranked)
        await publish_ticket(self.publisher, ticket)
        return pb.CreateTicketResponse(ticket=ticket.to_proto())

    @staticmethod
    def _options(info, request, table_size: int, ranked: bool) -> dict:
        """The ticket's game options (and the house bots' level, botfill.BOT_LEVEL), refused now
        (not when the table forms) if the game would refuse them."""
        if not request.HasField("options"):
            return {}
        options = to_dict(request.options)
        if len(json.dumps(options)) > MAX_OPTIONS_BYTES:
            raise InvalidArgument(f"the game options are too large (at most {MAX_OPTIONS_BYTES} bytes of JSON)")
        try:
            game_options, _ = botfill.split_bot_level(options, ranked)
        except botfill.BadBotLevel as exc:
            raise InvalidArgument(str(exc)) from None
        if info.name in games.names():
            try:
                games.get(info.name).rules.initial_state([f"p{i}" for i in range(table_size)], game_options)
            except InvalidSetup as exc:
                raise InvalidArgument(f"{info.name} does not take these options: {exc}") from None
        return options

    async def GetTicket(self, request, context):
        ticket = await self._ticket_for(request.ticket_id, current_identity())
        if ticket.state == SEARCHING:
            await self.store.touch(ticket, self.clock())
        return pb.GetTicketResponse(ticket=ticket.to_proto())

    async def CancelTicket(self, request, context):
        identity = current_identity()
        ticket = await self._ticket_for(request.ticket_id, identity)
        reason = request.reason[:200] or f"cancelled by {identity.player}"
        # A table being set up holds the ticket for at most the claim lease: wait
        # for it to start (then it is too late) or to fail (then cancel).
        deadline = time.monotonic() + self.config.claim_lease_s + self.config.create_timeout_s + 1
        while True:
            outcome = await self.store.finish(ticket, CANCELLED, reason, self.clock())
            if outcome == "ok":
                ticket = await self.store.get(ticket.ticket_id) or ticket
                log.info("ticket cancelled", ticket_id=ticket.ticket_id, by=identity.player)
                await publish_ticket(self.publisher, ticket)
                return pb.CancelTicketResponse(ticket=ticket.to_proto())
            if outcome != CLAIMED:
                break
            if time.monotonic() > deadline:
                raise Unavailable("a table for this ticket is being set up; try again in a moment")
            await asyncio.sleep(0.05)
        current = await self.store.get(ticket.ticket_id)
        if current is None:
            raise NotFound(f"there is no ticket {ticket.ticket_id!r}")
        if current.state == CANCELLED:
            return pb.CancelTicketResponse(ticket=current.to_proto())  # a retried cancel
        if current.state == MATCHED:
            raise FailedPrecondition(f"ticket {current.ticket_id} is already matched into game "
                                     f"{current.game_id}; it can no longer be cancelled")
        raise FailedPrecondition(f"ticket {current.ticket_id} has ended: {current.state} ({current.reason})")

    async def WatchTicket(self, request, context):
        ticket = await self._ticket_for(request.ticket_id, current_identity())
        wake = asyncio.Event()
        sub = None
        if self.nc is not None:
            async def on_msg(_msg):
                wake.set()
            sub = await self.nc.subscribe(f"{TICKET_SUBJECT}.*.{ticket.ticket_id}", cb=on_msg)
        try:
            sent = 0
            while True:
                ticket = await self.store.get(ticket.ticket_id) or ticket
                if ticket.state == SEARCHING:
                    await self.store.touch(ticket, self.clock())  # a watcher is there
                if ticket.version > sent:
                    sent = ticket.version
                    yield pb.WatchTicketResponse(ticket=ticket.to_proto())
                if ticket.final:
                    return
                # events wake us at once; the poll covers an event lost in transit
                try:
                    await asyncio.wait_for(wake.wait(), self.watch_poll_s)
                except asyncio.TimeoutError:
                    pass
                wake.clear()
        finally:
            if sub is not None:
                try:
                    await sub.unsubscribe()
                except Exception:  # noqa: BLE001 - the connection may be closing
                    pass

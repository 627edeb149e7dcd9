"""MatchmakingService over gRPC: validate, queue, read, cancel, watch."""
from __future__ import annotations

import asyncio
import time
import uuid
from typing import Callable

from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from services.matchmaking import botfill, gameoptions, reasons
from services.matchmaking.advice import ticket_advice
from services.matchmaking.catalogue import Catalogue
from services.matchmaking.config import MatchmakingConfig
from services.matchmaking.engine import TICKET_SUBJECT, Publisher, publish_ticket
from services.matchmaking.ratings import RatingSource
from services.matchmaking.replies import LiveTicketExists
from services.matchmaking.store import TicketStore
from services.matchmaking.tickets import CANCELLED, CLAIMED, EXPIRED, INVITING, MATCHED, SEARCHING, Ticket
from shared import games, names, telemetry
from shared.auth import Identity, current_identity
from shared.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, Unavailable
from shared.moves import quote
from shared.protojson import to_dict
from shared.service import call_language

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["MatchmakingService"].full_name
MAX_PARTY = 16
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
            raise NotFound(f"there is no ticket {ticket_id!r} (final tickets are kept for a day)",
                           key="no-such-ticket", ticket=quote(ticket_id))
        if identity.role == "player" and identity.player not in ticket.players:
            raise PermissionDenied(f"ticket {ticket_id} belongs to {', '.join(ticket.players)}, "
                                   f"not to {identity.player}", key="ticket-not-yours",
                                   players=", ".join(ticket.players))
        return await self._lapse(ticket)

    async def _lapse(self, ticket: Ticket) -> Ticket:
        """An invitation not accepted within invitation_ttl_s expires (when next looked at)."""
        ttl = self.config.invitation_ttl_s
        if ticket.state != INVITING or self.clock() - ticket.created_at < ttl:
            return ticket
        waiting = [p for p in ticket.players if p not in ticket.accepted]
        reason = reasons.invitation_lapsed(ttl, waiting)
        if await self.store.finish(ticket, EXPIRED, reason, self.clock(), ttl) == "ok":
            ticket = await self.store.get(ticket.ticket_id) or ticket
            await publish_ticket(self.publisher, ticket)
            return ticket
        return await self.store.get(ticket.ticket_id) or ticket

    # -- RPCs ---------------------------------------------------------------------------

    async def CreateTicket(self, request, context):
        identity = current_identity()
        if not request.game:
            raise InvalidArgument("game is required, e.g. 'foodie-forest'", key="game-required")
        info = self.catalogue.get(request.game)
        players = list(request.players) or [identity.player]
        if identity.role == "player" and identity.player not in players:
            raise PermissionDenied(f"a player may only queue themself: {identity.player} is not in the party "
                                   f"{', '.join(players)}", key="party-without-you", players=", ".join(players))
        for p in players:
            try:
                names.check_seated(p)
            except names.InvalidName as exc:
                raise InvalidArgument(f"{quote(p)} is not a player name: {exc}", key="party-not-a-name",
                                      name=quote(p)) from None
        if len(set(players)) != len(players):
            raise InvalidArgument("a party names each player once", key="party-twice")
        if len(players) > MAX_PARTY:
            raise InvalidArgument(f"a party has at most {MAX_PARTY} players", key="party-too-large", limit=MAX_PARTY)
        lo = request.min_players or info.min_players
        hi = request.max_players or info.max_players
        if lo < info.min_players or hi > info.max_players:
            raise InvalidArgument(f"{info.name} is played by {info.min_players} to {info.max_players} players; "
                                  f"the ticket asks for {lo} to {hi}", key="table-seats", low=info.min_players,
                                  high=info.max_players)
        if lo > hi:
            raise InvalidArgument(f"min_players ({lo}) is more than max_players ({hi})", key="ticket-min-max",
                                  low=lo, high=hi)
        if len(players) > hi:
            raise InvalidArgument(f"a party of {len(players)} does not fit a table of at most {hi} players",
                                  key="party-too-big", party=len(players), high=hi)
        options = self._options(info, request, lo, request.ranked, call_language(request.language, context))
        ratings = await self.ratings.ratings(info.name, players)
        now = self.clock()
        # A player who names others invites them (docs/errors.md, consent): nobody is queued, or
        # seated, without agreeing to it; the party queues once every member accepts.
        # A service or operator queues whom it names at once.
        inviting = identity.role == "player" and len(players) > 1
        ticket = Ticket(ticket_id=uuid.uuid4().hex, game=info.name, players=tuple(players), min_players=lo,
                        max_players=hi, ranked=request.ranked, state=INVITING if inviting else SEARCHING,
                        created_at=now, updated_at=now, version=1,
                        ratings=tuple((float(m), float(s)) for m, s in ratings), options=options,
                        accepted=(identity.player,) if inviting else tuple(players))
        try:
            await self._store_new(ticket, inviting)
        except LiveTicketExists as exc:
            raise AlreadyExists(f"{exc.player} already holds the live ticket {exc.ticket_id} for {info.name}; "
                                f"cancel it or wait for it to end", key="live-ticket", player=exc.player,
                                ticket_id=exc.ticket_id, game=games.title_of(info.name)) from None
        log.info("ticket created", ticket_id=ticket.ticket_id, game=info.name, players=players,
                 min_players=lo, max_players=hi, ranked=request.ranked, inviting=inviting)
        await publish_ticket(self.publisher, ticket)
        return pb.CreateTicketResponse(ticket=_wire(ticket, request, context))

    async def _store_new(self, ticket: Ticket, inviting: bool) -> None:
        for attempt in range(2):
            try:
                if inviting:
                    await self.store.invite(ticket)
                else:
                    await self.store.create(ticket)
                return
            except LiveTicketExists as exc:
                held = await self.store.get(exc.ticket_id)
                if attempt or held is None or not (await self._lapse(held)).final:
                    raise
                # the live ticket was an invitation that lapsed just now: its keys are free

    @staticmethod
    def _options(info, request, table_size: int, ranked: bool, language: str | None) -> dict:
        """The ticket's game options (and the house bots' level, botfill.BOT_LEVEL), refused now
        (not when the table forms) if the game would refuse them, in the game's own words in the
        caller's `language` (its texts: the matchmaker's refusals read the shared ones only)."""
        if not request.HasField("options"):
            return {}
        options = to_dict(request.options)
        gameoptions.check_size(options)
        game_options, _ = botfill.split_bot_level(options, ranked)
        gameoptions.check_setup(info.name, game_options, table_size, language)
        return botfill.normal_options(options)

    async def AcceptTicket(self, request, context):
        identity = current_identity()
        if identity.role != "player":
            raise PermissionDenied("only a party member accepts its invitation, with their own player token",
                                   key="invitation-players-only")
        ticket = await self._ticket_for(request.ticket_id, identity)
        if ticket.state != INVITING:
            if identity.player in ticket.accepted and ticket.state in (SEARCHING, CLAIMED, MATCHED):
                return pb.AcceptTicketResponse(ticket=_wire(ticket, request, context))  # a retried acceptance
            raise FailedPrecondition(f"ticket {ticket.ticket_id} is {ticket.public_state}"
                                     f"{f' ({reasons.text(ticket.reason)})' if ticket.reason else ''}: there is no invitation "
                                     f"to accept", key="no-invitation", state=ticket.public_state)
        try:
            outcome = await self.store.accept(ticket, identity.player, self.clock())
        except LiveTicketExists as exc:
            raise AlreadyExists(f"{exc.player} already holds the live ticket {exc.ticket_id} for {ticket.game}; "
                                f"cancel it to join this party", key="live-ticket-join", player=exc.player,
                                ticket_id=exc.ticket_id, game=games.title_of(ticket.game)) from None
        current = await self.store.get(ticket.ticket_id) or ticket
        if outcome not in ("ok", "queued", "again"):
            raise FailedPrecondition(f"ticket {ticket.ticket_id} is {current.public_state}: there is no "
                                     f"invitation to accept", key="no-invitation", state=current.public_state)
        if outcome != "again":
            log.info("invitation accepted", ticket_id=ticket.ticket_id, by=identity.player,
                     queued=outcome == "queued")
            await publish_ticket(self.publisher, current)
        return pb.AcceptTicketResponse(ticket=_wire(current, request, context))

    async def ListInvitations(self, request, context):
        identity = current_identity()
        if request.game:
            self.catalogue.get(request.game)  # an unknown game is named
        open_ones = []
        for ticket_id, ticket in zip(ids := await self.store.invitations(identity.player),
                                     await self.store.get_many(ids)):
            if ticket is not None:
                ticket = await self._lapse(ticket)
            if ticket is None or ticket.state != INVITING or identity.player in ticket.accepted:
                await self.store.forget_invitation(identity.player, ticket_id)
                continue
            if not request.game or ticket.game == request.game:
                open_ones.append(ticket)
        open_ones.sort(key=lambda t: t.created_at)
        return pb.ListInvitationsResponse(tickets=[_wire(t, request, context) for t in open_ones])

    async def GetTicket(self, request, context):
        ticket = await self._ticket_for(request.ticket_id, current_identity())
        if ticket.state == SEARCHING:
            await self.store.touch(ticket, self.clock())
        return pb.GetTicketResponse(ticket=_wire(ticket, request, context))

    async def CancelTicket(self, request, context):
        identity = current_identity()
        ticket = await self._ticket_for(request.ticket_id, identity)
        reason = reasons.client_words(request.reason[:200]) or (
            reasons.declined_by(identity.player) if ticket.state == INVITING and identity.player not in ticket.accepted
            else reasons.cancelled_by(identity.player))
        # A table being set up holds the ticket for at most the claim lease: wait
        # for it to start (then it is too late) or to fail (then cancel).
        deadline = time.monotonic() + self.config.claim_lease_s + self.config.create_timeout_s + 1
        while True:
            outcome = await self.store.finish(ticket, CANCELLED, reason, self.clock())
            if outcome == "ok":
                ticket = await self.store.get(ticket.ticket_id) or ticket
                log.info("ticket cancelled", ticket_id=ticket.ticket_id, by=identity.player)
                await publish_ticket(self.publisher, ticket)
                return pb.CancelTicketResponse(ticket=_wire(ticket, request, context))
            if outcome != CLAIMED:
                break
            if time.monotonic() > deadline:
                raise Unavailable("a table for this ticket is being set up; try again in a moment",
                                  key="ticket-being-seated")
            await asyncio.sleep(0.05)
        current = await self.store.get(ticket.ticket_id)
        if current is None:
            raise NotFound(f"there is no ticket {ticket.ticket_id!r}", key="no-such-ticket", ticket=quote(ticket.ticket_id))
        if current.state == CANCELLED:
            return pb.CancelTicketResponse(ticket=_wire(current, request, context))  # a retried cancel
        if current.state == MATCHED:
            raise FailedPrecondition(f"ticket {current.ticket_id} is already matched into game "
                                     f"{current.game_id}; it can no longer be cancelled", key="ticket-matched",
                                     game_id=current.game_id)
        raise FailedPrecondition(f"ticket {current.ticket_id} has ended: {current.state} ({reasons.text(current.reason)})",
                                 key="ticket-ended", state=current.state)

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
                ticket = await self._lapse(await self.store.get(ticket.ticket_id) or ticket)
                if ticket.state == SEARCHING:
                    await self.store.touch(ticket, self.clock())  # a watcher is there
                if ticket.version > sent:
                    sent = ticket.version
                    yield pb.WatchTicketResponse(ticket=_wire(ticket, request, context))
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


def _wire(ticket: Ticket, request, context) -> pb.Ticket:
    """The ticket as a client reads it: with the game's advice for its tables, in the call's language."""
    language = call_language(getattr(request, "language", ""), context)
    out = ticket.to_proto(language)
    out.advice.extend(ticket_advice(ticket, language))
    return out

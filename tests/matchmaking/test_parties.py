"""A party needs every member's consent (docs/errors.md, consent): a player's ticket naming
others is an invitation, queued only once each of them accepted it; a member declines with
CancelTicket; an invitation nobody answers expires. On real Valkey, NATS and gRPC, and the
real matcher and rules engine (the `served` matchmaker)."""
from __future__ import annotations

import asyncio

import grpc
import pytest
from foodgames.v1 import matchmaking_pb2 as pb
from foodgames.v1 import matchmaking_pb2_grpc as pb_grpc

from services.matchmaking.tickets import queue_name
from tests.matchmaking.conftest import GAME, fast_config, names, wait_for
from tests.matchmaking.test_service import served  # noqa: F401 - the served matchmaker


async def refused(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    return err.value


async def test_naming_another_player_invites_them_and_only_their_acceptance_queues_the_party(served):
    a, b, c = names(3, "inv")
    ann, bob, cy = served.channel(a), served.channel(b), served.channel(c)
    # given ann names bob in her ranked party ticket
    created = (await ann.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], ranked=True,
                                                             min_players=2, max_players=2))).ticket
    # then it is an invitation: bob is not queued, nor seated, however many matching passes run
    assert created.state == pb.TICKET_STATE_INVITING and list(created.accepted) == [a]
    await asyncio.sleep(0.5)
    assert await served.store.searching(queue_name(GAME, True), 100) == []
    assert (await bob.GetTicket(pb.GetTicketRequest(ticket_id=created.ticket_id))).ticket.state == \
        pb.TICKET_STATE_INVITING
    # bob finds the invitation, and nobody else may accept it for him
    [invitation] = (await bob.ListInvitations(pb.ListInvitationsRequest(game=GAME))).tickets
    assert invitation.ticket_id == created.ticket_id
    assert (await ann.ListInvitations(pb.ListInvitationsRequest())).tickets == []
    outsider = await refused(cy.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id)))
    assert outsider.code() == grpc.StatusCode.PERMISSION_DENIED
    service = served.channel("svc:tournament", role="service")
    by_service = await refused(service.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id)))
    assert by_service.code() == grpc.StatusCode.PERMISSION_DENIED
    # when bob accepts, the party queues, and the matcher seats both at one table
    accepted = (await bob.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id))).ticket
    assert accepted.state == pb.TICKET_STATE_SEARCHING and sorted(accepted.accepted) == sorted([a, b])
    again = (await bob.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id))).ticket
    assert again.ticket_id == created.ticket_id  # a retried acceptance is no error
    final = [u.ticket async for u in ann.WatchTicket(pb.WatchTicketRequest(ticket_id=created.ticket_id))][-1]
    assert final.state == pb.TICKET_STATE_MATCHED and {s.player for s in final.seats} == {a, b}
    assert (await bob.ListInvitations(pb.ListInvitationsRequest())).tickets == []


async def test_a_member_declines_and_nobody_is_queued(served):
    a, b = names(2, "dec")
    ann, bob = served.channel(a), served.channel(b)
    created = (await ann.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], min_players=5))).ticket
    declined = (await bob.CancelTicket(pb.CancelTicketRequest(ticket_id=created.ticket_id))).ticket
    assert declined.state == pb.TICKET_STATE_CANCELLED and declined.reason == f"declined by {b}"
    late = await refused(bob.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id)))
    assert late.code() == grpc.StatusCode.FAILED_PRECONDITION and "no invitation" in late.details()
    # both may queue again, each on their own
    for stub in (ann, bob):
        own = (await stub.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5))).ticket
        assert own.state == pb.TICKET_STATE_SEARCHING
        await stub.CancelTicket(pb.CancelTicketRequest(ticket_id=own.ticket_id))  # leave the queue as found


async def test_an_invitation_does_not_take_the_invitees_place_in_a_queue(served):
    a, b = names(2, "own")
    ann, bob = served.channel(a), served.channel(b)
    mine = (await bob.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5))).ticket
    created = (await ann.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], min_players=5))).ticket
    assert created.state == pb.TICKET_STATE_INVITING  # bob's own ticket does not block the invitation
    busy = await refused(bob.AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id)))
    assert busy.code() == grpc.StatusCode.ALREADY_EXISTS and mine.ticket_id in busy.details()
    for stub, ticket in ((bob, mine), (ann, created)):
        await stub.CancelTicket(pb.CancelTicketRequest(ticket_id=ticket.ticket_id))


async def test_an_invitation_nobody_answers_expires(stack):
    await stack.start_server(fast_config(invitation_ttl_s=0.3))
    a, b = names(2, "ttl")
    ann = pb_grpc.MatchmakingServiceStub(stack.channel(a))
    created = (await ann.CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b], min_players=5))).ticket

    async def expired():
        got = (await ann.GetTicket(pb.GetTicketRequest(ticket_id=created.ticket_id))).ticket
        return got if got.state == pb.TICKET_STATE_EXPIRED else None

    ticket = await wait_for(expired)
    assert b in ticket.reason and "not accepted" in ticket.reason
    # and ann may queue again
    own = (await ann.CreateTicket(pb.CreateTicketRequest(game=GAME, min_players=5))).ticket
    assert own.state == pb.TICKET_STATE_SEARCHING
    await ann.CancelTicket(pb.CancelTicketRequest(ticket_id=own.ticket_id))


async def test_the_sdk_invites_a_party_and_the_invitee_joins_it(served, mm_settings):
    """apps.sdk (what `foodgames play --party` / `--join` use): an invitation, accepted, is one table."""
    from apps.sdk.connection import Connection
    from apps.sdk.queueing import NoInvitation, accept_invitation, create_ticket, watch_ticket
    from shared.auth import mint_token

    settings = mm_settings.with_(addresses={**mm_settings.addresses,
                                            "matchmaking": f"127.0.0.1:{served.server.port}"})
    a, b = names(2, "sdk")
    ann, bob = (Connection(settings, mint_token(settings, p), p) for p in (a, b))
    try:
        with pytest.raises(NoInvitation):
            await accept_invitation(bob, GAME)
        ticket_id = await create_ticket(ann, GAME, ranked=False, min_players=2, max_players=2, party=[b])
        assert await accept_invitation(bob, GAME, wait_s=5) == ticket_id
        matches = await asyncio.gather(watch_ticket(ann, ticket_id), watch_ticket(bob, ticket_id))
        assert matches[0].game_id == matches[1].game_id and {m.seat for m in matches} == {0, 1}
    finally:
        await ann.close()
        await bob.close()


async def test_two_members_accepting_at_once_queue_the_party_once(served):
    a, b, c = names(3, "race")
    created = (await served.channel(a).CreateTicket(pb.CreateTicketRequest(game=GAME, players=[a, b, c],
                                                                           min_players=5))).ticket
    await asyncio.gather(*(served.channel(p).AcceptTicket(pb.AcceptTicketRequest(ticket_id=created.ticket_id))
                           for p in (b, c)))
    ticket = (await served.channel(a).GetTicket(pb.GetTicketRequest(ticket_id=created.ticket_id))).ticket
    assert ticket.state == pb.TICKET_STATE_SEARCHING and sorted(ticket.accepted) == sorted([a, b, c])
    assert [tid for tid, _ in await served.store.searching(queue_name(GAME, False), 100)].count(created.ticket_id) == 1
    await served.channel(a).CancelTicket(pb.CancelTicketRequest(ticket_id=created.ticket_id))

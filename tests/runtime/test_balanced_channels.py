"""A service address may list several replicas (FOODGAMES_<SERVICE>_ADDR=ip:port,ip:port, as
`foodgames up --replicas N` writes it): a client's calls are spread over all of them, and when
one replica dies its calls go to the others."""
from __future__ import annotations

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from apps.embedded import free_port
from shared.channels import BALANCED_OPTIONS, channel_target, client_channel, insecure_channel
from shared.protojson import to_dict, to_struct
from tests.runtime.conftest import create_table, two_replicas

PLAYERS = ["ann", "bob"]


async def move(stubs, game_id: str, n: int, seat: int) -> int:
    """One move by `seat`, whose turn it is; whose turn it is after it. (The turn is taken from
    the last move's answer, not read with GetView: a replica that has not yet heard the other's
    last write would answer with the view before it.)"""
    reply = await stubs[PLAYERS[seat]].SubmitMove(game_pb2.SubmitMoveRequest(
        game_id=game_id, seat=seat, move_id=f"m{n}", move=to_struct({"type": "add", "amount": 1})), timeout=10)
    return to_dict(reply.view)["turn"]


async def test_calls_spread_over_every_listed_replica_and_go_on_when_one_dies(settings, nats_url, token):
    async with two_replicas(settings, nats_url) as ((one, _), (two, _)):
        # (over 20 moves: as long as the test needs, no longer: tests/runtime/conftest.py)
        game_id = await create_table(one, PLAYERS, {"target": 40})
        await one.runtime.settle(game_id)
        # given clients whose address lists both replicas
        both = f"127.0.0.1:{one.port},127.0.0.1:{two.port}"
        channels = [client_channel(both, token(p)) for p in PLAYERS]
        stubs = {p: game_pb2_grpc.GameServiceStub(ch) for p, ch in zip(PLAYERS, channels)}
        try:
            # when they play, each call goes to the next replica: both serve the game
            view = to_dict((await stubs["ann"].GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0),
                                                        timeout=10)).view)
            turn = view["turn"]
            for n in range(10):
                turn = await move(stubs, game_id, n, turn)
            assert game_id in two.runtime.cache, "the second replica served none of the calls"
            # and when the first replica dies mid-game, the game goes on through the other
            await one.stop(grace=None)
            for n in range(10, 20):
                turn = await move(stubs, game_id, n, turn)
            fresh = await two.runtime.replay(game_id)
            assert fresh.state.total == 20
        finally:
            for ch in channels:
                await ch.close()


def test_a_list_of_replicas_is_one_round_robin_target_and_a_single_address_stays_as_it_is():
    assert channel_target("127.0.0.1:20051") == "127.0.0.1:20051"
    assert channel_target("dns:///foodie-forest-headless:20051") == "dns:///foodie-forest-headless:20051"
    assert channel_target("127.0.0.1:1, 127.0.0.1:2") == "ipv4:127.0.0.1:1,127.0.0.1:2"
    assert channel_target("[::1]:1,[::1]:2") == "ipv6:[::1]:1,[::1]:2"
    with pytest.raises(ValueError, match="IP address"):
        channel_target("deck-0:20052,deck-1:20052")


# a player's channel (shared.channels.client_channel) and the gateway's to a service
CHANNELS = {"a player's": lambda address, token: client_channel(address, token("ann")),
            "the gateway's": lambda address, token: insecure_channel(address, options=BALANCED_OPTIONS)}


@pytest.mark.parametrize("kind", CHANNELS)
async def test_a_new_channel_reaches_a_server_started_where_an_older_channels_server_was_gone(token, kind):
    # given a channel whose calls to an address found nobody there (its connection now waits
    # out gRPC's reconnect backoff)
    port = free_port()
    old = CHANNELS[kind](f"127.0.0.1:{port}", token)
    with pytest.raises(grpc.aio.AioRpcError) as failed:
        await health_pb2_grpc.HealthStub(old).Check(health_pb2.HealthCheckRequest(), timeout=5)
    assert failed.value.code() == grpc.StatusCode.UNAVAILABLE
    # when a server starts at that address
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    assert server.add_insecure_port(f"127.0.0.1:{port}") == port
    await server.start()
    new = CHANNELS[kind](f"127.0.0.1:{port}", token)
    try:
        # then a channel made now answers at once, not with the older one's refusal
        reply = await health_pb2_grpc.HealthStub(new).Check(health_pb2.HealthCheckRequest(), timeout=5)
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        await new.close()
        await old.close()
        await server.stop(None)

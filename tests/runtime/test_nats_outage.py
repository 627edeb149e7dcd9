"""When NATS goes away: calls that need it answer UNAVAILABLE (a client tries again), not
INTERNAL (final), and the health check says NOT_SERVING until NATS is back, then SERVING."""
from __future__ import annotations

import asyncio
import time

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from apps.embedded import free_port, start_nats
from shared.channels import client_channel
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME


async def health_of(channel) -> int:
    reply = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=2)
    return reply.status


async def until_health(channel, status: int, timeout: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if await health_of(channel) == status:
            return time.monotonic() - started
        await asyncio.sleep(0.1)
    raise AssertionError(f"health not {health_pb2.HealthCheckResponse.ServingStatus.Name(status)} "
                         f"after {timeout}s")


async def test_nats_outage_is_unavailable_and_not_serving_then_serving_again(settings, token, tmp_path):
    port = free_port()
    nats = start_nats(tmp_path / "nats", port=port)
    nc = server = None
    try:
        nc, store = await open_game_store(nats.url, GAME.name)
        server = await start_rules_server(GAME, settings, 0, store, SeededDeck())
        async with client_channel(f"127.0.0.1:{server.port}", token("svc:matchmaking", "service")) as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)
            await stub.CreateGame(game_pb2.CreateGameRequest(game_id="before-outage", players=["ann", "bob"]))
            assert await health_of(channel) == health_pb2.HealthCheckResponse.SERVING

            nats.stop()
            await until_health(channel, health_pb2.HealthCheckResponse.NOT_SERVING, 10)
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.CreateGame(game_pb2.CreateGameRequest(game_id="during-outage", players=["ann", "bob"]),
                                      timeout=30)
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE, err.value
            assert "NATS" in err.value.details() and "try again" in err.value.details()
            with pytest.raises(grpc.aio.AioRpcError) as err:  # a cold game: read from the stream
                await stub.GetView(game_pb2.GetViewRequest(game_id="never-seen", seat=0), timeout=30)
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE, err.value

            nats = start_nats(tmp_path / "nats", port=port)  # the same data: JetStream kept its files
            await until_health(channel, health_pb2.HealthCheckResponse.SERVING, 20)
            await stub.CreateGame(game_pb2.CreateGameRequest(game_id="after-outage", players=["ann", "bob"]),
                                  timeout=30)
        async with client_channel(f"127.0.0.1:{server.port}", token("ann")) as channel:
            reply = await game_pb2_grpc.GameServiceStub(channel).GetView(
                game_pb2.GetViewRequest(game_id="before-outage", seat=0), timeout=30)
            assert reply.version >= 3
    finally:
        if server is not None:
            await server.stop(grace=None)
            await server.runtime.close()
        if nc is not None:
            await nc.close()
        nats.stop()

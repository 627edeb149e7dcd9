"""The chaos run's browser-like tables (apps.chaos.connect): Connect with JSON through the
gateway, its replicas taken in turn, failures met as the gRPC tables meet them."""
from __future__ import annotations

import grpc
import pytest
from foodgames.v1 import game_pb2

from apps.chaos.connect import ConnectGameStub
from apps.chaos.ledger import CONNECT, GameLedger
from apps.chaos.traffic import create_table, play
from apps.embedded import free_port
from apps.sdk.connection import Connection
from services.gateway.config import GatewayConfig
from shared.auth import mint_token
from tests.web.conftest import LiveGateway

GAME = "foodie-forest"


@pytest.fixture(scope="module")
async def gateway(stack):
    live = LiveGateway(stack, free_port(), GatewayConfig(per_address_per_minute=100_000,
                                                         per_player_per_minute=100_000))
    await live.start()
    yield live
    await live.stop()


async def new_table(stack, name: str, players: list[str]) -> str:
    """A table of `players` made over gRPC with a service token; its game id."""
    service = Connection(stack, mint_token(stack, "svc:chaos", "service"), "svc:chaos")
    game_id = f"{name}-{free_port()}"
    try:
        await create_table(service, GAME, game_id, players)
    finally:
        await service.close()
    return game_id


async def test_a_table_played_over_connect_reaches_its_end_through_the_gateway_alone(stack, gateway):
    # given a table made over gRPC, and players whose only way to the rules engine is the gateway
    players = ["connect-ann", "connect-bob"]
    game_id = await new_table(stack, "connect", players)
    browser_only = stack.with_(addresses={**stack.addresses, GAME: "127.0.0.1:1",
                                          "gateway": f"127.0.0.1:{gateway.port}"})
    ledger = GameLedger(GAME, game_id, tuple(players), True, "direct", client=CONNECT)
    # when its bots play it over Connect, each seat holding a stream
    await play(browser_only, ledger, retry_deadline_s=10, hold_streams=True)
    # then it ended, every move acknowledged through the gateway, and the streams were held
    assert ledger.error == "" and ledger.finished, ledger.error
    assert len(ledger.acked) >= 10 and {m.seat for m in ledger.acked} == {0, 1}
    assert {h.seat for h in ledger.holds} == {0, 1}


async def test_a_gateway_replica_away_fails_its_call_as_unavailable_and_the_next_replica_answers(stack, gateway):
    stub = ConnectGameStub(["127.0.0.1:1", f"127.0.0.1:{gateway.port}"], GAME, mint_token(stack, "connect-cy"))
    try:
        request = game_pb2.GetViewRequest(game_id="no-such-game", seat=0)
        with pytest.raises(grpc.aio.AioRpcError) as away:
            await stub.GetView(request)
        assert away.value.code() == grpc.StatusCode.UNAVAILABLE
        # the next call goes to the replica that answers: the game's absence, with grpc's code
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await stub.GetView(request)
        assert refused.value.code() == grpc.StatusCode.NOT_FOUND, refused.value.details()
    finally:
        await stub.close()


async def test_a_reader_of_an_idle_stream_that_is_cancelled_ends_cancelled_instead_of_calling_again(stack, gateway):
    # given a table nobody moves at, and a seat reading its WatchGame stream over Connect
    import asyncio

    players = ["connect-dee", "connect-eli"]
    game_id = await new_table(stack, "connect-idle", players)
    stub = ConnectGameStub([f"127.0.0.1:{gateway.port}"], GAME, mint_token(stack, players[0]))
    seen: list[int] = []
    errors: list[grpc.aio.AioRpcError] = []

    async def reader() -> None:
        # as apps.sdk.seatplayer.SeatPlayer._read: a failed call is met by calling again
        while True:
            try:
                async for update in stub.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0)):
                    seen.append(update.version)
            except grpc.aio.AioRpcError as exc:
                errors.append(exc)
                await asyncio.sleep(0.05)

    task = asyncio.get_running_loop().create_task(reader())
    try:
        while not seen:
            await asyncio.sleep(0.05)
        # when its task is cancelled while the stream idles
        task.cancel()
        # then the task ends, cancelled: connect-python's CANCELED is not taken for a failed call
        done, _ = await asyncio.wait({task}, timeout=10)
        assert task in done and task.cancelled() and errors == []
    finally:
        task.cancel()
        await stub.close()

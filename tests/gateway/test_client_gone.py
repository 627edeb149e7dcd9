"""A server stream ends when its client goes away (services/gateway/disconnects.py), not at its
next message: an idle WatchGame whose browser closed its connection kept its upstream call, its
seat present on the rules engine and its stream slots in Valkey for as long as nothing happened
at the table (10,000 of them stayed open in `foodgames bench idle-streams`), and once told of
the disconnect the Connect runtime waited for good to send the stream's end to the closed
stream. The gateway here is a process of its own (`gateway_process`, tests/gateway/conftest.py), as it
runs in the stack, and its metrics say how many streams it forwards."""
from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
from foodgames.v1 import game_pb2

from apps.sdk.connection import Connection
from apps.sdk.gamecalls import JSON_VIEWS, create_game, send_client_seeds, view_of
from shared.auth import mint_token, service_token
from tests.gateway.test_gateway import GAME, bearer, envelope, frames

WATCH = f"/games/{GAME}/foodgames.v1.GameService/WatchGame"
GAUGE = 'foodgames_gateway_streams{http_route="/foodgames.v1.GameService/WatchGame"'
ACTIVE = "http_server_active_requests"  # every request being answered, streams included


async def forwarded(metrics: str, gauge: str = GAUGE) -> float:
    async with httpx.AsyncClient(timeout=5) as client:
        text = (await client.get(metrics)).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(gauge))


async def settles_at(metrics: str, count: int, gauge: str = GAUGE) -> bool:
    for _ in range(100):
        if await forwarded(metrics, gauge) == count:
            return True
        await asyncio.sleep(0.1)
    return False


async def dealt_table(stack) -> tuple[str, list[str]]:
    """A table of two whose deal is done and where nobody moves (no clock): its streams idle."""
    players = [f"gw-gone-{uuid.uuid4().hex[:6]}" for _ in range(2)]
    admin = Connection(stack, service_token(stack, "test"), "svc:test")
    seats = [Connection(stack, mint_token(stack, p), p) for p in players]
    try:
        game_id = (await create_game(admin, GAME, players)).game_id
        await send_client_seeds(seats, game_id)
        request = game_pb2.GetViewRequest(game_id=game_id, seat=0, view_encoding=JSON_VIEWS)
        for _ in range(200):
            if view_of(await seats[0].game(GAME).GetView(request)).get("legal_moves"):
                return game_id, players
            await asyncio.sleep(0.05)
        raise AssertionError("the table was not dealt")
    finally:
        for conn in (admin, *seats):
            await conn.close()


@pytest.mark.parametrize("http2", [True, False], ids=["http2", "http1"])
async def test_given_an_idle_stream_when_its_client_goes_away_then_the_gateway_ends_it(stack, gateway_process,
                                                                                       http2):
    base, metrics, _ = gateway_process
    game_id, players = await dealt_table(stack)
    headers = bearer(mint_token(stack, players[0]), **{"content-type": "application/connect+proto",
                                                       "connect-protocol-version": "1"})
    body = envelope(game_pb2.WatchGameRequest(game_id=game_id, seat=0).SerializeToString())
    client = httpx.AsyncClient(base_url=base, http1=not http2, http2=http2, timeout=httpx.Timeout(10, read=None))
    first = asyncio.Event()

    async def hold() -> None:
        async with client.stream("POST", WATCH, content=body, headers=headers) as response:
            assert response.status_code == 200
            messages = frames(response)  # held: a generator let go of closes the response
            await anext(messages)
            first.set()  # the game so far: from now on nothing comes
            await asyncio.Event().wait()
    holder = asyncio.create_task(hold())
    try:
        # given an open stream at a table where nobody moves
        await asyncio.wait([holder, asyncio.create_task(first.wait())], timeout=10,
                           return_when=asyncio.FIRST_COMPLETED)
        if holder.done():
            holder.result()  # why the stream did not open
        assert first.is_set(), "no first message within 10 s"
        assert await settles_at(metrics, 1), "the gateway does not count the open stream"
        assert await settles_at(metrics, 1, ACTIVE), "the gateway does not count the stream as a request answered"
        # when its client goes away
        holder.cancel()
        await asyncio.gather(holder, return_exceptions=True)
        await client.aclose()
        # then the gateway ends it
        assert await settles_at(metrics, 0), "the gateway still forwards the stream of a client that has gone"
        assert await settles_at(metrics, 0, ACTIVE), "the gateway still counts the gone client's request"
    finally:
        holder.cancel()
        await client.aclose()

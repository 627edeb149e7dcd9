"""The stream count per player holds across gateway replicas: it is kept in Valkey, and the
slots of a gateway that died lapse after their lease."""
from __future__ import annotations

import asyncio
import contextlib
import json
import uuid

import httpx
import pytest
from foodgames.v1 import matchmaking_pb2

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig
from services.gateway.ratelimit import RateLimiter
from services.gateway.streams import StreamSlots
from shared.memtrim import Trimmer
from tests.gateway.test_gateway import (
    GAME,
    MM_PATH,
    bearer,
    call_json,
    envelope,
    frames,
    sign_in,
)


def replica(stack, limit: int) -> Gateway:
    """One gateway replica; every replica made here shares the stack's Valkey."""
    return Gateway(stack, GatewayConfig(max_streams_per_player=limit, per_address_per_minute=0, per_player_per_minute=0,
                                        dev_signin=True), limiter=RateLimiter(stack.redis_url))


async def _hold_open(client, headers, body):
    async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
        async for _ in frames(response):
            await asyncio.sleep(3600)


async def _opened(app: Gateway, streams: int) -> None:
    """Waits until `app` forwards `streams` streams (the in-process transport hands a response
    over only when it ends, so the replica's own count says when a stream is open)."""
    for _ in range(250):
        if sum(app.backends.streams.values()) == streams:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the replica forwards {dict(app.backends.streams)}, not {streams} streams")


async def _refusal(client, headers, body) -> dict | None:
    """The error a new WatchTicket stream ends with at once, or None when it stayed open."""
    async def first_frame():
        async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
            async for flags, payload in frames(response):
                return json.loads(payload)["error"] if flags & 2 else None
        return None
    try:
        return await asyncio.wait_for(first_frame(), 5)
    except TimeoutError:  # the in-process transport answers only once a stream ends
        return None


async def test_two_replicas_together_allow_a_player_no_more_streams_than_the_limit(stack):
    """Given two gateway replicas sharing one Valkey, each allowing 2 streams per player, when a
    player opens one stream on each, then a third is refused on either, and once one closes a
    new one opens."""
    a, b = replica(stack, 2), replica(stack, 2)
    player = f"gw-replicas-{uuid.uuid4().hex[:6]}"
    clients = [httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw", timeout=10)
               for app in (a, b)]
    held: list[asyncio.Task] = []
    try:
        token = await sign_in(clients[0], player)
        reply = await call_json(clients[0], f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 3,
                                                                               "maxPlayers": 3})
        ticket = reply.json()["ticket"]["ticketId"]
        headers = bearer(token, **{"content-type": "application/connect+proto", "connect-protocol-version": "1"})
        body = envelope(matchmaking_pb2.WatchTicketRequest(ticket_id=ticket).SerializeToString())
        for app, client in zip((a, b), clients):  # one stream on each replica
            held.append(asyncio.create_task(_hold_open(client, headers, body)))
            await _opened(app, 1)
        assert await a.backends.slots.count(player) == 2

        for client in clients:
            error = await _refusal(client, headers, body)
            assert error and error["code"] == "resource_exhausted", error
            assert f"{player} has 2 open streams" in error["message"]

        held.pop().cancel()  # the stream on replica b closes: its slot is given back
        for _ in range(100):
            if await a.backends.slots.count(player) == 1:
                break
            await asyncio.sleep(0.02)
        assert await a.backends.slots.count(player) == 1
        held.append(asyncio.create_task(_hold_open(clients[0], headers, body)))
        await _opened(a, 2)
        assert await a.backends.slots.count(player) == 2
        await call_json(clients[0], f"{MM_PATH}/CancelTicket", token, {"ticketId": ticket})
    finally:
        for task in held:
            task.cancel()
        # the in-process ASGI transport may not end a cancelled stream promptly under load: the
        # test's assertions are made above, so its clean-up waits a while and goes on
        if held:
            await asyncio.wait(held, timeout=10)
        for client in clients:
            await client.aclose()
        await a.close()
        await b.close()


async def test_the_slots_of_a_gateway_that_died_lapse_after_their_lease(stack):
    """Given a player's 2 slots taken by a gateway that then died (no renewal, no release), when
    the lease has passed, then the player may open streams again; while slots are renewed they
    stay taken."""
    limiter = RateLimiter(stack.redis_url)
    slots = StreamSlots(limiter.redis, lease_s=0.6, prefix=f"gateway:test-streams:{uuid.uuid4().hex}")
    try:
        dead = [await slots.acquire("p", 2) for _ in range(2)]
        alive = None
        assert all(dead) and await slots.acquire("p", 2) is None
        for slot in dead:
            slot.abandon()  # the gateway is gone: nobody renews or releases
        await asyncio.sleep(0.8)
        alive = await slots.acquire("p", 2)
        assert alive is not None, "the dead gateway's slots still count after their lease"
        await asyncio.sleep(1.0)  # longer than a lease: the live slot is renewed, not lapsed
        assert await slots.count("p") == 1
        await alive.close()
        assert await slots.count("p") == 0
        assert await limiter.redis.pttl(slots.key("p")) in (-2, -1) or await slots.count("p") == 0
    finally:
        with contextlib.suppress(Exception):
            await limiter.redis.delete(slots.key("p"))
        await limiter.close()


async def test_every_open_slot_of_a_gateway_is_renewed_by_one_valkey_call_a_third_of_a_lease(stack):
    """Given 60 open slots of 6 players on one gateway, when a few leases pass, then every slot is
    still counted and each renewal was one call to Valkey carrying all 60 (not a call a slot);
    once they are given back, the renewals stop."""
    limiter = RateLimiter(stack.redis_url)
    slots = StreamSlots(limiter.redis, lease_s=0.6, prefix=f"gateway:test-streams:{uuid.uuid4().hex}")
    renewed: list[int] = []
    renew = slots._renew

    async def counted(keys, args):
        renewed.append(len(keys))
        return await renew(keys=keys, args=args)

    slots._renew = counted
    players = [f"p{n}" for n in range(6)]
    try:
        held = [await slots.acquire(player, 10) for player in players for _ in range(10)]
        assert all(held)
        await asyncio.sleep(1.5)  # two and a half leases: lapsed unless renewed
        assert [await slots.count(player) for player in players] == [10] * 6
        assert len(renewed) >= 3 and set(renewed) == {60}, renewed
        for slot in held:
            await slot.close()
        await asyncio.sleep(0.5)
        calls = len(renewed)
        await asyncio.sleep(0.5)
        assert len(renewed) == calls, "slots given back are still renewed"
        assert [await slots.count(player) for player in players] == [0] * 6
    finally:
        await slots.close()
        with contextlib.suppress(Exception):
            await limiter.redis.delete(*(slots.key(player) for player in players))
        await limiter.close()


async def test_streams_are_let_through_when_valkey_is_away():
    limiter = RateLimiter("redis://127.0.0.1:1/0")
    try:
        slot = await StreamSlots(limiter.redis).acquire("p", 1)
        assert slot is not None and slot.slot_id is None  # uncounted, not refused
        await slot.close()
    finally:
        await limiter.close()


@pytest.mark.parametrize("variable, value, field", [("FOODGAMES_GATEWAY_STREAM_LEASE_S", "12.5", "stream_lease_s")])
def test_the_lease_is_configured_by_env(variable, value, field):
    assert getattr(GatewayConfig.from_env({variable: value}), field) == float(value)


async def test_what_closed_streams_freed_is_handed_back_to_the_system(stack):
    """Given a gateway replica whose trimmer hands memory back after 2 closed streams, when a
    player's 2 streams close, then the trim runs (glibc keeps freed pages mapped otherwise: 10,000
    idle streams left the gateway at 909 MB once closed, docs/benchmarks.md)."""
    app = replica(stack, 4)
    trims: list[float] = []
    app.backends.trimmer = Trimmer(trim=lambda: trims.append(1.0), after=2, delay_s=0.01, every_s=0.01)
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw", timeout=10)
    held: list[asyncio.Task] = []
    try:
        token = await sign_in(client, f"gw-trim-{uuid.uuid4().hex[:6]}")
        reply = await call_json(client, f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 3,
                                                                         "maxPlayers": 3})
        ticket = reply.json()["ticket"]["ticketId"]
        headers = bearer(token, **{"content-type": "application/connect+proto", "connect-protocol-version": "1"})
        body = envelope(matchmaking_pb2.WatchTicketRequest(ticket_id=ticket).SerializeToString())
        for opened in (1, 2):
            held.append(asyncio.create_task(_hold_open(client, headers, body)))
            await _opened(app, opened)
        assert trims == []
        for task in held:
            task.cancel()
        await asyncio.wait(held, timeout=10)
        for _ in range(250):
            if trims:
                break
            await asyncio.sleep(0.02)
        assert trims == [1.0], "the closed streams were not followed by a trim"
        await call_json(client, f"{MM_PATH}/CancelTicket", token, {"ticketId": ticket})
    finally:
        for task in held:
            task.cancel()
        await client.aclose()
        await app.close()

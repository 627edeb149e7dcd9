"""The limits a public endpoint needs (issue 26, 4): a connection that sends nothing, or
trickles its body, is cut off; streams are capped per client address as well as per player;
the gateway's Valkey connections are bounded."""
from __future__ import annotations

import asyncio
import json
import socket
import uuid

import httpx
import redis.asyncio as redis_asyncio
from foodgames.v1 import matchmaking_pb2

from tests.gateway.test_gateway import GAME, MM_PATH, bearer, call_json, envelope, frames, sign_in
from tests.security.servers import gateway, host_port, http1_request


def _closed_by_peer(address, first: bytes | None, wait_s: float) -> bool:
    """Whether the gateway closes a connection (after `first`, if any) within `wait_s`."""
    with socket.create_connection(address, timeout=wait_s) as sock:
        if first:
            sock.sendall(first)
        try:
            while sock.recv(65536):
                pass
        except TimeoutError:
            return False
        except ConnectionResetError:
            pass
        return True


def _two_requests_with_a_pause(address, pause_s: float) -> list[bytes]:
    with socket.create_connection(address, timeout=10) as sock:
        answers = []
        for _ in range(2):
            sock.sendall(http1_request("/api/games"))
            answers.append(sock.recv(65536))
            asyncio.run(asyncio.sleep(pause_s))
        return answers


async def test_a_connection_that_sends_nothing_is_closed(stack):
    """Given a gateway that gives a new connection 0.5 s for its first request, when a client
    connects and says nothing, then the gateway closes the connection; one that made a request
    is kept alive between requests for longer (the keep-alive)."""
    async with gateway(stack, request_head_timeout_s=0.5) as (base, _):
        address = host_port(base)
        assert await asyncio.to_thread(_closed_by_peer, address, None, 10)
        assert await asyncio.to_thread(_closed_by_peer, address, b"GET /api/games HTTP/1.1\r\nHo", 10)
        answers = await asyncio.to_thread(_two_requests_with_a_pause, address, 1.0)
        assert all(a.startswith(b"HTTP/1.1 200") for a in answers), answers


def _trickle(address, head: bytes, length: int) -> bytes:
    """Sends `head` and then a body of `length` bytes one at a time, every 0.1 s, until the
    gateway answers; the answer."""
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(head)
        sock.settimeout(0.1)
        for _ in range(length):
            try:
                sock.sendall(b" ")
                answer = sock.recv(65536)
                break
            except TimeoutError:
                continue
        else:
            raise AssertionError("the whole body went in without an answer")
        sock.settimeout(10)
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        return answer  # the gateway closed the connection: recv ended


async def test_a_trickled_body_is_refused_and_its_connection_closed(stack):
    async with gateway(stack, body_timeout_s=0.5) as (base, _):
        address = host_port(base)
        head = b"POST /auth/dev-sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
        answer = await asyncio.to_thread(_trickle, address, head, 200)
        status, _, body = answer.partition(b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 408"), answer
        assert json.loads(body)["code"] == "deadline_exceeded" and b"did not arrive within 0.5 s" in body
        head = (b"POST /foodgames.v1.DeckService/GetPublicKey HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                b"\r\nContent-Length: 200\r\n\r\n")
        answer = await asyncio.to_thread(_trickle, address, head, 200)  # the call's own answer (chunked)
        assert b'"code": "deadline_exceeded"' in answer and b"did not arrive within 0.5 s" in answer, answer


async def _watch(client, token: str, ticket: str, first: asyncio.Future) -> None:
    headers = bearer(token, **{"content-type": "application/connect+proto", "connect-protocol-version": "1"})
    body = envelope(matchmaking_pb2.WatchTicketRequest(ticket_id=ticket).SerializeToString())
    async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
        async for flags, payload in frames(response):
            if not first.done():
                first.set_result(json.loads(payload)["error"] if flags & 2 else None)
            if flags & 2:
                return
            await asyncio.sleep(3600)


async def test_streams_are_capped_per_address_as_well_as_per_player(stack):
    """Given a gateway allowing 2 open streams per address (8 per player), when three players
    from one address each open one, then the third is refused, naming the address; once one
    closes, the third opens."""
    async with gateway(stack, max_streams_per_address=2) as (base, running), \
            httpx.AsyncClient(base_url=base, timeout=30) as client:
        streams = running.app.backends.address_streams
        streams.slots.prefix = f"gateway:test-address-streams:{uuid.uuid4().hex}"
        players = {}
        for n in range(3):
            token = await sign_in(client, f"sec-addr-{n}-{uuid.uuid4().hex[:6]}")
            reply = await call_json(client, f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 4,
                                                                               "maxPlayers": 4})
            players[token] = reply.json()["ticket"]["ticketId"]
        tasks, firsts = [], []
        try:
            for token, ticket in players.items():
                first = asyncio.get_running_loop().create_future()
                tasks.append(asyncio.create_task(_watch(client, token, ticket, first)))
                firsts.append(first)
                await asyncio.wait_for(asyncio.shield(first), 20)
            assert [f.result() for f in firsts[:2]] == [None, None]
            refused = firsts[2].result()
            assert refused["code"] == "resource_exhausted", refused
            assert "127.0.0.1 has 2 open streams, the most one address may have" in refused["message"]
            tasks[0].cancel()
            for _ in range(200):
                if streams.local.get("127.0.0.1", 0) < 2:
                    break
                await asyncio.sleep(0.02)
            first = asyncio.get_running_loop().create_future()
            tasks.append(asyncio.create_task(_watch(client, list(players)[2], players[list(players)[2]], first)))
            assert await asyncio.wait_for(first, 20) is None
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for token, ticket in players.items():
                await call_json(client, f"{MM_PATH}/CancelTicket", token, {"ticketId": ticket})


async def test_the_gateways_valkey_connections_are_bounded(stack):
    """Given a gateway holding at most 3 Valkey connections, when 60 calls come at once (each
    counted per address and per player, in the limiter's batches) and its stream slots' client
    is asked 30 things at once that each hold a connection a while (as many streams opening),
    then all are answered and Valkey never sees more than 3 connections of that gateway."""
    async with gateway(stack, valkey_max_connections=3, per_player_per_minute=1000) as (base, running), \
            httpx.AsyncClient(base_url=base, timeout=30) as client:
        token = await sign_in(client, f"sec-pool-{uuid.uuid4().hex[:6]}")
        name = running.app.limiter.client_name
        valkey = redis_asyncio.Redis.from_url(stack.redis_url)
        seen = []

        async def watch():
            while True:
                clients = await valkey.client_list()
                seen.append(sum(1 for c in clients if c.get("name") == name))
                await asyncio.sleep(0.01)
        watcher = asyncio.create_task(watch())
        try:
            replies = await asyncio.gather(*(call_json(client, "/foodgames.v1.DeckService/GetPublicKey", token, {})
                                             for _ in range(60)))
            # (the calls alone may finish before the limiter's first sync opens a connection)
            shared = running.app.limiter.redis
            await asyncio.gather(*(shared.blpop([f"sec-pool-none-{i}"], timeout=0.05) for i in range(30)))
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)
            await valkey.aclose()
        assert [r.status_code for r in replies] == [200] * 60
        assert seen and 1 <= max(seen) <= 3, seen

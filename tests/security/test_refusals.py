"""Refusals reach every client in its own protocol with the right code, and never cost a
connection (issue 26, 2, 3 and 8): native gRPC (status in trailers), Connect (HTTP status and
a JSON error body) and gRPC-Web (status in the headers), over HTTP/1.1 and HTTP/2."""
from __future__ import annotations

import asyncio
import socket
import uuid

import grpc
import httpx
import orjson
import pytest
from foodgames.v1 import deck_pb2, deck_pb2_grpc

from shared.auth import mint_token
from shared.channels import client_channel
from tests.gateway.test_gateway import GAME_PATH, bearer, call_json, envelope, matched_pair, sign_in
from tests.ratewindow import in_one_window
from tests.security.servers import gateway, host_port

EVIL = "https://evil.example"
DECK = "/foodgames.v1.DeckService"
JSON = {"content-type": "application/json"}
GRPC_WEB = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}


async def _code(call) -> grpc.StatusCode:
    try:
        await call
    except grpc.aio.AioRpcError as exc:
        return exc.code()
    return grpc.StatusCode.OK


async def test_a_grpc_client_refused_again_and_again_keeps_its_connection(stack):
    """Given one gRPC channel, when it is refused over and over (an origin not allowed, a path
    and a method that do not exist) while other calls run on the same connection, then each
    refusal has its own code and every other call succeeds."""
    async with gateway(stack) as (base, _), client_channel(base.removeprefix("http://"),
                                                           mint_token(stack, "sec-grpc")) as channel:
        stub = deck_pb2_grpc.DeckServiceStub(channel)
        calls = []
        for _ in range(6):
            calls += [
                (grpc.StatusCode.PERMISSION_DENIED,
                 stub.GetPublicKey(deck_pb2.GetPublicKeyRequest(), metadata=[("origin", EVIL)], timeout=10)),
                (grpc.StatusCode.NOT_FOUND, channel.unary_unary("/foodgames.v1.NoSuchService/Get")(b"", timeout=10)),
                (grpc.StatusCode.NOT_FOUND, channel.unary_unary(f"{DECK}/NoSuchMethod")(b"", timeout=10)),
                (grpc.StatusCode.INVALID_ARGUMENT,
                 stub.GetPublicKey(deck_pb2.GetPublicKeyRequest(), metadata=[("traceparent", "0" * 16_000)],
                                   timeout=10)),
                (grpc.StatusCode.OK, stub.GetPublicKey(deck_pb2.GetPublicKeyRequest(), timeout=10)),
            ]
        codes = await asyncio.gather(*(_code(call) for _, call in calls))
        assert list(codes) == [code for code, _ in calls]


async def test_the_rate_limit_reaches_a_grpc_client_as_resource_exhausted(stack):
    await in_one_window()
    async with gateway(stack, per_address_per_minute=3) as (base, _), \
            client_channel(base.removeprefix("http://"), mint_token(stack, "sec-grpc-rate")) as channel:
        stub = deck_pb2_grpc.DeckServiceStub(channel)
        codes = [await _code(stub.GetPublicKey(deck_pb2.GetPublicKeyRequest(), timeout=10)) for _ in range(6)]
        assert codes == [grpc.StatusCode.OK] * 3 + [grpc.StatusCode.RESOURCE_EXHAUSTED] * 3


@pytest.mark.parametrize("http2", [False, True], ids=["http1.1", "http2"])
async def test_refusals_before_a_call_in_connect_and_grpc_web(stack, http2):
    """Each refusal before a call: a Connect error body with its HTTP status, and to gRPC-Web
    the same code as grpc-status."""
    await in_one_window()
    async with gateway(stack, per_address_per_minute=12) as (base, _), \
            httpx.AsyncClient(base_url=base, http1=not http2, http2=http2, timeout=10) as client:
        cases = [({"origin": EVIL}, f"{DECK}/GetPublicKey", 403, "permission_denied", 7, "may not call"),
                 ({}, "/foodgames.v1.NoSuchService/Get", 404, "not_found", 5, "no such path"),
                 ({}, f"{DECK}/NoSuchMethod", 404, "not_found", 5, "has no method 'NoSuchMethod'"),
                 ({"traceparent": "0" * 16_000}, f"{DECK}/GetPublicKey", 400, "invalid_argument", 3,
                  "traceparent has 16000 characters")]
        for headers, path, status, code, number, words in cases:
            reply = await client.post(path, content=b"{}", headers={**JSON, **headers})
            assert (reply.status_code, reply.json()["code"]) == (status, code), reply.text
            assert words in reply.json()["message"]
            reply = await client.post(path, content=envelope(b""), headers={**GRPC_WEB, **headers})
            assert reply.status_code == 200 and reply.headers["grpc-status"] == str(number), reply.headers
            assert words in reply.headers["grpc-message"]
        # 6 requests counted so far (the CORS refusals come before the count): 6 more pass
        replies = [await client.post(f"{DECK}/NoSuch", content=b"{}", headers=JSON) for _ in range(8)]
        assert [r.status_code for r in replies] == [404] * 6 + [429] * 2
        assert replies[-1].json()["code"] == "resource_exhausted" and int(replies[-1].headers["retry-after"]) > 0


async def test_the_per_player_limit_says_when_to_try_again(stack):
    await in_one_window()
    async with gateway(stack, per_player_per_minute=1) as (base, _), \
            httpx.AsyncClient(base_url=base, timeout=10) as client:
        token = await sign_in(client, f"sec-busy-{uuid.uuid4().hex[:6]}")
        first = await call_json(client, f"{DECK}/GetPublicKey", token, {})
        second = await call_json(client, f"{DECK}/GetPublicKey", token, {})
        assert first.status_code == 200
        assert second.status_code == 429 and second.json()["code"] == "resource_exhausted"
        assert 0 < int(second.headers["retry-after"]) <= 61


async def test_a_failed_precondition_is_http_400_as_the_connect_protocol_maps_it(stack):
    """Connect's mapping (connectrpc.com/docs/protocol, error codes): failed_precondition is 400."""
    async with gateway(stack) as (base, _), httpx.AsyncClient(base_url=base, timeout=30) as client:
        game_id, tokens, seats = await matched_pair(client)
        player = next(iter(seats))
        reply = await call_json(client, f"{DECK}/ExportAuditBundle", tokens[player], {"gameId": game_id})
        assert reply.status_code == 400 and reply.json()["code"] == "failed_precondition", reply.text


async def test_a_rebound_page_cannot_pass_as_the_gateways_own(stack):
    """A page of another site whose name resolves to the gateway (DNS rebinding) sends its own
    name as Origin and Host: refused. The gateway's own page on this machine passes."""
    async with gateway(stack) as (base, running), httpx.AsyncClient(base_url=base, timeout=10) as client:
        port = running.port
        for host in (f"evil.example:{port}", f"rebind.attacker.test:{port}"):
            reply = await client.post("/auth/dev-sign-in", json={"name": "sec-rebind"},
                                      headers={"host": host, "origin": f"http://{host}"})
            assert reply.status_code == 403 and reply.json()["code"] == "permission_denied", reply.text
        for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
            reply = await client.post("/auth/dev-sign-in", json={"name": "sec-own-page"},
                                      headers={"host": host, "origin": f"http://{host}"})
            assert reply.status_code == 200, reply.text


async def test_a_path_part_too_long_for_a_file_name_is_404(stack, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>client</title>")
    async with gateway(stack, web_dist=str(tmp_path)) as (base, _), httpx.AsyncClient(base_url=base) as client:
        assert (await client.get("/some/route")).status_code == 200  # the single-page app's own route
        for path in ("/" + "a" * 300, "/assets/" + "b" * 256 + ".js", "/" + "c" * 4000 + "/d"):
            reply = await client.get(path)
            assert reply.status_code == 404 and "none has more than 255" in reply.text, reply.text
            assert len(reply.text) < 200
        reply = await client.post("/foodgames.v1." + "e" * 300 + "/Get", content=b"{}", headers=JSON)
        assert reply.status_code == 404 and reply.json()["code"] == "not_found" and len(reply.text) < 200


async def test_a_websocket_handshake_is_refused_in_words(stack):
    async with gateway(stack) as (base, _):
        request = (b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                   b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        answer = await asyncio.to_thread(_exchange, host_port(base), request)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400"), answer
        assert orjson.loads(body)["code"] == "invalid_argument" and b"serves no WebSocket" in body


def _exchange(address, request: bytes) -> bytes:
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


async def test_an_unknown_method_of_a_known_service_says_so(stack):
    async with gateway(stack) as (base, _), httpx.AsyncClient(base_url=base) as client:
        token = await sign_in(client, f"sec-method-{uuid.uuid4().hex[:6]}")
        reply = await call_json(client, f"{GAME_PATH}/NoSuchMethod", token, {})
        assert reply.status_code == 404 and reply.json() == {
            "code": "not_found", "message": "foodgames.v1.GameService has no method 'NoSuchMethod': see docs/api.md"}
        reply = await client.post(f"{DECK}/Reveal", content=b"{}", headers=bearer(token, **JSON))
        assert reply.json()["code"] == "unimplemented"  # a method that exists but is not public


def _late_body_then_another_request(address: tuple[str, int], authority: str,
                                    kind: str) -> tuple[list[tuple], list[tuple]]:
    """On one HTTP/2 connection: a gRPC call refused before its body is sent, then its body,
    then a second request; the (name, value) headers each stream's answer ended with."""
    import h2.config
    import h2.connection
    import h2.events

    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
    conn.initiate_connection()
    ended: dict[int, list] = {}
    with socket.create_connection(address, timeout=10) as sock:
        def until_ended(stream: int) -> list:
            headers: list = []
            while stream not in ended:
                data = sock.recv(65536)
                if not data:
                    raise ConnectionError("the gateway closed the connection")
                for event in conn.receive_data(data):
                    if isinstance(event, (h2.events.ResponseReceived, h2.events.TrailersReceived)):
                        headers += event.headers
                    elif isinstance(event, h2.events.StreamEnded):
                        ended[event.stream_id] = headers
                sock.sendall(conn.data_to_send())
            return ended[stream]

        conn.send_headers(1, [(":method", "POST"), (":scheme", "http"), (":authority", authority),
                              (":path", f"{DECK}/GetPublicKey"), ("content-type", kind),
                              ("te", "trailers"), ("origin", EVIL)])
        sock.sendall(conn.data_to_send())
        refused = until_ended(1)
        conn.send_data(1, envelope(b""), end_stream=True)  # the body, after the answer
        conn.send_headers(3, [(":method", "GET"), (":scheme", "http"), (":authority", authority),
                              (":path", "/healthz")], end_stream=True)
        sock.sendall(conn.data_to_send())
        return refused, until_ended(3)


@pytest.mark.parametrize("kind", ["application/grpc", "application/grpc-web+proto"])
async def test_a_body_sent_after_its_refusal_does_not_cost_the_connection(stack, kind):
    """Given an HTTP/2 connection whose gRPC call was refused before its body came, when the body
    comes, then the connection stays and answers its next request (Hypercorn alone would drop
    it: services/gateway/connections.py)."""
    async with gateway(stack) as (base, _):
        refused, then = await asyncio.to_thread(_late_body_then_another_request, host_port(base),
                                                base.removeprefix("http://"), kind)
        assert ("grpc-status", "7") in refused
        assert dict(then)[":status"] in ("200", "503")

"""The gateway as a browser or app calls it: plain HTTP (httpx) in the Connect protocol, JSON
and binary, against the whole stack (`foodgames up`): sign in, queue through the matchmaker,
read a seat's view, play a move, watch the game as a stream, and the refusals."""
from __future__ import annotations

import asyncio
import base64
import json
import struct
import uuid

import httpx
import orjson
import pytest
from foodgames.v1 import deck_pb2, event_pb2, game_pb2, matchmaking_pb2

from services.gateway.app import Gateway
from services.gateway.config import GatewayConfig
from tests.gateway.conftest import MAX_BODY, ORIGIN
from tests.ratewindow import in_one_window

GAME = "foodie-forest"
GAME_PATH = f"/games/{GAME}/foodgames.v1.GameService"
MM_PATH = "/foodgames.v1.MatchmakingService"
JSON = {"content-type": "application/json"}


def bearer(token: str, **more) -> dict[str, str]:
    return {"authorization": f"Bearer {token}", **more}


async def sign_in(client: httpx.AsyncClient, name: str) -> str:
    reply = await client.post("/auth/dev-sign-in", json={"name": name})
    assert reply.status_code == 200, reply.text
    assert reply.json()["player"] == name
    return reply.json()["token"]


async def call_json(client, path: str, token: str | None, body: dict, **headers) -> httpx.Response:
    sent = {**JSON, **headers}
    if token is not None:
        sent["authorization"] = f"Bearer {token}"
    return await client.post(path, content=orjson.dumps(body), headers=sent)


def envelope(payload: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(payload)) + payload


async def frames(response: httpx.Response):
    """The (flags, payload) envelopes of a Connect streaming response, as they arrive."""
    buffer = b""
    async for chunk in response.aiter_raw():
        buffer += chunk
        while len(buffer) >= 5:
            flags, size = struct.unpack(">BI", buffer[:5])
            if len(buffer) < 5 + size:
                break
            yield flags, buffer[5:5 + size]
            buffer = buffer[5 + size:]


async def matched_pair(client) -> tuple[str, dict[str, str], dict[str, int]]:
    """Two players signed in and queued for a two-player table; (game id, player -> token,
    player -> seat). One ticket is followed with WatchTicket (a Connect JSON stream)."""
    tag = uuid.uuid4().hex[:6]
    names = [f"gw-ann-{tag}", f"gw-bob-{tag}"]
    tokens = {n: await sign_in(client, n) for n in names}
    tickets = {}
    for name in names:
        reply = await call_json(client, f"{MM_PATH}/CreateTicket", tokens[name],
                                {"game": GAME, "minPlayers": 2, "maxPlayers": 2, "ranked": False})
        assert reply.status_code == 200, reply.text
        ticket = reply.json()["ticket"]
        assert ticket["state"] == "TICKET_STATE_SEARCHING"
        tickets[name] = ticket["ticketId"]
    body = envelope(orjson.dumps({"ticketId": tickets[names[0]]}))
    headers = bearer(tokens[names[0]], **{"content-type": "application/connect+json", "connect-protocol-version": "1"})
    states = []
    async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
        assert response.status_code == 200
        async for flags, payload in frames(response):
            message = json.loads(payload)
            if flags & 2:
                assert "error" not in message, message
                break
            states.append(message["ticket"])
            if message["ticket"]["state"] == "TICKET_STATE_MATCHED":
                break
    final = states[-1]
    assert final["state"] == "TICKET_STATE_MATCHED", states
    reply = await call_json(client, f"{MM_PATH}/GetTicket", tokens[names[1]], {"ticketId": tickets[names[1]]})
    other = reply.json()["ticket"]
    assert other["gameId"] == final["gameId"]
    seats = {s["player"]: s.get("seat", 0) for s in [*final["seats"], *other["seats"]]}
    return final["gameId"], tokens, seats


async def seat_to_move(client, game_id, tokens, seats) -> tuple[str, int, list[dict]]:
    """The player whose seat has legal moves (waiting out the first deal), its seat and moves."""
    for _ in range(200):
        for player, seat in seats.items():
            reply = await call_json(client, f"{GAME_PATH}/ListLegalMoves", tokens[player],
                                    {"gameId": game_id, "seat": seat})
            assert reply.status_code == 200, reply.text
            moves = reply.json().get("moves", [])
            if moves:
                return player, seat, moves
        await asyncio.sleep(0.05)
    raise AssertionError("no seat ever had a legal move")


async def test_health_and_dev_sign_in(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        health = await client.get("/healthz")
        assert health.status_code == 200, health.text
        assert health.json()["status"] == "SERVING"
        assert set(health.json()["backends"]) >= {"matchmaking", "leaderboard", "deck", "tournament", GAME}
        bad = await client.post("/auth/dev-sign-in", json={"name": "has space"})
        assert bad.status_code == 400 and bad.json()["code"] == "invalid_argument"


async def test_dev_sign_in_is_refused_when_off(stack):
    app = Gateway(stack, GatewayConfig(dev_signin=False))
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
            reply = await client.post("/auth/dev-sign-in", json={"name": "mallory"})
            assert reply.status_code == 404
            assert reply.json()["code"] == "not_found" and "dev sign-in is off" in reply.json()["message"]
    finally:
        await app.close()


async def test_queue_view_and_move_in_connect_json(gateway):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        game_id, tokens, seats = await matched_pair(client)
        player, seat, moves = await seat_to_move(client, game_id, tokens, seats)
        view = await call_json(client, f"{GAME_PATH}/GetView", tokens[player],
                               {"gameId": game_id, "seat": seat, "viewEncoding": "VIEW_ENCODING_JSON"})
        assert view.status_code == 200, view.text
        assert view.json()["game"] == GAME and view.json()["players"] == sorted(seats, key=seats.get)
        assert isinstance(json.loads(view.json()["viewJson"]), dict)
        version = int(view.json()["version"])  # uint64 is a JSON string in proto3 JSON

        # a stale expected version: the backend's ABORTED, as a Connect error
        stale = await call_json(client, f"{GAME_PATH}/SubmitMove", tokens[player],
                                {"gameId": game_id, "seat": seat, "moveId": uuid.uuid4().hex, "move": moves[0],
                                 "expectedVersion": "0"})
        assert stale.status_code == 409, stale.text
        assert stale.json()["code"] == "aborted" and stale.json()["message"]

        # a malformed move: INVALID_ARGUMENT with the rules' words
        bad = await call_json(client, f"{GAME_PATH}/SubmitMove", tokens[player],
                              {"gameId": game_id, "seat": seat, "moveId": uuid.uuid4().hex,
                               "move": {"type": "no-such-move"}})
        assert bad.status_code == 400, bad.text
        assert bad.json()["code"] == "invalid_argument" and "no-such-move" in bad.json()["message"]

        moved = await call_json(client, f"{GAME_PATH}/SubmitMove", tokens[player],
                                {"gameId": game_id, "seat": seat, "moveId": uuid.uuid4().hex, "move": moves[0],
                                 "expectedVersion": str(version), "viewEncoding": "VIEW_ENCODING_JSON"})
        assert moved.status_code == 200, moved.text
        assert int(moved.json()["version"]) > version and moved.json()["viewJson"]

        # the other player may not act as this seat
        other = next(p for p in seats if p != player)
        theirs = await call_json(client, f"{GAME_PATH}/GetView", tokens[other], {"gameId": game_id, "seat": seat})
        assert theirs.status_code == 403 and theirs.json()["code"] == "permission_denied", theirs.text


async def test_view_and_move_in_binary_protobuf_and_a_watch_stream(gateway):
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        game_id, tokens, seats = await matched_pair(client)
        player, seat, moves = await seat_to_move(client, game_id, tokens, seats)
        proto = {"content-type": "application/proto"}
        request = game_pb2.GetViewRequest(game_id=game_id, seat=seat, view_encoding=game_pb2.VIEW_ENCODING_JSON)
        reply = await client.post(f"{GAME_PATH}/GetView", content=request.SerializeToString(),
                                  headers=bearer(tokens[player], **proto))
        assert reply.status_code == 200 and reply.headers["content-type"] == "application/proto"
        view = game_pb2.GetViewResponse.FromString(reply.content)
        assert view.game == GAME and json.loads(view.view_json)

        move = game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=uuid.uuid4().hex,
                                          expected_version=view.version)
        move.move.update(moves[0])
        reply = await client.post(f"{GAME_PATH}/SubmitMove", content=move.SerializeToString(),
                                  headers=bearer(tokens[player], **proto))
        assert reply.status_code == 200, reply.content
        moved = game_pb2.SubmitMoveResponse.FromString(reply.content)
        assert moved.version > view.version and not moved.duplicate

        # the game as a stream of binary WatchGame frames (Connect server streaming)
        watch = game_pb2.WatchGameRequest(game_id=game_id, seat=seat, view_encoding=game_pb2.VIEW_ENCODING_JSON)
        headers = bearer(tokens[player], **{"content-type": "application/connect+proto",
                                            "connect-protocol-version": "1"})
        updates = []
        async with client.stream("POST", f"{GAME_PATH}/WatchGame", content=envelope(watch.SerializeToString()),
                                 headers=headers) as response:
            assert response.status_code == 200
            async for flags, payload in frames(response):
                assert not flags & 2, payload  # an end-of-stream message here would be an error
                updates.append(game_pb2.WatchGameResponse.FromString(payload))
                if updates[-1].version >= moved.version:
                    break
        assert updates and updates[-1].version >= moved.version
        assert any(event for update in updates for event in update.events)
        assert json.loads(updates[-1].view_json)


async def test_a_stream_over_http2_and_grpc_web(gateway):
    """HTTP/2 without TLS (prior knowledge), as gRPC and proxies use it; gRPC-Web framing."""
    async with httpx.AsyncClient(base_url=gateway, http1=False, http2=True, timeout=30) as client:
        token = await sign_in(client, f"gw-h2-{uuid.uuid4().hex[:6]}")
        reply = await client.post("/foodgames.v1.DeckService/GetPublicKey", content=b"{}",
                                  headers=bearer(token, **JSON))
        assert reply.http_version == "HTTP/2" and reply.status_code == 200, reply.text
        assert reply.json()["publicKey"]
        headers = bearer(token, **{"content-type": "application/grpc-web+proto", "x-grpc-web": "1"})
        reply = await client.post("/foodgames.v1.DeckService/GetPublicKey",
                                  content=envelope(deck_pb2.GetPublicKeyRequest().SerializeToString()), headers=headers)
        assert reply.status_code == 200
        flags, size = struct.unpack(">BI", reply.content[:5])
        key = deck_pb2.GetPublicKeyResponse.FromString(reply.content[5:5 + size])
        assert flags == 0 and key.public_key
        assert b"grpc-status:0" in reply.content[5 + size:].replace(b" ", b"")  # the trailers frame


async def test_a_call_without_a_token_is_refused(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        reply = await call_json(client, f"{GAME_PATH}/GetView", None, {"gameId": "g", "seat": 0})
        assert reply.status_code == 401
        assert reply.json()["code"] == "unauthenticated" and "no token" in reply.json()["message"]
        reply = await call_json(client, f"{MM_PATH}/CreateTicket", "not-a-token", {"game": GAME})
        assert reply.status_code == 401 and "not valid" in reply.json()["message"]


def refusal_detail(reply: httpx.Response) -> event_pb2.Message:
    """The one detail of a Connect error: which refusal it was (shared/statusdetails.py)."""
    [detail] = reply.json()["details"]
    assert detail["type"] == "foodgames.v1.Message", detail
    return event_pb2.Message.FromString(base64.b64decode(detail["value"] + "=" * (-len(detail["value"]) % 4)))


async def test_a_refusal_names_its_key_and_values_beside_its_words(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        me = f"gw-twice-{uuid.uuid4().hex[:6]}"
        token = await sign_in(client, me)
        # given a player queued for a table of five (nobody else comes)
        first = await call_json(client, f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 5})
        assert first.status_code == 200, first.text
        ticket = first.json()["ticket"]["ticketId"]
        try:
            # when a German browser queues them again
            again = await call_json(client, f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 5},
                                    **{"accept-language": "de-DE,de;q=0.9"})
            # then the backend's refusal reads in German, and its key and values say which ticket
            assert again.status_code == 409 and again.json()["code"] == "already_exists", again.text
            assert again.json()["message"].startswith(f"{me} sucht schon einen Tisch für Foodie Forest")
            said = refusal_detail(again)
            assert said.key == "refused-live-ticket" and said.text == again.json()["message"]
            assert orjson.loads(said.args_json)["ticket_id"] == ticket
        finally:
            await call_json(client, f"{MM_PATH}/CancelTicket", token, {"ticketId": ticket})
        # and the gateway's own refusals carry theirs
        bare = await call_json(client, f"{MM_PATH}/CreateTicket", None, {"game": GAME})
        assert bare.status_code == 401 and refusal_detail(bare).key == "refused-no-token", bare.text


async def test_a_game_call_must_name_its_game(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        token = await sign_in(client, f"gw-nogame-{uuid.uuid4().hex[:6]}")
        reply = await call_json(client, "/foodgames.v1.GameService/GetView", token, {"gameId": "g"})
        assert reply.status_code == 400 and "say which game" in reply.json()["message"]
        reply = await call_json(client, "/games/chess/foodgames.v1.GameService/GetView", token, {"gameId": "g"})
        assert reply.status_code == 404 and "no game 'chess'" in reply.json()["message"]
        reply = await call_json(client, "/foodgames.v1.GameService/CreateGame", token, {"players": ["a", "b"]},
                                **{"foodgames-game": GAME})
        assert reply.json()["code"] == "unimplemented"  # games are made by the matchmaker


async def test_cors_preflight_for_a_configured_origin_only(gateway):
    asked = {"access-control-request-method": "POST",
             "access-control-request-headers": "content-type, authorization, connect-protocol-version"}
    async with httpx.AsyncClient(base_url=gateway) as client:
        allowed = await client.options(f"{GAME_PATH}/GetView", headers={"origin": ORIGIN, **asked})
        assert allowed.status_code == 204
        assert allowed.headers["access-control-allow-origin"] == ORIGIN
        assert "authorization" in allowed.headers["access-control-allow-headers"]
        assert "POST" in allowed.headers["access-control-allow-methods"]
        refused = await client.options(f"{GAME_PATH}/GetView", headers={"origin": "https://evil.example", **asked})
        assert refused.status_code == 403 and "access-control-allow-origin" not in refused.headers
        assert "origin 'https://evil.example' may not call" in refused.json()["message"]
        # an actual call from the configured origin carries the CORS headers
        reply = await client.get("/healthz", headers={"origin": ORIGIN})
        assert reply.headers["access-control-allow-origin"] == ORIGIN


async def test_an_oversized_body_is_refused(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        token = await sign_in(client, f"gw-big-{uuid.uuid4().hex[:6]}")
        body = {"gameId": "g", "seat": 0, "moveId": "m", "move": {"type": "play", "card": "x" * (MAX_BODY + 10)}}
        reply = await call_json(client, f"{GAME_PATH}/SubmitMove", token, body)
        assert reply.status_code == 413
        assert reply.json()["code"] == "resource_exhausted"
        assert f"at most {MAX_BODY} bytes" in reply.json()["message"]


async def test_rate_limit_per_address(stack, valkey_server):
    """A gateway allowing 3 requests a minute from an address refuses the fourth (Valkey counts)."""
    await in_one_window()
    from services.gateway.ratelimit import RateLimiter

    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}")
    app = Gateway(stack, GatewayConfig(per_address_per_minute=3, per_player_per_minute=0), limiter=limiter)
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
            codes = [(await client.post("/auth/dev-sign-in", json={"name": "x"})).status_code for _ in range(4)]
            assert codes[:3] == [404, 404, 404]  # dev sign-in is off here; the calls still count
            last = await client.post("/auth/dev-sign-in", json={"name": "x"})
            assert last.status_code == 429 and last.json()["code"] == "resource_exhausted"
            assert "too many requests" in last.json()["message"] and last.headers["retry-after"]
            german = await client.post("/auth/dev-sign-in", json={"name": "x"}, headers={"accept-language": "de"})
            assert german.json()["message"].startswith("Zu viele Anfragen aus deinem Netz: höchstens 3 pro Minute.")
    finally:
        await app.close()


@pytest.mark.parametrize("count", [1])
async def test_stream_count_per_player(stack, count):
    """With one stream allowed per player, a second is refused while the first is open."""
    app = Gateway(stack, GatewayConfig(max_streams_per_player=count, per_address_per_minute=0,
                                       per_player_per_minute=0, dev_signin=True))
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw", timeout=10) as client:
            token = await sign_in(client, f"gw-streams-{uuid.uuid4().hex[:6]}")
            reply = await call_json(client, f"{MM_PATH}/CreateTicket", token, {"game": GAME, "minPlayers": 3,
                                                                               "maxPlayers": 3})
            ticket = matchmaking_pb2.WatchTicketRequest(ticket_id=reply.json()["ticket"]["ticketId"])
            headers = bearer(token, **{"content-type": "application/connect+proto", "connect-protocol-version": "1"})
            body = envelope(ticket.SerializeToString())
            backends = app.backends
            first = asyncio.create_task(_read_first_frame(client, headers, body))
            for _ in range(100):
                if backends.streams:
                    break
                await asyncio.sleep(0.02)
            assert sum(backends.streams.values()) == 1
            async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
                async for flags, payload in frames(response):
                    assert flags & 2
                    error = json.loads(payload)["error"]
                    assert error["code"] == "resource_exhausted" and "open streams" in error["message"]
                    break
            # a browser in German reads it in German
            german = {**headers, "accept-language": "de"}
            async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=german) as response:
                async for flags, payload in frames(response):
                    error = json.loads(payload)["error"]
                    assert error["message"].startswith("Zu viele Seiten des Spiels sind gleichzeitig offen (1 "), error
                    assert error["details"][0]["type"] == "foodgames.v1.Message"
                    break
            first.cancel()
            await asyncio.gather(first, return_exceptions=True)
            for _ in range(100):  # the closed stream no longer counts
                if not backends.streams:
                    break
                await asyncio.sleep(0.02)
            assert not backends.streams
            await call_json(client, f"{MM_PATH}/CancelTicket", token, {"ticketId": ticket.ticket_id})
    finally:
        await app.close()


async def _read_first_frame(client, headers, body):
    async with client.stream("POST", f"{MM_PATH}/WatchTicket", content=body, headers=headers) as response:
        async for _ in frames(response):
            await asyncio.sleep(3600)


async def test_grpc_health_check_on_the_gateway_port(gateway):
    """`foodgames up` waits for every service with a gRPC health check: the gateway answers one
    too, on its HTTP/2 port (and a gRPC client can call the public services there)."""
    from apps.cli.up import wait_serving

    address = gateway.removeprefix("http://")
    took = await wait_serving({"gateway": address}, 10)
    assert "gateway" in took


async def test_a_grpc_client_calls_the_gateway(gateway, stack):
    import grpc
    from foodgames.v1 import deck_pb2_grpc

    from shared.auth import mint_token
    from shared.channels import client_channel

    async with client_channel(gateway.removeprefix("http://"), mint_token(stack, "gw-grpc")) as channel:
        key = await deck_pb2_grpc.DeckServiceStub(channel).GetPublicKey(deck_pb2.GetPublicKeyRequest(), timeout=5)
        assert key.public_key
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await deck_pb2_grpc.DeckServiceStub(channel).Reveal(deck_pb2.RevealRequest(game_id="g"), timeout=5)
        assert refused.value.code() == grpc.StatusCode.UNIMPLEMENTED  # not public


async def test_a_chunked_body_over_the_limit_is_refused(gateway):
    """No Content-Length (a streamed body): cut off at the limit."""
    async def chunks():
        for _ in range(4):
            yield b"x" * (MAX_BODY // 2)

    async with httpx.AsyncClient(base_url=gateway) as client:
        token = await sign_in(client, f"gw-chunked-{uuid.uuid4().hex[:6]}")
        reply = await client.post(f"{GAME_PATH}/GetView", content=chunks(), headers=bearer(token, **JSON))
        assert reply.status_code in (413, 429), reply.text
        assert reply.json()["code"] == "resource_exhausted", reply.text


async def test_leaderboard_and_audit_reads_in_connect_json(gateway):
    async with httpx.AsyncClient(base_url=gateway) as client:
        name = f"gw-reader-{uuid.uuid4().hex[:6]}"
        token = await sign_in(client, name)
        top = await call_json(client, "/foodgames.v1.LeaderboardService/GetTop", token,
                              {"board": {"game": GAME}, "limit": 5})
        assert top.status_code == 200, top.text
        assert "entries" in top.json() or top.json() == {} or "total" in top.json()
        nobody = await call_json(client, "/foodgames.v1.LeaderboardService/GetPlayer", token,
                                 {"game": GAME, "player": name})
        assert nobody.status_code == 404 and nobody.json()["code"] == "not_found", nobody.text
        around = await call_json(client, "/foodgames.v1.LeaderboardService/GetAroundPlayer", token,
                                 {"board": {"game": GAME}, "player": name, "radius": 2})
        assert around.json()["code"] == "not_found"
        key = await call_json(client, "/foodgames.v1.DeckService/GetPublicKey", token, {})
        assert key.status_code == 200 and key.json()["publicKey"] and key.json()["origin"]
        bundle = await call_json(client, "/foodgames.v1.DeckService/ExportAuditBundle", token, {"gameId": "no-such"})
        assert bundle.status_code >= 400 and bundle.json()["code"] in ("failed_precondition", "not_found")
        assert bundle.json()["message"]


async def test_rate_limit_per_player(stack):
    await in_one_window()
    from services.gateway.ratelimit import RateLimiter

    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}")
    app = Gateway(stack, GatewayConfig(per_address_per_minute=0, per_player_per_minute=2, dev_signin=True),
                  limiter=limiter)
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as client:
            token = await sign_in(client, f"gw-busy-{uuid.uuid4().hex[:6]}")
            replies = [await call_json(client, "/foodgames.v1.DeckService/GetPublicKey", token, {}) for _ in range(3)]
            assert [r.status_code for r in replies[:2]] == [200, 200]
            assert replies[2].status_code == 429 and replies[2].json()["code"] == "resource_exhausted"
            assert "too many calls by gw-busy-" in replies[2].json()["message"]
            german = await call_json(client, "/foodgames.v1.DeckService/GetPublicKey", token, {},
                                     **{"accept-language": "de"})
            assert german.status_code == 429 and german.json()["message"].startswith(
                "Zu viele Anfragen: höchstens 2 pro Minute. Versuche es in "), german.text
    finally:
        await app.close()


async def test_refusals_before_a_call_reach_grpc_web_clients_as_grpc_status(gateway):
    headers = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1", "origin": "https://evil.example"}
    async with httpx.AsyncClient(base_url=gateway) as client:
        reply = await client.post("/foodgames.v1.DeckService/GetPublicKey", content=envelope(b""), headers=headers)
        assert reply.status_code == 200 and reply.headers["grpc-status"] == "7"  # PERMISSION_DENIED
        assert "origin 'https://evil.example' may not call" in reply.headers["grpc-message"]
        del headers["origin"]
        reply = await client.post("/foodgames.v1.NoSuchService/Get", content=envelope(b""), headers=headers)
        assert reply.headers["grpc-status"] == "5" and "no such path" in reply.headers["grpc-message"]


async def test_a_grpc_client_over_the_body_limit(gateway, stack):
    import grpc
    from foodgames.v1 import game_pb2_grpc

    from shared.auth import mint_token
    from shared.channels import client_channel

    async with client_channel(gateway.removeprefix("http://"), mint_token(stack, "gw-grpc-big")) as channel:
        request = game_pb2.SubmitMoveRequest(game_id="g", move_id="m")
        request.move.update({"card": "x" * (MAX_BODY + 10)})
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await game_pb2_grpc.GameServiceStub(channel).SubmitMove(
                request, metadata=[("foodgames-game", GAME)], timeout=5)
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, refused.value


async def test_a_spectator_and_a_replay_through_the_gateway(gateway):
    """SpectateGame and GetReplay are public: the rules engine decides who may watch or replay."""
    async with httpx.AsyncClient(base_url=gateway, timeout=30) as client:
        # given a casual table of two (casual games allow spectators) and a third person
        game_id, tokens, seats = await matched_pair(client)
        await seat_to_move(client, game_id, tokens, seats)  # past the first deal
        watcher = await sign_in(client, f"gw-eve-{uuid.uuid4().hex[:6]}")
        # when the third person spectates it as a Connect JSON stream
        body = envelope(orjson.dumps({"gameId": game_id, "viewEncoding": "VIEW_ENCODING_JSON"}))
        headers = bearer(watcher, **{"content-type": "application/connect+json", "connect-protocol-version": "1"})
        async with client.stream("POST", f"{GAME_PATH}/SpectateGame", content=body, headers=headers) as response:
            assert response.status_code == 200
            flags, payload = await anext(frames(response))
        # then the first update is the public view, which holds nobody's hand
        update = json.loads(payload)
        assert not flags & 2, update
        view = json.loads(update["viewJson"])
        assert view["seat"] is None and sorted(update["players"]) == sorted(seats)
        for player, seat in seats.items():
            own = await call_json(client, f"{GAME_PATH}/GetView", tokens[player],
                                  {"gameId": game_id, "seat": seat, "viewEncoding": "VIEW_ENCODING_JSON"})
            hand = json.loads(own.json()["viewJson"]).get("hand") or []
            assert hand and not any(f'"{card}"' in update["viewJson"] for card in hand), (player, hand)
        # and a replay of the game still in play is refused, in the rules engine's words
        body = envelope(orjson.dumps({"gameId": game_id, "seatPlayer": next(iter(seats))}))
        async with client.stream("POST", f"{GAME_PATH}/GetReplay", content=body,
                                 headers=bearer(tokens[next(iter(seats))], **{
                                     "content-type": "application/connect+json",
                                     "connect-protocol-version": "1"})) as response:
            flags, payload = await anext(frames(response))
        assert flags & 2 and json.loads(payload)["error"]["code"] == "failed_precondition", payload

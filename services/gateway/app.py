"""The gateway's ASGI application: the public services' generated Connect applications
behind the limits a public endpoint needs, plus GET /healthz and the dev sign-in.

In order, for every HTTP request:
1. CORS: a preflight (OPTIONS with Origin) is answered here, 204 for a configured origin and
   403 for any other; any request whose Origin is not configured is refused with 403
   (requests without Origin, from apps and curl, pass).
2. the per-address rate limit (Valkey): 429.
3. the body limit: a Content-Length above it is 413 at once; a longer body than announced (or a
   chunked one) is cut off at the limit with 413 as well.
4. routing: /healthz, /auth/dev-sign-in, /games/<game>/foodgames.v1.GameService/<Method>
   (the game named in the path; or /foodgames.v1.GameService/... with a foodgames-game
   header), /foodgames.v1.<Service>/<Method>; any other GET is the browser client's
   (web/dist and /api/games, services/gateway/static.py), whose own-origin calls pass step 1.
Refusals of steps 1-3 (and an unknown path) are Connect errors in JSON ({"code", "message"}),
which Connect clients read as such, or, to a gRPC or gRPC-Web request, a trailers-only answer
with grpc-status and grpc-message; refusals inside a call (token, per-player rate, stream count, a backend's status)
are Connect errors in the call's own protocol (Connect, gRPC or gRPC-Web).
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import grpc
import orjson
from connectrpc.compat import google_protobuf_codecs
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.server import ConnectASGIApplication, Endpoint
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.gateway.clientaddr import client_address
from services.gateway.config import GatewayConfig
from services.gateway.forward import (
    GAME_HEADER,
    PUBLIC,
    Backends,
    RateLimiter,
    servicer,
)
from services.gateway.static import (
    GAMES_PATH,
    StaticFiles,
    is_page_request,
    same_origin,
)
from shared import auth, games, telemetry
from shared.config import Settings

log = telemetry.get_logger("gateway")

# Headers a browser may send, and read, across origins (Connect, gRPC-Web, ours).
ALLOW_HEADERS = ("content-type", "authorization", "connect-protocol-version", "connect-timeout-ms",
                 "connect-accept-encoding", "connect-content-encoding", "accept-encoding", "content-encoding",
                 "grpc-timeout", "grpc-accept-encoding", "x-grpc-web", "x-user-agent", "traceparent",
                 "accept-language", GAME_HEADER)
EXPOSE_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin", "connect-content-encoding",
                  "content-encoding", "retry-after")
CONNECT_HTTP = {"resource_exhausted": 429, "permission_denied": 403, "unauthenticated": 401,
                "not_found": 404, "invalid_argument": 400, "unavailable": 503, "internal": 500}


class BodyTooLarge(Exception):
    pass


class _HealthApplication(ConnectASGIApplication):
    """grpc.health.v1.Health/Check over the gateway's own HTTP/2 port (Connect's gRPC protocol),
    so that `foodgames up` and Kubernetes' gRPC probes check the gateway as every other
    service: SERVING when every backend it calls answers SERVING. (Watch is not served.)"""

    def __init__(self, gateway: Gateway):
        method = MethodInfo(name="Check", service_name="grpc.health.v1.Health",
                            input=health_pb2.HealthCheckRequest, output=health_pb2.HealthCheckResponse,
                            idempotency_level=IdempotencyLevel.NO_SIDE_EFFECTS, stream_type=StreamType.UNARY)

        async def check(request, ctx):
            serving, _ = await gateway.backend_health()
            return health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING if serving
                                                  else health_pb2.HealthCheckResponse.NOT_SERVING)
        super().__init__(service=gateway, codecs=google_protobuf_codecs(),
                         endpoints=lambda _: {"/grpc.health.v1.Health/Check": Endpoint.unary(method=method,
                                                                                            function=check)})

    @property
    def path(self) -> str:
        return "/grpc.health.v1.Health"


class Gateway:
    """The ASGI application. `close()` releases its channels and Valkey connection."""

    def __init__(self, settings: Settings, config: GatewayConfig, *, limiter: RateLimiter | None = None):
        self.settings = settings
        self.config = config
        self.limiter = limiter
        self.backends = Backends(settings, config, limiter)
        self.apps: dict[str, Any] = {}
        for public in PUBLIC:
            app = public.application(servicer(self.backends, public), read_max_bytes=config.max_body_bytes)
            self.apps[f"/{public.full_name}/"] = app
        self.apps["/grpc.health.v1.Health/"] = _HealthApplication(self)
        self.origins = set(config.origins)
        self.static = StaticFiles(Path(config.web_dist)) if config.web_dist else StaticFiles()

    async def close(self) -> None:
        await self.backends.close()
        if self.limiter is not None:
            await self.limiter.close()

    # -- ASGI -------------------------------------------------------------------------------
    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        kind = headers.get("content-type", "")
        origin = headers.get("origin")
        cors: list[tuple[bytes, bytes]] = []
        if origin is not None and not same_origin(origin, scope, headers):
            if origin.rstrip("/") not in self.origins:
                await _refuse(kind, send, 403, "permission_denied",
                             f"the origin {origin} may not call this API (FOODGAMES_GATEWAY_ORIGINS lists those that may)")
                return
            cors = [(b"access-control-allow-origin", origin.encode("latin-1")), (b"vary", b"Origin"),
                    (b"access-control-expose-headers", ", ".join(EXPOSE_HEADERS).encode())]
            if scope["method"] == "OPTIONS" and "access-control-request-method" in headers:
                await self._preflight(send, headers, cors)
                return
        if self.limiter is not None and self.config.per_address_per_minute > 0:
            address = client_address(scope, self.config.trusted_proxies)  # behind a trusted proxy: its client
            allowed, wait = await self.limiter.allow("address", address, self.config.per_address_per_minute)
            if not allowed:
                await _refuse(kind, send, 429, "resource_exhausted",
                             f"too many requests from {address}: at most {self.config.per_address_per_minute} a "
                             f"minute; try again in {wait} s", [*cors, (b"retry-after", str(wait).encode())])
                return
        length = headers.get("content-length")
        limit = self.config.max_body_bytes
        if length is not None and length.isdigit() and int(length) > limit:
            await _refuse(kind, send, 413, "resource_exhausted", _too_large(int(length), limit), cors)
            return
        receive = _limited(receive, limit)
        started = False

        async def write(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = dict(message, headers=[*message.get("headers", []), *cors])
            await send(message)
        try:
            await self._route(scope, receive, write, headers)
        except BodyTooLarge:
            if not started:  # else the call already answered (the Connect runtime reads within the limit)
                await _refuse(kind, send, 413, "resource_exhausted", _too_large(None, limit), cors)

    async def _preflight(self, send, headers: dict[str, str], cors) -> None:
        method = headers["access-control-request-method"].upper()
        if method not in ("POST", "GET"):
            await _error(send, 403, "permission_denied", f"the method {method} is not allowed; POST and GET are")
            return
        asked = [h.strip().lower() for h in headers.get("access-control-request-headers", "").split(",") if h.strip()]
        refused = [h for h in asked if h not in ALLOW_HEADERS]
        if refused:
            await _error(send, 403, "permission_denied", f"the headers {', '.join(refused)} are not allowed; "
                                                         f"allowed: {', '.join(ALLOW_HEADERS)}")
            return
        await send({"type": "http.response.start", "status": 204, "headers": [
            *cors, (b"access-control-allow-methods", b"POST, GET"),
            (b"access-control-allow-headers", ", ".join(ALLOW_HEADERS).encode()),
            (b"access-control-max-age", b"7200")]})
        await send({"type": "http.response.body", "body": b""})

    async def _route(self, scope, receive, send, headers: dict[str, str]) -> None:
        path: str = scope["path"]
        if path == "/healthz":
            await self._health(send)
            return
        if path == "/auth/dev-sign-in":
            await self._dev_sign_in(scope, receive, send)
            return
        if path == GAMES_PATH or is_page_request(scope["method"], path):
            await self.static(scope, send)
            return
        if path.startswith("/games/"):
            _, _, rest = path.partition("/games/")
            game, _, tail = rest.partition("/")
            scope = dict(scope, path="/" + tail, raw_path=("/" + tail).encode(),
                         headers=[*[(k, v) for k, v in scope["headers"] if k.lower() != GAME_HEADER.encode()],
                                  (GAME_HEADER.encode(), game.encode())])
            path = scope["path"]
        for prefix, app in self.apps.items():
            if path.startswith(prefix):
                await app(scope, receive, send)
                return
        await _refuse(headers.get("content-type", ""), send, 404, "not_found",
                      f"no such path {path[:100]}: see docs/api.md")

    async def _health(self, send) -> None:
        """200 when every backend the gateway calls answers its gRPC health check SERVING."""
        serving, states = await self.backend_health()
        await _json(send, 200 if serving else 503,
                    {"status": "SERVING" if serving else "NOT_SERVING", "backends": states})

    async def backend_health(self) -> tuple[bool, dict[str, str]]:
        """Whether every backend answers SERVING, and each one's answer."""
        names = ["matchmaking", "leaderboard", "deck", "tournament", *games.names()]

        async def check(name: str) -> str:
            try:
                stub = health_pb2_grpc.HealthStub(self.backends.channel(name))
                reply = await stub.Check(health_pb2.HealthCheckRequest(), timeout=2)
                return health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
            except Exception as exc:  # noqa: BLE001
                return f"unreachable: {type(exc).__name__}"
        states = dict(zip(names, await asyncio.gather(*(check(n) for n in names))))
        return all(s == "SERVING" for s in states.values()), states

    async def _dev_sign_in(self, scope, receive, send) -> None:
        if not self.config.dev_signin:
            await _error(send, 404, "not_found", "dev sign-in is off on this gateway (FOODGAMES_GATEWAY_DEV_SIGNIN=1 "
                                                 "turns it on, for a `make run` stack only)")
            return
        if scope["method"] != "POST":
            await _error(send, 405, "invalid_argument", "POST a JSON object {\"name\": \"...\"}")
            return
        try:
            body = await _read_body(receive)
        except BodyTooLarge:
            await _error(send, 413, "resource_exhausted", _too_large(None, self.config.max_body_bytes))
            return
        try:
            name = orjson.loads(body)["name"]
            if not isinstance(name, str):
                raise TypeError
            token = auth.mint_token(self.settings, name)
        except (orjson.JSONDecodeError, KeyError, TypeError):
            await _error(send, 400, "invalid_argument", "POST a JSON object {\"name\": \"...\"}")
            return
        except ValueError as exc:
            await _error(send, 400, "invalid_argument", str(exc))
            return
        log.info("dev sign-in", player=name)
        await _json(send, 200, {"player": name, "token": token})


def _too_large(length: int | None, limit: int) -> str:
    size = f"is {length} bytes" if length is not None else "is larger than that"
    return f"the request body {size}; the gateway accepts at most {limit} bytes"


def _limited(receive, limit: int):
    """`receive` that raises BodyTooLarge when read on past `limit` bytes of body. The chunk
    that crosses the limit is still handed over: the Connect runtime, which reads with the
    same limit, then refuses the call in its own protocol (resource_exhausted)."""
    seen = 0

    async def read():
        nonlocal seen
        if seen > limit:
            raise BodyTooLarge()
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
        return message
    return read


async def _read_body(receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


async def _json(send, status: int, payload: Any, headers=()) -> None:
    body = orjson.dumps(payload)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


async def _error(send, status: int, code: str, message: str, headers=()) -> None:
    """A refusal before any call: a Connect error body ({"code", "message"})."""
    await _json(send, status, {"code": code, "message": message}, headers)


async def _refuse(content_type: str, send, status: int, code: str, message: str, headers=()) -> None:
    """A refusal before any call, in the form the caller reads: to a gRPC or gRPC-Web request
    (Content-Type application/grpc...) a trailers-only answer, HTTP 200 with grpc-status and
    grpc-message; to anything else a Connect error body with the HTTP status."""
    if not content_type.startswith("application/grpc"):
        await _error(send, status, code, message, headers)
        return
    number = grpc.StatusCode[code.upper()].value[0]
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", content_type.encode("latin-1")), (b"grpc-status", str(number).encode()),
        (b"grpc-message", _grpc_message(message).encode()), *headers]})
    await send({"type": "http.response.body", "body": b""})


def _grpc_message(text: str) -> str:
    """grpc-message's percent-encoding: printable ASCII but '%' as is, all else as UTF-8 %XX."""
    return "".join(c if 0x20 <= ord(c) <= 0x7E and c != "%" else "".join(f"%{b:02X}" for b in c.encode())
                   for c in text)

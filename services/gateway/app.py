"""The gateway's ASGI application: the public services' generated Connect applications
behind the limits a public endpoint needs, plus GET /healthz and the dev sign-in.

In order, for every HTTP request (a WebSocket handshake is refused with 400: the gateway
serves none):
1. CORS: a preflight (OPTIONS with Origin) is answered here, 204 for a configured origin and
   403 for any other; any request whose Origin is not configured is refused with 403
   (requests without Origin, from apps and curl, pass; so do a page's own calls on this
   machine, static.same_origin).
2. the per-address rate limit (Valkey): 429, with Retry-After.
3. the headers the gateway or the Connect runtime reads (timeouts, protocol version, body
   compression, trace context), checked in services/gateway/headers.py: 400.
4. the body limit: a Content-Length above it is 413 at once; a longer body than announced (or a
   chunked one) is cut off at the limit with 413 as well; a body that has not ended
   `body_timeout_s` after the headers is refused (deadline_exceeded, services/gateway/bodies.py).
5. routing: /healthz, /auth/dev-sign-in, /api/sign-in (how the web app signs in), /games/<game>/foodgames.v1.GameService/<Method>
   (the game named in the path; or /foodgames.v1.GameService/... with a foodgames-game
   header), /foodgames.v1.<Service>/<Method> (OperationsService answered here, the others
   forwarded); any other GET is the browser client's
   (web/dist and /api/games, services/gateway/static.py), whose own-origin calls pass step 1.
Refusals of steps 1-4 (and an unknown path or method) are Connect errors in JSON ({"code",
"message"}), which Connect clients read as such, or, to a gRPC or gRPC-Web request, an answer
with grpc-status and grpc-message (services/gateway/replies.py); refusals inside a call (token, per-player rate, stream count, a backend's status)
are Connect errors in the call's own protocol (Connect, gRPC or gRPC-Web).
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
from connectrpc.compat import google_protobuf_codecs
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.server import ConnectASGIApplication, Endpoint
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.gateway import headers as request_headers
from services.gateway import operations
from services.gateway.bodies import BodyTooLarge, BodyTooSlow, limited, read_body, too_large
from services.gateway.clientaddr import CLIENT_ADDRESS, client_address
from services.gateway.codecs import gateway_codecs, gateway_compressions
from services.gateway.config import GatewayConfig
from services.gateway.disconnects import until_disconnected
from services.gateway.forward import (
    GAME_HEADER,
    PUBLIC,
    Backends,
    servicer,
    words_of,
)
from services.gateway.ratelimit import RateLimiter
from services.gateway.static import (
    GAMES_PATH,
    StaticFiles,
    is_page_request,
    same_origin,
)
from services.gateway.replies import connect_error, json_reply, refuse
from shared import auth, games, names, telemetry
from shared.config import Settings
from shared.errors import ResourceExhausted
from shared.moves import quote

log = telemetry.get_logger("gateway")

# Headers a browser may send, and read, across origins (Connect, gRPC-Web, ours).
# how the web app signs in at this gateway (sign_in_options)
SIGN_IN_PATH = "/api/sign-in"
ALLOW_HEADERS = ("content-type", "authorization", "connect-protocol-version", "connect-timeout-ms",
                 "connect-accept-encoding", "connect-content-encoding", "accept-encoding", "content-encoding",
                 "grpc-timeout", "grpc-accept-encoding", "x-grpc-web", "x-user-agent", "traceparent",
                 "accept-language", GAME_HEADER)
EXPOSE_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin", "connect-content-encoding",
                  "content-encoding", "retry-after")

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
            app = public.application(servicer(self.backends, public), read_max_bytes=config.max_body_bytes,
                                     codecs=gateway_codecs(), compressions=gateway_compressions())
            self.apps[f"/{public.full_name}/"] = app
        # the stack's figures for operators, answered here (services/gateway/operations.py)
        self.apps[f"/{operations.SERVICE}/"] = operations.application(self.backends, config.max_body_bytes,
                                                                      gateway_codecs(), gateway_compressions())
        self.apps["/grpc.health.v1.Health/"] = _HealthApplication(self)
        # every path a Connect application has an endpoint at (for any other the runtime would
        # answer a bare 404 without a body)
        self.paths = {f"/{public.full_name}/{method}" for public in PUBLIC
                      for method in public.descriptor.methods_by_name} | {
            "/grpc.health.v1.Health/Check", operations.PATH}
        self.stream_paths = {f"/{public.full_name}/{name}" for public in PUBLIC
                             for name, method in public.descriptor.methods_by_name.items() if method.server_streaming}
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
        if scope["type"] == "websocket":
            await _no_websocket(scope, send)
            return
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        kind = headers.get("content-type", "")
        address = client_address(scope, self.config.trusted_proxies)  # behind a trusted proxy: its client
        CLIENT_ADDRESS.set(address)
        origin = headers.get("origin")
        cors: list[tuple[bytes, bytes]] = []
        if origin is not None and not same_origin(origin, scope, headers):
            if origin.rstrip("/") not in self.origins:
                await refuse(scope, kind, send, 403, "permission_denied",
                             f"the origin {quote(origin)} may not call this API (FOODGAMES_GATEWAY_ORIGINS lists "
                             f"those that may)")
                return
            cors = [(b"access-control-allow-origin", origin.encode("latin-1")), (b"vary", b"Origin"),
                    (b"access-control-expose-headers", ", ".join(EXPOSE_HEADERS).encode())]
            if scope["method"] == "OPTIONS" and "access-control-request-method" in headers:
                await self._preflight(send, headers, cors)
                return
        if self.limiter is not None and self.config.per_address_per_minute > 0:
            allowed, wait = await self.limiter.allow("address", address, self.config.per_address_per_minute)
            if not allowed:
                limit = self.config.per_address_per_minute
                said = words_of(ResourceExhausted(
                    f"too many requests from {address}: at most {limit} a minute; try again in {wait} s",
                    key="too-many-requests", limit=limit, wait=wait), headers.get("accept-language"))
                await refuse(scope, kind, send, 429, "resource_exhausted", said,
                             [*cors, (b"retry-after", str(wait).encode())])
                return
        malformed = request_headers.refusal(headers)
        if malformed is not None:
            await refuse(scope, kind, send, 400, "invalid_argument", malformed, cors)
            return
        length = headers.get("content-length")
        limit = self.config.max_body_bytes
        if length is not None and length.isdigit() and int(length) > limit:
            await refuse(scope, kind, send, 413, "resource_exhausted", too_large(int(length), limit), cors)
            return
        receive = limited(receive, limit, self.config.body_timeout_s)
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
                await refuse(scope, kind, send, 413, "resource_exhausted", too_large(None, limit), cors)
        except BodyTooSlow as exc:  # read outside a call (within one the runtime answers it)
            if not started:
                await refuse(scope, kind, send, 408, "deadline_exceeded", exc.message, cors)

    async def _preflight(self, send, headers: dict[str, str], cors) -> None:
        method = headers["access-control-request-method"].upper()
        if method not in ("POST", "GET"):
            await connect_error(send, 403, "permission_denied",
                                f"the method {quote(method)} is not allowed; POST and GET are")
            return
        asked = [h.strip().lower() for h in headers.get("access-control-request-headers", "").split(",") if h.strip()]
        refused = [h for h in asked if h not in ALLOW_HEADERS]
        if refused:
            await connect_error(send, 403, "permission_denied",
                                f"the headers {quote(', '.join(refused))} are not allowed; "
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
        if path == SIGN_IN_PATH:
            await json_reply(send, 200, self.sign_in_options())
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
                if path not in self.paths:
                    await refuse(scope, headers.get("content-type", ""), send, 404, "not_found",
                                 f"{prefix.strip('/')} has no method {quote(path[len(prefix):])}: see docs/api.md")
                    return
                if path in self.stream_paths:  # ended when its client goes away (disconnects.py)
                    await until_disconnected(app, scope, receive, send)
                else:
                    await app(scope, receive, send)
                return
        await refuse(scope, headers.get("content-type", ""), send, 404, "not_found",
                     f"no such path {quote(path)}: see docs/api.md")

    async def _health(self, send) -> None:
        """200 when every backend the gateway calls answers its gRPC health check SERVING."""
        serving, states = await self.backend_health()
        await json_reply(send, 200 if serving else 503,
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

    def sign_in_options(self) -> dict:
        """How the web app signs in here: the dev form (a `make run` stack), an OpenID provider."""
        c = self.config
        oidc = None
        if c.oidc_client_id:
            oidc = {"authority": c.oidc_authority or c.jwt_issuer, "client_id": c.oidc_client_id,
                    "scope": c.oidc_scope, "resource": c.oidc_resource or "", "player_claim": c.jwt_player_claim}
        return {"dev": c.dev_signin and not c.jwks_url, "oidc": oidc}

    async def _dev_sign_in(self, scope, receive, send) -> None:
        if not self.config.dev_signin:
            await connect_error(send, 404, "not_found", "dev sign-in is off on this gateway (FOODGAMES_GATEWAY_DEV_SIGNIN=1 "
                                                 "turns it on, for a `make run` stack only)")
            return
        if scope["method"] != "POST":
            await connect_error(send, 405, "invalid_argument", "POST a JSON object {\"name\": \"...\"}")
            return
        try:
            body = await read_body(receive)
        except BodyTooLarge:
            await connect_error(send, 413, "resource_exhausted", too_large(None, self.config.max_body_bytes))
            return
        except BodyTooSlow as exc:
            await connect_error(send, 408, "deadline_exceeded", exc.message)
            return
        try:
            name = orjson.loads(body)["name"]
            if not isinstance(name, str):
                raise TypeError
            names.check_chosen(name)  # a person may not sign in as a bot, a service or an operator
            token = auth.mint_token(self.settings, name)
        except (orjson.JSONDecodeError, KeyError, TypeError):
            await connect_error(send, 400, "invalid_argument", "POST a JSON object {\"name\": \"...\"}")
            return
        except ValueError as exc:
            await connect_error(send, 400, "invalid_argument", str(exc))
            return
        log.info("dev sign-in", player=name)
        await json_reply(send, 200, {"player": name, "token": token})



async def _no_websocket(scope, send) -> None:
    """The WebSocket handshake refused with a Connect error (ASGI's websocket.http.response),
    or, where the server cannot send one, closed (Hypercorn then answers 403)."""
    if "websocket.http.response" not in (scope.get("extensions") or {}):
        await send({"type": "websocket.close", "code": 1008})
        return
    body = orjson.dumps({"code": "invalid_argument", "message": "the gateway serves no WebSocket: call it with "
                         "Connect, gRPC-Web or gRPC over HTTP (docs/api.md)"})
    await send({"type": "websocket.http.response.start", "status": 400, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "websocket.http.response.body", "body": body})

"""The gateway's instruments (shared.metrics), as an ASGI middleware around the whole
application (services/gateway/bootstrap.py), so that the application itself is not touched:
requests by route and answer (http.server.request.duration, the OpenTelemetry semantic
convention, with the RPC's method and gRPC status when the answer carries one), request body
sizes, requests in flight and open server streams. Refusals by the rate limits are counted
where the limiter says no (`RATE_LIMITED`, services/gateway/ratelimit.py).

What it cannot see: the status of a gRPC-Web or Connect stream that ends in its body (their
HTTP status is 200); such a call counts under its HTTP status."""
from __future__ import annotations

from time import perf_counter

from opentelemetry.metrics import CallbackOptions, Observation

from services.gateway import operations
from services.gateway.forward import PUBLIC
from services.gateway.ratelimit import RATE_LIMITED
from shared import metrics

_m = metrics.meter("foodgames.gateway")
DURATION = _m.create_histogram("http.server.request.duration", unit="s",
                               description="HTTP requests to the gateway, by http.route, http.request.method, "
                                           "http.response.status_code and rpc.grpc.status_code",
                               explicit_bucket_boundaries_advisory=metrics.FAST_BUCKETS_S)
BODY_SIZE = _m.create_histogram("http.server.request.body.size", unit="By",
                                description="request bodies read by the gateway, by http.route",
                                explicit_bucket_boundaries_advisory=metrics.SIZE_BUCKETS_B)
# Requests and streams open now: plain counts the exporter reads when it collects. An
# up-down counter's add() hashes its attributes on every call, twice a request (in and out):
# two of the four instrument calls a request, which together were ~10 % of the gateway's
# samples in a profile (docs/benchmarks.md); the figures exported are the same.
_active = 0
_streams: dict[str, int] = {}


def _observe_active(_options: CallbackOptions):
    return [Observation(_active)]


def _observe_streams(_options: CallbackOptions):
    return [Observation(n, {"http.route": route}) for route, n in list(_streams.items())]


ACTIVE = _m.create_observable_up_down_counter("http.server.active_requests", [_observe_active], unit="{request}",
                                              description="requests the gateway is answering now (server streams "
                                                          "included)")
STREAMS = _m.create_observable_up_down_counter("foodgames.gateway.streams", [_observe_streams], unit="{stream}",
                                               description="server streams open through the gateway (WatchGame, "
                                                           "SpectateGame, WatchTicket), by http.route")

# the RPC routes: path -> whether it is a server stream
_RPCS = {f"/{p.full_name}/{m}": p.descriptor.methods_by_name[m].server_streaming for p in PUBLIC for m in p.methods}
_FIXED = {"/healthz", "/auth/dev-sign-in", "/api/games", operations.PATH}  # answered by the gateway itself
_GRPC_CODES = ("OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
               "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
               "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED")


def route_of(path: str) -> tuple[str, bool]:
    """(the route a path counts under, whether it is a server stream): an RPC's full method
    (a game's path /games/<game>/... under its method), the fixed paths, else "static"."""
    if path.startswith("/games/"):
        path = "/" + path.partition("/games/")[2].partition("/")[2]
    if path in _RPCS:
        return path, _RPCS[path]
    return (path if path in _FIXED else "static"), False


def _grpc_status(headers) -> str | None:
    for key, value in headers or ():
        if key.lower() == b"grpc-status":
            try:
                return _GRPC_CODES[int(value)]
            except (ValueError, IndexError):
                return None
    return None


def metered(app):
    """`app` with every HTTP request counted and timed."""
    # every series from 0: there before anything happens, so that rates and alerts see it
    for kind in ("address", "player"):
        RATE_LIMITED.add(0, {"kind": kind})
    for route, streaming in _RPCS.items():
        if streaming:
            _streams.setdefault(route, 0)

    async def middleware(scope, receive, send):
        global _active
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        started = perf_counter()
        route, streaming = route_of(scope["path"])
        size, status, grpc_status = 0, 0, None

        async def counting():
            nonlocal size
            message = await receive()
            if message["type"] == "http.request":
                size += len(message.get("body", b""))
            return message

        async def watching(message):
            nonlocal status, grpc_status
            kind = message["type"]
            if kind == "http.response.start":
                status = message["status"]
                grpc_status = _grpc_status(message.get("headers"))
            elif kind == "http.response.trailers":
                grpc_status = _grpc_status(message.get("headers")) or grpc_status
            await send(message)

        _active += 1
        if streaming:
            _streams[route] += 1
        try:
            await app(scope, counting, watching)
        finally:
            _active -= 1
            if streaming:
                _streams[route] -= 1
            attributes = {"http.route": route, "http.request.method": scope["method"],
                          "http.response.status_code": status}
            if grpc_status is not None:
                attributes["rpc.grpc.status_code"] = grpc_status
            DURATION.record(perf_counter() - started, attributes)
            BODY_SIZE.record(size, {"http.route": route})
    return middleware

"""A gRPC server as every service runs it: token check, error mapping and a
span around each call (one interceptor), health checking and reflection.

The interceptor also reads every request itself: a request larger than its method's limit,
or one protobuf cannot decode (e.g. a google.protobuf.Struct nested deeper than protobuf's
100 levels), is not handed to the servicer but refused with RESOURCE_EXHAUSTED or
INVALID_ARGUMENT and a short reason. On a client-streaming call such a message arrives in
the request iterator as an `Unreadable`, so that the servicer can answer it and go on.
"""
from __future__ import annotations

import asyncio
import inspect
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

import grpc
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from opentelemetry import context as otel_context
from opentelemetry import trace

from shared import auth, metrics, statusdetails, telemetry
from shared.config import Settings
from shared.errors import AppError, InvalidArgument, ResourceExhausted, reason, refusal_message, shorten, status_for
from shared.i18n import SHARED_TEXTS, Catalogue, negotiate
from shared.memtrim import Trimmer

# Calls that need no token: probes and tooling.
OPEN_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")
# Calls anyone may make, with or without a token (a token, if sent, must be valid): what a
# client reads before anyone signs in. Wrapped like every other call (limits, error mapping).
PUBLIC_METHODS = frozenset({"/foodgames.v1.GameService/DescribeGame"})
ANONYMOUS = auth.Identity("", "anonymous")

log = telemetry.get_logger("shared.service")

# How many calls may wait in gRPC core for the server to take them. The grpc.aio server takes
# one call at a time from its event loop, so a burst (1,280 AddClientSeed calls at once from a
# bench; every seat of hundreds of tables joining) queues calls in core until the loop gets to
# them. Past gRPC's defaults (grpc.server.max_pending_requests 1,000: from there on a new call
# is dropped at random, more often the longer the queue; max_pending_requests_hard_limit
# 3,000: every new call is dropped) core ends a dropped call at once with CANCELLED
# ("CANCELLED", as a trailers-only answer and RST_STREAM), the servicer never sees it and
# nothing is logged (docs/capacity.md, "The check"). A waiting call costs little memory and
# still ends after gRPC's 30 s (grpc.server_max_unrequested_time_in_server) if never taken,
# so the limits are set well above any burst this project makes.
MAX_PENDING_CALLS = 50_000
MAX_PENDING_CALLS_HARD = 100_000
SERVER_OPTIONS: list[tuple[str, Any]] = [
    ("grpc.so_reuseport", 0),
    ("grpc.server.max_pending_requests", MAX_PENDING_CALLS),
    ("grpc.server.max_pending_requests_hard_limit", MAX_PENDING_CALLS_HARD),
]

# (full method, gRPC status name) -> calls answered: plain integers on the call path, read by the
# `rpc.server.calls` counter when scraped (shared.metrics)
CALLS: dict[tuple[str, str], int] = {}


def _count(method: str, code: str) -> None:
    key = (method, code)
    CALLS[key] = CALLS.get(key, 0) + 1


def _calls(_options):
    return [metrics.Observation(n, {"rpc.system": "grpc", "rpc.method": method.rpartition("/")[2],
                                    "rpc.service": method.strip("/").partition("/")[0],
                                    "rpc.grpc.status_code": code})
            for (method, code), n in list(CALLS.items())]


metrics.meter("foodgames.grpc").create_observable_counter(
    "rpc.server.calls", [_calls], unit="{call}",
    description="gRPC calls this server answered, by rpc.service, rpc.method and rpc.grpc.status_code")


@dataclass(frozen=True)
class Unreadable:
    """A request message the server would not decode: `error` says why (what the call answers),
    `data` holds its bytes (at most the server's max receive size)."""

    error: AppError
    data: bytes


def call_language(requested: str | None, context) -> str | None:
    """The language of a call: its request's `language` field, else the `accept-language`
    metadata (the gateway forwards a browser's Accept-Language header), else English when either
    was sent; None when the call asked for none (a program: its refusals keep the rules' own
    English reason, shared.errors.refusal_message; its messages are English)."""
    accept = None
    for key, value in (context.invocation_metadata() or ()) if context is not None else ():
        if key == "accept-language" and isinstance(value, str):
            accept = value
            break
    if not requested and not accept:
        return None
    return negotiate(requested, accept)


def _method_name(method: str) -> str:
    return method.rpartition("/")[2] or method


def _reader(method: str, decode: Callable[[bytes], Any] | None, limit: int | None) -> Callable[[bytes], Any]:
    """`decode` that answers an Unreadable instead of raising (a raising deserializer ends
    the call with UNKNOWN and protobuf's own words)."""
    name = _method_name(method)

    def read(data: bytes):
        if limit is not None and len(data) > limit:
            return Unreadable(ResourceExhausted(f"a {name} request may be at most {limit} bytes; this one has "
                                                f"{len(data)}"), data)
        if decode is None:
            return data
        try:
            return decode(data)
        except DecodeError as exc:
            text = str(exc)
            if "depth" in text.lower() or "nest" in text.lower():
                why = (f"the {name} request nests values more than 100 levels deep, which protobuf does not "
                       f"read; a move or an option is a flat JSON object")
            else:
                why = f"the {name} request is not a valid protobuf message ({shorten(text, 80)})"
            return Unreadable(InvalidArgument(why), data)
    return read


class CallInterceptor(grpc.aio.ServerInterceptor):
    """Verifies the token, joins the caller's trace, and turns errors into status codes.
    `request_limits`: full method name -> the largest request message it reads, in bytes.
    `texts`: the catalogue a refusal's words come from (shared.errors.refusal_message), in the
    call's language (`call_language`); the shared texts when None."""

    def __init__(self, token_key: str, request_limits: Mapping[str, int] | None = None,
                 texts: Catalogue | None = None):
        self.token_key = token_key
        self.request_limits = dict(request_limits or {})
        self.texts = texts if texts is not None else Catalogue([SHARED_TEXTS])
        self.tracer = telemetry.tracer("foodgames.grpc")
        self._wrapped: dict[str, Any] = {}  # method -> its wrapped handler, built once
        self.trimmer = Trimmer()  # what closed streams freed goes back to the system

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is not None:
            return wrapped
        handler = await continuation(handler_call_details)
        if handler is None or method.startswith(OPEN_PREFIXES):
            return handler
        read = _reader(method, handler.request_deserializer, self.request_limits.get(method))
        if handler.unary_unary:
            wrapped = grpc.unary_unary_rpc_method_handler(
                self._wrap_unary(method, handler.unary_unary),
                request_deserializer=read, response_serializer=handler.response_serializer)
        elif handler.unary_stream:
            wrapped = grpc.unary_stream_rpc_method_handler(
                self._wrap_stream(method, handler.unary_stream),
                request_deserializer=read, response_serializer=handler.response_serializer)
        elif handler.stream_stream:
            # the same wrapper: it hands the request iterator on as it would a request; an
            # Unreadable message in it is for the servicer to answer
            wrapped = grpc.stream_stream_rpc_method_handler(
                self._wrap_stream(method, handler.stream_stream),
                request_deserializer=read, response_serializer=handler.response_serializer)
        else:
            return handler  # client-streaming-only calls are not used by this project
        self._wrapped[method] = wrapped
        return wrapped

    def _identity(self, method: str, metadata) -> auth.Identity:
        if method in PUBLIC_METHODS and not any(k == "authorization" for k, _ in metadata):
            return ANONYMOUS
        return auth.identity_from_metadata(self.token_key, metadata)

    def _enter(self, method: str, context) -> tuple[Any, Any]:
        metadata = tuple(context.invocation_metadata() or ())
        carrier = {k: v for k, v in metadata if isinstance(v, str)}
        ctx_token = otel_context.attach(telemetry.extract(carrier))
        identity = self._identity(method, metadata)
        return ctx_token, auth.set_identity(identity)

    async def _abort(self, context, method: str, exc: BaseException, request: Any = None):
        code = status_for(exc)
        if code is None:
            # not the exception's message: it may quote what a client sent
            log.error("call failed", method=method, error=f"{type(exc).__name__}: {reason(exc)}",
                      traceback="".join(traceback.format_tb(exc.__traceback__))[-4000:])
            _count(method, "INTERNAL")
            await context.abort(grpc.StatusCode.INTERNAL, f"internal error: {type(exc).__name__}")
        _count(method, code.name)
        requested = getattr(request, "language", "") if not isinstance(request, Unreadable) else ""
        why = refusal_message(exc, self.texts, call_language(requested if isinstance(requested, str) else "",
                                                             context))
        log.info("call rejected", method=method, code=code.name, reason=reason(exc))
        await context.abort(code, why.text, trailing_metadata=statusdetails.trailing(code, why))

    def _wrap_unary(self, method: str, behaviour: Callable):
        async def wrapped(request, context):
            ctx_token = id_token = None
            try:
                ctx_token, id_token = self._enter(method, context)
                with self.tracer.start_as_current_span(method, kind=trace.SpanKind.SERVER):
                    if isinstance(request, Unreadable):
                        raise request.error
                    answer = await behaviour(request, context)
                    _count(method, "OK")
                    return answer
            except Exception as exc:  # noqa: BLE001 - every error becomes a status
                if isinstance(exc, grpc.aio.AbortError):
                    raise
                await self._abort(context, method, exc, request)
            finally:
                _leave(ctx_token, id_token)
        return wrapped

    def _wrap_stream(self, method: str, behaviour: Callable):
        # A generator: it may be closed (GeneratorExit) from another task than the call's, when
        # grpc drops a stream it was writing to and the event loop finalises the generator
        # later. Context variables set in the call's task cannot be reset from there (each
        # reset, and OpenTelemetry's detach, would fail and log "Failed to detach context"),
        # so the span is not `with`-entered here, and the variables are reset only in the
        # call's own task; otherwise they die with that task's context.
        async def wrapped(request, context):
            task = asyncio.current_task()
            ctx_token = id_token = span = None
            try:
                metadata = tuple(context.invocation_metadata() or ())
                parent = telemetry.extract({k: v for k, v in metadata if isinstance(v, str)})
                span = self.tracer.start_span(method, context=parent, kind=trace.SpanKind.SERVER)
                ctx_token = otel_context.attach(trace.set_span_in_context(span, parent))
                id_token = auth.set_identity(self._identity(method, metadata))
                if isinstance(request, Unreadable):
                    raise request.error
                result = behaviour(request, context)
                if inspect.isasyncgen(result):
                    async for item in result:
                        yield item
                else:
                    await result
                _count(method, "OK")
            except Exception as exc:  # noqa: BLE001
                if isinstance(exc, grpc.aio.AbortError):
                    raise
                if span is not None:
                    span.record_exception(exc)
                await self._abort(context, method, exc, request)
            finally:
                if span is not None:
                    span.end()
                if asyncio.current_task() is task:
                    _leave(ctx_token, id_token)
                try:
                    self.trimmer.stream_closed()
                except RuntimeError:
                    pass  # finalised outside any event loop: nothing to schedule on
        return wrapped


def _leave(ctx_token, id_token) -> None:
    """Reset what `_enter` set, in the task that set it."""
    if id_token is not None:
        auth.reset_identity(id_token)
    if ctx_token is not None:
        otel_context.detach(ctx_token)


async def start_server(name: str, port: int, settings: Settings,
                       servicers: Iterable[tuple[Callable, Any]],
                       service_names: Iterable[str], *, max_receive_bytes: int | None = None,
                       request_limits: Mapping[str, int] | None = None,
                       dependencies: Callable[[], Iterable[Any]] | None = None,
                       texts: Catalogue | None = None) -> grpc.aio.Server:
    """Start a server on settings.host:port with the given (add_fn, servicer) pairs.

    `service_names` are full names like "foodgames.v1.GameService" for health
    and reflection. Port 0 picks a free port; the bound port is `server.port`.
    `max_receive_bytes`: the largest message gRPC reads at all (gRPC's default, 4 MiB, when
    None); a larger one ends the call with RESOURCE_EXHAUSTED "Received message larger than
    max (N vs. LIMIT)" before any of it reaches Python. `request_limits`: full method name ->
    a smaller limit of that method's messages, refused by the interceptor with its own words.
    `dependencies`: the NATS connections whose state the health check follows (default: every
    open connection this process made with shared.eventstore.connections.connect); while one is
    not connected every name answers NOT_SERVING (`watch_dependencies`). `texts`: the catalogue
    of its refusals' words (a rules engine's: its game's).
    """
    telemetry.configure(name)
    options: list[tuple[str, Any]] = list(SERVER_OPTIONS)
    if max_receive_bytes is not None:
        options.append(("grpc.max_receive_message_length", max_receive_bytes))
    server = grpc.aio.server(interceptors=[CallInterceptor(settings.resolved_token_key(), request_limits, texts)],
                             options=options)
    for add, servicer in servicers:
        add(servicer, server)
    names = list(service_names)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    bound = server.add_insecure_port(f"{settings.host}:{port}")
    if bound == 0:
        raise OSError(f"{name}: cannot listen on {settings.host}:{port}; is another process using it?")
    await server.start()
    for service_name in ["", *names]:
        await health_servicer.set(service_name, health_pb2.HealthCheckResponse.SERVING)
    server.port = bound  # type: ignore[attr-defined]
    server.health = health_servicer  # type: ignore[attr-defined]
    watcher = asyncio.get_running_loop().create_task(
        watch_dependencies(name, health_servicer, ["", *names], dependencies))
    server.health_watch = watcher  # type: ignore[attr-defined]
    stop_server, wait_for_termination = server.stop, server.wait_for_termination

    async def stop(grace):  # the watcher ends with the server
        watcher.cancel()
        return await stop_server(grace)

    async def wait(timeout=None):
        # grpc.aio awaits its own shutdown future here: a cancelled waiter (SIGTERM: `foodgames
        # up`, Kubernetes) would cancel that future, and the stop() that follows would raise
        # CancelledError at once: no grace for the calls under way, nothing after it run (an
        # engine's leases then ran out instead of being let go, the process took 5 s to end)
        return await asyncio.shield(wait_for_termination(timeout))
    server.stop, server.wait_for_termination = stop, wait  # type: ignore[method-assign]
    log.info("serving", service=name, address=f"{settings.host}:{bound}")
    return server


# How often the health check looks at the service's NATS connections.
HEALTH_POLL_S = 0.25


async def watch_dependencies(name: str, health_servicer, names: list[str],
                             dependencies: Callable[[], Iterable[Any]] | None = None,
                             poll_s: float | None = None) -> None:
    """Answer NOT_SERVING on every name while a NATS connection of the service is not connected
    (the server is gone and the client is reconnecting), SERVING again once it is: a load
    balancer or `foodgames up` then sees what a client would meet. Runs until cancelled."""
    from shared.eventstore.connections import open_connections

    deps = dependencies or open_connections
    serving = True
    while True:
        await asyncio.sleep(poll_s or HEALTH_POLL_S)
        down = [nc for nc in deps() if not nc.is_closed and not nc.is_connected]
        if bool(down) == (not serving):
            continue
        serving = not down
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        try:
            for service_name in names:
                await health_servicer.set(service_name, status)
        except Exception:  # noqa: BLE001 - the server is stopping
            return
        if serving:
            log.info("dependency reachable again: SERVING", service=name)
        else:
            unreachable = sorted({getattr(dep, "dependency", "NATS") for dep in down})
            log.warning(f"{' and '.join(unreachable)} cannot be reached: NOT_SERVING until it can",
                        service=name)

"""A gRPC server as every service runs it: token check, error mapping and a
span around each call (one interceptor), health checking and reflection."""
from __future__ import annotations

import inspect
from typing import Any, Callable, Iterable

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from opentelemetry import context as otel_context
from opentelemetry import trace

from shared import auth, telemetry
from shared.config import Settings
from shared.errors import status_for

# Calls that need no token: probes and tooling.
OPEN_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")

log = telemetry.get_logger("shared.service")


class CallInterceptor(grpc.aio.ServerInterceptor):
    """Verifies the token, joins the caller's trace, and turns errors into status codes."""

    def __init__(self, token_key: str):
        self.token_key = token_key
        self.tracer = telemetry.tracer("foodgames.grpc")
        self._wrapped: dict[str, Any] = {}  # method -> its wrapped handler, built once

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is not None:
            return wrapped
        handler = await continuation(handler_call_details)
        if handler is None or method.startswith(OPEN_PREFIXES):
            return handler
        if handler.unary_unary:
            wrapped = grpc.unary_unary_rpc_method_handler(
                self._wrap_unary(method, handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        elif handler.unary_stream:
            wrapped = grpc.unary_stream_rpc_method_handler(
                self._wrap_stream(method, handler.unary_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        elif handler.stream_stream:
            # the same wrapper: it hands the request iterator on as it would a request
            wrapped = grpc.stream_stream_rpc_method_handler(
                self._wrap_stream(method, handler.stream_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        else:
            return handler  # client-streaming-only calls are not used by this project
        self._wrapped[method] = wrapped
        return wrapped

    def _enter(self, context) -> tuple[Any, Any]:
        metadata = tuple(context.invocation_metadata() or ())
        carrier = {k: v for k, v in metadata if isinstance(v, str)}
        ctx_token = otel_context.attach(telemetry.extract(carrier))
        identity = auth.identity_from_metadata(self.token_key, metadata)
        return ctx_token, auth.set_identity(identity)

    async def _abort(self, context, method: str, exc: BaseException):
        code = status_for(exc)
        if code is None:
            log.exception("call failed", method=method)
            await context.abort(grpc.StatusCode.INTERNAL, f"internal error: {type(exc).__name__}")
        log.info("call rejected", method=method, code=code.name, reason=str(exc))
        await context.abort(code, str(exc))

    def _wrap_unary(self, method: str, behaviour: Callable):
        async def wrapped(request, context):
            ctx_token = id_token = None
            try:
                ctx_token, id_token = self._enter(context)
                with self.tracer.start_as_current_span(method, kind=trace.SpanKind.SERVER):
                    return await behaviour(request, context)
            except Exception as exc:  # noqa: BLE001 - every error becomes a status
                if isinstance(exc, grpc.aio.AbortError):
                    raise
                await self._abort(context, method, exc)
            finally:
                _leave(ctx_token, id_token)
        return wrapped

    def _wrap_stream(self, method: str, behaviour: Callable):
        async def wrapped(request, context):
            ctx_token = id_token = None
            try:
                ctx_token, id_token = self._enter(context)
                with self.tracer.start_as_current_span(method, kind=trace.SpanKind.SERVER):
                    result = behaviour(request, context)
                    if inspect.isasyncgen(result):
                        async for item in result:
                            yield item
                    else:
                        await result
            except Exception as exc:  # noqa: BLE001
                if isinstance(exc, grpc.aio.AbortError):
                    raise
                await self._abort(context, method, exc)
            finally:
                _leave(ctx_token, id_token)
        return wrapped


def _leave(ctx_token, id_token) -> None:
    # A stream closed by the client is finalised in another context; the call's
    # context dies with it, so there is nothing left to reset then.
    try:
        if id_token is not None:
            auth.reset_identity(id_token)
        if ctx_token is not None:
            otel_context.detach(ctx_token)
    except ValueError:
        pass


async def start_server(name: str, port: int, settings: Settings,
                       servicers: Iterable[tuple[Callable, Any]],
                       service_names: Iterable[str]) -> grpc.aio.Server:
    """Start a server on settings.host:port with the given (add_fn, servicer) pairs.

    `service_names` are full names like "foodgames.v1.GameService" for health
    and reflection. Port 0 picks a free port; the bound port is `server.port`.
    """
    telemetry.configure(name)
    server = grpc.aio.server(interceptors=[CallInterceptor(settings.resolved_token_key())],
                             options=[("grpc.so_reuseport", 0)])
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
    log.info("serving", service=name, address=f"{settings.host}:{bound}")
    return server

"""structlog JSON logs carrying trace ids, and OpenTelemetry spans whose W3C
context crosses gRPC metadata and NATS headers. The exporter is off unless
OTEL_EXPORTER_OTLP_ENDPOINT is set."""
from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Mapping, MutableMapping

import structlog
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.propagate import extract as _extract
from opentelemetry.propagate import inject as _inject
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF

_configured = False
_exporting = False
_NO_SPAN = contextlib.nullcontext()


def _add_trace_ids(_, __, event_dict):
    span = trace.get_current_span()
    ctx = span.get_span_context()
    if ctx.is_valid:
        event_dict["trace_id"] = format(ctx.trace_id, "032x")
        event_dict["span_id"] = format(ctx.span_id, "016x")
    return event_dict


# Longest text a log field holds; longer ones are cut (a field may quote what a client sent, and
# a log line must never carry a client's megabytes). A traceback may be longer.
MAX_LOG_FIELD = 1000
MAX_LOG_TRACEBACK = 8000


def _cap(value, limit: int):
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]}... ({len(value) - limit} more characters cut)"
    if isinstance(value, (list, tuple)) and sum(len(v) for v in value if isinstance(v, str)) > limit:
        return _cap(repr(value), limit)
    return value


def cap_fields(_, __, event_dict):
    """Cut every text field of a log line to MAX_LOG_FIELD characters (tracebacks to
    MAX_LOG_TRACEBACK)."""
    for key, value in event_dict.items():
        event_dict[key] = _cap(value, MAX_LOG_TRACEBACK if key in ("exception", "traceback") else MAX_LOG_FIELD)
    return event_dict


def configure(service: str, level: str | None = None) -> None:
    """Set up JSON logs to stderr and the tracer provider once per process."""
    global _configured
    if _configured:
        return
    _configured = True
    level_name = (level or os.environ.get("FOODGAMES_LOG_LEVEL", "INFO")).upper()
    logging.basicConfig(stream=sys.stderr, level=getattr(logging, level_name, logging.INFO),
                        format="%(message)s")
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _add_trace_ids,
            structlog.processors.format_exc_info,
            cap_fields,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level_name, logging.INFO)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    structlog.contextvars.bind_contextvars(service=service)
    global _exporting
    exporting = _exporting = bool(os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"))
    # With no exporter nothing would read a recorded span: spans still get ids (for the logs
    # and the traceparent passed on) but record nothing, which halves what a span costs.
    provider = TracerProvider(resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)}),
                              sampler=None if exporting else ALWAYS_OFF)
    if exporting:
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)


def get_logger(name: str | None = None):
    return structlog.get_logger(name)


def tracer(name: str) -> trace.Tracer:
    return trace.get_tracer(name)


def inner_span(tracer_: trace.Tracer, name: str, **kwargs):
    """A span inside a call's span, for a trace viewer only: when nothing exports spans it is
    not even created (the call's span still carries the trace to logs and headers), since a
    span costs tens of microseconds on paths taken on every move."""
    return tracer_.start_as_current_span(name, **kwargs) if _exporting else _NO_SPAN


def inject(headers: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """Add the current trace context (traceparent) to message headers."""
    _inject(headers)
    return headers


def extract(headers: Mapping[str, str] | None) -> otel_context.Context:
    """The trace context carried by message headers or gRPC metadata."""
    return _extract(dict(headers or {}))

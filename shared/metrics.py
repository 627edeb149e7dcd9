"""The process's metrics: one OpenTelemetry meter provider, read by a Prometheus endpoint on
the process's metrics port (GET /metrics) and, when OTEL_EXPORTER_OTLP_ENDPOINT (or
OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) is set, pushed over OTLP as well. The process's own CPU,
memory and event-loop lag are measured here; every other instrument lives beside the code it
measures (`meter(__name__)`), and costs next to nothing until `start` has run: before that the
API's instruments are no-ops (in-process tests, tools).

Names and units follow the OpenTelemetry semantic conventions where one exists (rpc.server.*,
http.server.*, process.*, messaging.*); the project's own are under `foodgames.`. The
Prometheus exporter turns `foodgames.move.duration` (unit s) into
`foodgames_move_duration_seconds_{bucket,sum,count}` and a counter `foodgames.moves` into
`foodgames_moves_total` (docs/operations.md lists them all).
"""
from __future__ import annotations

import asyncio
import os
import resource
import time

from opentelemetry import metrics as otel_metrics
from opentelemetry.metrics import CallbackOptions, Observation

__all__ = ["CallbackOptions", "Observation", "meter", "metrics_port", "start", "serving"]

# A service's metrics port is its gRPC port plus this (20151 for the first game's rules engine,
# 20152 for the deck, ...), unless FOODGAMES_METRICS_PORT sets one (every pod: 9464, the
# OpenTelemetry Prometheus exporter's usual port); "off" turns the endpoint off.
METRICS_OFFSET = 100
POD_METRICS_PORT = 9464

# Histogram buckets, in seconds: a move's steps take a millisecond or so, a queue wait seconds
# to minutes (the exporter's defaults are for milliseconds).
FAST_BUCKETS_S = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
WAIT_BUCKETS_S = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0)
SIZE_BUCKETS_B = (64, 256, 1024, 4096, 16384, 65536, 262144, 1048576)

# How often the event loop's lag is sampled: a sleep of this long that wakes late by x had x of lag.
LAG_PROBE_S = 0.25

_started: dict[str, int] = {}  # service -> bound metrics port, once started in this process
_lag = [0.0]  # the last sampled event-loop lag, in seconds


def meter(name: str) -> otel_metrics.Meter:
    """The meter of a module; its instruments record into the provider once `start` ran."""
    return otel_metrics.get_meter(name)


def metrics_port(grpc_port: int, env: dict[str, str] | None = None) -> int | None:
    """The metrics port of a process serving gRPC on `grpc_port`: FOODGAMES_METRICS_PORT, else
    grpc_port + METRICS_OFFSET (0, a free one, when the gRPC port is one too); None when off."""
    env = os.environ if env is None else env
    value = (env.get("FOODGAMES_METRICS_PORT") or "").strip()
    if value.lower() == "off":
        return None
    if value:
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"FOODGAMES_METRICS_PORT={value!r} is not a port number (or 'off')") from None
    return grpc_port + METRICS_OFFSET if grpc_port else 0


def start(service: str, port: int | None, host: str = "127.0.0.1") -> int | None:
    """Set up the meter provider of this process (once) and serve it for Prometheus on
    host:port (0: a free port); the bound port, or None when `port` is None (no endpoint; OTLP
    still pushes when configured)."""
    if service in _started:
        return _started[service]
    from opentelemetry.exporter.prometheus import PrometheusMetricReader
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.resources import Resource
    from prometheus_client import REGISTRY, start_http_server
    from prometheus_client import gc_collector, platform_collector, process_collector

    # one source of every figure: the process's own are OpenTelemetry's below
    for collector in (process_collector.PROCESS_COLLECTOR, platform_collector.PLATFORM_COLLECTOR,
                      gc_collector.GC_COLLECTOR):
        try:
            REGISTRY.unregister(collector)
        except KeyError:
            pass
    readers = [PrometheusMetricReader()]
    if os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or os.environ.get("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT"):
        from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter
        from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader

        readers.append(PeriodicExportingMetricReader(OTLPMetricExporter()))
    resource_ = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)})
    from opentelemetry.sdk.metrics import AlwaysOffExemplarFilter

    # no exemplars: looking up the current span on every record costs more than the record
    otel_metrics.set_meter_provider(MeterProvider(resource=resource_, metric_readers=readers,
                                                  exemplar_filter=AlwaysOffExemplarFilter()))
    _process_instruments()
    bound = None
    if port is not None:
        try:
            server, _thread = start_http_server(port, addr=host)
            bound = server.server_address[1]
        except OSError as exc:
            # the service itself still serves: its figures are missing, which top and the
            # dashboards show as a service that does not answer
            from shared import telemetry

            telemetry.get_logger("shared.metrics").warning(
                f"metrics not served: cannot listen on {host}:{port} ({exc.strerror or exc}); "
                f"set FOODGAMES_METRICS_PORT to a free port", service=service)
    _started[service] = bound
    return bound


def _process_instruments() -> None:
    m = meter("foodgames.process")
    m.create_observable_counter("process.cpu.time", [_cpu_time], unit="s",
                                description="CPU seconds this process used, by cpu.mode (user, system)")
    m.create_observable_up_down_counter("process.memory.usage", [_memory], unit="By",
                                        description="the process's resident memory")
    m.create_observable_gauge("foodgames.process.event_loop.lag", [_loop_lag], unit="s",
                              description="how late the event loop ran a timer, last sampled "
                                          f"every {LAG_PROBE_S} s: time the loop spent on something else")
    m.create_observable_counter("process.uptime", [_uptime], unit="s", description="seconds since the process "
                                "started (falls back to 0 on a restart: restarts show as resets)")


_BORN = time.monotonic()


def _cpu_time(_options: CallbackOptions):
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return [Observation(usage.ru_utime, {"cpu.mode": "user"}), Observation(usage.ru_stime, {"cpu.mode": "system"})]


def _memory(_options: CallbackOptions):
    try:
        with open("/proc/self/statm") as f:
            rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # the peak, where /proc is missing
    return [Observation(rss)]


def _loop_lag(_options: CallbackOptions):
    return [Observation(_lag[0])]


def _uptime(_options: CallbackOptions):
    return [Observation(time.monotonic() - _BORN)]


async def probe_event_loop(interval_s: float = LAG_PROBE_S) -> None:
    """Sample the running loop's lag until cancelled (the process's main task runs it)."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(interval_s)
        _lag[0] = max(0.0, loop.time() - before - interval_s)


async def serving(service: str, port: int | None, host: str, coro) -> None:
    """Run `coro` (a service's serve) with this process's metrics started and its event loop
    probed: what `foodgames serve` runs."""
    start(service, port, host)
    probe = asyncio.get_running_loop().create_task(probe_event_loop())
    try:
        await coro
    finally:
        probe.cancel()

"""The stack's figures as its operators read them (`foodgames top`, the web's operators' page
through the gateway's OperationsService): from two scrapes of every service's metrics endpoint
an interval apart. Rates and latency quantiles are over the interval between the scrapes (what
a person watching wants: now, not since the start); gauges are as last scraped. `rows` and
`stack_row` are pure; `addresses` says where every service of a stack answers, and `Sampler`
scrapes them and keeps the recent samples (the charts' series)."""
from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from dataclasses import dataclass
from typing import Mapping

from shared.metrics import METRICS_OFFSET
from shared.scrape import Scrape, difference, quantile, scrape_all

MOVES = "foodgames_moves_total"
MOVE_LATENCY = "foodgames_move_duration_seconds"
QUEUE_WAIT = "foodgames_matchmaking_wait_duration_seconds"
CALLS = "rpc_server_calls_total"
HTTP = "http_server_request_duration_seconds"


@dataclass(frozen=True)
class Row:
    """One service's line."""

    service: str
    up: bool
    error: str = ""
    tables: float | None = None  # live tables (rules engines)
    moves_per_s: float | None = None
    refused_per_s: float | None = None
    p50_ms: float | None = None  # move latency (rules engines), request latency (gateway)
    p99_ms: float | None = None
    wait_p50_s: float | None = None  # queue waits (matchmaking)
    wait_p99_s: float | None = None
    queued: float | None = None
    lag: float | None = None  # consumer lag in messages (leaderboard)
    errors_per_s: float = 0.0  # calls answered with a server error (INTERNAL, UNAVAILABLE, ...; HTTP 5xx)
    cpu_percent: float | None = None
    memory_mb: float | None = None
    loop_lag_ms: float | None = None
    restarted: bool = False  # the process is younger than at the previous scrape


SERVER_ERRORS = ("INTERNAL", "UNAVAILABLE", "UNKNOWN", "DATA_LOSS", "DEADLINE_EXCEEDED")


def _rate(now: Scrape, before: Scrape | None, seconds: float, name: str, **labels) -> float | None:
    if before is None or not before.ok or seconds <= 0:
        return None
    delta = now.total(name, **labels) - before.total(name, **labels)
    return max(0.0, delta) / seconds  # a reset (a restart) reads as nothing this once


def _latency(now: Scrape, before: Scrape | None, name: str, q: float) -> float | None:
    buckets = now.buckets(name)
    if before is not None and before.ok:
        buckets = difference(buckets, before.buckets(name))
    return quantile(q, buckets)


def _errors(now: Scrape) -> float:
    grpc = sum(now.total(CALLS, rpc_grpc_status_code=code) for code in SERVER_ERRORS)
    http = sum(s.value for s in now.samples if s.name == f"{HTTP}_count"
               and str(s.labels.get("http_response_status_code", "")).startswith("5"))
    return grpc + http


def row(now: Scrape, before: Scrape | None) -> Row:
    if not now.ok:
        return Row(now.service, False, now.error)
    seconds = now.at - before.at if before is not None else 0.0
    restarted = bool(before is not None and before.ok and now.total("process_uptime_seconds_total")
                     < before.total("process_uptime_seconds_total"))
    if restarted:
        before = None  # nothing of the old process to compare with
    figures: dict = {}
    if now.has(MOVES) or now.has(f"{MOVE_LATENCY}_count"):
        figures.update(tables=now.total("foodgames_tables_live"),
                       moves_per_s=_rate(now, before, seconds, MOVES, outcome="accepted"),
                       refused_per_s=_rate(now, before, seconds, MOVES, outcome="refused"),
                       p50_ms=_ms(_latency(now, before, MOVE_LATENCY, 0.5)),
                       p99_ms=_ms(_latency(now, before, MOVE_LATENCY, 0.99)))
    elif now.has(f"{HTTP}_count"):
        figures.update(moves_per_s=None, p50_ms=_ms(_latency(now, before, HTTP, 0.5)),
                       p99_ms=_ms(_latency(now, before, HTTP, 0.99)))
    if now.has("foodgames_matchmaking_queues"):
        figures.update(queued=now.total("foodgames_matchmaking_queue_depth"),
                       wait_p50_s=_latency(now, before, QUEUE_WAIT, 0.5),
                       wait_p99_s=_latency(now, before, QUEUE_WAIT, 0.99))
    if now.has("foodgames_leaderboard_consumer_lag"):
        figures["lag"] = now.total("foodgames_leaderboard_consumer_lag")
    errors = 0.0
    if before is not None and before.ok and seconds > 0:
        errors = max(0.0, _errors(now) - _errors(before)) / seconds
    cpu = _rate(now, before, seconds, "process_cpu_time_seconds_total")
    return Row(now.service, True, tables=figures.get("tables"), moves_per_s=figures.get("moves_per_s"),
               refused_per_s=figures.get("refused_per_s"), p50_ms=figures.get("p50_ms"),
               p99_ms=figures.get("p99_ms"), wait_p50_s=figures.get("wait_p50_s"),
               wait_p99_s=figures.get("wait_p99_s"), queued=figures.get("queued"), lag=figures.get("lag"),
               errors_per_s=errors, cpu_percent=None if cpu is None else 100 * cpu,
               memory_mb=now.total("process_memory_usage_bytes") / 1e6 or None,
               loop_lag_ms=_ms(now.total("foodgames_process_event_loop_lag_seconds")), restarted=restarted)


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else 1000 * seconds


def rows(now: Mapping[str, Scrape], before: Mapping[str, Scrape]) -> list[Row]:
    return [row(scrape, before.get(name)) for name, scrape in now.items()]


COLUMNS = ("service", "state", "tables", "moves/s", "refused/s", "p50 ms", "p99 ms", "queued", "wait p50 s",
           "wait p99 s", "lag", "errors/s", "cpu %", "mem MB", "loop ms")


def cells(r: Row) -> tuple[str, ...]:
    """The row as the table's texts ("-" where the service has no such figure)."""
    def f(value, digits=1):
        return "-" if value is None else f"{value:.{digits}f}"
    state = ("restarted" if r.restarted else "up") if r.up else "DOWN"
    return (r.service, state, f(r.tables, 0), f(r.moves_per_s), f(r.refused_per_s), f(r.p50_ms, 2), f(r.p99_ms, 2),
            f(r.queued, 0), f(r.wait_p50_s), f(r.wait_p99_s), f(r.lag, 0), f(r.errors_per_s) if r.up else "-",
            f(r.cpu_percent), f(r.memory_mb, 0), f(r.loop_lag_ms, 1))


def stack_row(rs: list[Row]) -> Row:
    """The stack's line as figures: sums of tables, moves, queued tickets, errors, CPU and
    memory; the worst p99s, lag and event-loop lag (a p50 of several services is no figure)."""
    def total(values):
        values = [v for v in values if v is not None]
        return sum(values) if values else None

    def worst(values):
        values = [v for v in values if v is not None]
        return max(values) if values else None
    games = [r for r in rs if r.tables is not None]
    up = [r for r in rs if r.up]
    return Row("stack", bool(rs) and len(up) == len(rs), tables=total(r.tables for r in games),
               moves_per_s=total(r.moves_per_s for r in games), refused_per_s=total(r.refused_per_s for r in games),
               p99_ms=worst(r.p99_ms for r in games), queued=total(r.queued for r in rs),
               wait_p99_s=worst(r.wait_p99_s for r in rs), lag=worst(r.lag for r in rs),
               errors_per_s=total(r.errors_per_s for r in up) or 0.0, cpu_percent=total(r.cpu_percent for r in rs),
               memory_mb=total(r.memory_mb for r in rs), loop_lag_ms=worst(r.loop_lag_ms for r in rs),
               restarted=any(r.restarted for r in rs))


def totals(rs: list[Row]) -> tuple[str, ...]:
    """The stack's line as the table's texts (stack_row)."""
    def f(value, digits=1):
        return "-" if value is None else f"{value:.{digits}f}"
    t = stack_row(rs)
    up = sum(1 for r in rs if r.up)
    return ("stack", f"{up}/{len(rs)} up", f(t.tables, 0), f(t.moves_per_s), f(t.refused_per_s), "-", f(t.p99_ms, 2),
            f(t.queued, 0), "-", f(t.wait_p99_s, 1), f(t.lag, 0), f(t.errors_per_s) if up else "-",
            f(t.cpu_percent), f(t.memory_mb, 0), f(t.loop_lag_ms, 1))


def addresses(settings, only=None, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Line -> the address of its metrics endpoint, for every service of the stack `settings`
    describes (its rules engines, then deck, leaderboard, matchmaking, gateway, tournament):
    each one's gRPC port + METRICS_OFFSET, or, when FOODGAMES_METRICS_PORT names one port (every
    pod's), that port on each service's host. A service given several replicas' addresses
    (`foodgames up --replicas N`: ip:port,ip:port,...) has a line per replica, named as `up`
    names them: `deck`, `deck-2`, ..."""
    env = os.environ if env is None else env
    fixed = (env.get("FOODGAMES_METRICS_PORT") or "").strip()
    out = {}
    for name in settings.ports:
        if only and name not in only:
            continue
        for n, address in enumerate(a.strip() for a in settings.address(name).split(",") if a.strip()):
            host, _, port = address.rpartition(":")
            line = name if n == 0 else f"{name}-{n + 1}"
            out[line] = f"{host}:{fixed}" if fixed.isdigit() else f"{host}:{int(port) + METRICS_OFFSET}"
    return out


@dataclass(frozen=True)
class Sample:
    """One refresh: when (wall clock, seconds), every service's line and the stack's."""

    at: float
    rows: tuple[Row, ...]
    stack: Row


class Sampler:
    """Scrapes every service at most once an interval however many ask (a scrape answered from
    the last one when it is fresher than that), and keeps the last `keep` samples: the series of
    the operators' charts, there from the first look."""

    def __init__(self, targets: Mapping[str, str], interval_s: float = 2.0, keep: int = 90,
                 timeout_s: float = 2.0):
        self.targets = dict(targets)
        self.interval_s = interval_s
        self.timeout_s = timeout_s
        self.samples: deque[Sample] = deque(maxlen=keep)
        self._previous: dict[str, Scrape] = {}
        self._lock = asyncio.Lock()

    async def sample(self) -> list[Sample]:
        """The samples kept, oldest first, the newest at most an interval old."""
        async with self._lock:
            fresh = self.samples and time.time() - self.samples[-1].at < self.interval_s
            if not fresh:
                now = await scrape_all(self.targets, timeout=self.timeout_s)
                found = rows(now, self._previous)
                # a service that did not answer keeps its last good scrape to compare with later
                self._previous = {name: s for name, s in now.items() if s.ok} | {
                    name: s for name, s in self._previous.items() if not now[name].ok}
                self.samples.append(Sample(time.time(), tuple(found), stack_row(found)))
            return list(self.samples)

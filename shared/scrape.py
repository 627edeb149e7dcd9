"""Reading a Prometheus text endpoint and the figures the operators' views (and the tests) take from
it: totals of a counter over the series that match some labels, and quantiles of a histogram
(as Prometheus's histogram_quantile computes them, by linear interpolation within a bucket),
over everything counted or only over what was counted between two scrapes."""
from __future__ import annotations

import asyncio
import math
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Mapping

from prometheus_client.parser import text_string_to_metric_families


@dataclass(frozen=True)
class Sample:
    name: str
    labels: Mapping[str, str]
    value: float


@dataclass
class Scrape:
    service: str
    address: str
    at: float = field(default_factory=time.monotonic)
    samples: list[Sample] = field(default_factory=list)
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error

    def matching(self, name: str, labels: Mapping[str, str]):
        for s in self.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                yield s

    def total(self, name: str, **labels: str) -> float:
        """The sum of every series of `name` whose labels include `labels`."""
        return sum(s.value for s in self.matching(name, labels))

    def has(self, name: str) -> bool:
        return any(s.name == name for s in self.samples)

    def names(self) -> set[str]:
        return {s.name for s in self.samples}

    def buckets(self, histogram: str, **labels: str) -> list[tuple[float, float]]:
        """(upper bound, cumulative count) of `histogram` (its base name, e.g.
        foodgames_move_duration_seconds), summed over the matching series."""
        summed: dict[float, float] = {}
        for s in self.matching(f"{histogram}_bucket", labels):
            le = math.inf if s.labels["le"] in ("+Inf", "inf") else float(s.labels["le"])
            summed[le] = summed.get(le, 0.0) + s.value
        return sorted(summed.items())


def parse(service: str, address: str, text: str) -> Scrape:
    samples = [Sample(s.name, dict(s.labels), s.value) for family in text_string_to_metric_families(text)
               for s in family.samples]
    return Scrape(service, address, samples=samples)


def scrape(service: str, address: str, timeout: float = 2.0) -> Scrape:
    """GET http://address/metrics; a Scrape with `error` set when it does not answer."""
    try:
        with urllib.request.urlopen(f"http://{address}/metrics", timeout=timeout) as reply:
            return parse(service, address, reply.read().decode("utf-8"))
    except Exception as exc:  # noqa: BLE001 - a service that does not answer is a figure too
        # urllib's URLError says "<urlopen error [Errno 111] Connection refused>": its reason alone
        reason = getattr(exc, "reason", None)
        return Scrape(service, address, error=str(reason) if reason else f"{type(exc).__name__}: {exc}")


async def scrape_all(addresses: Mapping[str, str], timeout: float = 2.0) -> dict[str, Scrape]:
    """Every service's endpoint at once (threads: urllib blocks)."""
    results = await asyncio.gather(*(asyncio.to_thread(scrape, name, address, timeout)
                                     for name, address in addresses.items()))
    return {s.service: s for s in results}


def difference(after: list[tuple[float, float]], before: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """What was counted between two scrapes of one histogram's buckets (a reset: `after` alone)."""
    earlier = dict(before)
    out = [(le, n - earlier.get(le, 0.0)) for le, n in after]
    return after if any(n < 0 for _, n in out) else out


def quantile(q: float, buckets: list[tuple[float, float]]) -> float | None:
    """The q-quantile of cumulative `buckets`, None when they count nothing."""
    if not buckets or buckets[-1][1] <= 0:
        return None
    rank = q * buckets[-1][1]
    lower_bound, lower_count = 0.0, 0.0
    for le, count in buckets:
        if count >= rank:
            if math.isinf(le):
                return lower_bound  # above the highest finite bound: that bound, as Prometheus answers
            if count == lower_count:
                return le
            return lower_bound + (le - lower_bound) * (rank - lower_count) / (count - lower_count)
        lower_bound, lower_count = le, count
    return lower_bound

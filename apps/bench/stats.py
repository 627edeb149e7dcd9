"""Percentiles of latency samples, the same way for every bench (nearest rank
on the sorted samples)."""
from __future__ import annotations

from typing import Sequence


def quantile(samples: Sequence[float], q: float) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def percentiles_ms(samples: Sequence[float], quantiles: Sequence[float] = (0.50, 0.95, 0.99)) -> dict[str, float]:
    """{"p50_ms": ..., ...} from samples in seconds; zeros when there are none."""
    return {f"p{round(q * 100)}_ms": round((quantile(samples, q) or 0.0) * 1000, 3) for q in quantiles}

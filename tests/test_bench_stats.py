"""Every bench reports percentiles the same way: nearest rank on sorted samples."""
from apps.bench.stats import percentiles_ms, quantile


def test_percentiles_are_nearest_rank_in_milliseconds():
    samples = [i / 1000 for i in range(100, 0, -1)]  # 1..100 ms, unsorted
    assert percentiles_ms(samples) == {"p50_ms": 51.0, "p95_ms": 96.0, "p99_ms": 100.0}
    assert percentiles_ms(samples, (0.5,)) == {"p50_ms": 51.0}


def test_no_samples_give_no_quantile_and_zero_milliseconds():
    assert quantile([], 0.5) is None
    assert percentiles_ms([], (0.5, 0.99)) == {"p50_ms": 0.0, "p99_ms": 0.0}

"""The figures of `foodgames top` from two scrapes: quantiles as Prometheus's histogram_quantile
interpolates them, rates over the interval, a restart read from the uptime counter."""
from __future__ import annotations

import math

from shared import stackfigures as figures
from shared.scrape import difference, parse, quantile


def engine(at: float, moves: int, fast: int, slow: int, uptime: float = 100.0):
    """A rules engine's endpoint: `fast` moves took under 1 ms, `slow` ones 1-10 ms."""
    text = f"""# TYPE foodgames_moves_total counter
foodgames_moves_total{{game="g",outcome="accepted"}} {moves}
foodgames_moves_total{{game="g",outcome="refused",error_type="must-follow"}} 3
# TYPE foodgames_move_duration_seconds histogram
foodgames_move_duration_seconds_bucket{{game="g",le="0.001"}} {fast}
foodgames_move_duration_seconds_bucket{{game="g",le="0.01"}} {fast + slow}
foodgames_move_duration_seconds_bucket{{game="g",le="+Inf"}} {fast + slow}
foodgames_move_duration_seconds_count{{game="g"}} {fast + slow}
foodgames_move_duration_seconds_sum{{game="g"}} 1
# TYPE foodgames_tables_live gauge
foodgames_tables_live{{game="g"}} 7
# TYPE process_uptime_seconds counter
process_uptime_seconds_total {uptime}
"""
    scrape = parse("g", "addr", text)
    scrape.at = at
    return scrape


def test_a_quantile_interpolates_within_its_bucket_as_prometheus_does():
    buckets = [(0.001, 50.0), (0.01, 100.0), (math.inf, 100.0)]
    assert quantile(0.5, buckets) == 0.001
    assert abs(quantile(0.75, buckets) - 0.0055) < 1e-12  # halfway through the 1-10 ms bucket
    assert quantile(0.5, [(0.001, 0.0), (math.inf, 0.0)]) is None


def test_the_figures_are_over_the_interval_between_two_scrapes():
    before, now = engine(10.0, moves=100, fast=100, slow=0), engine(12.0, moves=300, fast=100, slow=200)
    row = figures.row(now, before)
    assert row.up and row.tables == 7
    assert row.moves_per_s == 100.0  # 200 moves in 2 s
    assert row.refused_per_s == 0.0
    # every move of the interval took 1-10 ms: the ones before it do not pull the p50 down
    assert 1.0 < row.p50_ms <= 10.0


def test_a_younger_process_is_a_restart_and_its_reset_counters_are_not_negative_rates():
    before, now = engine(10.0, 500, 500, 0, uptime=100.0), engine(11.0, 5, 5, 0, uptime=0.5)
    row = figures.row(now, before)
    assert row.restarted and row.moves_per_s is None
    assert difference([(1.0, 2.0)], [(1.0, 5.0)]) == [(1.0, 2.0)]


def test_a_service_that_does_not_answer_is_down():
    from shared.scrape import Scrape

    row = figures.row(Scrape("deck", "127.0.0.1:1", error="ConnectionRefusedError"), None)
    assert not row.up and figures.cells(row)[1] == "DOWN"


def test_every_replica_of_a_service_has_its_line_and_a_pods_port_is_used_where_set():
    from shared.config import Settings

    settings = Settings.from_env({"FOODGAMES_DECK_ADDR": "10.0.0.1:20052,10.0.0.2:6000", "FOODGAMES_PORT_BASE": "51051"})
    found = figures.addresses(settings, env={})
    assert found["deck"] == "10.0.0.1:20152" and found["deck-2"] == "10.0.0.2:6100"
    assert found["leaderboard"] == "127.0.0.1:51153"  # the gRPC port (moved by the base) + 100
    pods = figures.addresses(settings, only=["deck"], env={"FOODGAMES_METRICS_PORT": "9464"})
    assert pods == {"deck": "10.0.0.1:9464", "deck-2": "10.0.0.2:9464"}


def test_the_stacks_line_sums_the_engines_and_keeps_the_worst_p99():
    a = figures.row(engine(11.0, 20, 10, 0), engine(10.0, 10, 0, 0))
    b = figures.row(engine(11.0, 5, 0, 10), engine(10.0, 0, 0, 0))
    total = figures.stack_row([a, b])
    assert total.up and total.tables == 14 and total.moves_per_s == a.moves_per_s + b.moves_per_s
    assert total.p99_ms == max(a.p99_ms, b.p99_ms) and total.p50_ms is None

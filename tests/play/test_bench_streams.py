"""`foodgames bench streams` (issue 26's bench): one rules engine of its own, WatchGame streams
opened and closed, and what the engine holds after; the figures are never asserted on (they
are docs/benchmarks.md's), what it reports is."""
from __future__ import annotations

import json
import subprocess

from tests.play.test_bench_moves import FOODGAMES


def test_given_streams_opened_and_closed_then_the_engine_reports_its_memory_and_holds_no_seat():
    # when: two tables, four streams, one round
    done = subprocess.run([FOODGAMES, "bench", "streams", "--json", "--games", "2", "--streams", "4", "--rounds", "1",
                           "--settle-s", "1"], capture_output=True, text=True, timeout=120)
    # then: the figures of each moment, and no seat held nor game followed once the streams closed
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["rest"]["rss_mb"] > 0 and figures["closed_trimmed_mb"] > 0
    closed = figures["rounds"]["1"]
    assert closed["open_mb"] > 0 and closed["open_tasks"] > 0
    assert closed["closed_seats_held"] == 0 and closed["closed_games_followed"] == 0, closed

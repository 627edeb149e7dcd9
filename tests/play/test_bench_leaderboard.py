"""`foodgames bench leaderboard` on its own embedded Valkey and NATS, at a size that takes a
second or two: its loaded board reads back as the Store writes one (else it stops, naming the
player that disagrees: apps/bench/leaderboard.py `_check_load`), and every figure it reports is
there. No timing is asserted: the figures are the bench's, not the test's."""
from __future__ import annotations

import json
import os
import subprocess

from tests.play.test_bench_moves import FOODGAMES


def test_the_bench_loads_a_board_the_store_reads_back_and_reports_every_figure():
    env = {k: v for k, v in os.environ.items() if k not in ("FOODGAMES_NATS_URL", "FOODGAMES_REDIS_URL")}
    done = subprocess.run([FOODGAMES, "bench", "leaderboard", "--json", "--players", "300", "--queries", "20",
                           "--updates", "20", "--consumer-games", "20", "--batch", "8"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["players"] == 300
    for query, raw in (("top100", "raw_zrevrange"), ("around_me", "raw_zrevrank")):
        assert figures[query]["grpc"]["p50_ms"] > 0 and figures[query][raw]["p50_ms"] > 0
    assert figures["updates"]["player_ratings_per_s"] > 0 and figures["updates"]["batch"]["games"] == 8
    assert figures["consumer"]["games"] == 20

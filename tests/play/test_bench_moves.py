"""`foodgames bench moves` runs against a stack, as an operator runs it: figures as one JSON
document on stdout, progress on stderr. (Its figures are never asserted on: benchmarks are
not timed tests; docs/benchmarks.md.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shared.config import service_ports

SERVICE_PORTS = service_ports()

FOODGAMES = str(Path(sys.executable).with_name("foodgames"))


def stack_env(settings) -> dict[str, str]:
    env = dict(os.environ, FOODGAMES_NATS_URL=settings.nats_url, FOODGAMES_DATA_DIR=str(settings.data_dir),
               FOODGAMES_TOKEN_KEY=settings.resolved_token_key())
    for service in SERVICE_PORTS:
        env["FOODGAMES_" + service.upper().replace("-", "_") + "_ADDR"] = settings.address(service)
    return env


@pytest.mark.parametrize("via", ["stream", "unary"])
def test_bench_moves_plays_the_moves_asked_for_and_prints_its_figures_as_json(play_stack, via):
    done = subprocess.run([FOODGAMES, "bench", "moves", "--json", "--via", via, "--games", "6",
                           "--moves-per-game", "15", "--floor-calls", "200", "--single-moves", "20"],
                          env=stack_env(play_stack), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["via"] == via and figures["rejections"] == 0
    # simultaneous recipe choices may put a few moves past a table's limit
    assert 6 * 15 <= figures["moves"] <= 6 * 18
    assert figures["single"]["moves"] >= 20
    for key in ("moves_per_s", "p50_ms", "p99_ms", "floor_p50_ms", "floor_p99_ms", "ratio_p50", "ratio_p99"):
        assert figures[key] > 0, key
    assert "floor: JetStream publish, one caller" in done.stderr

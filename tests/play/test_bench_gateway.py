"""`foodgames bench gateway` runs against a stack, as an operator runs it: a few calls of every
variant, the figures as one JSON document (never asserted on: benchmarks are not timed tests,
docs/benchmarks.md), and a dead gateway named as such (issue 27)."""
from __future__ import annotations

import json
import subprocess

from tests.play.test_bench_moves import FOODGAMES, stack_env
from tests.play.test_bench_reach import HINT

VARIANTS = ("h2_json", "h2_proto", "h1_json", "h1_proto")


def test_bench_gateway_calls_every_variant_and_prints_its_figures_as_json(play_stack):
    # few calls: the gateway's per-address and per-player rate limits stay as the stack has them
    done = subprocess.run([FOODGAMES, "bench", "gateway", "--json", "--calls", "8", "--warmup", "1"],
                          env=stack_env(play_stack), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]  # the forwarder too ends quietly
    figures = json.loads(done.stdout)
    # every call of every variant answered a view (the bench stops at the first that does not)
    assert figures["answered"] == {"straight": 8, **{f"{via}_{v}": 8 for via in ("gateway", "forwarder")
                                                     for v in VARIANTS}}
    assert figures["straight"]["p50_ms"] > 0
    for variant in VARIANTS:
        for via in ("gateway", "forwarder"):
            assert 0 < figures[variant][via]["p50_ms"] <= figures[variant][via]["p99_ms"], (variant, via)
        assert set(figures[variant]) >= {"gateway_added_p50_ms", "forwarder_added_p50_ms", "added_ratio_p50",
                                         "gateway_added_p99_ms", "forwarder_added_p99_ms", "added_ratio_p99"}
    assert figures["machine"]["nproc"] >= 1


def test_bench_gateway_names_the_gateway_when_it_does_not_answer(play_stack, dead_port):
    address = f"127.0.0.1:{dead_port()}"
    env = dict(stack_env(play_stack), FOODGAMES_GATEWAY_ADDR=address)
    done = subprocess.run([FOODGAMES, "bench", "gateway", "--json"], env=env, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 3 and done.stdout == ""
    assert f"gateway at {address} did not answer" in done.stderr, done.stderr[-2000:]
    assert HINT in done.stderr and "Traceback" not in done.stderr

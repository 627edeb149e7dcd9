"""`foodgames bench idle-streams` holds WatchGame streams open through the stack's gateway and
reads the gateway's and the engine's memory and CPU from their pid files, as an operator runs
it beside `make run` (issue 27: 10,000 idle streams per gateway process; the figures are never
asserted on, docs/benchmarks.md). A stream the gateway refuses stops it, saying which limits
to raise."""
from __future__ import annotations

import json
import subprocess

from tests.play.test_bench_moves import FOODGAMES, stack_env
from tests.play.test_bench_reach import HINT


def idle_streams(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([FOODGAMES, "bench", "idle-streams", "--json", *args], env=env, capture_output=True,
                          text=True, timeout=120)


def test_given_the_stack_when_streams_idle_then_the_gateways_and_engines_memory_and_cpu_are_reported(play_stack):
    # 12 streams, 3 a seat (the stack's gateway allows 8 a player and 32 an address)
    done = idle_streams(stack_env(play_stack), "--streams", "12", "--per-seat", "3", "--per-connection", "5",
                        "--hold-s", "1", "--settle-s", "0")
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["streams"] == 12 and figures["games"] == 2 and figures["connections"] == 3
    for process in ("gateway", "foodie-forest"):
        held = figures[process]
        assert held["rss_before_mb"] > 0 and held["rss_open_mb"] > 0 and held["rss_after_mb"] > 0, held
        assert set(held) >= {"kb_per_stream", "idle_cpu_share_of_a_core", "idle_cpu_us_per_stream_per_s"}
    assert "12 streams open" in done.stderr


def test_given_more_streams_a_seat_than_a_player_may_hold_then_the_bench_stops_naming_the_limits(play_stack):
    done = idle_streams(stack_env(play_stack), "--streams", "9", "--per-seat", "9", "--hold-s", "1",
                        "--settle-s", "0")
    assert done.returncode != 0 and done.stdout == ""
    assert "resource_exhausted" in done.stderr and "FOODGAMES_GATEWAY_MAX_STREAMS" in done.stderr, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_given_no_gateway_at_its_address_then_the_bench_names_it(play_stack, dead_port):
    address = f"127.0.0.1:{dead_port()}"
    done = idle_streams(dict(stack_env(play_stack), FOODGAMES_GATEWAY_ADDR=address))
    assert done.returncode == 3 and done.stdout == ""
    assert f"gateway at {address} did not answer" in done.stderr and HINT in done.stderr, done.stderr[-2000:]

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


@pytest.mark.parametrize("via", ["stream", "unary", "watch"])
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
    for key in ("moves_per_s", "p50_ms", "p99_ms", "floor_p50_ms", "floor_p99_ms", "ratio_p50", "ratio_p99",
                "bare_appends_per_s", "throughput_vs_bare_appends"):
        assert figures[key] > 0, key
    assert figures["game"] == "foodie-forest"
    # the floor's callers are the moves in flight on average: a table's seats take turns, one
    # move in flight, but choose their recipes at once, up to a move each (a run of the suite
    # had 7 in flight over 6 tables; a CI run on a busy machine 2 over one 20-move game)
    single = figures["single"]["floor_concurrency"]
    assert figures["players"] == 4
    assert 1 <= figures["floor"]["concurrency"] <= 6 * 4 and 1 <= single <= 4
    assert f"floor: JetStream publish, {single} caller(s)" in done.stderr


def test_bench_moves_plays_another_game_with_the_same_figures_and_its_bare_append_ceiling(play_stack):
    done = subprocess.run([FOODGAMES, "bench", "moves", "--json", "--game", "food-fight", "--games", "3",
                           "--moves-per-game", "6", "--floor-calls", "90", "--single-moves", "6"],
                          env=stack_env(play_stack), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["game"] == "food-fight" and figures["rejections"] == 0
    assert figures["moves"] >= 3 and figures["single"]["moves"] >= 1
    for key in ("moves_per_s", "p50_ms", "p99_ms", "floor_p50_ms", "ratio_p50", "bare_appends_per_s"):
        assert figures[key] > 0, key
    # the ceiling: the floor's callers (as many as the moves in flight: up to a table's four
    # seats choosing at once) appended 90 // callers each, and the share is moves/s over their rate
    callers = figures["floor"]["concurrency"]
    assert 1 <= callers <= 3 * 4 and figures["floor"]["bare_appends"] == (90 // callers) * callers
    assert figures["throughput_vs_bare_appends"] == round(figures["moves_per_s"] / figures["bare_appends_per_s"], 3)
    assert "3 food-fight games" in done.stderr
    # its seats draft at once: one game at a time, some picks are sent while another is in flight
    single = figures["single"]
    assert single["alone"]["moves"] + single["sent_behind_another"]["moves"] == single["moves"]
    assert single["sent_behind_another"]["moves"] >= 1 and single["sent_behind_another"]["p50_ms"] > 0


def test_a_move_sent_while_another_of_its_table_is_in_flight_counts_as_sent_behind_it():
    from apps.bench.moves import behind_others

    # given three moves: the second sent while the first waits for its answer, the third alone
    spans = [(0.0, 0.002), (0.001, 0.004), (0.010, 0.011)]
    # when they are split
    split = behind_others(spans)
    # then the first and the third went alone, the second behind the first
    assert split["alone"] == {"moves": 2, "p50_ms": 2.0}
    assert split["sent_behind_another"] == {"moves": 1, "p50_ms": 3.0}


def _gateway_calls(stack, method: str) -> float:
    """The `method` calls of GameService the stack's gateway has answered with 200 (its metrics)."""
    import httpx

    text = httpx.get(f"http://{stack.metrics_address('gateway')}/metrics", timeout=5).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("http_server_request_duration_seconds_count")
               and f'http_route="/foodgames.v1.GameService/{method}"' in line
               and 'http_response_status_code="200"' in line)


def _gateway_figures(stack) -> dict[str, float]:
    return {method: _gateway_calls(stack, method) for method in ("SubmitMove", "GetView", "WatchGame",
                                                                 "ListLegalMoves")}


@pytest.mark.parametrize("via, over_grpc", [("gateway", "unary"), ("gateway-watch", "watch")])
def test_bench_moves_through_the_gateway_plays_over_connect_beside_the_same_moves_over_grpc(play_stack, via,
                                                                                           over_grpc):
    # few calls: the gateway's per-address and per-player rates stay as the stack has them
    before = _gateway_figures(play_stack)
    done = subprocess.run([FOODGAMES, "bench", "moves", "--json", "--via", via, "--games", "2",
                           "--moves-per-game", "5", "--floor-calls", "60", "--single-moves", "5"],
                          env=stack_env(play_stack), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["via"] == via and figures["rejections"] == 0
    assert 2 * 5 <= figures["moves"] <= 2 * 8 and figures["single"]["moves"] >= 5
    # the gateway answered the loaded and the single phases' moves; gRPC the same moves again
    after = _gateway_figures(play_stack)
    moves = figures["moves"] + figures["single"]["moves"]
    assert after["SubmitMove"] - before["SubmitMove"] >= moves
    if via == "gateway":  # the seat to act reads its view before each move
        assert after["GetView"] - before["GetView"] >= moves
    else:  # each seat's views, and its moves when it may act, came on its WatchGame stream
        # (two tables and one, four seats each)
        assert after["WatchGame"] - before["WatchGame"] >= 3 * 4
        assert after["GetView"] - before["GetView"] < moves
        assert after["ListLegalMoves"] - before["ListLegalMoves"] < moves / 2
    assert 2 * 5 <= figures["grpc"]["moves"] <= 2 * 8
    for key in ("p50_ms", "p99_ms", "gateway_vs_grpc_p50", "gateway_vs_grpc_p99", "moves_per_s"):
        assert figures["grpc"][key] > 0, key
    assert f"the same over gRPC ({over_grpc})" in done.stderr

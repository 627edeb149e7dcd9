"""`foodgames bench capacity` plays a few tables to their end against the stack and reads what
they cost each process (its CPU from /proc, the engine's memory) and JetStream (the GAMES
stream's bytes), as an operator runs it beside `make run` (docs/capacity.md). Its figures are
never held to a goal here (benchmarks are not timed tests); they must be there and make sense."""
from __future__ import annotations

import json
import math
import subprocess

from tests.play.test_bench_moves import FOODGAMES, stack_env
from tests.stacklib import this_tree_first

ENGINE = "foodie-forest"


def capacity(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([FOODGAMES, "bench", "capacity", "--json", "--idle-s", "0.5", "--settle-s", "0.5", *args],
                          env=env, capture_output=True, text=True, timeout=120)


def env_of(stack) -> dict[str, str]:
    # this tree's code in the bench (a worktree shares the venv), and the stack's Valkey, found by its port
    return this_tree_first(dict(stack_env(stack), FOODGAMES_REDIS_URL=stack.redis_url))


def test_given_tables_played_to_their_end_then_each_process_cpu_and_the_disk_per_game_are_reported(play_stack):
    done = capacity(env_of(play_stack), "--games", "3", "--warmup-games", "1")
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["game"] == ENGINE and figures["games"] == 3 and figures["players"] == 4
    assert figures["finished"] == 3 and figures["rejections"] == 0  # every game to its end
    assert figures["moves"] >= 3 * 50 and figures["moves_per_game"] == round(figures["moves"] / 3, 1)
    processes = figures["processes"]
    # the services from their pid files; NATS and Valkey, which the suite started, by their ports
    assert {ENGINE, "deck", "leaderboard", "gateway", "nats", "valkey"} <= set(processes), sorted(processes)
    engine = processes[ENGINE]
    assert engine["cpu_ms_per_move"] > 0 and engine["cpu_ms_per_finished_game"] > 0, engine
    assert processes["nats"]["cpu_ms_per_move"] > 0 and processes["deck"]["cpu_ms_per_finished_game"] > 0
    # one CPU divided two ways, and the stack's the sum of its processes'
    assert math.isclose(engine["cpu_ms_per_finished_game"], engine["cpu_ms_per_move"] * figures["moves"] / 3,
                        rel_tol=0.01, abs_tol=0.05)
    stack = figures["stack"]
    assert math.isclose(stack["cpu_ms_per_move"], sum(p["cpu_ms_per_move"] for p in processes.values()),
                        rel_tol=0.01, abs_tol=0.002)
    assert math.isclose(stack["moves_per_s_per_core"], 1000 / stack["cpu_ms_per_move"], rel_tol=0.001)
    # a move costs well under a core-second, and the stack cannot have used more cores than there are
    assert 0 < stack["cpu_ms_per_move"] < 100 and 0 < stack["cores_busy_while_playing"] <= figures["machine"]["nproc"]
    assert engine["rss_rest_mb"] > 0 and engine["rss_peak_mb"] >= engine["rss_rest_mb"]
    games = figures["jetstream"]["games_bytes"]
    # every move appends at least one message of some hundred bytes to the GAMES stream
    assert games["after"] - games["before"] == games["grown"] >= figures["moves"] * 100
    assert games["per_finished_game"] == round(games["grown"] / 3) and games["per_move"] > 100
    assert figures["jetstream"]["games_messages_per_move"] >= 1
    assert figures["p50_ms"] > 0 and figures["p99_ms"] >= figures["p50_ms"]
    assert figures["moves_per_s_until_95_percent"] is None or figures["moves_per_s_until_95_percent"] > 0
    assert f"3 {ENGINE} tables, flat out" in done.stderr


def test_given_paced_tables_stopped_after_a_few_moves_then_no_game_finished_and_per_game_figures_are_none(play_stack):
    done = capacity(env_of(play_stack), "--games", "4", "--warmup-games", "0", "--moves-per-game", "6",
                    "--move-every-s", "0.2")
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["finished"] == 0 and 4 * 6 <= figures["moves"] <= 4 * 8
    # 6 moves a table at one every 0.2 s take at least a second
    assert figures["seconds_playing"] >= 1.0 and figures["move_every_s"] == 0.2
    # sampled every 0.25 s over more than a second: the rate until 95 % of the moves is there
    assert 0 < figures["moves_per_s_until_95_percent"] <= 4 * 8 / 0.2
    assert figures["stack"]["cpu_ms_per_finished_game"] is None
    assert figures["processes"][ENGINE]["cpu_ms_per_move"] > 0
    assert "a move every 0.2 s a table" in done.stderr


def test_given_a_data_dir_without_the_stacks_pid_files_then_the_bench_says_it_runs_beside_the_stack(play_stack,
                                                                                                    tmp_path):
    done = capacity(dict(env_of(play_stack), FOODGAMES_DATA_DIR=str(tmp_path)), "--games", "1")
    assert done.returncode == 3 and done.stdout == ""
    assert f"no running {ENGINE} pid under {tmp_path / 'pids'}" in done.stderr, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_given_moves_through_the_gateway_then_the_gateways_cpu_per_move_is_counted(play_stack):
    # few calls: the gateway's per-address and per-player rates stay as the stack has them
    done = capacity(env_of(play_stack), "--via", "gateway", "--games", "2", "--warmup-games", "0",
                    "--moves-per-game", "5")
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["via"] == "gateway" and 2 * 5 <= figures["moves"] <= 2 * 8
    assert figures["processes"]["gateway"]["cpu_ms_per_move"] > 0
    assert "2 foodie-forest tables, flat out, through the gateway" in done.stderr

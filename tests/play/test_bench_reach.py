"""A bench whose stack (or given server) is not there stops and says so, naming the address
that did not answer, instead of waiting for it forever (issue 27). The benches' own bound is
apps.bench.reach.REACH_S; the subprocess timeout here only keeps a regression from hanging
the suite (no timing is asserted)."""
from __future__ import annotations

import os
import subprocess

import pytest

from tests.play.test_bench_moves import FOODGAMES, stack_env

HINT = "is the stack up? (make run)"


def bench(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([FOODGAMES, "bench", *args], env=env, capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("name", ["replay", "moves", "matchmaking", "leaderboard"])
def test_a_bench_with_nothing_at_its_address_says_which_address_and_asks_whether_the_stack_is_up(name, dead_port):
    nats_url, redis_url = f"nats://127.0.0.1:{dead_port()}", f"redis://127.0.0.1:{dead_port()}/0"
    env = dict(os.environ, FOODGAMES_NATS_URL=nats_url)
    given = {"matchmaking": ["--redis-url", redis_url],
             "leaderboard": ["--redis-url", redis_url, "--nats-url", nats_url]}.get(name, [])
    done = bench([name, "--json", *given], env)
    assert done.returncode != 0
    assert done.stdout == ""
    expected = redis_url if name == "matchmaking" else nats_url
    assert f"at {expected} did not answer" in done.stderr, done.stderr[-2000:]
    assert HINT in done.stderr
    assert "Traceback" not in done.stderr


def test_bench_moves_names_the_rules_service_that_does_not_answer_when_nats_does(play_stack, dead_port):
    address = f"127.0.0.1:{dead_port()}"
    env = dict(stack_env(play_stack), FOODGAMES_FOOD_FIGHT_ADDR=address)
    done = bench(["moves", "--game", "food-fight", "--games", "2", "--moves-per-game", "2"], env)
    assert done.returncode != 0
    assert f"food-fight rules service at {address} did not answer" in done.stderr, done.stderr[-2000:]
    assert HINT in done.stderr

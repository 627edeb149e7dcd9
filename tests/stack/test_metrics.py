"""Every service of a running stack (`foodgames up`, the session's stack) answers GET /metrics
on its metrics port (shared/metrics.py), and the figures move: scraped before and after two
bots play a ranked game through the matchmaker, the counters grew and the histograms filled;
a refused move is counted by its reason; a service killed and restarted shows as a restart."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
import uuid

import grpc
import httpx
from foodgames.v1 import game_pb2

from apps.cli.up import services
from apps.sdk.connection import Connection
from shared.scrape import Scrape, quantile, scrape, scrape_all
from shared.auth import mint_token
from shared.protojson import to_struct
from tests.stack.test_bots_report import bots_env
from tests.stacklib import FOODGAMES


async def scraped(stack) -> dict[str, Scrape]:
    return await scrape_all({name: stack.metrics_address(name) for name in services()})


def scrape_stack(stack) -> dict[str, Scrape]:
    """`scraped` from a test that is not async (plain HTTP: no gRPC on this loop of its own)."""
    return asyncio.run(scraped(stack))


def play_a_ranked_game(stack) -> None:
    prefix = f"met-{uuid.uuid4().hex[:6]}"
    done = subprocess.run([FOODGAMES, "bots", "foodie-forest", "--count", "2", "--players", "2", "--prefix", prefix],
                          env=bots_env(stack), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr


async def refuse_a_move(stack) -> None:
    conn = Connection(stack, mint_token(stack, "met-refused"), "met-refused")
    try:
        try:
            await conn.game("foodie-forest").SubmitMove(game_pb2.SubmitMoveRequest(
                game_id="no-such-game-here", seat=0, move_id="m1", move=to_struct({"type": "play", "card": "x"})),
                timeout=10)
        except grpc.aio.AioRpcError as exc:
            assert exc.code() == grpc.StatusCode.NOT_FOUND
        else:
            raise AssertionError("a move in a game that does not exist was accepted")
    finally:
        await conn.close()


def until(check, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


async def test_every_service_answers_and_the_figures_move_when_bots_play(stack):
    before = await scraped(stack)
    assert all(s.ok for s in before.values()), {n: s.error for n, s in before.items() if not s.ok}
    for s in before.values():  # every process measures itself
        assert s.total("process_cpu_time_seconds_total") > 0, s.service
        assert s.total("process_memory_usage_bytes") > 0, s.service
        assert s.has("foodgames_process_event_loop_lag_seconds"), s.service
    play_a_ranked_game(stack)
    await refuse_a_move(stack)
    httpx.get(f"http://{stack.address('gateway')}/healthz", timeout=10)

    def rated():  # the leaderboard rates the game a moment after it ends
        return scrape("leaderboard", stack.metrics_address("leaderboard")).total(
            "foodgames_leaderboard_messages_total", outcome="rated") > before["leaderboard"].total(
            "foodgames_leaderboard_messages_total", outcome="rated")
    assert until(rated), "the leaderboard's rated games did not grow"
    after = await scraped(stack)

    def grew(service: str, name: str, **labels) -> bool:
        return after[service].total(name, **labels) > before[service].total(name, **labels)

    game = {"game": "foodie-forest"}
    assert grew("foodie-forest", "foodgames_moves_total", outcome="accepted", **game)
    assert grew("foodie-forest", "foodgames_moves_total", outcome="refused", error_type="no-such-game", **game)
    for histogram in ("foodgames_move_duration_seconds", "foodgames_move_decide_duration_seconds",
                      "foodgames_move_append_duration_seconds"):
        assert grew("foodie-forest", f"{histogram}_count", **game), histogram
        assert quantile(0.5, after["foodie-forest"].buckets(histogram, **game)) is not None
    assert grew("foodie-forest", "foodgames_games_total", state="started", **game)
    assert grew("foodie-forest", "foodgames_games_total", state="finished", **game)
    assert grew("foodie-forest", "foodgames_eventstore_appends_total", outcome="written")
    assert grew("foodie-forest", "rpc_server_calls_total", rpc_method="CreateGame", rpc_grpc_status_code="OK")
    assert grew("matchmaking", "foodgames_matchmaking_tables_total", outcome="created", **game)
    assert grew("matchmaking", "foodgames_matchmaking_wait_duration_seconds_count", **game)
    assert after["matchmaking"].has("foodgames_matchmaking_queue_depth")
    assert grew("deck", "foodgames_deck_shuffles_total")
    assert after["deck"].total("foodgames_deck_log_size") > before["deck"].total("foodgames_deck_log_size")
    assert after["leaderboard"].has("foodgames_leaderboard_consumer_lag")
    assert grew("gateway", "http_server_request_duration_seconds_count", http_route="/healthz")


def test_a_killed_service_shows_as_a_restart(stack):
    name = "tournament"  # the service the other tests of the session lean on least
    address = stack.metrics_address(name)
    before = scrape(name, address)
    assert before.ok, before.error
    pid = int((stack.data_dir / "pids" / f"{name}.pid").read_text())
    os.kill(pid, signal.SIGKILL)

    def restarted():
        now = scrape(name, address)
        return now if now.ok and now.total("process_uptime_seconds_total") < before.total(
            "process_uptime_seconds_total") else None
    after = until(restarted, 60)
    assert after, f"{name} did not come back with a fresh process (its uptime counter reset)"

"""When Valkey goes away, the matchmaker's and the leaderboard's health checks say NOT_SERVING
(a load balancer stops sending them players they cannot serve), and SERVING again once Valkey
is back, as they do for NATS (tests/runtime/test_nats_outage.py)."""
from __future__ import annotations

import asyncio
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from apps.embedded import free_port, start_valkey
from services.leaderboard import bootstrap as leaderboard
from services.matchmaking import bootstrap as matchmaking
from shared.config import Settings

SERVING, NOT_SERVING = health_pb2.HealthCheckResponse.SERVING, health_pb2.HealthCheckResponse.NOT_SERVING


async def health(port: int) -> int:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        reply = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=2)
        return reply.status


async def until(ports: dict[str, int], status: int, timeout: float) -> None:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        now = {name: await health(port) for name, port in ports.items()}
        if all(s == status for s in now.values()):
            return
        await asyncio.sleep(0.1)
    name = health_pb2.HealthCheckResponse.ServingStatus.Name(status)
    raise AssertionError(f"not all {name} after {timeout}s: {now}")


async def test_matchmaker_and_leaderboard_are_not_serving_while_valkey_is_down_then_serving(nats_url, tmp_path):
    port = free_port()
    valkey = start_valkey(tmp_path / "valkey", port=port)
    settings = Settings(nats_url=nats_url, redis_url=valkey.url, data_dir=tmp_path, token_key="test-key-" + "v" * 32)
    mm_ready, lb_ready = asyncio.Event(), asyncio.Event()
    tasks = [asyncio.create_task(matchmaking.serve(settings, 0, ready=mm_ready)),
             asyncio.create_task(leaderboard.serve(settings, 0, ready=lb_ready))]
    try:
        await asyncio.wait_for(asyncio.gather(mm_ready.wait(), lb_ready.wait()), 30)
        ports = {"matchmaking": mm_ready.running.server.port, "leaderboard": lb_ready.server.port}
        await until(ports, SERVING, 10)

        valkey.kill()
        await until(ports, NOT_SERVING, 10)

        valkey = start_valkey(tmp_path / "valkey", port=port)  # the same data, the same port
        await until(ports, SERVING, 20)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        valkey.stop()

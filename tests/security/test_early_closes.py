"""No service dies of a peer closing its socket (issue 26, 1): a client that sends a complete
request and closes before the answer, over HTTP/1.1, HTTP/2 or gRPC, leaves every process of the
stack running and answering. Python ignores SIGPIPE, and the `foodgames` console script (every
service's process under `foodgames up`, and the container image's entrypoint) keeps it so."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import tomllib
from pathlib import Path

import httpx
from grpc_health.v1 import health_pb2

from apps.cli.up import services
from apps.embedded import free_port
from tests.security.servers import h2_request, host_port, http1_request, send_and_close
from tests.stacklib import FOODGAMES, ROOT, stop, this_tree_first

GAME = "foodie-forest"
ROUNDS = 8
SIGPIPE_BIT = 1 << (signal.SIGPIPE - 1)
HEALTH = health_pb2.HealthCheckRequest().SerializeToString()


def sigpipe_ignored(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    return bool(int(re.search(r"^SigIgn:\s*([0-9a-f]+)$", status, re.M).group(1), 16) & SIGPIPE_BIT)


def parent_of(pid: int) -> int:
    return int(re.search(r"^PPid:\s*(\d+)$", Path(f"/proc/{pid}/status").read_text(), re.M).group(1))


def stack_pids(stack) -> dict[str, int]:
    return {p.stem: int(p.read_text()) for p in (Path(stack.data_dir) / "pids").glob("*.pid")}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") < 0


async def storm(gateway: str, engine: str | None) -> None:
    """ROUNDS of every kind of early close, each with a FIN and with a reset."""
    gw = host_port(gateway)
    sends = [(gw, http1_request("/healthz")), (gw, http1_request("/api/games")),
             (gw, h2_request("/healthz", gateway)),
             (gw, h2_request("/grpc.health.v1.Health/Check", gateway, grpc_body=HEALTH))]
    if engine is not None:
        sends.append((host_port(engine), h2_request("/grpc.health.v1.Health/Check", engine, grpc_body=HEALTH)))
    for _ in range(ROUNDS):
        for address, data in sends:
            for reset in (False, True):
                await asyncio.to_thread(send_and_close, address, data, reset=reset)


async def answers(gateway: str) -> None:
    async with httpx.AsyncClient(base_url=f"http://{gateway}", timeout=10) as client:
        for _ in range(3):  # the storm's own requests have been handled by the time these are
            reply = await client.get("/healthz")
            assert reply.status_code in (200, 503) and reply.json()["status"], reply.text


def test_every_process_of_the_stack_ignores_sigpipe(stack):
    """Given `foodgames up`, then `up` itself and every service it started ignore SIGPIPE
    (SigIgn in /proc/<pid>/status)."""
    pids = stack_pids(stack)
    assert set(pids) >= set(services()), pids
    up = parent_of(pids["gateway"])
    for name, pid in {**pids, "up": up}.items():
        assert sigpipe_ignored(pid), f"{name} (pid {pid}) would die of SIGPIPE"


async def test_a_storm_of_early_closes_leaves_the_gateway_and_a_rules_engine_running(stack):
    """Given the stack, when clients send complete requests over HTTP/1.1, HTTP/2 and gRPC to
    the gateway and gRPC to a rules engine, closing each socket before the answer, then both
    processes are the ones that were running (none died and was restarted) and answer."""
    before = stack_pids(stack)
    await storm(stack.address("gateway"), stack.address(GAME))
    await answers(stack.address("gateway"))
    from apps.cli.up import _health

    assert await _health(stack.address(GAME))
    after = stack_pids(stack)
    for name in ("gateway", GAME):
        assert after[name] == before[name] and alive(before[name]), f"{name} died (pid {before[name]})"


async def test_the_images_entrypoint_survives_early_closes(stack, tmp_path):
    """The container image runs `foodgames serve NAME` (its ENTRYPOINT is the console script):
    that process ignores SIGPIPE and outlives a storm of early closes."""
    dockerfile = (ROOT / "deploy" / "docker" / "Dockerfile").read_text()
    assert re.search(r'^ENTRYPOINT \["foodgames"\]$', dockerfile, re.M)
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["foodgames"] == "apps.cli.main:console"

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")}
    env.update({f"FOODGAMES_{name.upper().replace('-', '_')}_ADDR": stack.address(name) for name in services()},
               FOODGAMES_TOKEN_KEY=stack.token_key, FOODGAMES_REDIS_URL=stack.redis_url,
               FOODGAMES_NATS_URL=stack.nats_url, FOODGAMES_DATA_DIR=str(tmp_path))
    log = open(tmp_path / "gateway.log", "wb")
    proc = subprocess.Popen([FOODGAMES, "serve", "gateway", "--port", str(port)], env=this_tree_first(env),
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    address = f"127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(timeout=2) as client:
            for _ in range(300):
                try:
                    await client.get(f"http://{address}/healthz")
                    break
                except httpx.TransportError:
                    assert proc.poll() is None, (tmp_path / "gateway.log").read_text()
                    await asyncio.sleep(0.05)
        assert sigpipe_ignored(proc.pid)
        await storm(address, None)
        await answers(address)
        assert proc.poll() is None, f"the gateway ended with {proc.returncode}"
    finally:
        stop(proc)
        log.close()

"""The gateway in-process on a free port, in front of the session's stack (`foodgames up`)."""
from __future__ import annotations

import asyncio
import subprocess
import time
from pathlib import Path

import foodgames
import foodgames.v1
import httpx
import pytest

# The editable install's `foodgames` package may be another checkout's proto/gen (a git
# worktree shares the main tree's venv): look in this tree's first, for the *_connect.py
# modules (as tests/stacklib.py puts this tree first for the services' code).
_GEN = Path(__file__).resolve().parents[2] / "proto" / "gen" / "foodgames"
for _package, _folder in ((foodgames, _GEN), (foodgames.v1, _GEN / "v1")):
    if str(_folder) not in _package.__path__:
        _package.__path__.insert(0, str(_folder))

from apps.embedded import free_port_base
from services.gateway.bootstrap import serve
from services.gateway.config import GatewayConfig
from shared.metrics import METRICS_OFFSET
from tests.play.test_bench_moves import FOODGAMES, stack_env
from tests.stacklib import stop

ORIGIN = "http://app.example.test"
MAX_BODY = 16 * 1024


@pytest.fixture(scope="session")
async def gateway(stack):
    """The gateway's base URL ("http://127.0.0.1:PORT")."""
    config = GatewayConfig(origins=(ORIGIN,), dev_signin=True, max_body_bytes=MAX_BODY,
                           per_address_per_minute=100_000, per_player_per_minute=100_000)
    ready = asyncio.Event()
    task = asyncio.create_task(serve(stack, 0, config=config, ready=ready))
    waiter = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiter], timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()  # raises why it stopped
    assert ready.is_set(), "the gateway did not start"
    yield f"http://127.0.0.1:{ready.running.port}"
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


@pytest.fixture(scope="session")
def gateway_process(stack, tmp_path_factory):
    """(the gateway's base URL, its metrics URL, its process id): a `foodgames serve gateway` of its
    own, as it runs in the stack (the in-process `gateway` shares the tests' process)."""
    port = free_port_base(METRICS_OFFSET + 1)
    # (not a test of rates: every call of the worker's tests comes from 127.0.0.1 and counts in the
    # same Valkey, the browser tests' many among them; at the default 600 a minute its streams met 429)
    env = dict(stack_env(stack), FOODGAMES_REDIS_URL=stack.redis_url, FOODGAMES_LOG_LEVEL="WARNING",
               FOODGAMES_GATEWAY_RATE_PER_ADDRESS="100000")
    log = tmp_path_factory.mktemp("gateway") / "gateway.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([FOODGAMES, "serve", "gateway", "--port", str(port)], env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    base, metrics = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port + METRICS_OFFSET}/metrics"
    try:
        deadline = time.monotonic() + 60
        while True:  # the gateway and its metrics both answer (the metrics' server starts first)
            try:
                if all(httpx.get(url, timeout=1).status_code == 200 for url in (f"{base}/healthz", metrics)):
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.1)
        yield base, metrics, proc.pid
    finally:
        stop(proc)

"""The gateway in-process on a free port, in front of the session's stack (`foodgames up`)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import foodgames
import foodgames.v1
import pytest

# The editable install's `foodgames` package may be another checkout's proto/gen (a git
# worktree shares the main tree's venv): look in this tree's first, for the *_connect.py
# modules (as tests/stacklib.py puts this tree first for the services' code).
_GEN = Path(__file__).resolve().parents[2] / "proto" / "gen" / "foodgames"
for _package, _folder in ((foodgames, _GEN), (foodgames.v1, _GEN / "v1")):
    if str(_folder) not in _package.__path__:
        _package.__path__.insert(0, str(_folder))

from services.gateway.bootstrap import serve
from services.gateway.config import GatewayConfig

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

"""The gateway counts requests in wall-clock minutes (services/gateway/forward.py RateLimiter:
one Valkey counter a minute). A test that counts up to a limit starts far enough from a minute's
end that its requests fall in one window: across a new minute the count starts again, and more
pass than the limit (a whole run met it on a loaded machine)."""
from __future__ import annotations

import asyncio
import time

# what a test's dozen requests take, with room for a loaded machine
NEEDED_S = 8.0


async def in_one_window(needed_s: float = NEEDED_S) -> None:
    left = 60 - time.time() % 60
    if left < needed_s:
        await asyncio.sleep(left + 0.05)

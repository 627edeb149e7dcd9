"""Valkey as a dependency (of the matchmaker and the leaderboard) the gRPC health check follows: shared.service.watch_dependencies
answers NOT_SERVING while any of its dependencies `is_connected` is False, and NATS connections
say so themselves; a Redis client does not, so this probe asks Valkey (PING) every
`interval_s` and keeps the answer."""
from __future__ import annotations

import asyncio

PING_TIMEOUT_S = 1.0


class RedisProbe:
    is_closed = False
    dependency = "Valkey"

    def __init__(self, client, interval_s: float = 0.25):
        self.client, self.interval_s = client, interval_s
        self.is_connected = True
        self._task: asyncio.Task | None = None
        self._stopped = False

    def start(self) -> "RedisProbe":
        self._task = asyncio.get_running_loop().create_task(self._run(), name="redis-probe")
        return self

    async def _run(self) -> None:
        # Not `while True`: a cancellation that arrives mid-ping can come out of the client as
        # another error (seen under uvloop: a leaderboard's stop then waited out its 5 s bound
        # on this loop, pinging on), so stop() also says so here and a cancelled task ends.
        while not self._stopped:
            try:
                async with asyncio.timeout(PING_TIMEOUT_S):
                    await self.client.ping()
                self.is_connected = True
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - unreachable, refused, timed out, loading: not usable
                if asyncio.current_task().cancelling():
                    raise asyncio.CancelledError() from None
                self.is_connected = False
            await asyncio.sleep(self.interval_s)

    async def stop(self) -> None:
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

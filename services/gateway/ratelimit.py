"""The gateway's request rates: fixed one-minute windows, counted in this replica's memory and
shared with every other replica through Valkey in batches.

A call is decided here without waiting on Valkey: its window's count is what Valkey last
answered for every replica together plus what this replica has let through since. Every
`sync_s` the counts not yet sent go to Valkey in one pipeline (INCRBY of
gateway:rate:<kind>:<who>:<minute>, which expires after the window) and Valkey's totals come
back. One round trip a call cost 16 % of the gateway's CPU and a Valkey wait in every call's
time (docs/benchmarks.md); counted this way a replica alone never lets more through than its
limit, and replicas together at most what the others let through within one `sync_s` more.
With Valkey away every replica still counts its own calls (the limit then holds per replica).
"""
from __future__ import annotations

import asyncio
import contextlib
import time
import uuid

from shared import metrics, telemetry
from shared.errors import reason

log = telemetry.get_logger("gateway")
# counted here, where the limiter says no; services/gateway/metrics.py starts its series at 0
RATE_LIMITED = metrics.meter("foodgames.gateway").create_counter(
    "foodgames.gateway.rate_limited", unit="{request}", description="requests refused by a rate limit, by kind "
                                                                    "(address, player)")

WINDOW_S = 60
# a window's counter in Valkey outlives its minute, so a replica's late sync still adds to it
EXPIRE_S = 120


class RateLimiter:
    """Its Valkey client (`redis`, which the stream slots share) holds at most
    `max_connections` connections: a burst waits up to `wait_s` for one instead of opening
    more, and past that the sync is tried again at the next one."""

    def __init__(self, redis_url: str, prefix: str = "gateway:rate", *, max_connections: int = 16,
                 wait_s: float = 2.0, sync_s: float = 0.1):
        import redis.asyncio as redis

        # each connection is named for this limiter, so that Valkey's CLIENT LIST shows them
        self.client_name = f"foodgames-gateway-{uuid.uuid4().hex[:12]}"
        pool = redis.BlockingConnectionPool.from_url(redis_url, max_connections=max_connections, timeout=wait_s,
                                                     socket_timeout=wait_s, socket_connect_timeout=wait_s,
                                                     client_name=self.client_name)
        self.redis = redis.Redis.from_pool(pool)
        self.prefix = prefix
        self.sync_s = sync_s
        self._unsent: dict[str, int] = {}  # key -> calls let through here, not yet added in Valkey
        self._sending: dict[str, int] = {}  # key -> calls being added in Valkey now (the sync under way)
        self._shared: dict[str, int] = {}  # key -> every replica's count, as Valkey last answered
        self._syncing: asyncio.Task | None = None
        self._away = False  # Valkey did not answer the last sync

    async def allow(self, kind: str, who: str, per_minute: int) -> tuple[bool, int]:
        """(allowed, seconds until the window ends)."""
        if per_minute <= 0:
            return True, 0
        now = time.time()
        key = f"{self.prefix}:{kind}:{who}:{int(now // WINDOW_S)}"
        allowed = self._shared.get(key, 0) + self._sending.get(key, 0) + self._unsent.get(key, 0) < per_minute
        if allowed:  # a refused call is not counted: it costs the backends nothing
            self._unsent[key] = self._unsent.get(key, 0) + 1
            if self._syncing is None:
                self._syncing = asyncio.get_running_loop().create_task(self._sync_soon())
        else:
            RATE_LIMITED.add(1, {"kind": kind})
        return allowed, int(WINDOW_S - now % WINDOW_S) + 1

    async def _sync_soon(self) -> None:
        try:
            while self._unsent:
                # with Valkey away, try again each second (and log once), not at every sync
                await asyncio.sleep(max(self.sync_s, 1.0) if self._away else self.sync_s)
                await self.sync()
        finally:
            self._syncing = None

    async def sync(self) -> None:
        """Adds this replica's unsent counts in Valkey and keeps every replica's totals."""
        unsent, self._unsent = self._unsent, {}
        self._sending = unsent  # still counted by allow() until Valkey's totals include them
        window = int(time.time() // WINDOW_S)
        self._shared = {k: n for k, n in self._shared.items() if int(k.rsplit(":", 1)[1]) >= window}
        if not unsent:
            return
        keys = list(unsent)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.incrby(key, unsent[key])
                    pipe.expire(key, EXPIRE_S)
                replies = await pipe.execute()
        except BaseException as exc:  # noqa: BLE001 - Valkey away: count on here alone, and send them later
            self._sending = {}
            for key in keys:
                if int(key.rsplit(":", 1)[1]) >= window:
                    self._unsent[key] = self._unsent.get(key, 0) + unsent[key]
            if not isinstance(exc, Exception):
                raise  # cancelled (close): the counts stay unsent
            if not self._away:
                log.warning("rate counts not shared with other replicas until Valkey answers", keys=len(keys),
                            error=f"{type(exc).__name__}: {reason(exc)}")
            self._away = True
            return
        if self._away:
            log.info("rate counts shared again")
            self._away = False
        for key, total in zip(keys, replies[::2]):
            self._shared[key] = int(total)
        self._sending = {}

    async def close(self) -> None:
        if self._syncing is not None:
            self._syncing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._syncing
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sync(), self.sync_s + 2)
        await self.redis.aclose()

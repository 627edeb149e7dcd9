"""Which replica of a rules engine runs a game's clock: the games are shared out over SHARDS
shards by their id, and each shard's timers run on the one replica holding the shard's lease
(shared.leases, a NATS KV bucket). When that replica dies its leases run out (TTL_S) and another
takes them over, reads the shard's live games from the streams and arms their timers: a clock
keeps running with no replica's memory. The owner hears every write to the engine's games (core
NATS, as the event store's hints) and reads the game again, so a move made on another replica
moves the timer too.

What an owner writes is still an append with the expected version: two owners for a moment (a
lease lost while a write was under way) write a timeout once all the same.
"""
from __future__ import annotations

import asyncio
import hashlib
from typing import Awaitable, Callable

from shared import telemetry
from shared.leases import Leases

log = telemetry.get_logger("shared.runtime")

SHARDS = 4
TTL_S = 2.0  # a dead owner's shards are taken over this long after its last renewal (and a poll)
BUCKET = "clock-owners"


def shard_of(game_id: str, shards: int = SHARDS) -> int:
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:4], "big") % shards


class ClockOwner:
    """The shards whose clocks this replica runs, kept by leases."""

    def __init__(self, leases: Leases, game: str, on_taken: Callable[[int], Awaitable[None]],
                 on_lost: Callable[[int], None], shards: int = SHARDS):
        self.leases, self.game, self.shards = leases, game, shards
        self.on_taken, self.on_lost = on_taken, on_lost
        self.owned: set[int] = set()
        self._tasks: list[asyncio.Task] = []
        self._resumes: set[asyncio.Future] = set()  # shard scans under way (never cancelled)

    @classmethod
    async def open(cls, js, game: str, owner: str, on_taken, on_lost, replicas: int = 1,
                   shards: int = SHARDS) -> "ClockOwner":
        leases = await Leases.open(js, BUCKET, owner, ttl_s=TTL_S, replicas=replicas)
        return cls(leases, game, on_taken, on_lost, shards)

    def owns(self, game_id: str) -> bool:
        return shard_of(game_id, self.shards) in self.owned

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._contend(shard)) for shard in range(self.shards)]

    async def _contend(self, shard: int) -> None:
        await self.leases.hold(f"{self.game}.{shard}", lambda: self._run(shard))

    async def _run(self, shard: int) -> None:
        self.owned.add(shard)
        log.info("clock shard taken", game=self.game, shard=shard, owner=self.leases.owner)
        try:
            while True:
                try:
                    # shielded: a scan of the streams cancelled half way leaves its pull consumer's
                    # fetch behind, and the connection's drain would wait on it
                    await asyncio.shield(self._resuming(shard))
                    break
                except Exception as exc:  # noqa: BLE001 - NATS away: the shard's games are read again
                    log.warning("could not resume a clock shard", game=self.game, shard=shard, error=str(exc))
                    await asyncio.sleep(1.0)
            await asyncio.Event().wait()  # until the lease is lost or we stop
        finally:
            self.owned.discard(shard)
            self.on_lost(shard)

    def _resuming(self, shard: int) -> asyncio.Future:
        task = asyncio.ensure_future(self.on_taken(shard))
        self._resumes.add(task)
        task.add_done_callback(self._resumes.discard)
        return task

    async def close(self) -> None:
        for task in self._tasks:
            # once only (Clocks.stop may have asked already): a second cancel would land in the
            # lease's own clean-up and keep it from letting the lease go
            if not task.cancelling():
                task.cancel()
        await asyncio.gather(*self._tasks, *self._resumes, return_exceptions=True)
        self._tasks = []

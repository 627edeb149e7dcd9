"""Who holds a seat, across every replica of a rules engine: a NATS KV bucket with one entry per
(game, seat, replica), whose value is the time until which that replica vouches for the seat.
A replica holding a stream of the seat renews its entry to HOLD_S ahead once it has less than
HOLD_S - REFRESH_S left (so every REFRESH_S); a call
(a view, a move) writes the grace period ahead; a closed stream writes the grace period ahead
from its closing. A seat is away only when no entry of any replica is still ahead of now: a
replica that died stops renewing, and its entries run out HOLD_S after its last renewal.

Every replica mirrors the whole bucket (a watch), so asking is a lookup in memory; a replica's own
writes are in its mirror as soon as the server took them. The bucket's TTL only clears old
entries: what an entry says is its value.

A mirror can go quiet without a word: the watch's consumer lives on one NATS server, and when
that server dies the client library makes a new one only after missing two heartbeats (10 s),
longer if the cluster is still electing leaders then. Meanwhile the others' renewals do not
arrive and their entries seem to run out. So each replica writes a ping of its own every
RENEW_S (`tend`) and trusts its mirror only while its last ping came back through the watch
within STALE_S: a stale mirror cannot tell a seat away (held() says held), and one stale for
RESTART_S has its watch made again (the whole bucket delivered anew).
"""
from __future__ import annotations

import asyncio
import re
from typing import Callable

from shared import telemetry

log = telemetry.get_logger("shared.runtime")

# A held seat's entry is renewed this far ahead, every REFRESH_S: a holder that cannot reach the
# bucket for a while must not have its seats taken for gone (after a NATS server's death one
# replica's writes to it failed for ~10 s in the five-minute chaos run, while the others' went
# through: an entry has at least HOLD_S - REFRESH_S = 15 s left when its renewal is due); a
# holder that died has them taken for gone at most this long after its last renewal (its
# clients, their streams broken, are held again by another replica within a second). Renewed
# every second (and 15 s ahead) before 2026-12-06: a write a held seat a second was about half of
# an engine's CPU while 10,000 streams idled (docs/benchmarks.md, bench idle-streams, run E).
HOLD_S = 20.0
REFRESH_S = 5.0
RENEW_S = 1.0  # the ping's period, and how often the held seats are looked at
CLEAR_S = 600.0  # the bucket forgets an entry not written for this long
STALE_S = 2.5  # a mirror whose own ping has not come back for this long cannot tell who is away
RESTART_S = 5.0  # ... and after this long its watch is made again
_KEY_CHARS = re.compile(r"[^A-Za-z0-9_-]")


def bucket_name(game: str) -> str:
    return f"seats-{game}"


class SeatRegistry:
    """The seats held by every replica of one rules engine (one bucket per game)."""

    def __init__(self, kv, owner: str, now_ms: Callable[[], int]):
        self.kv = kv
        self.owner = _KEY_CHARS.sub("_", owner)
        self.now_ms = now_ms
        self.mirror: dict[str, int] = {}  # key -> until ms, for every replica's entries
        self._watch: asyncio.Task | None = None
        self._watcher = None
        self.ready = asyncio.Event()  # the mirror holds the bucket as it was when we started
        # a game id never holds ".", and a seat is a number: no seat's key starts like the ping's
        self.ping_key = f"-.ping.{self.owner}"
        self.started_ms = now_ms()
        self.echoed_ms = 0  # when our last ping came back through the watch (0: none yet)

    @classmethod
    async def open(cls, js, game: str, owner: str, now_ms: Callable[[], int], replicas: int = 1) -> "SeatRegistry":
        from shared.leases import open_bucket

        registry = cls(await open_bucket(js, bucket_name(game), CLEAR_S, replicas), owner, now_ms)
        await registry.start()
        return registry

    async def start(self) -> None:
        self.started_ms = self.now_ms()
        self._watcher = await self.kv.watchall()
        self._watch = asyncio.get_running_loop().create_task(self._follow())
        try:
            async with asyncio.timeout(5):
                await self.ready.wait()
        except TimeoutError:
            log.warning("the seat registry's mirror is not complete yet")

    async def _follow(self) -> None:
        async for entry in self._watcher:
            if entry is None:  # the bucket as it was, delivered: what follows is live
                self.ready.set()
                continue
            if entry.key == self.ping_key:
                self.echoed_ms = self.now_ms()  # the watch delivers: the mirror is live
                continue
            if entry.key.endswith("." + self.owner):
                continue  # our own: the mirror has it from the write, and a late echo is older
            if entry.operation in ("DEL", "PURGE") or not entry.value:
                self.mirror.pop(entry.key, None)
                continue
            try:
                self.mirror[entry.key] = int(entry.value)
            except ValueError:
                continue

    def key(self, game_id: str, seat: int) -> str:
        return f"{game_id}.{seat}.{self.owner}"

    async def vouch(self, game_id: str, seat: int, until_ms: int) -> None:
        """This replica vouches for the seat until `until_ms` (its entry is replaced)."""
        key = self.key(game_id, seat)
        await self.kv.put(key, str(int(until_ms)).encode())
        self.mirror[key] = int(until_ms)

    def vouched_until(self, game_id: str, seat: int) -> int:
        """This replica's own entry for the seat (0: none)."""
        return self.mirror.get(self.key(game_id, seat), 0)

    def fresh(self, now_ms: int | None = None) -> bool:
        """Whether the mirror is live: our last ping came back through the watch within STALE_S."""
        now = self.now_ms() if now_ms is None else now_ms
        return self.ready.is_set() and now - self.echoed_ms <= STALE_S * 1000

    def held(self, game_id: str, seat: int, now_ms: int | None = None) -> bool:
        """Whether any replica vouches for the seat now; also while the mirror is stale, when
        nobody can be taken for gone."""
        now = self.now_ms() if now_ms is None else now_ms
        if not self.fresh(now):
            return True
        prefix = f"{game_id}.{seat}."
        return any(until > now for key, until in self.mirror.items() if key.startswith(prefix))

    async def tend(self) -> None:
        """Every RENEW_S: ping through the bucket, and make the watch again when the mirror has
        been stale for RESTART_S (since the last echo, or since the watch was made)."""
        now = self.now_ms()
        if now - max(self.echoed_ms, self.started_ms) > RESTART_S * 1000:
            log.warning("the seat registry's watch went quiet: making it again", owner=self.owner)
            await self._stop_watch()
            self.ready.clear()
            await self.start()
        await self.kv.put(self.ping_key, str(now).encode())

    def prune(self, older_than_ms: int = 60_000) -> None:
        """Forget entries that ran out long ago (the bucket clears them later)."""
        cutoff = self.now_ms() - older_than_ms
        for key in [k for k, until in self.mirror.items() if until < cutoff]:
            del self.mirror[key]

    async def close(self) -> None:
        await self._stop_watch()

    async def _stop_watch(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            await asyncio.gather(self._watch, return_exceptions=True)
            self._watch = None
        if self._watcher is not None:
            try:
                await self._watcher.stop()
            except Exception:  # noqa: BLE001 - the connection may be gone
                pass
            self._watcher = None

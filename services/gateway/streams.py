"""How many server streams (WatchGame, WatchTicket) each player has open, across every gateway
replica: one Valkey sorted set per player, `gateway:streams:<player>`, whose members are the
open streams' slot ids scored by the time their lease ends (Valkey's own clock, so replicas'
clocks need not agree). Each client address has the same, `gateway:streams-by-address:<address>`
(`StreamCount` is one such cap).

A stream takes a slot when it opens (refused when the player's live slots are at the limit),
has its lease renewed every third of it while it is open, and gives the slot back when it closes.
The renewals of all of a gateway's open slots go in one Valkey call a third of a lease (in
chunks of RENEW_CHUNK): one call a stream cost 7.8 % of the gateway's CPU with 800 streams open
(docs/benchmarks.md, "The browser's own way"). A
gateway that dies without closing its streams stops renewing: its slots lapse after one lease
and no longer count, so a crash cannot use up a player's streams for good. The set itself
expires a little after its last lease, so nothing is left behind in Valkey.

If Valkey cannot be reached the stream is let through (counted nowhere, with a warning), as the
rate limiter does: a Valkey outage must not close the game to every player.
"""
from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections import Counter

from shared import telemetry
from shared.errors import reason

log = telemetry.get_logger("gateway")

# KEYS[1] the player's set; ARGV: limit, lease in ms, slot id. 1 when the slot is taken, else 0.
_ACQUIRE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 1000)
return 1
"""
# KEYS: the sets of the slots; ARGV: lease in ms, then each key's slot id. Pushes each slot's
# lease end forward, only while it is there (XX): a renewal already on its way when the stream
# closed must not bring back the slot its close gave back.
_RENEW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + lease, ARGV[i + 1])
  redis.call('PEXPIRE', key, lease + 1000)
end
return #KEYS
"""
# slots renewed by one call (a Lua script blocks Valkey while it runs: a thousand ZADDs ~1 ms)
RENEW_CHUNK = 1000


class StreamSlots:
    """The per-player stream slots in Valkey (`redis` is a redis.asyncio client)."""

    def __init__(self, redis, lease_s: float = 30.0, prefix: str = "gateway:streams"):
        self.redis = redis
        self.lease_ms = max(1, int(lease_s * 1000))
        self.prefix = prefix
        self._acquire = redis.register_script(_ACQUIRE)
        self._renew = redis.register_script(_RENEW)
        self._live: dict[str, str] = {}  # slot id -> its set's key: the slots to renew
        self._renewer: asyncio.Task | None = None

    def key(self, player: str) -> str:
        return f"{self.prefix}:{player}"

    async def acquire(self, player: str, limit: int) -> Slot | None:
        """A slot for one more stream of `player`, renewed until closed; None when the player
        already has `limit` open streams on all replicas together."""
        slot_id = uuid.uuid4().hex
        try:
            taken = await self._acquire(keys=[self.key(player)], args=[limit, self.lease_ms, slot_id])
        except Exception as exc:  # noqa: BLE001 - Valkey away: let the stream through, uncounted
            log.warning("stream not counted", player=player, error=f"{type(exc).__name__}: {reason(exc)}")
            return Slot(self, player, None)
        if not int(taken):
            return None
        self._live[slot_id] = self.key(player)
        if self._renewer is None:
            self._renewer = asyncio.create_task(self._renew_all())
        return Slot(self, player, slot_id)

    def forget(self, slot_id: str) -> None:
        """Stop renewing a slot (given back, or abandoned)."""
        self._live.pop(slot_id, None)

    async def _renew_all(self) -> None:
        """Every third of a lease, the leases of every live slot pushed forward; ends when none
        is left (the next slot taken starts it again)."""
        every = self.lease_ms / 3000
        while True:
            await asyncio.sleep(every)
            live = list(self._live.items())
            if not live:
                self._renewer = None
                return
            for start in range(0, len(live), RENEW_CHUNK):
                chunk = live[start:start + RENEW_CHUNK]
                try:
                    await self._renew(keys=[key for _, key in chunk], args=[self.lease_ms, *(i for i, _ in chunk)])
                except Exception as exc:  # noqa: BLE001 - try again next time; the lease covers two misses
                    log.warning("stream slots not renewed", slots=len(chunk),
                                error=f"{type(exc).__name__}: {reason(exc)}")

    async def close(self) -> None:
        """Stop renewing (the gateway is stopping; its slots lapse or are given back)."""
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
            self._renewer = None

    async def count(self, player: str) -> int:
        """The player's live slots (for tests and operators)."""
        t = await self.redis.time()
        now_ms = t[0] * 1000 + t[1] // 1000
        return int(await self.redis.zcount(self.key(player), f"({now_ms}", "+inf"))


_releasing: set[asyncio.Task] = set()  # slots being given back (a closing stream does not wait)


class Slot:
    """One open stream's slot: renewed (by its StreamSlots) until `close()` or `release()`."""

    def __init__(self, slots: StreamSlots, player: str, slot_id: str | None):
        self.slots = slots
        self.player = player
        self.slot_id = slot_id

    def abandon(self) -> None:
        """Stops renewing without giving the slot back: what a gateway that dies does (tests)."""
        if self.slot_id is not None:
            self.slots.forget(self.slot_id)

    def release(self) -> None:
        """Gives the slot back without waiting (safe in a stream's `finally`, even when cancelled)."""
        self.abandon()
        if self.slot_id is not None:
            task = asyncio.get_running_loop().create_task(self._remove())
            _releasing.add(task)
            task.add_done_callback(_releasing.discard)

    async def close(self) -> None:
        self.abandon()
        if self.slot_id is not None:
            await self._remove()

    async def _remove(self) -> None:
        try:
            await self.slots.redis.zrem(self.slots.key(self.player), self.slot_id)
        except Exception as exc:  # noqa: BLE001 - the lease frees it anyway
            log.warning("stream slot not released", player=self.player, error=f"{type(exc).__name__}: {reason(exc)}")


class StreamCount:
    """One cap of open streams (per player, or per client address): counted in Valkey across
    every replica when the gateway has one (`slots`), else on this replica alone; `local` counts
    this replica's open streams either way (what tests and operators read)."""

    def __init__(self, slots: StreamSlots | None):
        self.slots = slots
        self.local: Counter[str] = Counter()

    async def take(self, who: str, limit: int) -> Slot | _Uncounted | None:
        """A slot for one more stream of `who`, or None when `who` already has `limit` open
        (`limit` 0: no cap, counted locally only)."""
        slot: Slot | _Uncounted = _UNCOUNTED
        if limit and self.slots is not None:
            taken = await self.slots.acquire(who, limit)
            if taken is None:
                return None
            slot = taken
        elif limit and self.local[who] >= limit:
            return None
        self.local[who] += 1
        return slot

    def give_back(self, who: str, slot: Slot | _Uncounted) -> None:
        slot.release()
        self.local[who] -= 1
        if self.local[who] <= 0:
            del self.local[who]


class _Uncounted:
    """The slot of a stream no Valkey counts."""

    def release(self) -> None:
        pass


_UNCOUNTED = _Uncounted()

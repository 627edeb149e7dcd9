"""Rebuild every rating and board from the event stream.

The stream is read from its first message into a fresh key generation
(lb:<new>:...) while the live consumer keeps writing to the live one. Once
the new generation has applied every game the live one has (its sequence
is not behind), one Lua script points lb:gen at it; readers and the
consumer follow the pointer on their next call. The old generation is
deleted after a grace period.
"""
from __future__ import annotations

import asyncio
import secrets
import time

import nats
from nats.js import api

from services.leaderboard.boards import Store
from services.leaderboard.consumer import ConsumerSettings, ensure_streams, parse_message
from services.leaderboard.keys import GEN_COUNTER, REBUILD_LOCK
from services.leaderboard.ratings import BadEvent
from shared import telemetry

log = telemetry.get_logger("leaderboard.rebuild")
LOCK = REBUILD_LOCK


class RebuildRunning(RuntimeError):
    pass


async def rebuild(nc: nats.NATS, store: Store, settings: ConsumerSettings | None = None,
                  grace_s: float = 5.0, progress=None, lock_ttl_s: int = 3600) -> dict:
    settings = settings or ConsumerSettings()
    js = nc.jetstream()
    await ensure_streams(js, settings)
    token = secrets.token_hex(8)
    if not await store.r.set(LOCK, token, nx=True, ex=lock_ttl_s):
        raise RebuildRunning("another rebuild is running (lb:rebuild is set)")
    started = time.monotonic()
    stats = {"messages": 0, "games": 0, "duplicates": 0, "skipped": 0}
    try:
        old = await store.live_gen()
        new = await store.r.incr(GEN_COUNTER)
        if new <= old:
            new = old + 1
            await store.r.set(GEN_COUNTER, new)
        await store.delete_gen(new)
        target = (await js.stream_info(settings.stream)).state.last_seq
        sub = await js.subscribe(settings.subject_prefix + ".>", stream=settings.stream, ordered_consumer=True,
                                 deliver_policy=api.DeliverPolicy.ALL, pending_msgs_limit=200000)
        position = 0
        try:
            while True:
                while position < target:
                    try:
                        msg = await sub.next_msg(timeout=5.0)
                    except nats.errors.TimeoutError:
                        info = await js.stream_info(settings.stream)
                        if info.state.last_seq <= position:
                            break
                        continue
                    position = msg.metadata.sequence.stream
                    stats["messages"] += 1
                    try:
                        overs = parse_message(msg.subject, msg.data, settings, store.config)
                    except BadEvent:
                        stats["skipped"] += 1  # the live consumer dead-lettered it already
                        continue
                    for go in overs:
                        applied = await store.record(go, position, gen=new)
                        stats["games" if applied.status == "ok" else "duplicates"] += 1
                    if progress and stats["messages"] % 1000 == 0:
                        progress(stats)
                status = await store.swap(new, old)
                if status == "ok":
                    break
                if status == "moved":
                    raise RebuildRunning("the live generation changed during the rebuild")
                # behind: the live consumer applied newer games; read on to them
                target = max(target + 1, await store.last_seq(old))
        finally:
            await sub.unsubscribe()
        log.info("rebuild swapped in", old_gen=old, new_gen=new, **stats)
        if grace_s > 0:
            await asyncio.sleep(grace_s)  # readers that looked up the old generation finish
        stats["deleted_keys"] = await store.delete_gen(old)
        stats.update(old_gen=old, new_gen=new, seconds=round(time.monotonic() - started, 3))
        return stats
    finally:
        if (await store.r.get(LOCK) or b"").decode() == token:
            await store.r.delete(LOCK)

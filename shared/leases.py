"""Leases in a NATS KV bucket: at most one holder of a key at a time, and another may take it
once the holder stops renewing (it died) or lets it go.

A lease is the key's entry, created only if absent (`create`), renewed by its holder with the
revision it last wrote (`update(last=...)`: refused once anyone else has written the key), and
gone when the bucket's TTL passes without a renewal. `hold` runs work only while the lease is
held: the work is cancelled as soon as a renewal fails or is overdue, before the TTL could let
another holder in.
"""
from __future__ import annotations

import asyncio
import os
import socket
import time
import uuid
from typing import Any, Awaitable, Callable

from nats.js import api
from nats.js.errors import APIError, KeyNotFoundError, KeyWrongLastSequenceError

from shared import telemetry
from shared.eventstore.jetstream import WRONG_LAST_SEQUENCE

log = telemetry.get_logger("leases")

DEFAULT_TTL_S = 3.0
# A holder stops its work this far into the TTL without a renewal: the server lets another holder
# in only at the TTL's end.
OVERDUE_SHARE = 0.8


def owner_id(role: str) -> str:
    """A name for this process as a lease holder: unique, and saying where it runs."""
    return f"{role}-{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"


async def open_bucket(js, bucket: str, ttl_s: float, replicas: int = 1):
    """A KV bucket whose entries live `ttl_s` (one value a key, on disk), created if it is not
    there (shared.eventstore.streams.ensure_bucket: asked again while NATS does not answer)."""
    from shared.eventstore.streams import ensure_bucket

    return await ensure_bucket(js, api.KeyValueConfig(bucket=bucket, ttl=ttl_s, history=1, replicas=replicas,
                                                      storage=api.StorageType.FILE))


class Leases:
    def __init__(self, kv, owner: str, ttl_s: float = DEFAULT_TTL_S):
        self.kv, self.owner, self.ttl_s = kv, owner, ttl_s

    @classmethod
    async def open(cls, js, bucket: str, owner: str, ttl_s: float = DEFAULT_TTL_S, replicas: int = 1) -> "Leases":
        """The bucket (created with `ttl_s` and `replicas` if it is not there)."""
        return cls(await open_bucket(js, bucket, ttl_s, replicas), owner, ttl_s)

    async def take(self, key: str) -> int | None:
        """The lease's revision if this owner now holds it; None if another does."""
        try:
            return await self.kv.create(key, self.owner.encode())
        except (KeyWrongLastSequenceError, KeyNotFoundError):
            # (nats-py's create looks the taken key up again: it may have expired meanwhile; the
            # next take gets it)
            return None

    async def renew(self, key: str, revision: int) -> int | None:
        """The new revision, or None if the lease was lost (expired, or taken by another)."""
        try:
            return await self.kv.update(key, self.owner.encode(), last=revision)
        except KeyWrongLastSequenceError:
            return None

    async def release(self, key: str, revision: int) -> None:
        """Let the lease go at once (only if still ours), so that another need not wait the TTL."""
        try:
            await self.kv.delete(key, last=revision)
        except (KeyWrongLastSequenceError, KeyNotFoundError):
            pass
        except APIError as exc:  # a delete on a stale revision comes back as a plain API error
            if exc.err_code not in WRONG_LAST_SEQUENCE:
                raise

    async def holder(self, key: str) -> str | None:
        try:
            entry = await self.kv.get(key)
        except KeyNotFoundError:
            return None
        return entry.value.decode() if entry.value else None

    async def hold(self, key: str, work: Callable[[], Awaitable[Any]]) -> Any:
        """Wait until this owner holds `key`, then run `work()` while renewing the lease; when the
        lease is lost the work is cancelled and this waits for the lease again, to run `work()`
        anew (so it must be safe to start over). Its result once it ends while held; the lease
        is then released."""
        every = self.ttl_s / 3
        while True:
            try:
                revision = await self.take(key)
            except Exception as exc:  # noqa: BLE001 - NATS away: try again
                log.debug("could not ask for a lease", key=key, error=str(exc))
                revision = None
            if revision is None:
                await asyncio.sleep(every)
                continue
            log.info("lease taken", key=key, owner=self.owner)
            task = asyncio.ensure_future(work())
            renewed_at = time.monotonic()
            lost = False
            try:
                while not task.done():
                    await asyncio.wait([task], timeout=every)
                    if task.done():
                        break
                    try:
                        revision = await self.renew(key, revision)
                        if revision is None:
                            lost = True
                        else:
                            renewed_at = time.monotonic()
                    except Exception as exc:  # noqa: BLE001 - NATS away: overdue below
                        log.debug("could not renew a lease", key=key, error=str(exc))
                    if lost or time.monotonic() - renewed_at > self.ttl_s * OVERDUE_SHARE:
                        lost = True
                        log.warning("lease lost: its work stops", key=key, owner=self.owner)
                        task.cancel()
                        await asyncio.gather(task, return_exceptions=True)
                        break
            finally:
                if not task.done():  # we are cancelled: the work goes with us, and the lease too
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)
                if not lost and revision is not None:
                    try:
                        await asyncio.shield(self.release(key, revision))
                    except Exception:  # noqa: BLE001 - it expires by itself
                        pass
            if not lost:
                return task.result()

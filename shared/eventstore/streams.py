"""The games stream's name, subjects and config, and a start's creation of a stream or KV
bucket: every service makes its streams and buckets here, so each is asked again the same way
while NATS does not answer."""
from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable, TypeVar

import nats.errors
from nats.js import api
from nats.js.errors import NotFoundError, ServiceUnavailableError

from shared import gamestream, telemetry

log = telemetry.get_logger("eventstore")
T = TypeVar("T")

GAMES_STREAM = gamestream.STREAM
GAMES_SUBJECTS = gamestream.SUBJECTS


def games_stream_config(replicas: int = 1, duplicate_window_s: float = 120.0) -> api.StreamConfig:
    return api.StreamConfig(
        name=GAMES_STREAM, subjects=GAMES_SUBJECTS, storage=api.StorageType.FILE,
        retention=api.RetentionPolicy.LIMITS, max_msgs=-1, max_bytes=-1, max_age=0,
        max_msgs_per_subject=-1, num_replicas=replicas, duplicate_window=duplicate_window_s,
        deny_delete=True, deny_purge=True, allow_direct=True, discard=api.DiscardPolicy.NEW)


# How long a service's start asks a cluster again for its stream: a cluster that lost its meta
# leader, or whose leader is busy with every service's stream at once (the chaos runs' stacks of
# twenty processes), times out or has no responder for a while; a crash for it would only make the
# supervisor (or Kubernetes, with its back-off) start the process again.
ENSURE_WITHIN_S = 30.0


async def asked_again(make: Callable[[], Awaitable[T]], what: str, within_s: float = ENSURE_WITHIN_S) -> T:
    """`make()` (a start's creation of its stream or bucket), asked again for `within_s` while
    the server times out or no JetStream answers; the last failure then. A creation that timed
    out may have been made: `make` finds what is there and brings it to its config."""
    deadline = time.monotonic() + within_s
    pause = 0.25
    while True:
        try:
            return await make()
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError, ServiceUnavailableError) as exc:
            if time.monotonic() + pause > deadline:
                raise
            log.warning("could not be made yet; asking again", what=what,
                        error=f"{type(exc).__name__}: {exc}"[:200], in_s=pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)


async def ensure_stream(js, config: api.StreamConfig, within_s: float = ENSURE_WITHIN_S) -> None:
    """Create the stream, or bring an existing one to `config` (asked_again)."""
    async def make() -> None:
        try:
            await js.stream_info(config.name)
        except NotFoundError:
            await js.add_stream(config)
            return
        await js.update_stream(config)

    await asked_again(make, f"the stream {config.name}", within_s)


async def ensure_bucket(js, config: api.KeyValueConfig, within_s: float = ENSURE_WITHIN_S):
    """The KV bucket, created with `config` if it is not there (asked_again)."""
    async def make():
        try:
            return await js.key_value(config.bucket)
        except NotFoundError:  # BucketNotFoundError among them
            return await js.create_key_value(config)

    return await asked_again(make, f"the bucket {config.bucket}", within_s)


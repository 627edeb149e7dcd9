"""Running a command's coroutine: on uvloop where it is installed. Every service and client
spends most of its CPU in event-loop and socket machinery (grpc.aio, nats-py); uvloop cuts it
(docs/benchmarks.md has the figures)."""
from __future__ import annotations

import asyncio
from typing import Any, Coroutine, TypeVar

T = TypeVar("T")


def loop_factory():
    """The event loop factory every command uses: uvloop's, or asyncio's own without it."""
    try:
        import uvloop
    except ImportError:  # e.g. Windows, where uvloop does not exist
        return asyncio.new_event_loop
    return uvloop.new_event_loop


def run(coro: Coroutine[Any, Any, T]) -> T:
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(coro)

"""Running a command's coroutine: on uvloop where it is installed. Every service and client
spends most of its CPU in event-loop and socket machinery (grpc.aio, nats-py); uvloop cuts it
(docs/benchmarks.md has the figures)."""
from __future__ import annotations

import asyncio
import signal
from typing import Any, Awaitable, Coroutine, TypeVar

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


def run_until_signalled(coro: Coroutine[Any, Any, Any]) -> None:
    """Run a long-lived coroutine (a server, a pool of bots) until it returns or SIGTERM/SIGINT
    cancels it: a supervisor (`foodgames up`, Kubernetes) stops it cleanly either way."""
    async def main():
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, task.cancel)
        try:
            await coro
        except asyncio.CancelledError:
            pass

    run(main())


async def bounded(step: Awaitable[Any], within_s: float) -> bool:
    """Await one step of a shutdown for at most `within_s` seconds: whether it ended. A step that
    does not end (a close stuck on a peer, a task that does not answer its cancellation) is left
    behind, so that the process still stops; its caller says which step it was. Its error, if it
    ended with one, is raised."""
    task = asyncio.ensure_future(step)
    done, _ = await asyncio.wait([task], timeout=within_s)
    if not done:
        return False
    task.result()
    return True

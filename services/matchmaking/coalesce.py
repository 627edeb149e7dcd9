"""Coalescing: many concurrent callers of one Redis operation share one round trip.

Each formed table is finished by its own task (its CreateGame may take a while), so
under load dozens finish at once; each sending its own script call would pay a round
trip and the client's per-command overhead apiece. A Coalescer sends whatever has
gathered as one batch: at most one batch is in flight, and calls made meanwhile
wait for it and then go together. A lone call goes at once (next loop tick).
"""
from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, Generic, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Coalescer(Generic[T, R]):
    def __init__(self, send: Callable[[Sequence[T]], Awaitable[Sequence[R]]], limit: int = 256):
        self._send = send  # one result per item, in order
        self._limit = limit
        self._waiting: list[tuple[T, asyncio.Future]] = []
        self._runner: asyncio.Task | None = None
        self.batches = 0  # sent so far (tests, metrics)

    async def submit(self, item: T) -> R:
        future = asyncio.get_running_loop().create_future()
        # a caller gone before the batch failed leaves no "exception never retrieved" behind
        future.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._waiting.append((item, future))
        if self._runner is None or self._runner.done():
            self._runner = asyncio.get_running_loop().create_task(self._run())
        # shielded: a caller cancelled mid-way must not cancel the batch the others wait on
        return await asyncio.shield(future)

    async def _run(self) -> None:
        await asyncio.sleep(0)  # let the callers of this loop tick join
        while self._waiting:
            batch, self._waiting = self._waiting[:self._limit], self._waiting[self._limit:]
            self.batches += 1
            try:
                results = await self._send([item for item, _ in batch])
                if len(results) != len(batch):
                    raise RuntimeError(f"{len(results)} results for {len(batch)} items")
            except Exception as exc:  # noqa: BLE001 - every caller of the batch sees it
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), result in zip(batch, results):
                if not future.done():
                    future.set_result(result)

"""shared.aio.bounded: a step of stopping that never ends is left behind, so that a service told
to stop stops."""
from __future__ import annotations

import asyncio

import pytest

from shared.aio import bounded


async def test_a_step_that_ends_is_awaited_and_its_error_raised():
    assert await bounded(asyncio.sleep(0.01), 5.0)

    async def fails():
        raise RuntimeError("the channel was already closed")

    with pytest.raises(RuntimeError, match="already closed"):
        await bounded(fails(), 5.0)


async def test_a_step_that_does_not_answer_its_cancellation_is_left_behind_in_time():
    release = asyncio.Event()

    async def stubborn():
        # a close that swallows its cancellation and waits on a peer that never answers
        while not release.is_set():
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                continue

    assert not await bounded(stubborn(), 0.2)
    release.set()

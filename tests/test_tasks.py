"""tests/tasks.with_deadline: an async test that hangs fails by its own deadline, naming what
each task waits on, instead of waiting for pytest-timeout's signal (which can be lost)."""
from __future__ import annotations

import asyncio

import pytest

from tests.tasks import with_deadline


async def test_a_test_that_ends_in_time_returns_its_result_and_raises_its_error():
    async def quick(x):
        await asyncio.sleep(0.01)
        return x * 2

    async def wrong():
        raise ValueError("a refused move")

    assert await with_deadline(quick, 5.0)(21) == 42
    with pytest.raises(ValueError, match="refused move"):
        await with_deadline(wrong, 5.0)()


async def test_a_hung_test_fails_at_its_deadline_and_names_the_wait():
    never = asyncio.Event()

    async def the_reply():
        await never.wait()

    async def waits_for_a_reply_that_never_comes():
        await the_reply()

    with pytest.raises(AssertionError, match="did not end within 0.2 s") as failed:
        await with_deadline(waits_for_a_reply_that_never_comes, 0.2)()
    assert "waits_for_a_reply_that_never_comes" in str(failed.value)
    # and where, down the awaits: the test's own task shows only its outermost frame
    assert "in the_reply" in str(failed.value) and "locks.py" in str(failed.value)

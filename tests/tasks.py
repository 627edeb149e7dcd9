"""What every task of the loop is waiting on, for a test that found a step hanging.

asyncio's own `Task.print_stack` fails on frames of compiled code without a line number (grpc's
Cython server: linecache compares None), hiding the one failure it was asked to explain."""
from __future__ import annotations

import asyncio
import functools
import io
import sys


def print_task_stacks(file=None, limit: int = 15) -> None:
    out = file or sys.__stderr__
    for task in asyncio.all_tasks():
        print(f"-- {task!r}", file=out)
        for frame in task.get_stack(limit=limit):
            code = frame.f_code
            print(f"   {code.co_filename}:{frame.f_lineno} in {code.co_name}", file=out)
        # get_stack gives a coroutine's outermost frame only; where it waits is down its awaits
        for code, line in awaiting(task.get_coro())[1:limit]:
            print(f"     awaits {code.co_filename}:{line} in {code.co_name}", file=out)


def awaiting(coro) -> list[tuple[object, int | None]]:
    """(code, line) of each coroutine or generator down the chain `coro` awaits."""
    chain = []
    while coro is not None and len(chain) < 50:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None) or getattr(coro, "ag_frame", None)
        if frame is None:
            break
        chain.append((frame.f_code, frame.f_lineno))
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None) or getattr(coro, "ag_await", None)
    return chain


# An async test gets this much less than its pytest-timeout, so that a hang is reported by the
# deadline below (which names every task's wait) and not by pytest-timeout's signal: raised in
# whatever callback happens to be running, that one can land in a background task instead of
# the test and be lost, and the test then waits for ever (a whole CI run did, at 97 %).
DEADLINE_MARGIN_S = 20.0


async def ends_within(step, within_s: float):
    """`step`'s result, or, when it has not ended after `within_s`, a failure with what every task
    of the loop waits on, without waiting for the hung step to answer its cancellation (which a
    hang may never do)."""
    task = asyncio.ensure_future(step)
    try:
        done, _ = await asyncio.wait([task], timeout=within_s)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if done:
        return task.result()
    stacks = io.StringIO()
    print_task_stacks(stacks)
    task.cancel()
    raise AssertionError(f"the test did not end within {within_s:g} s; what each task waits on:\n"
                         + stacks.getvalue())


def with_deadline(test, within_s: float):
    """`test` (an async test function) run as a task of its own, given up after `within_s`
    (ends_within)."""
    @functools.wraps(test)
    async def bounded(*args, **kwargs):
        return await ends_within(test(*args, **kwargs), within_s)
    return bounded

"""A burst of closed streams gives its freed memory back (shared.memtrim): one trim a moment
after the last of them, never more often than its interval, none for a few streams."""
from __future__ import annotations

import asyncio

from shared.memtrim import Trimmer, _glibc_trim


async def test_a_burst_of_closed_streams_is_trimmed_once_after_the_last():
    # given a trimmer that trims after 4 closed streams, 0.05 s after, at most every 0.3 s
    calls = []
    trimmer = Trimmer(trim=lambda: calls.append(asyncio.get_running_loop().time()), after=4, delay_s=0.05,
                      every_s=0.3)
    # when 3 streams close, nothing is trimmed
    for _ in range(3):
        trimmer.stream_closed()
    await asyncio.sleep(0.1)
    assert calls == []
    # when 10 more close at once, one trim follows
    for _ in range(10):
        trimmer.stream_closed()
    await asyncio.sleep(0.1)
    assert len(calls) == 1
    # and a second burst right after waits for the interval
    for _ in range(4):
        trimmer.stream_closed()
    await asyncio.sleep(0.1)
    assert len(calls) == 1
    await asyncio.sleep(0.3)
    assert len(calls) == 2 and calls[1] - calls[0] >= 0.3 - 0.01


def test_this_machines_libc_trims():
    # (Debian's glibc: the trim the services use is there)
    trim = _glibc_trim()
    assert trim is not None
    trim()

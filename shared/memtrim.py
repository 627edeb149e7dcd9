"""Memory a burst of closed streams freed, given back to the system (issue 26: "memory returns
after streams close").

What a stream held is freed when it closes, but glibc keeps the freed pages of its heap mapped
(a process's size stays at its peak: 240 WatchGame streams left a rules engine ~20 MB above
its rest, docs/gateway.md). `malloc_trim(0)` hands them back. It walks the heap, so it runs
at most once per `every_s`, a moment after the last of at least `after` streams closed, never
on a call's path."""
from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
from typing import Callable


def _glibc_trim() -> Callable[[], object] | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim = getattr(libc, "malloc_trim", None)
    except OSError:
        return None
    if trim is None:
        return None  # not glibc (musl, macOS): nothing to trim this way
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


class Trimmer:
    def __init__(self, trim: Callable[[], object] | None = None, after: int = 16, delay_s: float = 1.0,
                 every_s: float = 5.0):
        self.trim = trim if trim is not None else _glibc_trim()
        self.after, self.delay_s, self.every_s = after, delay_s, every_s
        self.closed = 0  # streams closed since the last trim
        self.trims = 0
        self._due: asyncio.TimerHandle | None = None
        self._last = float("-inf")

    def stream_closed(self) -> None:
        if self.trim is None:
            return
        self.closed += 1
        if self.closed < self.after:
            return
        if self._due is None:  # (those closing meanwhile are trimmed with it)
            loop = asyncio.get_running_loop()
            self._due = loop.call_at(max(loop.time() + self.delay_s, self._last + self.every_s), self._run)

    def _run(self) -> None:
        self._due = None
        self._last = asyncio.get_running_loop().time()
        self.closed = 0
        self.trims += 1
        self.trim()

"""Standard output that writes all it is given.

Once the process has made a uvloop event loop (every command that talks to a service, via
shared.aio), a write of more than a pipe's 64 KiB to a pipe returns after 64 KiB, and Python's
text layer drops the rest without an error: `foodgames audit export GAME | jq` got the first
65,536 characters of a bundle and a status of 0. This writer loops until every byte is out."""
from __future__ import annotations

import io
import os
import select


class WholeWrites(io.RawIOBase):
    def __init__(self, fd: int):
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def write(self, data) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            try:
                done += os.write(self.fd, view[done:])
            except BlockingIOError:
                select.select([], [self.fd], [])
        return done


def whole_stdout(stream: io.TextIOWrapper) -> io.TextIOWrapper:
    """`stream` (sys.stdout) again, over a writer that writes all it is given."""
    return io.TextIOWrapper(io.BufferedWriter(WholeWrites(stream.fileno())), encoding=stream.encoding,
                            errors=stream.errors, line_buffering=stream.line_buffering, write_through=False)

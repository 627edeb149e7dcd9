"""What every task of the loop is waiting on, for a test that found a step hanging.

asyncio's own `Task.print_stack` fails on frames of compiled code without a line number (grpc's
Cython server: linecache compares None), hiding the one failure it was asked to explain."""
from __future__ import annotations

import asyncio
import sys


def print_task_stacks(file=None, limit: int = 15) -> None:
    out = file or sys.__stderr__
    for task in asyncio.all_tasks():
        print(f"-- {task!r}", file=out)
        for frame in task.get_stack(limit=limit):
            code = frame.f_code
            print(f"   {code.co_filename}:{frame.f_lineno} in {code.co_name}", file=out)

"""What a test run started does not outlive it: every process started under pytest carries
RUN_ENV in its environment (the servers, `foodgames up` and its services, the browsers), and a
reaper process waits for the run's first pytest process to end, however it ends, then stops
whatever still carries this run's mark. A pytest stopped by SIGTERM or SIGKILL (a CI step's
time limit, `timeout`) runs no fixture teardown: its stacks, each in a session of its own, lived
on, and a `foodgames up` among them kept restarting its services (24 processes after one such
stop of tests/web).

    python -m tests.reaper PID MARK     (started by tests/conftest.py; Linux: it reads /proc)
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

RUN_ENV = "FOODGAMES_TEST_RUN"
POLL_S = 0.5
GRACE_S = 5.0  # after SIGTERM, before SIGKILL (a service's own stop takes up to a few seconds)


def marked(mark: str) -> list[int]:
    """The processes whose environment holds RUN_ENV=mark (not this one)."""
    needle = f"{RUN_ENV}={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


def _signal(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


def reap(mark: str) -> int:
    """Stop every process of the run: SIGTERM, then SIGKILL what is left after GRACE_S. How many
    there were."""
    left = marked(mark)
    _signal(left, signal.SIGTERM)
    deadline = time.monotonic() + GRACE_S
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = marked(mark)
    _signal(left, signal.SIGKILL)
    return len(left)


def watch(parent: int, mark: str) -> None:
    while alive(parent):
        time.sleep(POLL_S)
    reap(mark)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (dead, its exit not yet collected) is no run any more
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def start(parent: int, mark: str) -> subprocess.Popen | None:
    """The reaper of the run whose first process is `parent` (None where there is no /proc)."""
    if not Path("/proc/self/environ").exists():
        return None
    env = {k: v for k, v in os.environ.items() if k != RUN_ENV}
    return subprocess.Popen([sys.executable, "-m", "tests.reaper", str(parent), mark], env=env,
                            cwd=Path(__file__).resolve().parent.parent, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.argv[2])

"""tests/reaper.py: a test run killed outright leaves none of the processes it started."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests import reaper

ROOT = Path(__file__).resolve().parent.parent

# a stand-in for a pytest process: its mark, its reaper, and a server in a session of its own
# (as start_nats and `foodgames up` start theirs); it prints the server's pid and waits
RUN = """
import os, subprocess, sys, time
from tests import reaper
os.environ[reaper.RUN_ENV] = sys.argv[1]
reaper.start(os.getpid(), sys.argv[1])
server = subprocess.Popen(["sleep", "300"], start_new_session=True)
print(server.pid, flush=True)
time.sleep(300)
"""


def test_a_run_killed_outright_leaves_no_process_it_started_and_stops_nothing_else():
    # given a run that started a server, and a process of nobody's run
    run = subprocess.Popen([sys.executable, "-c", RUN, uuid.uuid4().hex], cwd=ROOT, stdout=subprocess.PIPE,
                           text=True, env={k: v for k, v in os.environ.items() if k != reaper.RUN_ENV})
    other = subprocess.Popen(["sleep", "300"], start_new_session=True,
                             env={k: v for k, v in os.environ.items() if k != reaper.RUN_ENV})
    server = int(run.stdout.readline())
    try:
        assert reaper.alive(server)
        # when the run is killed (no teardown runs)
        run.kill()
        run.wait()
        # then its server is stopped soon after, and the other process is left alone
        deadline = time.monotonic() + 20
        while reaper.alive(server) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not reaper.alive(server), "the killed run's server lives on"
        assert reaper.alive(other.pid)
    finally:
        other.kill()
        other.wait()
        if reaper.alive(server):
            os.kill(server, signal.SIGKILL)

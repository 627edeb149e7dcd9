"""A NATS connection lost and made again is counted (foodgames_nats_disconnects_total and
foodgames_nats_reconnects_total, shared/eventstore/connections.py), as a service's metrics
endpoint shows it: a process of its own (the meter provider is per process) connects to a NATS
of its own, which is stopped and started again on the same port and data."""
from __future__ import annotations

import subprocess
import sys

from tests.stacklib import ROOT, this_tree_first

SCRIPT = r"""
import asyncio, os, sys, tempfile, urllib.request
from apps.embedded import free_port, start_nats
from shared.scrape import parse
from shared import metrics
from shared.eventstore.connections import connect

async def main():
    data, port = tempfile.mkdtemp(), free_port()
    server = start_nats(data, port=port)
    bound = metrics.start("reconnect-test", 0)
    nc = await connect(f"nats://127.0.0.1:{port}", name="probe")
    def figures():
        text = urllib.request.urlopen(f"http://127.0.0.1:{bound}/metrics").read().decode()
        s = parse("probe", "", text)
        return (s.total("foodgames_nats_disconnects_total", connection="probe"),
                s.total("foodgames_nats_reconnects_total", connection="probe"))
    print("before", *figures())
    server.stop()
    server = start_nats(data, port=port)
    for _ in range(200):
        if nc.is_connected and figures()[1] >= 1:
            break
        await asyncio.sleep(0.05)
    print("after", *figures())
    await nc.close()
    server.stop()

asyncio.run(main())
"""


def test_a_lost_nats_connection_made_again_is_counted():
    import os

    done = subprocess.run([sys.executable, "-c", SCRIPT], env=this_tree_first(dict(os.environ)), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line.startswith(("before", "after")))
    assert lines["before"].split() == ["0.0", "0.0"]
    disconnects, reconnects = map(float, lines["after"].split())
    assert disconnects >= 1 and reconnects >= 1, done.stdout

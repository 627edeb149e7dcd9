"""`make run` from nothing: NATS and Valkey from the pip binaries, every service
a process, all SERVING, a table of addresses, a clean stop on SIGTERM."""
from __future__ import annotations

import asyncio
import signal
import subprocess
import time

from shared.cli.up import SERVICES, wait_serving
from shared.config import Settings
from shared.embedded import free_port
from tests.stacklib import FOODGAMES, free_port_base, stack_env


def test_up_starts_servers_and_every_service_then_stops_cleanly(tmp_path):
    base, nats_port, redis_port = free_port_base(), free_port(), free_port()
    env = stack_env(tmp_path, None, None, base)
    proc = subprocess.Popen([FOODGAMES, "up", "--nats-port", str(nats_port), "--redis-port", str(redis_port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        lines, deadline = [], time.monotonic() + 90
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Ctrl-C stops everything" in line:
                break
        output = "".join(lines)
        assert "SERVING" in output, output
        for name in ("nats", "valkey", *SERVICES):
            assert name in output
        settings = Settings.from_env(env)
        for name in SERVICES:
            assert settings.address(name) in output
        took = asyncio.run(wait_serving({n: settings.address(n) for n in SERVICES}, 5))
        assert set(took) == set(SERVICES)
        assert (tmp_path / "nats" / "jetstream").is_dir(), "JetStream keeps its files under the data folder"
    finally:
        proc.send_signal(signal.SIGTERM)
        rest = proc.communicate(timeout=30)[0]
    assert proc.returncode == 0, rest
    assert "stopped." in rest

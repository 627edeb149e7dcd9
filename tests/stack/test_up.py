"""`make run` from nothing: NATS and Valkey from the pip binaries, every service
a process, all SERVING, a table of addresses, a clean stop on SIGTERM."""
from __future__ import annotations

import signal
import subprocess
import time

from apps.cli.up import services, wait_serving
from apps.embedded import free_port
from shared import games
from shared.config import Settings
from tests.stacklib import FOODGAMES, ROOT, free_port_base, stack_env


async def test_up_starts_servers_and_every_service_then_stops_cleanly(tmp_path, monkeypatch):
    # A game registered the way every game is (an entry point, here given by the test flag
    # FOODGAMES_EXTRA_GAMES) is served by `up` with no code of its own outside its module.
    monkeypatch.setenv(games.EXTRA_ENV, "tests.games.counter:GAME")
    base, nats_port, redis_port = free_port_base(), free_port(), free_port()
    env = stack_env(tmp_path, None, None, base)
    env["PYTHONPATH"] = str(ROOT)  # where tests.games.counter is found
    assert "counter" in services()
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
        for name in ("nats", "valkey", *services()):
            assert name in output
        settings = Settings.from_env(env)
        for name in services():
            assert settings.address(name) in output
        took = await wait_serving({n: settings.address(n) for n in services()}, 5)
        assert set(took) == set(services()) >= {"counter", "foodie-forest", "deck"}
        assert (tmp_path / "nats" / "jetstream").is_dir(), "JetStream keeps its files under the data folder"
        # bot fill is on for `make run`: the house bots run beside the services (docs/matchmaking.md)
        assert "house-bots" in output, output
        assert (tmp_path / "pids" / "house-bots.pid").is_file()
    finally:
        proc.send_signal(signal.SIGTERM)
        rest = proc.communicate(timeout=30)[0]
    assert proc.returncode == 0, rest
    assert "stopped." in rest

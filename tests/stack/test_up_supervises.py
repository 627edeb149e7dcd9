"""`foodgames up` supervises: a service killed with SIGKILL is started again and serves, `up`
keeps running; a service that crashes every time it starts makes `up` give up, naming it."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time

from apps.cli.up import services, wait_serving
from shared.config import Settings
from tests.stacklib import FOODGAMES, STACK_DB, free_port_base, stack_env, stop


class Output:
    """A process's output lines, read by a thread as they come."""

    def __init__(self, proc: subprocess.Popen):
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc):
        for line in proc.stdout:
            self.lines.append(line)

    def text(self) -> str:
        return "".join(self.lines)

    def wait_for(self, needle: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.text():
                return self.text()
            time.sleep(0.1)
        raise AssertionError(f"{needle!r} not in the output after {timeout}s:\n{self.text()}")


def serve_pid(data_dir, service: str) -> int:
    """The pid of `foodgames serve SERVICE` of the stack whose data folder is `data_dir`, found
    by its command line and environment (other stacks run the same command)."""
    from pathlib import Path

    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
            environ = (proc / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if cmdline[-3:-1] == [b"serve", service.encode()] and f"FOODGAMES_DATA_DIR={data_dir}".encode() in environ:
            return int(proc.name)
    raise AssertionError(f"no `serve {service}` process of {data_dir}")


def start_up(tmp_path, nats_url, valkey_server, db: int, base: int | None = None, args: tuple[str, ...] = (),
             **more_env: str) -> tuple[subprocess.Popen, Output, dict]:
    env = stack_env(tmp_path, nats_url, f"redis://127.0.0.1:{valkey_server.port}/{db}", base or free_port_base())
    env["COLUMNS"] = "300"  # one message a line
    env.update(more_env)
    proc = subprocess.Popen([FOODGAMES, "up", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    return proc, Output(proc), env


async def test_a_killed_rules_engine_is_restarted_and_up_keeps_running(tmp_path, nats_url, valkey_server):
    # (the engine and the deck it deals with: a whole stack supervises each process the same way)
    started = ["deck", "foodie-forest"]
    proc, out, env = start_up(tmp_path, nats_url, valkey_server, STACK_DB - 1, args=("--only", ",".join(started)))
    try:
        out.wait_for("Ctrl-C stops everything", 90)
        settings = Settings.from_env(env)
        pid = serve_pid(tmp_path, "foodie-forest")
        os.kill(pid, signal.SIGKILL)
        text = out.wait_for("foodie-forest is SERVING again", 60)
        assert "foodie-forest stopped with status -9; restarting it in 0.5s" in text
        assert proc.poll() is None, text
        restarted = serve_pid(tmp_path, "foodie-forest")
        assert restarted != pid and int((tmp_path / "pids" / "foodie-forest.pid").read_text()) == restarted
        took = await wait_serving({n: settings.address(n) for n in started}, 10)
        assert set(took) == set(started)
        assert not [n for n in services() if n not in started and (tmp_path / "pids" / f"{n}.pid").exists()]
    finally:
        stop(proc, 30)
    out.thread.join(10)
    assert proc.returncode == 0, out.text()
    assert "stopped." in out.text()


GIVE_UP = 3


def test_a_service_that_always_crashes_makes_up_give_up_naming_it(tmp_path, nats_url, valkey_server):
    base = free_port_base()
    port = Settings.from_env(stack_env(tmp_path, nats_url, None, base)).ports["deck"]
    with socket.socket() as taken:  # the deck's port is someone else's: it crashes at every start
        taken.bind(("127.0.0.1", port))
        taken.listen()
        # the backoff from 0.1 s instead of 0.5 s, and three crashes instead of five: the same
        # give-up, sooner (each start of the deck costs a second or more of a core); up's own
        # start-up timeout far off: on a loaded machine the deck's starts may take longer than
        # its 60 s, and it is the crashes that must make up give up
        proc, out, _ = start_up(tmp_path, nats_url, valkey_server, STACK_DB - 2, base,
                                ("--timeout", "600", "--only", "deck,foodie-forest"),
                                FOODGAMES_UP_RESTART_FIRST_S="0.1", FOODGAMES_UP_GIVE_UP_CRASHES=str(GIVE_UP))
        try:
            proc.wait(300)
        finally:
            stop(proc, 30)
        out.thread.join(10)
    text = out.text()
    flat = " ".join(text.split())  # a long message wraps even at 300 columns
    assert proc.returncode == 1, text
    assert f"deck keeps crashing ({GIVE_UP} times within 60s" in flat, text
    # and it says why, naming the port and the way out
    assert f"it could not listen on 127.0.0.1:{port}: another program or connection holds that port" in flat, text
    assert "FOODGAMES_PORT_BASE moves the stack's ports" in flat
    assert f"See {tmp_path / 'logs' / 'deck.log'}" in flat
    assert text.count("deck stopped with status") == GIVE_UP - 1
    assert "stopped." in text

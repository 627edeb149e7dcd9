"""The whole stack as `make run` runs it: every service its own process, on
ports of their own, against the suite's NATS and Valkey."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from apps.embedded import free_port_base
from shared.config import Settings

ROOT = Path(__file__).resolve().parent.parent
FOODGAMES = str(Path(sys.executable).parent / "foodgames")

# The stack's logical Valkey database; redis_url (tests/conftest.py) hands every test another.
STACK_DB = 15


def this_tree_first(env: dict[str, str]) -> dict[str, str]:
    """`foodgames` is the venv's console script, whose editable install may point at
    another checkout (a git worktree shares the main tree's venv); with this tree
    first on PYTHONPATH (and its generated proto code) every process of the tests runs the code
    under test."""
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "proto" / "gen"),
                                         *filter(None, [env.get("PYTHONPATH")])])
    return env


def stack_env(tmp: Path, nats_url: str | None, redis_url: str | None, base: int) -> dict[str, str]:
    # the gateway's per-address rate: every call of a worker's tests comes from 127.0.0.1 and is
    # counted with every other gateway's of that worker in its Valkey (the browser tests' too);
    # the rate limits are tested on gateways of their own (tests/gateway, tests/security)
    env = dict(os.environ, FOODGAMES_DATA_DIR=str(tmp), FOODGAMES_PORT_BASE=str(base),
               FOODGAMES_TOKEN_KEY="stack-test-key-" + "z" * 32, FOODGAMES_SEED_WINDOW_S="0.3",
               FOODGAMES_LOG_LEVEL="INFO", FOODGAMES_GATEWAY_RATE_PER_ADDRESS="100000")
    for name, value in (("FOODGAMES_NATS_URL", nats_url), ("FOODGAMES_REDIS_URL", redis_url)):
        if value:
            env[name] = value
        else:
            env.pop(name, None)
    return this_tree_first(env)


@pytest.fixture(scope="session")
def stack(tmp_path_factory, nats_url, valkey_server):
    """`foodgames up` against the suite's servers; yields the Settings clients use."""
    tmp = tmp_path_factory.mktemp("stack")
    base = free_port_base()
    env = stack_env(tmp, nats_url, f"redis://127.0.0.1:{valkey_server.port}/{STACK_DB}", base)
    log = open(tmp / "up.log", "wb")
    proc = subprocess.Popen([FOODGAMES, "up"], env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    settings = Settings.from_env(env)
    try:
        said_ready(proc, tmp / "up.log", 90)
    except Exception:
        proc.kill()
        raise AssertionError("the stack did not start:\n" + (tmp / "up.log").read_text()
                             + "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in (tmp / "logs").glob("*.log")))
    yield settings
    stop(proc, 30)


def stop(proc: subprocess.Popen, timeout_s: float = 10) -> None:
    """A process the tests started, asked to stop (SIGTERM), killed if it has not within
    `timeout_s`."""
    proc.terminate()
    try:
        proc.wait(timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()


# What `foodgames up` prints once every service answers its gRPC health check (apps/cli/up.py).
READY = "Ctrl-C stops everything"


def said_ready(proc: subprocess.Popen, log: Path, timeout_s: float) -> None:
    """Waits until `up` says every service serves. Read from its output, not asked over gRPC
    here: gRPC's asyncio stack is made for one event loop a process, the session's, and a sync
    fixture's asyncio.run would make a second (up has asked every service itself)."""
    deadline = time.monotonic() + timeout_s
    while READY not in " ".join(log.read_text(errors="replace").split()):  # as wrapped at 80 columns
        if proc.poll() is not None:
            raise RuntimeError(f"foodgames up exited with status {proc.returncode} before every service served")
        if time.monotonic() > deadline:
            raise TimeoutError(f"foodgames up did not say every service serves within {timeout_s:.0f} s")
        time.sleep(0.1)


def cli_env(stack) -> dict[str, str]:
    """The environment of a `foodgames` command run by an operator against the stack."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOODGAMES_")}
    env.update(FOODGAMES_TOKEN_KEY=stack.token_key, FOODGAMES_DATA_DIR=str(stack.data_dir),
               FOODGAMES_DECK_ADDR=stack.address("deck"), FOODGAMES_LEADERBOARD_ADDR=stack.address("leaderboard"))
    return this_tree_first(env)

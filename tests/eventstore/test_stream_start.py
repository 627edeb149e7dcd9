"""A service's start asks for its streams and buckets again while NATS does not answer in
time, instead of crashing: a fresh cluster of three, asked by twenty-odd services at once on
two cores, let some of them time out (5 s) in every chaos run with replicas, and each crashed
once and was started again by `foodgames up` (in Kubernetes: a back-off)."""
from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest

from apps.embedded import start_nats
from shared.eventstore.connections import connect
from shared.eventstore.streams import ensure_stream, games_stream_config

PAUSED_S = 1.5  # three of the requests' 0.5 s timeouts


@pytest.fixture
async def server_and_client(tmp_path):
    """A NATS of the test's own (it is stopped with SIGSTOP) and a connection to it."""
    server = start_nats(tmp_path / "nats")
    nc = await connect(server.url)
    yield server, nc
    server.process.send_signal(signal.SIGCONT)
    await nc.close()
    server.stop()


def stopped_for(server, seconds: float | None) -> None:
    """NATS stopped now (SIGSTOP), going on after `seconds` (None: not before the test ends).

    Returns once every thread of the server is stopped: the signal is only queued when kill()
    returns. A `make test` here once failed with "ensure_stream said the stream was made while
    NATS was stopped", and a thread the busy machine had not stopped yet is the one way found
    for a stopped server to answer."""
    server.process.send_signal(signal.SIGSTOP)
    tasks = Path(f"/proc/{server.process.pid}/task")
    deadline = time.monotonic() + 5
    while not all(_state(t) == "T" for t in tasks.iterdir()):
        assert time.monotonic() < deadline, "NATS did not stop within 5 s of SIGSTOP"
        time.sleep(0.001)
    if seconds is not None:
        asyncio.get_running_loop().call_later(seconds, server.process.send_signal, signal.SIGCONT)


def _state(task: Path) -> str:
    """A thread's state letter (T: stopped) from /proc/PID/task/TID/stat, after its "(name)"."""
    try:
        return (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "T"  # the thread has ended: it answers nothing


def stream_config(name: str):
    config = games_stream_config(1)
    config.name, config.subjects = name, [f"{name.lower()}.>"]
    return config


async def test_a_stream_asked_for_while_nats_does_not_answer_is_made_once_it_answers_again(server_and_client):
    server, nc = server_and_client
    # given NATS stopped for longer than a request waits, going on after PAUSED_S
    stopped_for(server, PAUSED_S)
    # when a service's start asks for its stream
    await ensure_stream(nc.jetstream(timeout=0.5), stream_config("PAUSED_TEST"), within_s=20)
    # then the stream is there once NATS answers again, instead of the start failing
    info = await nc.jetstream().stream_info("PAUSED_TEST")
    assert info.config.subjects == ["paused_test.>"]


async def test_a_stream_asked_for_gives_up_naming_the_timeout_when_nats_never_answers(server_and_client):
    server, nc = server_and_client
    stopped_for(server, None)
    try:
        await ensure_stream(nc.jetstream(timeout=0.3), stream_config("NEVER_TEST"), within_s=1)
    except Exception as exc:  # noqa: BLE001 - what the start fails with is the point
        assert type(exc).__name__ == "TimeoutError", repr(exc)
    else:
        raise AssertionError("ensure_stream said the stream was made while NATS was stopped")


async def test_a_bucket_asked_for_while_nats_does_not_answer_is_made_once_it_answers_again(server_and_client):
    # the same for the start's buckets (clock leases, seat registry, tournaments, the deck's
    # secrets) and the other services' streams: one helper, asked_again, for all of them
    from shared.leases import Leases

    server, nc = server_and_client
    stopped_for(server, PAUSED_S)
    leases = await Leases.open(nc.jetstream(timeout=0.5), "PAUSED_LEASES", "replica-1")
    assert await leases.take("clock-0") is not None

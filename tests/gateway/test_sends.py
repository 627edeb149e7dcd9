"""An answer leaves the gateway in one send: Hypercorn writes its head, its body and its end one
by one, and every write to a socket is a system call (over loopback, the receiver's side of TCP
runs in it too); they were a third of the gateway's CPU a move (docs/benchmarks.md). The
gateway's connections keep what is written in one pass of the event loop and send it together
(services/gateway/connections.py). Counted with the kernel's count of the process's writes
(/proc/PID/io, syscw) on an answer the gateway gives itself: a forwarded call's count also
holds the gRPC threads' wake-ups (strace showed one write of the answer, 7,567 bytes, and two
8-byte and 1-byte writes of gRPC's for a DescribeGame)."""
from __future__ import annotations

import time
from pathlib import Path

import httpx

CALLS = 100
SYNC_S = 0.1  # services/gateway/ratelimit.py: RateLimiter's sync_s, the gateway's default


def writes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("syscw:"):
            return int(line.split()[1])
    raise AssertionError(f"/proc/{pid}/io has no syscw")


def per_call(pid: int, call) -> float:
    """The gateway's writes an answer, less the most its rate limiter's syncs to Valkey may have
    written meanwhile (a pipeline every SYNC_S while calls come, so a slow, busy machine's longer
    run does not count them as the answers')."""
    call()  # the connection is open before counting
    before, started = writes(pid), time.monotonic()
    for _ in range(CALLS):
        call()
    syncs = (time.monotonic() - started) / SYNC_S + 2
    return (writes(pid) - before - syncs) / CALLS


def test_an_answer_the_gateway_gives_itself_leaves_in_one_send(gateway_process):
    # given a client on one kept-alive HTTP/1.1 connection
    base, _, pid = gateway_process
    with httpx.Client(base_url=base, timeout=10) as client:
        # when it asks for the games list a hundred times
        def call():
            assert client.get("/api/games").status_code == 200
        # then each answer (head, body) was one write (two before; less its syncs to Valkey)
        assert per_call(pid, call) < 1.5


"""Gateways of the security probes' own (Hypercorn on a free loopback port, in this process) in
front of the session's stack, with the limits a probe needs; and raw HTTP/1.1, HTTP/2 and gRPC
requests written byte by byte, as a broken or hostile client sends them."""
from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import uuid

import h2.config
import h2.connection

from services.gateway.bootstrap import serve
from services.gateway.config import GatewayConfig

ORIGIN = "http://app.example.test"


@contextlib.asynccontextmanager
async def gateway(stack, **settings):
    """(base URL, the gateway's Running) of a new gateway with `settings` (GatewayConfig fields)
    over the defaults below; its rates are counted under a key prefix of its own."""
    config = GatewayConfig(**{"origins": (ORIGIN,), "dev_signin": True, "per_address_per_minute": 100_000,
                              "per_player_per_minute": 100_000, **settings})
    ready = asyncio.Event()
    task = asyncio.create_task(serve(stack, 0, config=config, ready=ready))
    waiter = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiter], timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        task.result()
    assert ready.is_set(), "the gateway did not start"
    running = ready.running
    limiter = running.app.limiter
    if limiter is not None:  # a bucket of its own: other tests' calls do not count here
        limiter.prefix = f"gateway:test:{uuid.uuid4().hex}"
    try:
        yield f"http://127.0.0.1:{running.port}", running
    finally:
        task.cancel()
        await asyncio.gather(task, waiter, return_exceptions=True)


def host_port(address: str) -> tuple[str, int]:
    host, _, port = address.removeprefix("http://").rpartition(":")
    return host, int(port)


def http1_request(path: str, host: str = "x", extra: bytes = b"") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n".encode() + extra + b"\r\n"


def h2_request(path: str, authority: str, *, grpc_body: bytes | None = None,
               headers: tuple[tuple[str, str], ...] = ()) -> bytes:
    """A whole HTTP/2 connection's bytes: preface, settings and one request (a GET, or a gRPC
    call with `grpc_body` as its one message)."""
    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
    conn.initiate_connection()
    stream = conn.get_next_available_stream_id()
    if grpc_body is None:
        conn.send_headers(stream, [(":method", "GET"), (":scheme", "http"), (":authority", authority),
                                   (":path", path), *headers], end_stream=True)
    else:
        conn.send_headers(stream, [(":method", "POST"), (":scheme", "http"), (":authority", authority),
                                   (":path", path), ("content-type", "application/grpc"), ("te", "trailers"),
                                   *headers])
        conn.send_data(stream, struct.pack(">BI", 0, len(grpc_body)) + grpc_body, end_stream=True)
    return conn.data_to_send()


def send_and_close(address: tuple[str, int], data: bytes, *, reset: bool) -> None:
    """Sends `data` (a complete request) and closes at once, before any answer: with a FIN, or
    with a reset (SO_LINGER 0) when `reset`."""
    with socket.create_connection(address, timeout=5) as sock:
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.sendall(data)

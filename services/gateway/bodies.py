"""Request bodies as the gateway lets them in: at most `limit` bytes, and all of it within
`timeout` seconds of the request's head (a client that trickles its body a byte at a time
holds a connection, a task and a buffer for as long as it likes otherwise)."""
from __future__ import annotations

import asyncio

from connectrpc.code import Code
from connectrpc.errors import ConnectError


class BodyTooLarge(Exception):
    pass


class BodyTooSlow(ConnectError):
    """Raised by `limited`'s receive inside a call too: the Connect runtime answers it in the
    call's own protocol (deadline_exceeded)."""

    def __init__(self, timeout: float):
        super().__init__(Code.DEADLINE_EXCEEDED, f"the request body did not arrive within {timeout:g} s of its "
                                                 f"headers; send it at once")


def too_large(length: int | None, limit: int) -> str:
    size = f"is {length} bytes" if length is not None else "is larger than that"
    return f"the request body {size}; the gateway accepts at most {limit} bytes"


def limited(receive, limit: int, timeout: float):
    """`receive` that raises BodyTooLarge when read on past `limit` bytes of body, and
    BodyTooSlow when the body has not ended `timeout` seconds after this was made. The chunk
    that crosses the limit is still handed over: the Connect runtime, which reads with the
    same limit, then refuses the call in its own protocol (resource_exhausted). Once the body
    has ended, reads wait as long as they like (a stream's client sends nothing more)."""
    seen = 0
    done = False
    deadline = asyncio.get_running_loop().time() + timeout

    async def read():
        nonlocal seen, done
        if done:
            return await receive()
        if seen > limit:
            raise BodyTooLarge()
        try:
            message = await asyncio.wait_for(receive(), max(0.0, deadline - asyncio.get_running_loop().time()))
        except TimeoutError:
            raise BodyTooSlow(timeout) from None
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            done = not message.get("more_body")
        else:
            done = True
        return message
    return read


async def read_body(receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)

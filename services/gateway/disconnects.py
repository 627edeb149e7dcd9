"""A server stream ends when its client goes away, not at its next message.

An ASGI server tells an application that its client left only through `receive()`: the message
`http.disconnect`. The Connect runtime reads the request and then only sends, so a forwarded
stream that nothing happens on (a WatchGame at a table where nobody moves) never heard of it:
10,000 such streams whose clients had closed their connections stayed open in the gateway, each
with its upstream call to the rules engine (which kept the seats present) and its stream slots
in Valkey, until their next message or their hour was up (docs/benchmarks.md, idle-streams).

`until_disconnected` runs the application and, once it has read the whole request, listens for
the disconnect beside it and cancels it then; the application's own clean-up (the upstream
call cancelled, the slots given back) runs as for any other end.
"""
from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Awaitable, Callable

Receive = Callable[[], Awaitable[dict[str, Any]]]


async def until_disconnected(app, scope, receive: Receive, send) -> None:
    read_all = asyncio.Event()
    gone = asyncio.Event()

    async def receive_then_wait() -> dict[str, Any]:
        """The request's messages; after its last, only the disconnect (which the watcher hears)."""
        if read_all.is_set():
            await gone.wait()
            return {"type": "http.disconnect"}
        message = await receive()
        if message["type"] == "http.disconnect":
            gone.set()
        elif not message.get("more_body", False):
            read_all.set()
        return message

    async def send_while_there(message: dict[str, Any]) -> None:
        """Nothing goes to a client that has gone: the Connect runtime, cancelled, still sends
        the stream's end, and Hypercorn's send to a closed HTTP/2 stream waits for a window
        that never opens (the call, its task and its memory stayed for good)."""
        if not gone.is_set():
            await send(message)

    call = asyncio.ensure_future(app(scope, receive_then_wait, send_while_there))

    async def watch() -> None:
        await read_all.wait()
        try:
            while (await receive())["type"] != "http.disconnect":
                pass
        except Exception:  # noqa: BLE001 - a server that cannot tell: the call ends as it would have
            return
        gone.set()
        call.cancel()

    watcher = asyncio.ensure_future(watch())
    try:
        await asyncio.wait([call], return_when=asyncio.ALL_COMPLETED)
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
        if not call.done():  # this coroutine itself was cancelled (the server stops)
            call.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await call
    if call.cancelled() and gone.is_set():
        return  # the client left: nobody to answer
    call.result()

"""The gateway's connections under Hypercorn: the timeouts a public endpoint needs, and a guard
for a Hypercorn HTTP/2 bug.

- A connection that sends nothing is closed `request_head_timeout_s` after it opened (Hypercorn
  itself only knows one idle timeout, which must stay longer than a proxy's keep-alive): a
  client cannot hold sockets open by connecting and keeping quiet.
- Between requests an idle connection lives `keep_alive_timeout_s` (Hypercorn's keep-alive).
- A body that trickles is refused by the application (app.py, `body_timeout_s`); Hypercorn's
  own read timeout stays off, because a server stream's client rightly sends nothing for an hour.
- Hypercorn 0.18 drops the whole HTTP/2 connection (KeyError in `H2Protocol._handle_events`)
  when request data arrives for a stream whose response has already ended, as it does when a
  call is refused before its body is read; every other call on that connection then fails
  with UNAVAILABLE (pgjones/hypercorn#329, fix proposed upstream in #312 and #334, not
  released). `GuardedH2Protocol` hands such data back to flow control and drops it.

`install()` puts both classes where Hypercorn's asyncio worker looks them up; `hypercorn_config`
is the Hypercorn configuration of a gateway.
"""
from __future__ import annotations

import asyncio

import h2.events
import hypercorn.asyncio.run
import hypercorn.protocol
from hypercorn.asyncio.tcp_server import TCPServer
from hypercorn.config import Config
from hypercorn.events import Closed, RawData, Updated
from hypercorn.protocol.h2 import H2Protocol

from services.gateway.config import GatewayConfig


class GuardedH2Protocol(H2Protocol):
    """HTTP/2 that ignores request data for streams it has already closed."""

    async def _handle_events(self, events: list[h2.events.Event]) -> None:
        for event in events:  # one at a time: an earlier event may open or close a stream
            if isinstance(event, h2.events.DataReceived) and event.stream_id not in self.streams:
                # the response is complete: give the window back so other streams can go on
                self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                await self._flush()
                continue
            await super()._handle_events([event])


class GatewayTCPServer(TCPServer):
    """A connection with a short deadline for its first request and Hypercorn's keep-alive after,
    whose writes of one pass of the event loop leave in one send."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._requested = False
        self._unsent: list[bytes] = []

    async def protocol_send(self, event) -> None:
        if isinstance(event, RawData):
            # Hypercorn writes an answer's head, body and end one by one, each a system call of
            # its own (23 % of the gateway's samples in a profile, docs/benchmarks.md); they are
            # written in one pass of the loop, so they are kept until its end and sent together
            if not self._unsent:
                self.loop.call_soon(self._send_unsent)
            self._unsent.append(event.data)
            async with self.send_lock:
                try:
                    await self.writer.drain()  # the answers sent before: back pressure as before
                except (ConnectionError, RuntimeError):
                    await self.protocol.handle(Closed())
            return
        if isinstance(event, Updated) and not event.idle:
            self._requested = True  # a request (HTTP/1.1) or stream (HTTP/2) has begun
        await super().protocol_send(event)

    def _send_unsent(self) -> None:
        data, self._unsent = b"".join(self._unsent), []
        if not data or self.writer.is_closing():
            return
        try:
            self.writer.write(data)
        except (ConnectionError, RuntimeError):
            self._closing = self.loop.create_task(self.protocol.handle(Closed()))  # kept: a task needs a holder

    async def _close(self) -> None:
        self._send_unsent()  # what was written before the close goes first
        await super()._close()

    async def _initiate_server_close(self) -> None:
        await self.protocol.handle(Closed())
        self._send_unsent()
        self.writer.close()

    async def _idle_timeout(self) -> None:
        limit = self.config.keep_alive_timeout
        if not self._requested:
            limit = getattr(self.config, "request_head_timeout", limit)
        try:
            await asyncio.wait_for(self.context.terminated.wait(), limit)
        except asyncio.TimeoutError:
            pass
        await asyncio.shield(self._initiate_server_close())


def install() -> None:
    """Make Hypercorn's asyncio worker use the classes above (idempotent)."""
    hypercorn.asyncio.run.TCPServer = GatewayTCPServer
    hypercorn.protocol.H2Protocol = GuardedH2Protocol


def hypercorn_config(config: GatewayConfig, bind: str) -> Config:
    hyper = Config()
    hyper.bind = [bind]
    hyper.accesslog = None
    hyper.errorlog = None
    hyper.graceful_timeout = 1.0
    hyper.keep_alive_timeout = config.keep_alive_timeout_s
    hyper.request_head_timeout = config.request_head_timeout_s  # read by GatewayTCPServer
    hyper.read_timeout = None  # server streams' clients are quiet for as long as the stream lasts
    return hyper

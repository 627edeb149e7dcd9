"""The floor of `bench gateway`: a bare Connect-to-gRPC forwarder on the gateway's HTTP server
library (Hypercorn, HTTP/1.1 and h2c), in a process of its own as the gateway is.

It forwards a Connect unary call (POST /<any prefix>/foodgames.v1.GameService/<Method>) to one
rules engine's gRPC with the caller's Authorization header, and nothing else: no token check,
no rate or body limits, no header checks, no routing by game, no error words. A binary body
goes on as it came (gRPC carries the same protobuf bytes) and the answer comes back as it
came; a JSON body is decoded and the answer encoded by the Connect library's own protobuf JSON
codec, the least a JSON call needs. A refused call answers 500 with the gRPC status name.

    python -m apps.bench.forwarder ENGINE_ADDRESS     # prints the port it listens on
"""
from __future__ import annotations

import asyncio
import signal
import socket
import sys

import grpc
from connectrpc.compat import google_protobuf_codecs
from foodgames.v1 import game_pb2

SERVICE = "foodgames.v1.GameService"
_METHODS = game_pb2.DESCRIPTOR.services_by_name["GameService"].methods_by_name


def _message_classes(method: str):
    from google.protobuf import message_factory

    m = _METHODS[method]
    return (message_factory.GetMessageClass(m.input_type), message_factory.GetMessageClass(m.output_type))


class Forwarder:
    """The ASGI application."""

    def __init__(self, engine: str):
        self.engine = engine
        self.channel: grpc.aio.Channel | None = None  # opened on the serving loop
        self.calls: dict[str, object] = {}
        self.json = next(c for c in google_protobuf_codecs() if c.name() == "json")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while True:
                event = await receive()
                if event["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif event["type"] == "lifespan.shutdown":
                    if self.channel is not None:
                        await self.channel.close()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        body = b""
        while True:
            event = await receive()
            body += event.get("body", b"")
            if not event.get("more_body"):
                break
        headers = dict(scope["headers"])
        service, _, method = scope["path"].rpartition("/")
        if not service.endswith(SERVICE) or method not in _METHODS:
            return await self._answer(send, 404, b"text/plain", b"not a GameService method")
        if self.channel is None:
            self.channel = grpc.aio.insecure_channel(self.engine)
        call = self.calls.get(method)
        if call is None:  # bytes in, bytes out: no (de)serializer
            call = self.calls[method] = self.channel.unary_unary(f"/{SERVICE}/{method}")
        content_type = headers.get(b"content-type", b"application/proto")
        as_json = content_type.startswith(b"application/json")
        if as_json:
            request_class, reply_class = _message_classes(method)
            body = self.json.decode(body, request_class).SerializeToString()
        metadata = (("authorization", headers.get(b"authorization", b"").decode()),)
        try:
            reply = await call(body, metadata=metadata, timeout=10)
        except grpc.aio.AioRpcError as exc:
            return await self._answer(send, 500, b"text/plain", exc.code().name.encode())
        if as_json:
            reply = self.json.encode(reply_class.FromString(reply))
        await self._answer(send, 200, content_type, reply)

    @staticmethod
    async def _answer(send, status: int, content_type: bytes, body: bytes) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


async def serve(engine: str) -> None:
    from hypercorn.asyncio import serve as hypercorn_serve
    from hypercorn.config import Config

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)
    sock.setblocking(False)
    print(sock.getsockname()[1], flush=True)
    config = Config()
    config.bind = [f"fd://{sock.detach()}"]
    config.accesslog = config.errorlog = None
    stop = asyncio.Event()  # SIGTERM (the bench is done): close the connections and end quietly
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await hypercorn_serve(Forwarder(engine), config, mode="asgi", shutdown_trigger=stop.wait)


if __name__ == "__main__":
    from shared import aio

    aio.run(serve(sys.argv[1]))  # the event loop the services run on

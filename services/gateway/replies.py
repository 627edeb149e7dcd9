"""The answers the gateway writes itself, outside the Connect runtime: JSON, and refusals in the
protocol the caller speaks (docs/gateway.md, "Limits"):

- native gRPC (Content-Type application/grpc, application/grpc+proto, ...): HTTP 200, then the
  status in trailers (grpc-status, grpc-message), as the Connect runtime ends a refused call:
  gRPC clients read the status there (a status in the headers followed by an empty body
  ending the stream is, to grpc-core, a stream that ended without one: UNKNOWN "Stream
  removed"); over a connection without HTTP trailers, a trailers-only answer in the headers;
- gRPC-Web (application/grpc-web...): a trailers-only answer, the status in the headers of an
  empty HTTP 200;
- anything else: a Connect error body {"code", "message"} with the HTTP status.
"""
from __future__ import annotations

from typing import Any

import grpc
import orjson


async def json_reply(send, status: int, payload: Any, headers=()) -> None:
    body = orjson.dumps(payload)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


async def connect_error(send, status: int, code: str, message: str, headers=()) -> None:
    """A Connect error body ({"code", "message"}) with its HTTP status."""
    await json_reply(send, status, {"code": code, "message": message}, headers)


async def refuse(scope, content_type: str, send, status: int, code: str, message: str, headers=()) -> None:
    """A refusal before any call, in the form the caller reads (the module's docstring)."""
    if not content_type.startswith("application/grpc"):
        await connect_error(send, status, code, message, headers)
        return
    status_headers = [(b"grpc-status", str(grpc.StatusCode[code.upper()].value[0]).encode()),
                      (b"grpc-message", grpc_message(message).encode())]
    start = [(b"content-type", content_type.encode("latin-1")), *headers]
    web = content_type.startswith("application/grpc-web")
    if web or "http.response.trailers" not in (scope.get("extensions") or {}):
        await send({"type": "http.response.start", "status": 200, "headers": [*start, *status_headers]})
        await send({"type": "http.response.body", "body": b""})
        return
    await send({"type": "http.response.start", "status": 200, "headers": start, "trailers": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})
    await send({"type": "http.response.trailers", "headers": status_headers, "more_trailers": False})


def grpc_message(text: str) -> str:
    """grpc-message's percent-encoding: printable ASCII but '%' as is, all else as UTF-8 %XX."""
    return "".join(c if 0x20 <= ord(c) <= 0x7E and c != "%" else "".join(f"%{b:02X}" for b in c.encode())
                   for c in text)

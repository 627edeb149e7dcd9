"""A refusal's key and values beside its words, for clients that act on which refusal it was
(the browser follows the live ticket a refused CreateTicket names) and not on its text, which
is in the caller's language: gRPC's rich error model, a google.rpc.Status in the trailing
metadata `grpc-status-details-bin` whose one detail is a foodgames.v1.Message (key, args_json,
text; the same message events and move results carry). The gateway hands it on as the Connect
error's detail (services/gateway/forward.py). docs/errors.md, "Which refusal it was"."""
from __future__ import annotations

from typing import Any

import grpc
from foodgames.v1 import event_pb2
from google.protobuf import any_pb2
from google.rpc import status_pb2

from shared.apimessage import message_of
from shared.i18n import Rendered

KEY = "grpc-status-details-bin"
# A refusal's values name what it is about (a ticket id, a seat, a quoted prefix of a client's
# value): longer than this, they are left out and the key alone goes.
MAX_ARGS_JSON = 1000


def message(said: Rendered) -> event_pb2.Message | None:
    """`said` as the detail a client reads, or None for a refusal with no key."""
    if not said.key:
        return None
    detail = message_of(said)
    if len(detail.args_json) > MAX_ARGS_JSON:
        detail.args_json = "{}"
    return detail


def trailing(code: grpc.StatusCode, said: Rendered) -> tuple[tuple[str, bytes], ...]:
    """The trailing metadata that carries `said` (none for a refusal with no key)."""
    detail = message(said)
    if detail is None:
        return ()
    packed = any_pb2.Any()
    packed.Pack(detail)
    status = status_pb2.Status(code=code.value[0], message=said.text, details=[packed])
    return ((KEY, status.SerializeToString()),)


def read(metadata: Any) -> event_pb2.Message | None:
    """The refusal's message in a call's trailing metadata, if its server sent one."""
    for key, value in metadata or ():
        if key != KEY or not isinstance(value, bytes):
            continue
        status = status_pb2.Status()
        try:
            status.ParseFromString(value)
        except Exception:  # noqa: BLE001 - a detail we cannot read is no detail
            return None
        for packed in status.details:
            detail = event_pb2.Message()
            if packed.Unpack(detail):
                return detail
    return None

"""google.protobuf.Struct <-> plain dicts. Struct keeps numbers as doubles;
game payloads use whole numbers, so integral values come back as ints."""
from __future__ import annotations

from typing import Any, Mapping

from google.protobuf import json_format, struct_pb2


def _ints(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _ints(v) for k, v in value.items()}
    return value


def to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    return _ints(json_format.MessageToDict(struct))


def to_struct(data: Mapping[str, Any] | None) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    if data:
        struct.update(dict(data))
    return struct

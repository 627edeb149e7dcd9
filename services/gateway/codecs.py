"""The codecs of the gateway's Connect applications: google.protobuf's JSON and binary, whose
decoding errors say in words what is wrong with the request, naming the field, instead of
protobuf's or Python's own messages ("invalid literal for int() with base 10: '...'",
"maximum recursion depth exceeded"), which quote what the client sent at any length; and its
gzip, sized for its answers (SmallGzip)."""
from __future__ import annotations

import json
import re
import zlib

import orjson

from connectrpc.code import Code
from connectrpc.compat import google_protobuf_codecs
from connectrpc.compression import Compression
from connectrpc.compression.gzip import GzipCompression
from connectrpc.errors import ConnectError
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import DecodeError

from shared.moves import quote

# protobuf reads no deeper (a google.protobuf.Struct in a move or an option); docs/errors.md
MAX_DEPTH = 100

_KINDS = {FieldDescriptor.TYPE_STRING: "a text", FieldDescriptor.TYPE_BOOL: "true or false",
          FieldDescriptor.TYPE_BYTES: "base64 text", FieldDescriptor.TYPE_ENUM: "one of its names",
          FieldDescriptor.TYPE_MESSAGE: "a JSON object", FieldDescriptor.TYPE_DOUBLE: "a number",
          FieldDescriptor.TYPE_FLOAT: "a number"}


def _kind(field: FieldDescriptor) -> str:
    kind = _KINDS.get(field.type, "a whole number in range")
    return f"a list of {kind.removeprefix('a ')}s" if field.is_repeated else kind


def _text_nests_deeper_than(data: bytes, limit: int) -> bool:
    """Whether JSON text opens more than `limit` arrays or objects inside one another, found
    without parsing it: json.loads of such a body recurses ~1,000 frames deep before it fails,
    and whatever the garbage collector finalizes down there cannot even be reported."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    depth, in_string, escaped = 0, False, False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


def _invalid(text: str) -> ConnectError:
    return ConnectError(Code.INVALID_ARGUMENT, text)


class JsonCodec:
    """Connect JSON (proto3's JSON mapping), unknown fields ignored."""

    def __init__(self, inner):
        self.inner = inner

    def name(self) -> str:
        return self.inner.name()

    def encode(self, message) -> bytes:
        # the same JSON as the library's MessageToJson, without its indentation and json.dumps
        # (4 % of the gateway's CPU in `bench moves --via gateway`)
        return orjson.dumps(json_format.MessageToDict(message))

    def decode(self, data, message_class):
        name = message_class.DESCRIPTOR.name
        if data and _text_nests_deeper_than(bytes(data), MAX_DEPTH):
            raise _invalid(f"the {name} nests values more than {MAX_DEPTH} levels deep, which protobuf does "
                           f"not read; a move or an option is a flat JSON object")
        try:
            value = json.loads(data) if data else {}
        except ValueError:  # not JSON, or not UTF-8
            raise _invalid(f"the request body is not JSON (UTF-8); send a {name} as a JSON object") from None
        if not isinstance(value, dict):
            raise _invalid(f"the request body is {quote(value)}, not a JSON object; send a {name}")
        message = message_class()
        try:
            json_format.ParseDict(value, message, ignore_unknown_fields=True)
        except (json_format.ParseError, ValueError, TypeError, RecursionError) as exc:
            found = re.match(r"Failed to parse (\w+) field", str(exc))
            fields = message_class.DESCRIPTOR.fields_by_name
            field = next((f for f in fields.values() if found and found.group(1) in (f.name, f.json_name)), None)
            if field is None:
                raise _invalid(f"the request body is not a {name}: a field has a value of the wrong kind") from None
            raise _invalid(f"the field {field.json_name} of {name} takes {_kind(field)}") from None
        return message


class BinaryCodec:
    """Binary protobuf."""

    def __init__(self, inner):
        self.inner = inner

    def name(self) -> str:
        return self.inner.name()

    def encode(self, message) -> bytes:
        return self.inner.encode(message)

    def decode(self, data, message_class):
        try:
            return self.inner.decode(data, message_class)
        except (DecodeError, RecursionError, ValueError):
            raise _invalid(f"the request body is not a {message_class.DESCRIPTOR.name} in binary protobuf "
                           f"(or nests values more than {MAX_DEPTH} levels deep)") from None


def gateway_codecs() -> list:
    return [JsonCodec(c) if c.name() == "json" else BinaryCodec(c) for c in google_protobuf_codecs()]


class SmallGzip(GzipCompression):
    """gzip with an 8 KB window and a small hash table: the gateway's answers are a few KB of
    JSON, and zlib's defaults (32 KB window, memLevel 8) spend most of a small message's time
    setting up their 256 KB of state. Measured on this machine (a loop of compressions): a 2 KB
    view 76 -> 20 us, 8 KB of text 190 -> 114 us, 60 KB 4.8 -> 2.2 ms, the output 0-8 % larger;
    under `bench moves --via gateway` the connect library's gzip was 4.6 % of the gateway's CPU.
    Any gzip reader reads it (RFC 1952: the window is the decoder's choice too); reading is the
    library's."""

    WBITS = 16 + 13  # gzip framing, 2**13 = 8 KB window
    MEM_LEVEL = 5
    LEVEL = 6

    def compress(self, data) -> bytes:
        compressor = zlib.compressobj(self.LEVEL, zlib.DEFLATED, self.WBITS, self.MEM_LEVEL)
        return compressor.compress(data) + compressor.flush()


def gateway_compressions() -> list[Compression]:
    return [SmallGzip()]

"""google.protobuf.Struct <-> plain dicts. Struct keeps numbers as doubles;
game payloads use whole numbers, so integral values come back as ints.

Both directions go through Struct's wire format in plain Python instead of the
message API: with upb, `Struct.update` and walking `struct.fields` cost a Python
call and a wrapper object per value, and every view the rules service sends and
every view a client reads passes through here. Encoding joins bytes and lets upb
parse them in C once; decoding reads `SerializeToString()` (one C call). Both
remember small pieces that recur from view to view (keys, card names, numbers,
player names; when decoding also flat dicts and lists such as a legal move or a
hand), in bounded caches keyed by exact value or exact bytes. Nothing is cached
per (key, value) pair: with hundreds of games at once those pairs outnumber any
cache and the misses would cost more than they save.

    to_struct(data)    dict -> Struct, equal to Struct().update(data)
    struct_bytes(data) the same Struct serialized, for `msg.view.MergeFromString(...)`
                       (skips the copy that `Msg(view=struct)` makes)
    to_dict(struct)    Struct -> dict, whole-number doubles as ints

Wire layout (field numbers from struct.proto): Struct {1: repeated entry {1: key,
2: Value}}; Value oneof {1: null varint, 2: double, 3: string, 4: bool varint,
5: Struct, 6: ListValue}; ListValue {1: repeated Value}.
"""
from __future__ import annotations

import struct as _binary
from typing import Any, Mapping

from google.protobuf import struct_pb2

_DOUBLE = _binary.Struct("<d")
_pack_double = _DOUBLE.pack
_unpack_double = _DOUBLE.unpack_from

_SCALARS = frozenset((str, int, float, bool, type(None)))
_SMALL = 64  # bytes: pieces this short are worth remembering
_FLAT_MAX = 512  # bytes: flat dicts/lists up to this size are remembered when decoding


def _remember(cache: dict, key, value, limit: int = 4096):
    # Wholesale clearing keeps the bound without bookkeeping; the recurring pieces come back at once.
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value


# --- dict -> wire ----------------------------------------------------------------------------


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


_LEN = tuple(bytes((n,)) for n in range(0x80))


def _prefixed(body: bytes) -> bytes:
    n = len(body)
    return (_LEN[n] if n < 0x80 else _varint(n)) + body


# Encoded pieces below are length-prefixed Value messages, ready to follow a field tag.
_TRUE = b"\x02\x20\x01"
_FALSE = b"\x02\x20\x00"
_NULL = b"\x02\x08\x00"
_EMPTY_LIST = b"\x02\x32\x00"
_KEYS: dict[str, bytes] = {}  # key -> entry start: tag, key, value tag
_STRS: dict[str, bytes] = {}
# ints only: 1.0 == 1 == True and -0.0 == 0 would share a slot, but their encodings differ
_INTS = {i: b"\x09\x11" + _pack_double(i) for i in range(-16, 256)}


def _key(k) -> bytes:
    if not isinstance(k, str):
        raise TypeError(f"Struct keys must be str, not {type(k).__name__}")
    kb = str.encode(k)
    return _remember(_KEYS, k, b"\x0a" + _prefixed(kb) + b"\x12")


def _str(s: str) -> bytes:
    b = str.encode(s)
    encoded = _prefixed(b"\x1a" + _prefixed(b))
    return _remember(_STRS, s, encoded) if len(b) < _SMALL else encoded


def _number(v) -> bytes:
    return b"\x09\x11" + _pack_double(float(v))  # float(): OverflowError beyond a double, as upb


def _fields(d: Mapping) -> bytes:
    """The body of a Struct with d's entries."""
    if not d:
        return b""
    keys, strs, ints = _KEYS, _STRS, _INTS
    parts = []
    append = parts.append
    for k, v in d.items():
        t = type(v)
        if t is str:
            e = (keys.get(k) or _key(k)) + (strs.get(v) or _str(v))
        elif t is int:
            e = (keys.get(k) or _key(k)) + (ints.get(v) or _number(v))
        else:
            e = (keys.get(k) or _key(k)) + _value(v)
        n = len(e)
        append((_LEN[n] if n < 0x80 else _varint(n)) + e)
    # b"\x0a" (field 1, length-delimited) starts every entry
    return b"\x0a" + b"\x0a".join(parts)


def _value(v) -> bytes:
    t = type(v)
    if t is str:
        return _STRS.get(v) or _str(v)
    if t is int:
        return _INTS.get(v) or _number(v)
    if t is dict:
        return _prefixed(b"\x2a" + _prefixed(_fields(v)))
    if t is list or t is tuple:
        if not v:
            return _EMPTY_LIST
        if type(v[0]) is str:  # hands, seats: try the remembered card and player names at C speed
            try:
                return _prefixed(b"\x32" + _prefixed(b"\x0a" + b"\x0a".join([_STRS[x] for x in v])))
            except (KeyError, TypeError):
                pass
        return _prefixed(b"\x32" + _prefixed(b"\x0a" + b"\x0a".join(map(_value, v))))
    if t is bool:
        return _TRUE if v else _FALSE
    if t is float:
        return _number(v)
    if v is None:
        return _NULL
    return _other(v)


def _other(v) -> bytes:
    """Subclasses (IntEnum, StrEnum, OrderedDict...) and messages, as Struct.update takes them;
    bool has no subclasses, so `type(v) is bool` in _value has caught every bool already."""
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (int, float)):
        return _number(v)
    if isinstance(v, dict):
        return _prefixed(b"\x2a" + _prefixed(_fields(v)))
    if isinstance(v, struct_pb2.Struct):
        return _prefixed(b"\x2a" + _prefixed(v.SerializeToString()))
    if isinstance(v, (list, tuple)):
        return _value(list(v))
    if isinstance(v, struct_pb2.ListValue):
        return _prefixed(b"\x32" + _prefixed(v.SerializeToString()))
    raise ValueError(f"Unexpected type {type(v).__name__} for a Struct value")


def struct_bytes(data: Mapping[str, Any] | None) -> bytes:
    """`to_struct(data).SerializeToString()`, without building the message. Raises like
    Struct.update: TypeError for a non-str key, ValueError for a value of another type,
    OverflowError for an int beyond a double, UnicodeEncodeError for lone surrogates."""
    return _fields(data) if data else b""


def to_struct(data: Mapping[str, Any] | None) -> struct_pb2.Struct:
    return struct_pb2.Struct.FromString(struct_bytes(data))


# --- wire -> dict ----------------------------------------------------------------------------
# Fast paths read the layout upb's serializer writes (one-byte tags and lengths, entry key
# before value, one field per Value); anything else (long lengths, unknown fields, repeated
# oneof members) falls back to reading field by field, last value winning as in protobuf.

_ITEMS: dict[bytes, Any] = {}  # Value bytes -> scalar (str, number, bool, None)
_FLAT_STRUCTS: dict[bytes, dict] = {}  # Struct bytes -> dict of scalars (handed out as copies)
_FLAT_LISTS: dict[bytes, list] = {}
_MISS = object()


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7


def _skip(buf: bytes, pos: int, wire: int) -> int:
    if wire == 0:
        return _read_varint(buf, pos)[1]
    if wire == 1:
        return pos + 8
    if wire == 2:
        n, pos = _read_varint(buf, pos)
        return pos + n
    if wire == 5:
        return pos + 4
    raise ValueError(f"unexpected wire type {wire} in a Struct")


def _field_one(buf: bytes, pos: int) -> tuple[int, int]:
    """(start, length) of the field-1 entry at `pos` (a map entry of a Struct, a Value of a
    ListValue), or (the position after it, -1) for any other field, which is skipped."""
    n = buf[pos + 1]
    if buf[pos] == 0x0A and n < 0x80:
        return pos + 2, n
    tag, p = _read_varint(buf, pos)
    if tag != 0x0A:
        return _skip(buf, p, tag & 7), -1
    n, p = _read_varint(buf, p)
    return p, n


def _struct(buf: bytes, pos: int, end: int) -> dict:
    start, flat, out, items = pos, True, {}, _ITEMS
    while pos < end:
        pos, n = _field_one(buf, pos)
        if n < 0:
            continue
        stop = pos + n
        # The usual entry: 0x0A, key length, key, 0x12, value length, value, nothing after. A value
        # length of two or more bytes fails the last test (its first byte is never length + 1).
        k = buf[pos + 1] if n > 2 else 0x80
        vpos = pos + 4 + k
        if k < 0x80 and vpos <= stop and buf[pos] == 0x0A and buf[vpos - 2] == 0x12 and vpos + buf[vpos - 1] == stop:
            key = buf[pos + 2:vpos - 2].decode()
            if stop - vpos < _SMALL:
                value = items.get(buf[vpos:stop], _MISS)
                if value is _MISS:
                    value = _value_at(buf, vpos, stop)
                    if type(value) in _SCALARS:
                        _remember(items, buf[vpos:stop], value)
                    else:
                        flat = False
            else:
                value = _value_at(buf, vpos, stop)
                if flat and type(value) not in _SCALARS:
                    flat = False
            out[key] = value
        else:
            hit = _entry_fields(buf, pos, stop)
            if hit is not None:
                out[hit[0]] = hit[1]
                if flat and type(hit[1]) not in _SCALARS:
                    flat = False
        pos = stop
    if flat and end - start < _FLAT_MAX:
        _remember(_FLAT_STRUCTS, buf[start:end], out.copy(), 1024)
    return out


def _entry_fields(buf: bytes, pos: int, stop: int) -> tuple[str, Any] | None:
    """None for an entry with unknown fields: upb keeps such an entry out of the map."""
    key, value = "", None
    while pos < stop:
        tag, pos = _read_varint(buf, pos)
        if tag != 0x0A and tag != 0x12:
            return None
        n, pos = _read_varint(buf, pos)
        if tag == 0x0A:
            key = buf[pos:pos + n].decode()
        else:
            value = _value_at(buf, pos, pos + n)
        pos += n
    return key, value


def _list(buf: bytes, pos: int, end: int) -> list:
    start, flat, out, cache = pos, True, [], _ITEMS
    append = out.append
    while pos < end:
        pos, n = _field_one(buf, pos)
        if n < 0:
            continue
        stop = pos + n
        value = cache.get(buf[pos:stop], _MISS) if n < _SMALL else _MISS
        if value is _MISS:
            value = _value_at(buf, pos, stop)
            if type(value) in _SCALARS:
                if n < _SMALL:
                    _remember(cache, buf[pos:stop], value)
            else:
                flat = False
        append(value)
        pos = stop
    if flat and end - start < _FLAT_MAX:
        _remember(_FLAT_LISTS, buf[start:end], out.copy(), 1024)
    return out


def _value_at(buf: bytes, pos: int, end: int) -> Any:
    """The Value message in buf[pos:end]."""
    if pos == end:
        return None
    tag = buf[pos]
    if tag == 0x2A or tag == 0x32:
        n = buf[pos + 1]
        if n < 0x80:
            p = pos + 2
        else:
            n, p = _read_varint(buf, pos + 1)
        if p + n == end:
            flat = (_FLAT_STRUCTS if tag == 0x2A else _FLAT_LISTS).get(buf[p:end]) if n < _FLAT_MAX else None
            if flat is not None:
                return flat.copy()
            return _struct(buf, p, end) if tag == 0x2A else _list(buf, p, end)
    elif tag == 0x1A:
        n = buf[pos + 1]
        if n < 0x80 and pos + 2 + n == end:
            return buf[pos + 2:end].decode()
    elif tag == 0x11:
        if pos + 9 == end:
            return _whole(_unpack_double(buf, pos + 1)[0])
    elif tag == 0x20 or tag == 0x08:
        if pos + 2 == end and buf[pos + 1] < 0x80:
            return buf[pos + 1] != 0 if tag == 0x20 else None
    return _value_fields(buf, pos, end)


def _whole(n: float) -> float | int:
    return int(n) if n.is_integer() else n


def _value_fields(buf: bytes, pos: int, end: int) -> Any:
    value = None
    while pos < end:
        tag, pos = _read_varint(buf, pos)
        if tag == 0x11:
            value = _whole(_unpack_double(buf, pos)[0])
            pos += 8
        elif tag == 0x20 or tag == 0x08:
            n, pos = _read_varint(buf, pos)
            value = n != 0 if tag == 0x20 else None
        elif tag & 7 == 2:
            n, pos = _read_varint(buf, pos)
            if tag == 0x1A:
                value = buf[pos:pos + n].decode()
            elif tag == 0x2A:
                value = _struct(buf, pos, pos + n)
            elif tag == 0x32:
                value = _list(buf, pos, pos + n)
            pos += n
        else:
            pos = _skip(buf, pos, tag & 7)
    return value


def to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    """Struct -> dict, whole-number doubles as ints (NaN and infinities stay floats)."""
    buf = struct.SerializeToString()
    return _struct(buf, 0, len(buf))

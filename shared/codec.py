"""Frozen-dataclass events <-> JSON-able dicts, with the event type and schema
version kept beside the payload so that later versions can upcast old events."""
from __future__ import annotations

import dataclasses
from collections import abc
import functools
import types
import typing
from typing import Any, Callable, Iterable, Mapping


class UnknownEvent(ValueError):
    pass


_PLAIN = (str, int, float, bool, type(None))


@functools.lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type; None for any other type."""
    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else None


def _to_jsonable(value: Any) -> Any:
    # every event of every move comes through here: plain values first, type facts cached
    if isinstance(value, _PLAIN):
        return value
    names = _field_names(type(value))
    if names is not None:
        return {name: _to_jsonable(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_to_jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, abc.Mapping):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    return value


@functools.lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    # resolving annotations is most of a decode's cost; a class's hints never change
    return typing.get_type_hints(cls)


def _from_jsonable(tp: Any, value: Any) -> Any:
    """Rebuild `value` as type hint `tp` (tuples, frozensets, nested dataclasses, Optional)."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        non_none = [a for a in args if a is not type(None)]
        return _from_jsonable(non_none[0], value) if len(non_none) == 1 else value
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        return tp(**{f.name: _from_jsonable(hints[f.name], value[f.name])
                     for f in dataclasses.fields(tp) if f.name in value})
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_jsonable(args[0], v) for v in value)
        if args:
            return tuple(_from_jsonable(a, v) for a, v in zip(args, value))
        return tuple(value)
    if origin in (frozenset, set):
        return frozenset(_from_jsonable(args[0], v) if args else v for v in value)
    if origin in (dict, Mapping, typing.Mapping) or tp is dict:
        if len(args) == 2:
            kt, vt = args
            return {(int(k) if kt is int else k): _from_jsonable(vt, v) for k, v in value.items()}
        return dict(value)
    if tp is int and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class EventCodec:
    """Encodes the events of one game. `upcasters[(type, version)]` turns an old
    payload into the next version's payload."""

    def __init__(self, event_types: Iterable[type], schema_version: int = 1,
                 upcasters: Mapping[tuple[str, int], Callable[[dict], dict]] | None = None):
        self.by_name = {t.__name__: t for t in event_types}
        self.schema_version = schema_version
        self.upcasters = dict(upcasters or {})

    def encode(self, event: Any) -> dict[str, Any]:
        name = type(event).__name__
        if name not in self.by_name:
            raise UnknownEvent(f"{name} is not an event of this game")
        return {"type": name, "schema_version": self.schema_version, "data": _to_jsonable(event)}

    def decode(self, record: Mapping[str, Any]) -> Any:
        name, version, data = record["type"], int(record.get("schema_version", 1)), dict(record["data"])
        while version < self.schema_version:
            data = self.upcasters[(name, version)](data)
            version += 1
        if version > self.schema_version:
            raise UnknownEvent(f"{name} has schema version {version}, newer than {self.schema_version}")
        try:
            cls = self.by_name[name]
        except KeyError:
            raise UnknownEvent(f"unknown event type {name!r}") from None
        return _from_jsonable(cls, data)


to_jsonable = _to_jsonable
from_jsonable = _from_jsonable

"""A game's move vocabulary, declared once as frozen dataclasses.

Each kind of move is a frozen dataclass whose fields say what the move carries; a `MoveSet`
names them by their wire `type`:

    @dataclass(frozen=True)
    class Play:
        '''Play a card from your hand to the pot.'''
        card: str

    MOVES = MoveSet({"play": Play, "choose_recipe": ChooseRecipe})

From that one declaration come: the check the shared runtime makes of every move before the
rules see it (`MoveSet.check`: a malformed move is refused with a short reason and nothing is
written), the JSON Schema that docs and the web client read (`MoveSet.schema`), and the typed
object a game may decode to (`MoveSet.decode`). Field types understood: `str`, `int`, `bool`,
`Literal["a", "b"]` of texts, `tuple[str, ...]`, and any of them `| None` (optional when the
field has a default).
"""
from __future__ import annotations

import dataclasses
import hashlib
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

import orjson

from shared.rules import MalformedMove

MAX_TEXT = 64  # longest text a move field may hold (card ids are far shorter)
MAX_ITEMS = 64  # most items a list field may hold
MAX_INT = 1_000_000
QUOTE = 24  # how much of what a client sent an error quotes


def quote(value: Any, limit: int = QUOTE) -> str:
    """A short, escaped prefix of a client's value, safe to put in an error or a log line."""
    if not isinstance(value, str):
        return {dict: "an object", list: "a list", bool: "true/false", type(None): "null"}.get(
            type(value), f"a {type(value).__name__}")
    return repr(value[:limit]) + ("..." if len(value) > limit else "")


def move_digest(move: Mapping[str, Any]) -> str:
    """A short fingerprint of a (checked) move: equal moves, equal digests, whatever the order of
    their keys. Stored with the move's command, so that a move id sent again with another move
    is told apart from a retry."""
    body = orjson.dumps(move, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    return hashlib.sha256(body).hexdigest()[:32]


@dataclasses.dataclass(frozen=True)
class _Field:
    name: str
    kind: str  # "str", "int", "bool", "choice", "list"
    choices: tuple[str, ...] = ()
    optional: bool = False
    required: bool = True


def _field_of(f: dataclasses.Field, hint: Any) -> _Field:
    optional = False
    args = get_args(hint)
    if get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"field {f.name}: only X | None unions are supported")
        hint, optional = rest[0], True
    has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    common = {"optional": optional, "required": not has_default}
    if hint is str:
        return _Field(f.name, "str", **common)
    if hint is bool:
        return _Field(f.name, "bool", **common)
    if hint is int:
        return _Field(f.name, "int", **common)
    if get_origin(hint) is Literal and all(isinstance(a, str) for a in get_args(hint)):
        return _Field(f.name, "choice", tuple(get_args(hint)), **common)
    if get_origin(hint) is tuple and get_args(hint) == (str, ...):
        return _Field(f.name, "list", **common)
    raise TypeError(f"field {f.name}: type {hint!r} is not a move field type")


class MoveSet:
    """The moves of one game: wire type -> frozen dataclass."""

    def __init__(self, kinds: Mapping[str, type]):
        self.kinds = dict(kinds)
        self.fields: dict[str, tuple[_Field, ...]] = {}
        for name, cls in self.kinds.items():
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"move {name!r}: {cls!r} is not a dataclass")
            hints = typing.get_type_hints(cls)
            self.fields[name] = tuple(_field_of(f, hints[f.name]) for f in dataclasses.fields(cls))

    def names(self) -> list[str]:
        return list(self.kinds)

    def check(self, move: Any) -> dict[str, Any]:
        """`move` as a plain dict when it has the shape of one of this game's moves; otherwise
        MalformedMove naming what is wrong (quoting at most a short prefix of what was sent)."""
        if not isinstance(move, Mapping):
            raise MalformedMove(f"a move is a JSON object with a 'type', not {quote(move)}", key="move-not-object")
        kind = move.get("type")
        known = ", ".join(self.kinds)
        if kind is None:
            raise MalformedMove(f"a move needs a 'type'; this game knows: {known}", key="move-no-type", known=known)
        if not isinstance(kind, str):
            raise MalformedMove(f"a move's 'type' is a text, not {quote(kind)}; this game knows: {known}",
                                key="move-no-type", known=known)
        if kind not in self.kinds:
            raise MalformedMove(f"unknown move type {quote(kind)}; this game knows: {known}",
                                key="unknown-move-type", type=quote(kind), known=known)
        fields = self.fields[kind]
        names = {f.name for f in fields}
        extra = [k for k in move if k != "type" and k not in names]
        if extra:
            allowed = ", ".join(sorted(names)) or "nothing but its type"
            raise MalformedMove(f"a {kind} move has no field {quote(str(extra[0]))}; it takes {allowed}",
                                key="move-extra-field", move=kind, field=quote(str(extra[0])), allowed=allowed)
        out: dict[str, Any] = {"type": kind}
        for f in fields:
            if f.name not in move:
                if f.required:
                    raise MalformedMove(f"a {kind} move needs '{f.name}' ({_describe(f)})",
                                        key="move-missing-field", move=kind, field=f.name)
                continue
            out[f.name] = _value(kind, f, move[f.name])
        return out

    def decode(self, move: Any) -> Any:
        """The move as its dataclass (after `check`)."""
        data = self.check(move)
        kind = data.pop("type")
        cls = self.kinds[kind]
        for f in self.fields[kind]:
            if f.kind == "list" and isinstance(data.get(f.name), list):
                data[f.name] = tuple(data[f.name])
        return cls(**data)

    def schema(self) -> dict[str, Any]:
        """A JSON Schema (draft 2020-12) of every move, for docs and clients."""
        variants = []
        for kind, cls in self.kinds.items():
            props: dict[str, Any] = {"type": {"const": kind}}
            required = ["type"]
            for f in self.fields[kind]:
                props[f.name] = _json_type(f)
                if f.required:
                    required.append(f.name)
            variants.append({"title": kind, "description": " ".join((cls.__doc__ or "").split()),
                             "type": "object", "properties": props, "required": required,
                             "additionalProperties": False})
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", "oneOf": variants}


def _describe(f: _Field) -> str:
    if f.kind == "choice":
        return "one of " + ", ".join(f.choices)
    return {"str": "a text", "int": "a whole number", "bool": "true or false",
            "list": "a list of texts"}[f.kind]


def _value(kind: str, f: _Field, value: Any) -> Any:
    where = f"'{f.name}' of a {kind} move"
    at = {"move": kind, "field": f.name}
    if value is None and f.optional:
        return None
    if f.kind == "str":
        if not isinstance(value, str):
            raise MalformedMove(f"{where} must be a text, not {quote(value)}", key="move-field-kind", kind="text", **at)
        if len(value) > MAX_TEXT:
            raise MalformedMove(f"{where} is too long ({len(value)} characters; at most {MAX_TEXT}): {quote(value)}",
                                key="move-field-too-long", limit=MAX_TEXT, **at)
        return value
    if f.kind == "bool":
        if not isinstance(value, bool):
            raise MalformedMove(f"{where} must be true or false, not {quote(value)}", key="move-field-kind",
                                kind="bool", **at)
        return value
    if f.kind == "int":
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # JSON numbers from a protobuf Struct arrive as floats
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedMove(f"{where} must be a whole number, not {quote(value)}", key="move-field-kind",
                                kind="number", **at)
        if not -MAX_INT <= value <= MAX_INT:
            raise MalformedMove(f"{where} is out of range", key="move-field-range", **at)
        return value
    if f.kind == "choice":
        if value not in f.choices if isinstance(value, str) else True:
            raise MalformedMove(f"{where} must be one of {', '.join(f.choices)}, not {quote(value)}",
                                key="move-field-choice", choices=", ".join(f.choices), **at)
        return value
    # list of texts
    if not isinstance(value, (list, tuple)):
        raise MalformedMove(f"{where} must be a list of texts, not {quote(value)}", key="move-field-kind",
                            kind="list", **at)
    if len(value) > MAX_ITEMS:
        raise MalformedMove(f"{where} has {len(value)} items; at most {MAX_ITEMS}", key="move-field-items",
                            count=len(value), limit=MAX_ITEMS, **at)
    for item in value:
        if not isinstance(item, str):
            raise MalformedMove(f"{where} must hold only texts, not {quote(item)}", key="move-field-kind",
                                kind="list", **at)
        if len(item) > MAX_TEXT:
            raise MalformedMove(f"{where} holds a text that is too long: {quote(item)}", key="move-field-too-long",
                                limit=MAX_TEXT, **at)
    return list(value)


def _json_type(f: _Field) -> dict[str, Any]:
    base: dict[str, Any]
    if f.kind == "str":
        base = {"type": "string", "maxLength": MAX_TEXT}
    elif f.kind == "int":
        base = {"type": "integer"}
    elif f.kind == "bool":
        base = {"type": "boolean"}
    elif f.kind == "choice":
        base = {"enum": list(f.choices)}
    else:
        base = {"type": "array", "items": {"type": "string", "maxLength": MAX_TEXT}, "maxItems": MAX_ITEMS}
    return {"anyOf": [base, {"type": "null"}]} if f.optional else base

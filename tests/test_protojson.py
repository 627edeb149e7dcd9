"""shared.protojson writes and reads Struct's wire format itself; the references are what the
message API gives: `Struct().update(data)` for encoding, and walking `struct.fields` (the
decoder apps.sdk.gamecalls.struct_dict used before) for decoding."""
from __future__ import annotations

import enum
import math
import random
from collections import OrderedDict

import pytest
from foodgames.v1 import game_pb2
from google.protobuf import struct_pb2

from shared import protojson
from apps.sdk.gamecalls import struct_dict
from shared.protojson import struct_bytes, to_dict, to_struct


def updated(data) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct


def _walk_value(value):
    kind = value.WhichOneof("kind")
    if kind == "number_value":
        n = value.number_value
        return int(n) if n.is_integer() else n
    if kind == "string_value":
        return value.string_value
    if kind == "struct_value":
        return walked(value.struct_value)
    if kind == "list_value":
        return [_walk_value(v) for v in value.list_value.values]
    if kind == "bool_value":
        return value.bool_value
    return None


def walked(struct: struct_pb2.Struct) -> dict:
    return {k: _walk_value(v) for k, v in struct.fields.items()}


def typed(value):
    """value with every scalar tagged by its type, so that True, 1 and 1.0 differ (== does not
    tell them apart); floats by repr, so NaN compares equal to itself."""
    if isinstance(value, dict):
        return ("dict", sorted((k, typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    if isinstance(value, float):
        return ("float", repr(value))
    return (type(value).__name__, value)


def off_the_wire(struct: struct_pb2.Struct) -> struct_pb2.Struct:
    return struct_pb2.Struct.FromString(struct.SerializeToString())


# ---------------------------------------------------------------- random JSON-like values

WORDS = ["", "a", "bug-3", "player-1", "é", "日本語", "🍄", "fruit-herb", "x" * 130, "null", "0"]


def random_string(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return rng.choice(WORDS)
    alphabet = "abcXYZ019-_ \n\t\"\\\x00éß€日本🍄"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20)))


def random_scalar(rng: random.Random):
    kind = rng.randrange(9)
    if kind == 0:
        return random_string(rng)
    if kind == 1:
        return rng.randrange(-20, 300)
    if kind == 2:
        return rng.choice([0, -1, 2**31, -(2**31), 2**53, 2**53 + 1, -(2**53), 2**63, 10**20])
    if kind == 3:
        return rng.choice([0.1, -0.5, 1.0, -0.0, 2.5e-308, 1e300, 3.0, 1 / 3])
    if kind == 4:
        return rng.uniform(-1e6, 1e6)
    if kind == 5:
        return rng.random() < 0.5
    if kind == 6:
        return None
    if kind == 7:
        return rng.choice(["play", "bug-1", "vegetable-2", "p0"])
    return rng.randrange(0, 14)


def random_value(rng: random.Random, depth: int):
    roll = rng.random()
    if depth <= 0 or roll < 0.55:
        return random_scalar(rng)
    if roll < 0.8:
        return random_dict(rng, depth - 1)
    items = [random_value(rng, depth - 1) for _ in range(rng.randrange(0, 8))]
    return tuple(items) if rng.random() < 0.1 else items


def random_dict(rng: random.Random, depth: int) -> dict:
    keys = [random_string(rng) if rng.random() < 0.5 else rng.choice(["type", "card", "p0", "p1"])
            for _ in range(rng.randrange(0, 8))]
    return {k: random_value(rng, depth) for k in keys}


def as_listed(value):
    """What the Struct holds for value: tuples become lists."""
    if isinstance(value, dict):
        return {k: as_listed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_listed(v) for v in value]
    return value


# ---------------------------------------------------------------- equivalence


def test_random_nested_values_encode_to_the_struct_that_update_builds():
    # given a few thousand random JSON-like dicts (seeded)
    rng = random.Random(20240607)
    for _ in range(3000):
        data = random_dict(rng, depth=4)
        # when encoded, then the message equals Struct.update's, as built and as parsed off the wire
        expected = updated(data)
        assert to_struct(data) == expected
        assert struct_pb2.Struct.FromString(struct_bytes(data)) == off_the_wire(expected)


def test_random_nested_structs_decode_to_what_the_walk_over_fields_gives():
    # given a few thousand random Structs, both built in memory and parsed off the wire
    rng = random.Random(4711)
    for _ in range(3000):
        data = random_dict(rng, depth=4)
        for struct in (updated(data), off_the_wire(updated(data))):
            # when decoded (twice: the second time from remembered pieces)
            first, second = to_dict(struct), to_dict(struct)
            # then both equal the walk, type for type (True is no 1, 1.0 comes back as 1)
            assert typed(first) == typed(second) == typed(walked(struct))


def test_the_clients_struct_dict_is_the_same_decoder():
    data = {"phase": "playing", "hand": ["bug-1", "fruit-2"], "points": {"p0": 3, "p1": 0}}
    assert struct_dict(to_struct(data)) == data == to_dict(to_struct(data))


def test_a_real_game_view_survives_both_directions():
    # given the views of a Foodie Forest game, every seat, every step
    from services.foodie_forest.rules import RULES

    rng = random.Random(3)
    state = RULES.initial_state(["ann", "bob", "cid", "dan"], {})
    for event in RULES.start(state):
        state = RULES.evolve(state, event)
    views = []
    while not RULES.is_terminal(state):
        node = RULES.chance(state)
        if node is not None:
            events = RULES.resolve_chance(state, rng.sample(node.cards, len(node.cards)))
        else:
            seat = rng.choice(sorted(RULES.to_act(state)))
            events = RULES.decide(state, seat, rng.choice(RULES.legal_moves(state, seat)))
        for event in events:
            state = RULES.evolve(state, event)
        views += [RULES.view(state, seat) for seat in (0, 1, 2, 3, None)]
    # then each encodes to update's Struct and decodes back to itself
    for view in views:
        struct = to_struct(view)
        assert struct == updated(view)
        assert to_dict(off_the_wire(struct)) == view == walked(struct)


# ---------------------------------------------------------------- edge cases

@pytest.mark.parametrize("data", [
    {},
    {"list": []},
    {"dict": {}},
    {"nested": {"a": {"b": [], "c": {}}, "d": [[], [{}], [[[]]]]}},
    {"": "", "empty key": ""},
    {"ключ": "значение", "🍄": "日本語", "é": ["ß", "€"]},
    {"neg": -7, "neg float": -2.5, "min": -(2**53)},
    {"big": 2**53, "bigger": 2**53 + 1, "huge": 2**70},
    {"floats": [0.1, 0.2, 1e-300, 1e300, 1.5, -0.0]},
    {"t": True, "f": False, "one": 1, "zero": 0, "mix": [True, 1, 1.0, False, 0]},
    {"none": None, "nones": [None, None]},
    {"long": "x" * 300, "long key " + "k" * 200: list(range(200))},
    {"wide": {f"k{i}": i for i in range(2000)}},
    {"nul": "a\x00b", "a\x00": 1},
], ids=["empty", "empty list", "empty dict", "nested empties", "empty key and string", "unicode",
        "negatives", "beyond 2**53", "floats", "bools and ints", "None", "long lengths", "wide", "NUL"])
def test_edge_cases_match_update_and_the_walk(data):
    struct = to_struct(data)
    assert struct == updated(data)
    assert typed(to_dict(struct)) == typed(walked(updated(data)))
    assert typed(to_dict(off_the_wire(struct))) == typed(walked(updated(data)))


def test_no_data_gives_an_empty_struct():
    assert to_struct(None) == struct_pb2.Struct() == to_struct({})
    assert struct_bytes(None) == b"" and to_dict(struct_pb2.Struct()) == {}


def test_bools_stay_bools_and_whole_floats_become_ints():
    decoded = to_dict(to_struct({"t": True, "one": 1, "one float": 1.0, "half": 0.5, "neg zero": -0.0}))
    assert typed(decoded) == typed({"t": True, "one": 1, "one float": 1, "half": 0.5, "neg zero": 0})


def test_nan_and_infinities_are_encoded_like_update_and_decode_as_floats():
    data = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}
    # NaN != NaN, so the messages are compared by their bytes
    assert to_struct(data).SerializeToString(deterministic=True) == \
        updated(data).SerializeToString(deterministic=True)
    decoded = to_dict(to_struct(data))
    assert math.isnan(decoded["nan"]) and decoded["inf"] == math.inf and decoded["-inf"] == -math.inf


def test_entry_order_does_not_matter():
    forward = {"a": 1, "b": [1, 2], "c": {"x": "y", "z": None}}
    backward = {"c": {"z": None, "x": "y"}, "b": [1, 2], "a": 1}
    assert to_struct(forward) == to_struct(backward) == updated(backward)
    assert struct_pb2.Struct.FromString(struct_bytes(forward)) == to_struct(backward)


def test_tuples_subclasses_and_messages_are_accepted_as_update_accepts_them():
    class Colour(enum.StrEnum):
        RED = "red"

    class Rank(enum.IntEnum):
        HIGH = 9

    inner = updated({"deep": [1, "two"]})
    data = {"tuple": (1, "a", (2,)), "str enum": Colour.RED, "int enum": Rank.HIGH,
            "ordered": OrderedDict(b=1, a=2), Colour.RED: "as key", "struct": inner,
            "list value": inner.fields["deep"].list_value, "float sub": type("F", (float,), {})(0.25)}
    assert to_struct(data) == updated(data)


def test_a_struct_can_be_merged_from_the_bytes_straight_into_a_response():
    view = {"phase": "playing", "hand": ["bug-1"], "points": {"p0": 3}}
    response = game_pb2.GetViewResponse(version=4)
    response.view.MergeFromString(struct_bytes(view))
    assert response == game_pb2.GetViewResponse(version=4, view=updated(view))


def test_a_decoded_dict_is_the_callers_to_change():
    # given a view whose small pieces the decoder remembers
    struct = to_struct({"moves": [{"type": "play", "card": "bug-1"}], "hand": ["bug-1", "bug-2"]})
    first = to_dict(struct)
    # when the caller changes what it got
    first["moves"][0]["card"] = "changed"
    first["hand"].append("more")
    # then the next decode is not affected
    assert to_dict(struct) == {"moves": [{"type": "play", "card": "bug-1"}], "hand": ["bug-1", "bug-2"]}


def test_empty_dict_and_empty_list_are_told_apart_on_decoding():
    # the body of {} and of [] are both empty bytes; each must come back as what it was
    for _ in range(2):
        assert typed(to_dict(to_struct({"d": {}, "l": [], "ld": [{}], "dl": {"x": []}}))) == \
            typed({"d": {}, "l": [], "ld": [{}], "dl": {"x": []}})


def test_unknown_fields_from_a_newer_peer_are_read_as_upb_reads_them():
    # given Structs off the wire with unknown fields (number 15) in a Value, in the Struct and
    # in a map entry (upb leaves such an entry out of the map), with a key longer than 127 bytes
    key = "k" * 130
    value = b"\x1a\x03abc" + b"\x78\x05"  # string_value "abc", then field 15 varint 5
    entry = b"\x0a" + bytes([130, 1]) + key.encode() + b"\x12" + bytes([len(value)]) + value
    odd_entry = b"\x0a\x01b\x12\x02\x20\x01\x7a\x01z"
    wire = b"\x0a" + bytes([len(entry), 1]) + entry + b"\x78\x01" + b"\x0a" + bytes([len(odd_entry)]) + odd_entry
    assert 128 <= len(entry) < 256
    struct = struct_pb2.Struct.FromString(wire)
    # then the decoder reads what the walk reads
    assert to_dict(struct) == walked(struct) == {key: "abc"}


def read_wire(wire: bytes) -> dict:
    # upb re-serializes any Struct in one layout (key before value, one oneof member), so the
    # reader's fallbacks for other layouts are reachable only by handing it bytes directly
    return protojson._struct(wire, 0, len(wire))


@pytest.mark.parametrize("wire", [
    b"\x0a\x08" + b"\x12\x03\x1a\x01x" + b"\x0a\x01a",  # value before key
    b"\x0a\x11\x0a\x01a\x12\x0c" + b"\x1a\x01x" + b"\x11" + struct_pb2.Value(number_value=2).SerializeToString()[1:],
    b"\x0a\x05\x0a\x01a\x12\x00",  # a Value with no kind set
    b"\x0a\x03\x0a\x01a",  # an entry without a value
    b"\x0a\x04\x12\x02\x20\x01",  # an entry without a key
    b"\x0a\x07\x0a\x01a\x12\x02\x20\x00" + b"\x0a\x07\x0a\x01a\x12\x02\x20\x01",  # a repeated key: the last wins
    b"\x0a\x08\x0a\x01a\x12\x03\x20\x80\x00",  # bool false as an over-long varint
    b"\x0a\x0b\x0a\x01a\x12\x06\x32\x04\x0a\x02\x08\x00",  # a list holding null
], ids=["value first", "oneof set twice", "empty value", "no value", "no key", "repeated key",
        "long varint", "list of null"])
def test_layouts_other_than_upbs_read_as_upb_parses_them(wire):
    assert typed(read_wire(wire)) == typed(walked(struct_pb2.Struct.FromString(wire)))


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("data, error", [
    ({1: "a"}, TypeError),
    ({"nested": {2: "a"}}, TypeError),
    ({"in a list": [{None: 1}]}, TypeError),
    ({(1, 2): [1]}, TypeError),
    ({"bytes": b"x"}, ValueError),
    ({"set": {1, 2}}, ValueError),
    ({"object": object()}, ValueError),
    ({"in a list": [1, b"x"]}, ValueError),
    ({"generator": (i for i in range(2))}, ValueError),
    ({"too big": -(2**1100)}, OverflowError),
    ({"surrogate": "\ud800"}, UnicodeEncodeError),
    ({"\udfff": "surrogate key"}, UnicodeEncodeError),
], ids=["int key", "nested int key", "None key in a list", "tuple key", "bytes", "set", "object",
        "bytes in a list", "generator", "int beyond a double", "lone surrogate", "lone surrogate key"])
def test_bad_input_raises_the_error_update_raises(data, error):
    with pytest.raises(error):
        updated(data)
    with pytest.raises(error):
        to_struct(data)
    with pytest.raises(error):
        struct_bytes(data)


def test_a_failed_encoding_leaves_nothing_behind_for_the_next():
    with pytest.raises(ValueError):
        to_struct({"ok": "bug-1", "bad": [b"x"]})
    assert to_struct({"ok": "bug-1", "fine": ["bug-1"]}) == updated({"ok": "bug-1", "fine": ["bug-1"]})

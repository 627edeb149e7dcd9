"""The whole move space of a seat, as choices a client builds a move from (`choices_json`).

`ListLegalMoves` lists a seat's moves; where there are too many to list (a Food Fight Army of up
to five troops in any order from a hand of ten, a Forestaurant dish from cards and ingredients)
it also describes them as choices, enough to build every legal move without a list of all of
them. A rules module's `choices(state, seat)` returns this shape (JSON):

    {"moves": [                                  # one entry per kind of move (a type may repeat)
      {"type": "plate", "fields": [              # the move's fields, in the order a client asks
        {"name": "meal", "one_of": ["breakfast", "lunch"]},
        {"name": "troops", "subset_of": ["pancake-1", "waffle-2"], "min": 0, "max": 5,
         "ordered": false},                      # each item at most once (as often as listed)
        {"name": "mascots", "subset_of": ["baron-von-roast"], "min": 0, "max": 1,
         "optional": true}]},                    # may be left out (then as its empty value)
      {"type": "instant", "fields": [
        {"name": "card", "one_of": ["maple-syrup", "hot-sauce"]},
        {"name": "target", "depends_on": "card", "cases": {
          "maple-syrup": {"one_of": ["waffle-2"]},   # the spec once `card` is chosen
          "hot-sauce": {"absent": true}}}]},         # a value not in `cases`: absent
      {"type": "pass", "fields": []}]}

Field specs: `one_of` (one of these values), `subset_of` with `min`/`max` (a list of distinct
entries; `ordered` says whether the order makes a different move), `const`, `absent` (leave the
field out), `depends_on` + `cases` (the spec chosen by an earlier field's value, as text).
`optional: true` on `one_of`/`subset_of`/`const`: the field may also be left out.

Choices may offer more than the rules accept (a constraint across fields that the shape cannot
say, such as "the meal must have a Battlefield this Day"): a move built from them is checked with
`CheckMove`, which answers with the rule's reason. They never offer less: every move the rules
accept is buildable from them (each game's property test checks both).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Iterator, Mapping, Sequence

KINDS = ("one_of", "subset_of", "const", "absent", "depends_on")


class BadChoices(ValueError):
    """A choices document that does not have the shape above (a bug in a rules module)."""


def _kind(spec: Mapping[str, Any]) -> str:
    kinds = [k for k in KINDS if k in spec]
    if len(kinds) != 1:
        raise BadChoices(f"a field spec needs exactly one of {', '.join(KINDS)}: {dict(spec)!r:.200}")
    return kinds[0]


def validate(choices: Mapping[str, Any]) -> None:
    """Raises BadChoices unless `choices` has the documented shape."""
    if not isinstance(choices, Mapping) or not isinstance(choices.get("moves"), list):
        raise BadChoices("choices must be an object with a list `moves`")
    for entry in choices["moves"]:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("type"), str):
            raise BadChoices(f"every entry of `moves` needs a `type`: {entry!r:.200}")
        seen: list[str] = []
        for field in entry.get("fields", []):
            name = field.get("name")
            if not isinstance(name, str) or name == "type" or name in seen:
                raise BadChoices(f"move {entry['type']}: a field needs a new name, not {name!r}")
            _validate_spec(entry["type"], field, seen)
            seen.append(name)


def _validate_spec(move: str, spec: Mapping[str, Any], earlier: Sequence[str]) -> None:
    kind = _kind(spec)
    if kind == "one_of" and not isinstance(spec["one_of"], list):
        raise BadChoices(f"move {move}: one_of must be a list")
    if kind == "subset_of":
        if not isinstance(spec["subset_of"], list):
            raise BadChoices(f"move {move}: subset_of must be a list")
        low, high = spec.get("min", 0), spec.get("max", len(spec["subset_of"]))
        if not (isinstance(low, int) and isinstance(high, int) and 0 <= low <= high):
            raise BadChoices(f"move {move}: subset_of needs 0 <= min <= max")
    if kind == "depends_on":
        if spec["depends_on"] not in earlier:
            raise BadChoices(f"move {move}: depends_on must name an earlier field, not {spec['depends_on']!r}")
        if not isinstance(spec.get("cases"), Mapping):
            raise BadChoices(f"move {move}: depends_on needs `cases`")
        for case in spec["cases"].values():
            if "name" in case or _kind(case) == "depends_on":
                raise BadChoices(f"move {move}: a case is a plain spec (one_of, subset_of, const or absent)")
            _validate_spec(move, case, earlier)


def _key(value: Any) -> str:
    """How a value selects a case of `depends_on`: as text (true/false lower case)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _resolve(spec: Mapping[str, Any], move: Mapping[str, Any]) -> Mapping[str, Any]:
    if "depends_on" in spec:
        return spec["cases"].get(_key(move.get(spec["depends_on"])), {"absent": True})
    return spec


def _same(a: Any, b: Any) -> bool:
    # 1 and true are different move values, though Python finds them equal
    return type(a) is type(b) and a == b or (isinstance(a, (int, float)) and not isinstance(a, bool)
                                              and isinstance(b, (int, float)) and not isinstance(b, bool) and a == b)


def _fits(spec: Mapping[str, Any], present: bool, value: Any) -> bool:
    kind = _kind(spec)
    if kind == "absent":
        return not present or value is None
    if not present:
        return bool(spec.get("optional"))
    if kind == "const":
        return _same(value, spec["const"])
    if kind == "one_of":
        return any(_same(value, v) for v in spec["one_of"])
    # subset_of
    if not isinstance(value, (list, tuple)):
        return False
    if not spec.get("min", 0) <= len(value) <= spec.get("max", len(spec["subset_of"])):
        return False
    have = Counter(_key(v) for v in spec["subset_of"])
    want = Counter(_key(v) for v in value)
    return all(have[k] >= n for k, n in want.items()) and all(
        any(_same(v, o) for o in spec["subset_of"]) for v in value)


def contains(choices: Mapping[str, Any], move: Mapping[str, Any]) -> bool:
    """Whether `move` can be built from `choices` (every field it carries offered, none missing)."""
    for entry in choices.get("moves", []):
        if entry.get("type") != move.get("type"):
            continue
        fields = entry.get("fields", [])
        names = {f["name"] for f in fields}
        if any(k not in names for k in move if k != "type"):
            continue
        if all(_fits(_resolve(f, move), f["name"] in move, move.get(f["name"])) for f in fields):
            return True
    return False


def _empty(spec: Mapping[str, Any]) -> Any:
    return [] if "subset_of" in spec else None


def sample(choices: Mapping[str, Any], rng: random.Random, type_: str | None = None) -> dict[str, Any] | None:
    """A move built at random from `choices` (of kind `type_` if given), as a client that picks
    each field in turn would build it; None when there is nothing to build."""
    entries = [e for e in choices.get("moves", []) if type_ is None or e.get("type") == type_]
    if not entries:
        return None
    entry = rng.choice(entries)
    move: dict[str, Any] = {"type": entry["type"]}
    for field in entry.get("fields", []):
        spec = _resolve(field, move)
        kind = _kind(spec)
        if kind == "absent" or (spec.get("optional") and rng.random() < 0.2):
            continue
        if kind == "const":
            move[field["name"]] = spec["const"]
        elif kind == "one_of":
            if not spec["one_of"]:
                if spec.get("optional"):
                    continue
                return None
            move[field["name"]] = rng.choice(spec["one_of"])
        else:
            pool = list(spec["subset_of"])
            high = min(spec.get("max", len(pool)), len(pool))
            low = spec.get("min", 0)
            if low > high:
                return None
            size = rng.randint(low, high)
            move[field["name"]] = rng.sample(pool, size)
    return move


def count(choices: Mapping[str, Any], limit: int = 10**9) -> int:
    """How many different moves `choices` can build (at most `limit`; `ordered: false` subsets
    counted once whatever their order)."""
    total = 0
    for entry in choices.get("moves", []):
        total += _count_fields(entry.get("fields", []), {}, limit)
        if total >= limit:
            return limit
    return total


def _spec_values(spec: Mapping[str, Any]) -> int:
    kind = _kind(spec)
    if kind == "absent":
        return 1
    extra = 1 if spec.get("optional") else 0
    if kind == "const":
        return 1 + extra
    if kind == "one_of":
        return len(spec["one_of"]) + extra
    n = len(spec["subset_of"])
    low, high = spec.get("min", 0), min(spec.get("max", n), n)
    ordered = spec.get("ordered", False)
    return sum(math.perm(n, k) if ordered else math.comb(n, k) for k in range(low, high + 1)) + extra


def _count_fields(fields: Sequence[Mapping[str, Any]], move: dict[str, Any], limit: int) -> int:
    if not fields:
        return 1
    first, rest = fields[0], fields[1:]
    dependants = any(f.get("depends_on") == first["name"] for f in rest)
    spec = _resolve(first, move)
    if not dependants or _kind(spec) != "one_of":
        return min(limit, _spec_values(spec) * _count_fields(rest, move, limit))
    total = 0
    for value in spec["one_of"]:
        total += _count_fields(rest, {**move, first["name"]: value}, limit)
        if total >= limit:
            return limit
    if spec.get("optional"):
        total += _count_fields(rest, move, limit)
    return min(total, limit)


def enumerate_moves(choices: Mapping[str, Any], limit: int = 10_000) -> Iterator[dict[str, Any]]:
    """Every move `choices` can build (unordered subsets once, in the order they are offered),
    at most `limit` of them."""
    from itertools import combinations, permutations

    produced = 0

    def fill(fields: Sequence[Mapping[str, Any]], move: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if not fields:
            yield dict(move)
            return
        field, rest = fields[0], fields[1:]
        spec = _resolve(field, move)
        kind = _kind(spec)
        options: list[tuple[bool, Any]] = []
        if kind == "absent":
            options = [(False, None)]
        else:
            if spec.get("optional"):
                options.append((False, None))
            if kind == "const":
                options.append((True, spec["const"]))
            elif kind == "one_of":
                options += [(True, v) for v in spec["one_of"]]
            else:
                pool = list(spec["subset_of"])
                low, high = spec.get("min", 0), min(spec.get("max", len(pool)), len(pool))
                pick = permutations if spec.get("ordered") else combinations
                seen = set()
                for k in range(low, high + 1):
                    for combo in pick(pool, k):
                        sig = tuple(combo) if spec.get("ordered") else tuple(sorted(map(_key, combo)))
                        if sig not in seen:
                            seen.add(sig)
                            options.append((True, list(combo)))
        for present, value in options:
            if present:
                move[field["name"]] = value
            yield from fill(rest, move)
            move.pop(field["name"], None)

    for entry in choices.get("moves", []):
        for move in fill(entry.get("fields", []), {"type": entry["type"]}):
            yield move
            produced += 1
            if produced >= limit:
                return


def of_moves(moves: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Choices that offer exactly `moves` (one entry each): what a game whose move space is small
    enough to list returns, and what the runtime offers for a game without `choices`."""
    return {"moves": [{"type": m["type"], "fields": [{"name": k, "const": v} for k, v in m.items() if k != "type"]}
                      for m in moves]}


def canonical(move: Mapping[str, Any], choices: Mapping[str, Any]) -> dict[str, Any]:
    """`move` with the lists of unordered fields sorted and empty optional fields dropped, so
    that two moves that differ only there compare equal."""
    out = dict(move)
    for entry in choices.get("moves", []):
        if entry.get("type") != move.get("type"):
            continue
        for field in entry.get("fields", []):
            spec = _resolve(field, move)
            if "subset_of" in spec and not spec.get("ordered") and isinstance(out.get(field["name"]), list):
                out[field["name"]] = sorted(out[field["name"]], key=_key)
        break
    return out

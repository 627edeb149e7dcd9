"""The leaves of the deck service's transparency log.

Each leaf is the canonical JSON of one record: UTF-8, keys sorted, no
whitespace, non-ASCII escaped as \\uXXXX (so every leaf is ASCII). Three kinds:

    commitment  {"type":"commitment","algorithm","game_id","game","players","commitment"}
    shuffle     {"type":"shuffle","algorithm","game_id","deck","k","input_sha256","output_sha256"}
    reveal      {"type":"reveal","algorithm","game_id","commitment","server_seed"}

Hashes and seeds are lowercase hex; the card-list hashes are
foodgames-shuffle-v1's card_list_sha256. docs/audit.md is the normative text.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any, Sequence, Union

from services.deck.shuffle import ALGORITHM, card_list_sha256, commitment as commit_to

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class RecordError(ValueError):
    """Leaf bytes that are not a well-formed record."""


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def _hex64(value: str, what: str) -> str:
    if not isinstance(value, str) or not _HEX64.match(value):
        raise RecordError(f"{what} must be 64 lowercase hex digits")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise RecordError(f"{what} must be a non-empty string")
    return value


@dataclass(frozen=True)
class CommitmentRecord:
    """Logged when a game starts, before any client seed or shuffle."""

    game_id: str
    game: str
    players: tuple[str, ...]
    commitment: str
    algorithm: str = ALGORITHM
    type: str = "commitment"

    def __post_init__(self) -> None:
        _text(self.game_id, "game_id")
        _text(self.game, "game")
        _hex64(self.commitment, "commitment")
        object.__setattr__(self, "players", tuple(self.players))
        if not all(isinstance(p, str) for p in self.players):
            raise RecordError("players must be strings")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["players"] = list(self.players)
        return d

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


@dataclass(frozen=True)
class ShuffleRecord:
    """Logged for every shuffle: which one it was and hashes of its input and output."""

    game_id: str
    deck: str
    k: int
    input_sha256: str
    output_sha256: str
    algorithm: str = ALGORITHM
    type: str = "shuffle"

    def __post_init__(self) -> None:
        _text(self.game_id, "game_id")
        _text(self.deck, "deck")
        if not isinstance(self.k, int) or isinstance(self.k, bool) or self.k < 0:
            raise RecordError("k must be an integer >= 0")
        _hex64(self.input_sha256, "input_sha256")
        _hex64(self.output_sha256, "output_sha256")

    @classmethod
    def of(cls, game_id: str, deck: str, k: int, cards: Sequence[str],
           order: Sequence[str]) -> "ShuffleRecord":
        return cls(game_id, deck, k, card_list_sha256(cards), card_list_sha256(order))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


@dataclass(frozen=True)
class RevealRecord:
    """Logged when a game ends: the server seed, now public."""

    game_id: str
    commitment: str
    server_seed: str
    algorithm: str = ALGORITHM
    type: str = "reveal"

    def __post_init__(self) -> None:
        _text(self.game_id, "game_id")
        _hex64(self.commitment, "commitment")
        _hex64(self.server_seed, "server_seed")

    @classmethod
    def of(cls, game_id: str, server_seed: bytes) -> "RevealRecord":
        return cls(game_id, commit_to(server_seed), server_seed.hex())

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


Record = Union[CommitmentRecord, ShuffleRecord, RevealRecord]
_KINDS: dict[str, type] = {"commitment": CommitmentRecord, "shuffle": ShuffleRecord,
                           "reveal": RevealRecord}


def decode_record(leaf: bytes) -> Record:
    """The record of a leaf; the leaf must be exactly the record's canonical bytes."""
    try:
        value = json.loads(leaf.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise RecordError("a leaf is canonical ASCII JSON") from None
    if not isinstance(value, dict) or value.get("type") not in _KINDS:
        raise RecordError("a leaf is a JSON object with type commitment, shuffle or reveal")
    cls = _KINDS[value["type"]]
    expected = set(cls.__dataclass_fields__)
    if set(value) != expected:
        raise RecordError(f"a {value['type']} record has exactly the fields {sorted(expected)}")
    try:
        record = cls(**value)
    except TypeError as exc:
        raise RecordError(str(exc)) from None
    if record.to_bytes() != leaf:
        raise RecordError("the leaf is not in canonical form")
    return record

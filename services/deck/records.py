"""The leaves of the deck service's transparency log.

Each leaf is the canonical JSON of one record: UTF-8, keys sorted, no
whitespace, non-ASCII escaped as \\uXXXX (so every leaf is ASCII). Three kinds:

    commitment  {"type":"commitment","algorithm","game_id","game","players","commitment"}
    shuffle v1  {"type":"shuffle","algorithm":"foodgames-shuffle-v1","game_id","deck","k",
                 "input_sha256","output_sha256"}
    shuffle v2  {"type":"shuffle","algorithm":"foodgames-shuffle-v2","game_id","deck","k",
                 "input_commit","output_commit"}
    reveal      {"type":"reveal","algorithm","game_id","commitment","server_seed"}

Hashes, commitments and seeds are lowercase hex; v1's card-list hashes are
card_list_sha256 (plain, so guessable for small or known decks), v2's are
card_list_commit, HMACs keyed with the shuffle seed (secret until the reveal).
Every record of a game names the algorithm of its commitment record.
docs/audit.md is the normative text.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any, Sequence, Union

from services.deck.shuffle import (ALGORITHM, ALGORITHMS, V1, V2, card_list_sha256, input_commit,
                                   output_commit)
from services.deck.shuffle import commitment as commit_to

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


def _algorithm(value: Any, allowed: tuple[str, ...] = ALGORITHMS) -> str:
    if value not in allowed:
        raise RecordError(f"algorithm {value!r} is not one of {', '.join(allowed)}")
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
        _algorithm(self.algorithm)
        object.__setattr__(self, "players", tuple(self.players))
        if not all(isinstance(p, str) for p in self.players):
            raise RecordError("players must be strings")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["players"] = list(self.players)
        return d

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


def _check_k(k: Any) -> None:
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise RecordError("k must be an integer >= 0")


@dataclass(frozen=True)
class ShuffleRecord:
    """foodgames-shuffle-v1, logged for every shuffle of a v1 game: which one it was
    and plain hashes of its input and output. Kept so that v1 logs still read; new
    games log SaltedShuffleRecord (a plain hash of a small deck's order gives the
    order away to anyone who tries every order)."""

    game_id: str
    deck: str
    k: int
    input_sha256: str
    output_sha256: str
    algorithm: str = V1
    type: str = "shuffle"

    def __post_init__(self) -> None:
        _text(self.game_id, "game_id")
        _text(self.deck, "deck")
        _check_k(self.k)
        _hex64(self.input_sha256, "input_sha256")
        _hex64(self.output_sha256, "output_sha256")
        _algorithm(self.algorithm, (V1,))

    @classmethod
    def of(cls, game_id: str, deck: str, k: int, cards: Sequence[str],
           order: Sequence[str]) -> "ShuffleRecord":
        return cls(game_id, deck, k, card_list_sha256(cards), card_list_sha256(order))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


@dataclass(frozen=True)
class SaltedShuffleRecord:
    """foodgames-shuffle-v2, logged for every shuffle of a v2 game: which one it was
    and commitments to its input and output keyed with the shuffle's seed, which
    nobody outside the deck knows until the server seed is revealed."""

    game_id: str
    deck: str
    k: int
    input_commit: str
    output_commit: str
    algorithm: str = V2
    type: str = "shuffle"

    def __post_init__(self) -> None:
        _text(self.game_id, "game_id")
        _text(self.deck, "deck")
        _check_k(self.k)
        _hex64(self.input_commit, "input_commit")
        _hex64(self.output_commit, "output_commit")
        _algorithm(self.algorithm, (V2,))

    @classmethod
    def of(cls, game_id: str, deck: str, k: int, cards: Sequence[str], order: Sequence[str],
           shuffle_seed: bytes) -> SaltedShuffleRecord:
        return cls(game_id, deck, k, input_commit(shuffle_seed, cards),
                   output_commit(shuffle_seed, order))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


AnyShuffleRecord = ShuffleRecord | SaltedShuffleRecord
SHUFFLE_RECORDS = (ShuffleRecord, SaltedShuffleRecord)


def shuffle_record(algorithm: str, game_id: str, deck: str, k: int, cards: Sequence[str],
                   order: Sequence[str], shuffle_seed: bytes) -> AnyShuffleRecord:
    """The shuffle record of `algorithm` (the game's, from its commitment record)."""
    if algorithm == V1:
        return ShuffleRecord.of(game_id, deck, k, cards, order)
    if algorithm == V2:
        return SaltedShuffleRecord.of(game_id, deck, k, cards, order, shuffle_seed)
    raise RecordError(f"no shuffle record for algorithm {algorithm!r}")


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
        _algorithm(self.algorithm)

    @classmethod
    def of(cls, game_id: str, server_seed: bytes, algorithm: str = ALGORITHM) -> "RevealRecord":
        return cls(game_id, commit_to(server_seed), server_seed.hex(), algorithm)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_dict())


Record = Union[CommitmentRecord, ShuffleRecord, SaltedShuffleRecord, RevealRecord]
_KINDS: dict[str, type] = {"commitment": CommitmentRecord, "shuffle": ShuffleRecord,
                           "reveal": RevealRecord}
_SHUFFLE_KINDS: dict[str, type] = {V1: ShuffleRecord, V2: SaltedShuffleRecord}


def decode_record(leaf: bytes) -> Record:
    """The record of a leaf; the leaf must be exactly the record's canonical bytes."""
    try:
        value = json.loads(leaf.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise RecordError("a leaf is canonical ASCII JSON") from None
    if not isinstance(value, dict) or value.get("type") not in _KINDS:
        raise RecordError("a leaf is a JSON object with type commitment, shuffle or reveal")
    cls = _KINDS[value["type"]]
    if cls is ShuffleRecord:
        algorithm = value.get("algorithm")
        cls = _SHUFFLE_KINDS.get(algorithm) if isinstance(algorithm, str) else None
        if cls is None:
            raise RecordError(f"a shuffle record of unknown algorithm {value.get('algorithm')!r}")
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

"""Builds the audit bundle of one game: everything an operator needs to re-derive
and check every shuffle offline (docs/audit.md is the normative format; the
verifier is apps/audit/verifier.py).

The deck service collects the pieces (its seeds, its log, a signed checkpoint)
and calls `build_bundle`; this module only assembles them and refuses pieces
that do not fit together, so a broken bundle is never handed out.
"""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from services.deck.checkpoint import Checkpoint, split_note
from services.deck.merkle import TransparencyLog
from services.deck.records import (CommitmentRecord, RecordError, RevealRecord, decode_record,
                                   shuffle_record)
from services.deck.shuffle import V1, commitment, derive_shuffle_seed

BUNDLE_FORMAT_V1 = "foodgames-audit-bundle-v1"  # the game's events only
BUNDLE_FORMAT = "foodgames-audit-bundle-v2"  # ... and its commands: each one's move, seat and version


class BundleError(ValueError):
    """The pieces handed to build_bundle do not describe one consistent game."""


@dataclass(frozen=True)
class ClientSeed:
    seat: int
    player: str
    seed: bytes


@dataclass(frozen=True)
class ShuffleEntry:
    """One shuffle of the game as the deck service logged it."""

    deck: str
    k: int
    cards: tuple[str, ...]
    order: tuple[str, ...]
    log_index: int


def build_bundle(*, game_id: str, game: str, server_seed: bytes,
                 client_seeds: Sequence[ClientSeed], commitment_index: int,
                 shuffles: Sequence[ShuffleEntry], reveal_index: int,
                 events: Sequence[Mapping[str, Any]], log: TransparencyLog,
                 checkpoint_note: str, public_key: str,
                 commands: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The audit bundle as a JSON-able dict. With `commands` (the game's stored commands in
    order: `command_id`, `version`, and `move` ({"seat", "move"}) or None; see `command_rows`)
    it is a foodgames-audit-bundle-v2 that carries them, so the verifier can replay the whole
    record; without, the v1 bundle of before. `checkpoint_note` is a signed
    checkpoint of `log` (at any size covering the game's entries) and
    `public_key` the verifier key that signed it. The bundle's algorithm is the
    one the game's commitment record names (v1 games stay v1)."""
    body, _ = split_note(checkpoint_note)
    checkpoint = Checkpoint.from_body(body)
    size = checkpoint.size
    if size > log.size or log.root(size) != checkpoint.root_hash:
        raise BundleError("the checkpoint is not a state of this log")

    seats = [c.seat for c in client_seeds]
    if len(set(seats)) != len(seats):
        raise BundleError("a seat has two client seeds")

    def leaf_record(index: int, what: str):
        if not 0 <= index < size:
            raise BundleError(f"the {what} at log index {index} is not covered by the checkpoint "
                              f"of size {size}")
        try:
            return decode_record(log.leaf(index))
        except RecordError as exc:
            raise BundleError(f"log index {index} is not a record of a game: {exc}") from None

    expected_commitment = commitment(server_seed)
    rec = leaf_record(commitment_index, "commitment")
    if not (isinstance(rec, CommitmentRecord) and rec.game_id == game_id
            and rec.commitment == expected_commitment):
        raise BundleError(f"log index {commitment_index} is not this game's commitment")
    algorithm = rec.algorithm
    seeds = [(c.seat, c.seed) for c in client_seeds]

    shuffle_rows = []
    for entry in sorted(shuffles, key=lambda s: s.log_index):
        rec = leaf_record(entry.log_index, "shuffle")
        shuffle_seed = derive_shuffle_seed(server_seed, seeds, game_id, entry.deck, entry.k, algorithm)
        expected = shuffle_record(algorithm, game_id, entry.deck, entry.k, entry.cards, entry.order,
                                  shuffle_seed)
        if rec != expected:
            raise BundleError(f"log index {entry.log_index} is not the record of shuffle "
                              f"{entry.deck}#{entry.k}")
        row = {"deck": entry.deck, "k": entry.k, "cards": list(entry.cards),
               "order": list(entry.order), "log_index": entry.log_index}
        if algorithm == V1:
            row.update(input_sha256=expected.input_sha256, output_sha256=expected.output_sha256)
        else:
            row.update(input_commit=expected.input_commit, output_commit=expected.output_commit)
        shuffle_rows.append(row)

    rec = leaf_record(reveal_index, "reveal")
    if rec != RevealRecord.of(game_id, server_seed, algorithm):
        raise BundleError(f"log index {reveal_index} is not this game's reveal")

    indices = sorted({commitment_index, reveal_index, *(s.log_index for s in shuffles)})
    entries = [{
        "index": i,
        "leaf": base64.b64encode(log.leaf(i)).decode("ascii"),
        "inclusion_proof": [h.hex() for h in log.inclusion_proof(i, size)],
    } for i in indices]

    bundle = {
        "format": BUNDLE_FORMAT if commands is not None else BUNDLE_FORMAT_V1,
        "game_id": game_id,
        "game": game,
        "algorithm": algorithm,
        "commitment": {"sha256": expected_commitment, "log_index": commitment_index},
        "server_seed": server_seed.hex(),
        "client_seeds": [{"seat": c.seat, "player": c.player, "seed": c.seed.hex()}
                         for c in sorted(client_seeds, key=lambda c: c.seat)],
        "shuffles": shuffle_rows,
        "events": [{"type": e["type"], "schema_version": e["schema_version"], "data": e["data"]}
                   for e in events],
        "reveal": {"log_index": reveal_index},
        "log": {
            "checkpoint": checkpoint_note,
            "public_key": public_key,
            "entries": entries,
        },
    }
    if commands is not None:
        rows = [dict(c) for c in commands]
        versions = [c.get("version") for c in rows]
        if versions != sorted(versions) or (rows and versions[-1] != len(events)):
            raise BundleError("the commands do not cover the game's events in order")
        bundle["commands"] = rows
    return bundle


def command_rows(commands) -> list[dict[str, Any]]:
    """The bundle's `commands` from the event store's RecordedCommands: the command id, the
    game's version after it, and the move it carried (omitted when the body held none)."""
    rows = []
    for c in commands:
        row: dict[str, Any] = {"command_id": c.command_id, "version": c.version}
        if c.move is not None:
            row["move"] = {"seat": c.move["seat"], "move": dict(c.move["move"])}
        rows.append(row)
    return rows


def bundle_json(bundle: Mapping[str, Any]) -> str:
    """The bundle as the JSON text ExportAuditBundle returns (stable key order)."""
    return json.dumps(bundle, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

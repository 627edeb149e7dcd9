"""The deck's transparency log in memory: `LogIndex`, the Merkle tree of every
leaf and where each game's records are, kept up with the log stream
(services/deck/store.py), which is the truth.

Every log append goes through `DeckLog.append_once`: catch up with the stream,
return the existing leaf if the record is there already (a retry, or another
replica was first), else append with the expected last sequence.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable

from services.deck.merkle import TransparencyLog
from services.deck.records import (SHUFFLE_RECORDS, AnyShuffleRecord, CommitmentRecord, RecordError,
                                   RevealRecord, decode_record)
from services.deck.store import LogConflict, LogStore
from shared import telemetry
from shared.errors import Unavailable

log = telemetry.get_logger("deck")

APPEND_RETRIES = 50


@dataclass
class LogIndex:
    """The Merkle tree of every leaf and, per game, where its records are."""

    tree: TransparencyLog = field(default_factory=TransparencyLog)
    commitments: dict[str, tuple[int, CommitmentRecord]] = field(default_factory=dict)
    shuffles: dict[tuple[str, str, int], tuple[int, AnyShuffleRecord]] = field(default_factory=dict)
    reveals: dict[str, tuple[int, RevealRecord]] = field(default_factory=dict)
    game_shuffles: dict[str, list[tuple[int, AnyShuffleRecord]]] = field(default_factory=dict)

    def ingest(self, leaf: bytes) -> int:
        index = self.tree.append(leaf)
        try:
            record = decode_record(leaf)
        except RecordError:
            log.warning("a log leaf is not a record; kept in the tree, ignored", log_index=index)
            return index
        if isinstance(record, CommitmentRecord):
            self.commitments.setdefault(record.game_id, (index, record))
        elif isinstance(record, SHUFFLE_RECORDS):
            key = (record.game_id, record.deck, record.k)
            if key not in self.shuffles:
                self.shuffles[key] = (index, record)
                self.game_shuffles.setdefault(record.game_id, []).append((index, record))
        elif isinstance(record, RevealRecord):
            self.reveals.setdefault(record.game_id, (index, record))
        return index

    def lookup(self, key: tuple) -> tuple[int, Any] | None:
        kind = key[0]
        if kind == "commitment":
            return self.commitments.get(key[1])
        if kind == "shuffle":
            return self.shuffles.get(key[1:])
        if kind == "reveal":
            return self.reveals.get(key[1])
        raise ValueError(kind)

    def shuffles_of(self, game_id: str, deck: str | None = None) -> list[tuple[int, AnyShuffleRecord]]:
        found = self.game_shuffles.get(game_id, [])  # in log order
        return [v for v in found if deck is None or v[1].deck == deck]


class DeckLog:
    """The transparency log: the stream is the truth, `index` its in-memory copy."""

    def __init__(self, store: LogStore):
        self.store = store
        self.index = LogIndex()
        self._lock = asyncio.Lock()

    @property
    def tree(self) -> TransparencyLog:
        return self.index.tree

    async def catch_up(self) -> int:
        async with self._lock:
            return await self._catch_up()

    async def _catch_up(self) -> int:
        last = await self.store.last_seq()
        size = self.index.tree.size
        if last < size:
            raise RuntimeError(f"the log stream has {last} leaves but this deck has seen {size}: "
                               f"the stream was replaced; refusing to go on")
        if last > size:
            for leaf in await self.store.read(size + 1, last):
                self.index.ingest(leaf)
        return self.index.tree.size

    async def append_once(self, key: tuple, leaf: bytes,
                          check: Callable[[LogIndex], None] | None = None) -> tuple[int, bytes, bool]:
        """(index, leaf at that index, appended now). The leaf found under `key`
        is returned as it is when the record exists already. `check` runs on the
        caught-up index just before appending and may raise to refuse."""
        async with self._lock:
            for _ in range(APPEND_RETRIES):
                await self._catch_up()
                found = self.index.lookup(key)
                if found is not None:
                    return found[0], self.index.tree.leaf(found[0]), False
                if check is not None:
                    check(self.index)
                size = self.index.tree.size
                try:
                    seq = await self.store.append(leaf, size)
                except LogConflict:
                    continue  # another replica appended: reload and look again
                if seq == size + 1:
                    self.index.ingest(leaf)
                else:  # cannot happen with the expected last sequence; reload anyway
                    await self._catch_up()
                return seq - 1, leaf, True
            raise Unavailable("the deck log kept changing under this append; try again")

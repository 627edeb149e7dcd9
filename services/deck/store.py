"""Where the deck service keeps its state: NATS JetStream, nothing else.

* The transparency log: stream DECKLOG (file storage, no deletes, no purges, no
  limits), one message per leaf on subject `decklog.leaf`; leaf i is stream
  sequence i + 1. Every append carries `Nats-Expected-Last-Sequence: <size>`,
  so two deck replicas cannot both append at one position: the loser reloads
  and tries again. Nothing is ever rewritten.
* The game state that is not public (yet): KV bucket DECK_SEEDS (file storage),
  one JSON document per key:
      game.<game_id>                   {game, players, committed_at, sealed_seed}
                                       immutable; the server seed sealed with
                                       AES-256-GCM (services/deck/keys.py)
      seeds.<game_id>                  {seeds: {"<seat>": hex}, frozen, frozen_at, frozen_by}
                                       changed only by compare-and-set
      shuffle.<game_id>.<hex(deck)>.<k> {cards}  the card list of one shuffle
                                       (the order is re-derived, never stored here)

Names can be changed with FOODGAMES_DECK_LOG_STREAM and FOODGAMES_DECK_BUCKET
(tests run several independent decks on one NATS).
"""
from __future__ import annotations

import asyncio
import json
import os
import time
from dataclasses import dataclass
from typing import Any, Mapping

from nats.js import api
from nats.js.errors import APIError, KeyNotFoundError, KeyWrongLastSequenceError

from shared.errors import Unavailable
from shared.eventstore.jetstream import WRONG_LAST_SEQUENCE
from shared.eventstore.streams import ensure_bucket, ensure_stream

RACE_WAIT_S = 5.0  # a create racing another is refused before the other shows: how long it is looked for

LEAF_INDEX_HEADER = "Foodgames-Leaf-Index"
BATCH = 1000


class LogConflict(Exception):
    """Someone else appended first: the expected last sequence did not hold."""


class LogCorrupt(RuntimeError):
    """The log stream is not a gap-free sequence of leaves from sequence 1."""


@dataclass(frozen=True)
class DeckNames:
    log_stream: str = "DECKLOG"
    bucket: str = "DECK_SEEDS"

    @property
    def log_subject(self) -> str:
        return f"{self.log_stream.lower()}.leaf"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "DeckNames":
        env = os.environ if env is None else env
        return cls(env.get("FOODGAMES_DECK_LOG_STREAM") or cls.log_stream,
                   env.get("FOODGAMES_DECK_BUCKET") or cls.bucket)


def log_stream_config(names: DeckNames, replicas: int = 1) -> api.StreamConfig:
    return api.StreamConfig(
        name=names.log_stream, subjects=[names.log_subject], storage=api.StorageType.FILE,
        retention=api.RetentionPolicy.LIMITS, max_msgs=-1, max_bytes=-1, max_age=0,
        max_msgs_per_subject=-1, num_replicas=replicas, deny_delete=True, deny_purge=True,
        allow_direct=True, discard=api.DiscardPolicy.NEW,
        description="foodgames deck transparency log: one message per leaf, append-only")


class LogStore:
    """The leaves of the transparency log in a JetStream stream."""

    def __init__(self, nc, names: DeckNames, replicas: int = 1, timeout: float = 5.0):
        self.nc = nc
        self.js = nc.jetstream(timeout=timeout)
        self.names = names
        self.replicas = replicas
        self.timeout = timeout

    async def ensure(self) -> None:
        await ensure_stream(self.js, log_stream_config(self.names, self.replicas))

    async def last_seq(self) -> int:
        info = await self.js.stream_info(self.names.log_stream)
        if info.state.messages and info.state.first_seq != 1:
            raise LogCorrupt(f"stream {self.names.log_stream} does not start at sequence 1")
        if info.state.messages != info.state.last_seq:
            raise LogCorrupt(f"stream {self.names.log_stream} has gaps: {info.state.messages} messages "
                             f"up to sequence {info.state.last_seq}")
        return info.state.last_seq

    async def read(self, first: int, last: int) -> list[bytes]:
        """The leaves at stream sequences first..last (inclusive), in order."""
        out: list[bytes] = []
        seq = first
        while seq <= last:
            batch = await self._direct_batch(seq, min(BATCH, last - seq + 1))
            for got_seq, data in batch:
                if got_seq != seq:
                    raise LogCorrupt(f"expected leaf at sequence {seq}, got {got_seq}")
                out.append(data)
                seq += 1
            if not batch:  # a lagging replica answered: ask the leader, one by one
                msg = await self.js.get_msg(self.names.log_stream, seq=seq)
                out.append(msg.data or b"")
                seq += 1
        return out

    async def _direct_batch(self, seq: int, batch: int) -> list[tuple[int, bytes]]:
        inbox = self.nc.new_inbox()
        sub = await self.nc.subscribe(inbox)
        out: list[tuple[int, bytes]] = []
        try:
            request = json.dumps({"seq": seq, "next_by_subj": self.names.log_subject, "batch": batch}).encode()
            await self.nc.publish(f"$JS.API.DIRECT.GET.{self.names.log_stream}", request, reply=inbox)
            while True:
                msg = await sub.next_msg(timeout=self.timeout)
                status = (msg.headers or {}).get("Status")
                if status in ("404", "204", "503"):  # 503: no copy answers direct gets yet
                    break
                if status:
                    raise RuntimeError(f"reading the deck log failed: {status} "
                                       f"{(msg.headers or {}).get('Description', '')}")
                out.append((int(msg.headers["Nats-Sequence"]), msg.data))
                if len(out) >= batch:
                    continue  # the server ends a full batch with an end-of-batch status
        finally:
            await sub.unsubscribe()
        return out

    async def append(self, leaf: bytes, expected_last_seq: int) -> int:
        """Appends one leaf when the stream's last sequence is `expected_last_seq`;
        returns its sequence. Raises LogConflict when another writer was first."""
        headers = {"Nats-Expected-Last-Sequence": str(expected_last_seq),
                   LEAF_INDEX_HEADER: str(expected_last_seq)}
        try:
            ack = await self.js.publish(self.names.log_subject, leaf, stream=self.names.log_stream,
                                        headers=headers)
        except APIError as exc:
            if exc.err_code in WRONG_LAST_SEQUENCE:
                raise LogConflict(str(exc)) from None
            raise
        return ack.seq


class SecretStore:
    """JSON documents in the deck's KV bucket, with create-only and compare-and-set writes."""

    def __init__(self, nc, names: DeckNames, replicas: int = 1, timeout: float = 5.0):
        self.js = nc.jetstream(timeout=timeout)
        self.names = names
        self.replicas = replicas
        self.kv = None

    @property
    def stream(self) -> str:
        return f"KV_{self.names.bucket}"

    async def ensure(self) -> None:
        self.kv = await ensure_bucket(self.js, api.KeyValueConfig(
            bucket=self.names.bucket, history=1, storage=api.StorageType.FILE, replicas=self.replicas,
            description="foodgames deck: sealed server seeds, client seeds, shuffle inputs"))

    async def get(self, key: str) -> tuple[dict[str, Any], int] | None:
        try:
            entry = await self.kv.get(key)
        except KeyNotFoundError:
            return None
        return json.loads(entry.value), entry.revision

    async def create(self, key: str, value: Mapping[str, Any]) -> int | None:
        """Writes `value` if `key` does not exist; its revision, or None when it existed."""
        try:
            return await self.kv.create(key, _encode(value))
        except KeyWrongLastSequenceError:
            return None
        except KeyNotFoundError:
            # refused as existing, then not found by nats-py's own look (is it a deleted key?): on
            # a cluster the leader refuses a create that races another one still being agreed on
            # (10164), which it does not show yet; the other create is the one that counts
            return None

    async def create_or_get(self, key: str, value: Mapping[str, Any]) -> dict[str, Any]:
        """The document at `key`: `value` if this create was first, else the one that was. On a
        cluster a create refused for racing another still being agreed on finds nothing for a
        moment: it is looked for again (RACE_WAIT_S at most, then UNAVAILABLE)."""
        deadline = time.monotonic() + RACE_WAIT_S
        pause = 0.005
        while True:
            if await self.create(key, value) is not None:
                return dict(value)
            got = await self.get(key)
            if got is not None:
                return got[0]
            if time.monotonic() > deadline:
                raise Unavailable(f"the deck's store neither took nor showed {key.split('.', 1)[0]} "
                                  f"within {RACE_WAIT_S:g} s; try again")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.2)

    async def update(self, key: str, value: Mapping[str, Any], revision: int) -> int | None:
        """Writes `value` if `key` is still at `revision`; the new revision, or None."""
        try:
            return await self.kv.update(key, _encode(value), last=revision)
        except KeyWrongLastSequenceError:
            return None


def _encode(value: Mapping[str, Any]) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


def game_key(game_id: str) -> str:
    return f"game.{game_id}"


def seeds_key(game_id: str) -> str:
    return f"seeds.{game_id}"


def shuffle_key(game_id: str, deck: str, k: int) -> str:
    return f"shuffle.{game_id}.{deck.encode('utf-8').hex()}.{k}"

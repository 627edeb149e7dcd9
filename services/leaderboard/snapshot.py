"""What a batch of games is rated from: the Redis state they read, fetched in one pipeline,
and kept up to date with each game's writes as the batch is computed.

A batch is rated in stream order before anything is written, so the second game of a player
in one batch must see the rating its first game gives. Rather than a second copy of what a
game changes, the snapshot applies the very writes the script will make (its `ops`): what a
later game of the batch reads is what Redis will hold by then. The script still checks each
player's `games` against what the rating was computed from, so a snapshot gone stale (another
writer) is refused, never written.

Keys are relative to a generation's prefix (boards.prefix).
"""
from __future__ import annotations

from typing import Any


def _text(value: Any) -> Any:
    return value.decode() if isinstance(value, bytes) else value


class Snapshot:
    def __init__(self) -> None:
        self._hash_keys: dict[str, None] = {}  # dicts as ordered sets
        self._score_keys: dict[tuple[str, str], None] = {}
        self._done_fields: dict[str, None] = {}
        self.hashes: dict[str, dict[str, str]] = {}
        self.scores: dict[tuple[str, str], float | None] = {}
        self.done: dict[str, str | None] = {}  # ledger field -> the stored result JSON
        self.live_gen: int | None = None  # lb:gen as read with the rest (read(..., gen_key=...))

    def want_hash(self, key: str) -> None:
        self._hash_keys[key] = None

    def want_score(self, key: str, member: str) -> None:
        self._score_keys[(key, member)] = None

    def want_done(self, field: str) -> None:
        self._done_fields[field] = None

    async def read(self, redis, prefix: str, gen_key: str | None = None) -> None:
        """Everything wanted, in one round trip (and the live generation when `gen_key`)."""
        hashes, scores, fields = list(self._hash_keys), list(self._score_keys), list(self._done_fields)
        async with redis.pipeline(transaction=False) as pipe:
            if gen_key:
                pipe.get(gen_key)
            for key in hashes:
                pipe.hgetall(prefix + key)
            for key, member in scores:
                pipe.zscore(prefix + key, member)
            for field in fields:
                pipe.hget(prefix + "done", field)
            out = await pipe.execute()
        if gen_key:
            gen, out = out[0], out[1:]
            self.live_gen = int(gen) if gen else 1
        n, k = len(hashes), len(scores)
        self.hashes = {key: {_text(f): _text(v) for f, v in h.items()} for key, h in zip(hashes, out[:n])}
        self.scores = dict(zip(scores, out[n:n + k]))
        self.done = {field: _text(v) for field, v in zip(fields, out[n + k:])}

    def hash(self, key: str) -> dict[str, str]:
        return self.hashes[key]

    def score(self, key: str, member: str) -> float | None:
        return self.scores[(key, member)]

    def apply(self, ops: dict, field: str, ledger_json: str) -> None:
        """One game's writes, as the script makes them (boards.APPLY_LUA): hashes and board
        scores; history and season sets are never read back by a game."""
        for key, *pairs in ops["hashes"]:
            h = self.hashes.setdefault(key, {})
            for i in range(0, len(pairs), 2):
                h[pairs[i]] = pairs[i + 1]
        for key, score, member in ops["zadds"]:
            self.scores[(key, member)] = float(score)
        self.done[field] = ledger_json

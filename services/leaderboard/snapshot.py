"""What a batch of games is rated from: the Redis state they read, fetched in one pipeline,
and kept up to date with each game's writes as the batch is computed.

A batch is rated in stream order before anything is written, so the second game of a player
in one batch must see the rating its first game gives. Rather than a second copy of what a
game changes, the snapshot applies the very writes the script will make (its `ops`): what a
later game of the batch reads is what Redis will hold by then. The script still checks each
player's `games` against what the rating was computed from, so a snapshot gone stale (another
writer) is refused, never written.

Keys are relative to a generation's prefix (keys.prefix).
"""
from __future__ import annotations

import orjson

# One reply for the whole read, as one JSON string (a reply of thousands of values costs the
# client far more to parse, value by value, than one string). A missing value is false.
READ_LUA = r"""
-- ARGV[1] generation prefix, ARGV[2] "1": also lb:gen, ARGV[3] JSON {hashes=[key],
-- scores=[[key,member]], done=[ledger field]}
local p = ARGV[1]
local want = cjson.decode(ARGV[3])
local gen = false
if ARGV[2] == '1' then gen = redis.call('GET', 'lb:gen') end
local hashes, scores, done = {}, {}, {}
for i, key in ipairs(want.hashes) do hashes[i] = redis.call('HGETALL', p .. key) end
for i, z in ipairs(want.scores) do scores[i] = redis.call('ZSCORE', p .. z[1], z[2]) end
for i, field in ipairs(want.done) do done[i] = redis.call('HGET', p .. 'done', field) end
return cjson.encode({gen, hashes, scores, done})
"""


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

    async def read(self, script, prefix: str, with_gen: bool = False) -> None:
        """Everything wanted, in one round trip (`script`: READ_LUA registered on the client),
        and the live generation when `with_gen`."""
        hashes, scores, fields = list(self._hash_keys), list(self._score_keys), list(self._done_fields)
        raw = await script(args=[prefix, "1" if with_gen else "0",
                                 orjson.dumps({"hashes": hashes, "scores": scores, "done": fields})])
        gen, got_hashes, got_scores, got_done = orjson.loads(raw)
        if with_gen:
            self.live_gen = int(gen) if gen else 1
        # a flat HGETALL reply; cjson writes an empty one as {}
        self.hashes = {key: dict(zip(h[::2], h[1::2])) if h else {} for key, h in zip(hashes, got_hashes)}
        self.scores = {key: float(v) if v is not False else None for key, v in zip(scores, got_scores)}
        self.done = {field: v if v is not False else None for field, v in zip(fields, got_done)}

    def hash(self, key: str) -> dict[str, str]:
        return self.hashes[key]

    def score(self, key: str, member: str) -> float | None:
        return self.scores[(key, member)]

    def apply(self, ops: dict, field: str, ledger_json: str) -> None:
        """One game's writes, as the script makes them (scripts.APPLY_LUA): hashes and board
        scores; history and season sets are never read back by a game."""
        for key, *pairs in ops["hashes"]:
            h = self.hashes.setdefault(key, {})
            for i in range(0, len(pairs), 2):
                h[pairs[i]] = pairs[i + 1]
        for key, score, member in ops["zadds"]:
            self.scores[(key, member)] = float(score)
        self.done[field] = ledger_json

"""Private tables in Valkey (docs/friends.md): the table record and its atomic changes.

Key layout (prefix P, the matchmaker's, default "mm"):

  P:pt:<table_id>     string  the table as JSON (PrivateTable below); kept a day after it ends
  P:ptcode:<code>     string  table_id of an invite code; lives as long as the code works
  P:ptopen            zset    table ids of open public tables, scored by created_at
  P:ptlive:<player>   string  the open table the player sits at (one at a time)

Every change is read-check-write under WATCH of the table's key (optimistic: a change that
raced another is tried again on the fresh table), so two players taking the last seat at once
cannot both sit, and two replicas cannot both start a table.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable

import redis.asyncio as aioredis
from redis.exceptions import WatchError

OPEN, STARTING, STARTED, EXPIRED, CLOSED = "open", "starting", "started", "expired", "closed"
FINAL = (STARTED, EXPIRED, CLOSED)
FINAL_TTL_S = 24 * 3600
# Codes are read aloud and typed on phones: no 0/O, 1/I/L.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def join_link(code: str) -> str:
    return f"/#/join/{code}"


@dataclass(frozen=True)
class PrivateTable:
    table_id: str
    code: str
    game: str
    host: str
    seats: int
    players: tuple[str, ...]
    ranked: bool
    options: dict[str, Any]
    clock: tuple[int, int, str] | None  # (initial s, increment s, "bot" | "forfeit")
    spectators: bool
    public: bool
    fixed_seats: bool
    state: str
    created_at: float
    expires_at: float
    version: int = 1
    game_id: str = ""
    seat_draw_id: str = ""
    bot_level: str = ""
    rematch: tuple[str, ...] = ()
    rematch_table_id: str = ""
    rematch_of: str = ""
    draw_revealed: bool = False

    @property
    def free_seats(self) -> int:
        return max(0, self.seats - len(self.players))

    def lapsed(self, now: float) -> bool:
        return self.state == OPEN and now >= self.expires_at

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "PrivateTable":
        doc = json.loads(text)
        doc["players"] = tuple(doc["players"])
        doc["rematch"] = tuple(doc.get("rematch") or ())
        doc["clock"] = tuple(doc["clock"]) if doc.get("clock") else None
        return cls(**doc)


@dataclass
class Outcome:
    """What a change did: the table after it, and the keys it freed or took."""
    table: PrivateTable
    extra: dict[str, Any] = field(default_factory=dict)


class TableStore:
    def __init__(self, redis: aioredis.Redis, prefix: str = "mm"):
        self.redis = redis
        self.prefix = prefix

    @classmethod
    def from_url(cls, url: str, prefix: str = "mm") -> "TableStore":
        return cls(aioredis.Redis.from_url(url), prefix)

    def _key(self, table_id: str) -> str:
        return f"{self.prefix}:pt:{table_id}"

    def _code(self, code: str) -> str:
        return f"{self.prefix}:ptcode:{code}"

    def _live(self, player: str) -> str:
        return f"{self.prefix}:ptlive:{player}"

    @property
    def _open(self) -> str:
        return f"{self.prefix}:ptopen"

    async def get(self, table_id: str) -> PrivateTable | None:
        raw = await self.redis.get(self._key(table_id))
        return PrivateTable.from_json(raw) if raw else None

    async def by_code(self, code: str) -> PrivateTable | None:
        table_id = await self.redis.get(self._code(code))
        return await self.get(table_id.decode()) if table_id else None

    async def held_by(self, player: str) -> str | None:
        held = await self.redis.get(self._live(player))
        return held.decode() if held else None

    async def create(self, table: PrivateTable) -> bool:
        """Stores a new table; False when the host already sits at an open table."""
        async with self.redis.pipeline(transaction=True) as pipe:
            ttl = max(1, int(table.expires_at - table.created_at) + 60)
            ok = await self.redis.set(self._live(table.host), table.table_id, nx=True, ex=ttl)
            if not ok:
                return False
            pipe.set(self._key(table.table_id), table.to_json())
            pipe.set(self._code(table.code), table.table_id, ex=max(1, int(table.expires_at - table.created_at)))
            if table.public:
                pipe.zadd(self._open, {table.table_id: table.created_at})
            await pipe.execute()
        return True

    async def change(self, table_id: str, fn: Callable[[PrivateTable], PrivateTable | None],
                     players_taken: Callable[[PrivateTable, PrivateTable], tuple[str, ...]] = lambda a, b: ()
                     ) -> PrivateTable | None:
        """Applies `fn` (the old table -> the new, or None: leave it) atomically; the table after.
        A raising `fn` leaves the table as it was. The code, the lobby entry and the players' live
        keys follow the new state."""
        key = self._key(table_id)
        while True:
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    raw = await pipe.get(key)
                    if raw is None:
                        return None
                    old = PrivateTable.from_json(raw)
                    new = fn(old)
                    if new is None:
                        return old
                    new = replace(new, version=old.version + 1)
                    pipe.multi()
                    if new.state in FINAL:
                        pipe.set(key, new.to_json(), ex=FINAL_TTL_S)
                    else:
                        pipe.set(key, new.to_json())
                    if new.state != OPEN and old.state == OPEN:
                        pipe.delete(self._code(new.code))
                        pipe.zrem(self._open, table_id)
                        for p in old.players:
                            pipe.delete(self._live(p))
                    for p in set(old.players) - set(new.players):
                        if new.state == OPEN:  # a guest left: free to sit elsewhere
                            pipe.delete(self._live(p))
                    for p in set(new.players) - set(old.players):
                        if new.state == OPEN:
                            pipe.set(self._live(p), table_id, ex=max(1, int(new.expires_at - new.created_at) + 60))
                    await pipe.execute()
                    return new
                except WatchError:
                    continue

    async def open_public(self, limit: int = 200) -> list[PrivateTable]:
        ids = [i.decode() for i in await self.redis.zrange(self._open, 0, limit - 1)]
        if not ids:
            return []
        raws = await self.redis.mget([self._key(i) for i in ids])
        return [PrivateTable.from_json(r) for r in raws if r]

    async def close(self) -> None:
        await self.redis.aclose()

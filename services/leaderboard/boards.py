"""Ratings, leaderboards and the rated-game ledger in Redis: the Store, which writes rated
games and reads boards. What it stands on is kept apart, each part readable on its own: the
key layout (keys.py), the board scores (scores.py), the Lua scripts (scripts.py), what one
rated game writes (writes.py) and a board's entries (entries.py).

Games are written in batches (the consumer's: whatever one pull brought), in two round
trips: one pipeline reads everything the batch's games are rated from (snapshot.py), the
games are rated in order in Python, and one Lua script writes them in order. For each game
the script refuses it when it is already in the ledger, refuses stale reads (each player's
`games` must still be what the rating was computed from), and writes ratings, boards,
history, ledger and sequence together, so a game counts exactly once; it stops at the first
game it refuses, and the rest of the batch is read and rated again.
"""
from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass
from typing import Any, Sequence

import orjson
import redis.asyncio as aioredis

from services.leaderboard import seasons
from services.leaderboard.entries import Entry, board_entries, board_entry, rating_from_hash
from services.leaderboard.snapshot import READ_LUA, Snapshot
from services.leaderboard.ratings import GameOver, Rating, RatingConfig, at_time, rate_game
from services.leaderboard.keys import (BEST, GEN, LEDGER, RATING, SEQ, WINS, board_key, coop_key, history_key,
                                       prefix, rating_key, seasons_key)
from services.leaderboard.scripts import APPLY_LUA, BOARD_LUA, SWAP_LUA
from services.leaderboard.writes import by_key, game_ops, rated_from, stored_json, want_reads

HISTORY_LIMIT = 1000


@dataclass(frozen=True)
class Applied:
    status: str  # ok | dup
    ledger: dict


class Conflict(Exception):
    pass


class Store:
    def __init__(self, client: aioredis.Redis, config: RatingConfig | None = None,
                 season_policy: str = "weekly", history_limit: int = HISTORY_LIMIT):
        self.r = client
        self.config = config or RatingConfig()
        self.rate = self.config.make_rater()  # the rating update (wenglin.py)
        self.season_policy = seasons.validate(season_policy)
        self.history_limit = history_limit
        self._apply = client.register_script(APPLY_LUA)
        self._read = client.register_script(READ_LUA)
        self._board = client.register_script(BOARD_LUA)
        self._gen: int | None = None  # the live generation as last seen by a write
        self._swap = client.register_script(SWAP_LUA)

    @classmethod
    def from_url(cls, url: str, **kwargs) -> "Store":
        return cls(aioredis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2), **kwargs)

    async def close(self) -> None:
        await self.r.aclose()

    # ---- generations -------------------------------------------------------
    async def live_gen(self) -> int:
        v = await self.r.get(GEN)
        return int(v) if v else 1

    async def last_seq(self, gen: int | None = None) -> int:
        gen = gen or await self.live_gen()
        v = await self.r.get(prefix(gen) + SEQ)
        return int(v) if v else 0

    # ---- writes ------------------------------------------------------------
    async def record(self, go: GameOver, seq: int, gen: int | None = None, attempts: int = 20) -> Applied:
        """Rate one game and write everything about it atomically, once."""
        return (await self.record_batch([(go, seq)], gen, attempts))[0]

    async def record_batch(self, games: Sequence[tuple[GameOver, int]], gen: int | None = None,
                           attempts: int = 20) -> list[Applied]:
        """Rate `games` (game over, stream sequence) in their order, as if one by one, and write
        each atomically, once: one round trip to read, one to write (more only when another
        writer got in between). Into the live generation, or `gen` (a rebuild's)."""
        must_be_live = gen is None
        results: list[Applied | None] = [None] * len(games)
        todo = list(range(len(games)))
        for _ in range(attempts):
            target = gen if gen is not None else (self._gen or await self.live_gen())
            snap = Snapshot()
            plan = []  # per game still to do: index, season, cooperative
            for i in todo:
                go = games[i][0]
                plan.append((i, seasons.season_id(go.at, self.season_policy), go.game in self.config.coop_games))
                want_reads(snap, go, plan[-1][1], plan[-1][2])
            await snap.read(self._read, prefix(target), must_be_live)
            if must_be_live:
                if snap.live_gen != target:
                    self._gen = snap.live_gen  # a rebuild swapped generations: read the live one
                    continue
                self._gen = target
            writes: list[dict] = []
            seasons_added: set[tuple] = set()  # the script runs a game only after those before it
            written: list[tuple[int, dict]] = []  # (index, ledger) of each game in `writes`
            position: dict[str, int] = {}  # ledger field -> its game's place in `writes`
            copies: list[tuple[int, int]] = []  # (index, place in writes) of a game twice in the batch
            for i, season, coop in plan:
                go, seq = games[i]
                field = f"{go.game}/{go.game_id}"
                if field in position:
                    copies.append((i, position[field]))
                    continue
                stored = snap.done[field]
                if stored is not None:
                    results[i] = Applied("dup", json.loads(stored))
                    continue
                current, season_wins, records = rated_from(snap, go, season, coop)
                result = rate_game(self.rate, self.config, go, current)
                ops, ledger = game_ops(self.config, result, season, season_wins, seq, current, records)
                ledger_json = stored_json(ledger)
                ops["sadds"] = [a for a in ops["sadds"] if tuple(a) not in seasons_added]
                seasons_added.update(tuple(a) for a in ops["sadds"])
                snap.apply(ops, field, ledger_json)
                ops["zadds"] = by_key(ops["zadds"])
                position[field] = len(writes)
                writes.append({"field": field, "seq": str(seq), "ledger": ledger_json, "ops": ops})
                written.append((i, ledger))
            if not writes:
                todo = []
                break
            statuses = await self._apply(args=[str(target), "1" if must_be_live else "0", str(self.history_limit),
                                               orjson.dumps(writes)])
            statuses = [s.decode() if isinstance(s, bytes) else s for s in statuses]
            for (i, ledger), status in zip(written, statuses):
                if status == "ok":
                    results[i] = Applied("ok", ledger)
            for i, w in copies:
                if w < len(statuses) and statuses[w] == "ok":
                    results[i] = Applied("dup", written[w][1])
            if statuses[-1] == "moved":
                self._gen = None
            todo = [i for i in todo if results[i] is None]
            if not todo:
                break
            # dup (another writer wrote it after our read), conflict (another writer rated one
            # of these players) or moved (a rebuild swapped): read again from that game on
        if todo:
            go = games[todo[0]][0]
            raise Conflict(f"could not record {go.game}/{go.game_id} after {attempts} attempts")
        return results  # type: ignore[return-value]

    async def swap(self, new_gen: int, old_gen: int) -> str:
        status = await self._swap(args=[str(new_gen), str(old_gen)])
        return status.decode() if isinstance(status, bytes) else status

    async def delete_gen(self, gen: int) -> int:
        n = 0
        async for batch in self._scan_batches(prefix(gen) + "*"):
            n += await self.r.unlink(*batch)
        return n

    async def _scan_batches(self, match: str, size: int = 1000):
        batch = []
        async for key in self.r.scan_iter(match=match, count=size):
            batch.append(key)
            if len(batch) >= size:
                yield batch
                batch = []
        if batch:
            yield batch

    # ---- reads -------------------------------------------------------------
    def _season(self, season: str | None, now: float) -> str | None:
        if not season or season == "all":
            return None
        return seasons.resolve(season, now, self.season_policy)

    async def page(self, game: str, start_rank: int, count: int, now: float, kind: str = RATING,
                   season: str | None = None, difficulty: str | None = None) -> tuple[list[Entry], int]:
        """`count` entries from rank `start_rank` (1-based), and the board size."""
        key = board_key(game, kind, self._season(season, now), difficulty)
        start = max(0, start_rank - 1)
        total, _, rows, hashes = orjson.loads(await self._board(
            args=[key, f"r:{game}:", "page", start, start + count - 1]))
        return board_entries(self.config, game, kind, rows, hashes, start + 1, now), total

    async def top(self, game: str, n: int, now: float, kind: str = RATING,
                  season: str | None = None, difficulty: str | None = None) -> tuple[list[Entry], int]:
        return await self.page(game, 1, n, now, kind, season, difficulty)

    async def around(self, game: str, player: str, n: int, now: float, kind: str = RATING,
                     season: str | None = None, difficulty: str | None = None
                     ) -> tuple[list[Entry], int, int | None]:
        """Up to n entries above and below `player`; also the board size and the player's rank."""
        key = board_key(game, kind, self._season(season, now), difficulty)
        total, rank, rows, hashes = orjson.loads(await self._board(
            args=[key, f"r:{game}:", "around", player, n]))
        if rank is False:
            return [], total, None
        return board_entries(self.config, game, kind, rows, hashes, max(0, rank - n) + 1, now), total, rank + 1

    async def player(self, game: str, player: str, now: float,
                     season: str | None = "current") -> dict | None:
        """One player's rating now, ranks on the all-time, season and wins boards."""
        gen = await self.live_gen()
        p = prefix(gen)
        season_id = self._season(season, now)
        async with self.r.pipeline(transaction=False) as pipe:
            pipe.hgetall(p + rating_key(game, player))
            pipe.zrevrank(p + board_key(game), player, withscore=True)
            pipe.zcard(p + board_key(game))
            pipe.zrevrank(p + board_key(game, WINS), player)
            if season_id:
                pipe.zrevrank(p + board_key(game, RATING, season_id), player)
            h, rank_score, total, wins_rank, *season_rank = await pipe.execute()
        if not h:
            return None
        rank, score = rank_score if rank_score else (None, None)
        # 0: on no board (a house bot)
        entry = board_entry(self.config, rank + 1 if rank is not None else 0, player, h, score or 0.0, RATING, now)
        return {"entry": entry, "total": total, "wins_rank": None if wins_rank is None else wins_rank + 1,
                "season": season_id,
                "season_rank": (season_rank[0] + 1) if season_rank and season_rank[0] is not None else None,
                "coop": await self.coop_records(game, player, gen) if game in self.config.coop_games else []}

    async def coop_records(self, game: str, player: str, gen: int | None = None) -> list[dict]:
        """One player's all-time co-op record per difficulty (sorted by difficulty):
        games, wins, losses, best_result (the best won game's points, or while none is
        won the best points of any game) and the ranks on that difficulty's boards."""
        gen = gen or await self.live_gen()
        p = prefix(gen)
        raw = await self.r.hgetall(p + coop_key(game, player))
        by_difficulty: dict[str, dict] = {}
        for k, v in raw.items():
            field = k.decode() if isinstance(k, bytes) else k
            dk, _, what = field.rpartition(":")
            by_difficulty.setdefault(dk, {})[what] = v.decode() if isinstance(v, bytes) else v
        names = sorted(by_difficulty, key=urllib.parse.unquote)
        if not names:
            return []
        async with self.r.pipeline(transaction=False) as pipe:
            for dk in names:
                d = urllib.parse.unquote(dk)
                pipe.zrevrank(p + board_key(game, WINS, None, d), player)
                pipe.zrevrank(p + board_key(game, BEST, None, d), player)
            ranks = await pipe.execute()
        out = []
        for i, dk in enumerate(names):
            f = by_difficulty[dk]
            wins_rank, best_rank = ranks[2 * i:2 * i + 2]
            out.append({"difficulty": urllib.parse.unquote(dk), "games": int(f.get("games", 0)),
                        "wins": int(f.get("wins", 0)), "losses": int(f.get("losses", 0)),
                        "best_result": float(f.get("best", 0.0)),
                        "wins_rank": None if wins_rank is None else wins_rank + 1,
                        "best_rank": None if best_rank is None else best_rank + 1})
        return out

    async def history(self, game: str, player: str, limit: int = 50) -> list[dict]:
        gen = await self.live_gen()
        rows = await self.r.lrange(prefix(gen) + history_key(game, player), 0, max(0, limit) - 1)
        return [json.loads(x) for x in rows]

    async def ratings(self, game: str, players: Sequence[str], now: float) -> list[tuple[str, Rating, bool]]:
        """mu/sigma now per player (defaults for unknown players), and whether each is known."""
        gen = await self.live_gen()
        p = prefix(gen)
        async with self.r.pipeline(transaction=False) as pipe:
            for name in players:
                pipe.hgetall(p + rating_key(game, name))
            hashes = await pipe.execute() if players else []
        out = []
        for name, h in zip(players, hashes):
            stored = rating_from_hash(h)
            r = at_time(stored, now, self.config) if stored else Rating(self.config.mu, self.config.sigma)
            out.append((name, r, stored is not None))
        return out

    async def seasons_of(self, game: str) -> list[str]:
        gen = await self.live_gen()
        return sorted(x.decode() for x in await self.r.smembers(prefix(gen) + seasons_key(game)))

    async def dump(self, gen: int | None = None, ledger: bool = True) -> dict[str, Any]:
        """Everything of one generation as plain data (tests compare live and rebuilt)."""
        gen = gen or await self.live_gen()
        p = prefix(gen)
        out: dict[str, Any] = {}
        async for batch in self._scan_batches(p + "*"):
            for key in batch:
                name = key.decode()[len(p):]
                if not ledger and name in (LEDGER, SEQ):
                    continue
                t = (await self.r.type(key)).decode()
                if t == "hash":
                    out[name] = {k.decode(): v.decode() for k, v in (await self.r.hgetall(key)).items()}
                elif t == "zset":
                    out[name] = [(m.decode(), s) for m, s in await self.r.zrevrange(key, 0, -1, withscores=True)]
                elif t == "list":
                    out[name] = [v.decode() for v in await self.r.lrange(key, 0, -1)]
                elif t == "set":
                    out[name] = sorted(v.decode() for v in await self.r.smembers(key))
                else:
                    out[name] = (await self.r.get(key)).decode()
        return out


"""Ratings, leaderboards and the rated-game ledger in Redis: the Store, which writes rated
games and reads boards. What it stands on is kept apart, each part readable on its own: the
key layout (keys.py), the board scores (scores.py) and the Lua scripts (scripts.py).

The boards list people: a house bot (shared.names.is_house_bot: a new name for each of its games)
is rated, so that its game rates the people it played, and its rating, history and co-op record
are kept, but it is on no board, so the ladders are not filled with names that played once.

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
from services.leaderboard.snapshot import READ_LUA, Snapshot
from services.leaderboard.ratings import (GameOver, GameResult, Rating, RatingConfig, at_time,
                                          difficulty_of, is_provisional, opponent_key, rate_game)
from services.leaderboard.keys import (BEST, COOP_FIELDS, GEN, LEDGER, RATING, SEQ, WINS, board_key, coop_key,
                                       history_key, key_part, prefix, rating_key, seasons_key)
from services.leaderboard.scores import (TB_EPOCH, TB_SPAN, best_q, decode_best, decode_score, encode_best,
                                         encode_score)
from services.leaderboard.scripts import APPLY_LUA, BOARD_LUA, SWAP_LUA
from shared.names import is_house_bot

HISTORY_LIMIT = 1000


def _json(value) -> str:
    """Stored JSON (a ledger value, a history point): orjson, a few times faster than json on
    the rating path; read back with any JSON reader."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def _by_key(zadds: list[list[str]]) -> list[list[str]]:
    """[key, score, member] triples as one [key, score, member, score, member, ...] per key, in
    the order of the keys' first triples: one ZADD per board (each call from a script costs
    more than a member)."""
    grouped: dict[str, list[str]] = {}
    for key, score, member in zadds:
        grouped.setdefault(key, [key]).extend((score, member))
    return list(grouped.values())


def _fmt(x: float) -> str:
    return repr(float(x))


def _rating_from_text(h: dict[str, str]) -> Rating | None:
    """A rating hash as the snapshot holds it (str fields and values; the rating path)."""
    if not h:
        return None
    last = h.get("last")
    return Rating(float(h["mu"]), float(h["sigma"]), int(h.get("games", 0)), int(h.get("wins", 0)),
                  float(last) if last else None)


def _rating_from_hash(h: dict) -> Rating | None:
    if not h:
        return None
    g = {k.decode() if isinstance(k, bytes) else k: (v.decode() if isinstance(v, bytes) else v)
         for k, v in h.items()}
    last = g.get("last")
    return Rating(mu=float(g["mu"]), sigma=float(g["sigma"]), games=int(g.get("games", 0)),
                  wins=int(g.get("wins", 0)), last_played=float(last) if last else None)


@dataclass(frozen=True)
class Entry:
    rank: int  # 1 = best
    player: str
    rating: float  # shown rating now: mu - z*sigma with sigma grown by time away
    mu: float
    sigma: float  # sigma now
    games: int
    wins: int
    provisional: bool
    board_value: float  # what the board orders by: rating at the last game, or wins
    last_played: float | None

    def to_json(self) -> dict:
        return {"rank": self.rank, "player": self.player, "rating": round(self.rating, 4),
                "mu": round(self.mu, 4), "sigma": round(self.sigma, 4), "games": self.games,
                "wins": self.wins, "provisional": self.provisional,
                "board_value": round(self.board_value, 3), "last_played": self.last_played}


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
    @staticmethod
    def _want(snap: Snapshot, go: GameOver, season: str, coop: bool) -> None:
        for name in go.players:
            snap.want_hash(rating_key(go.game, name))
            snap.want_score(board_key(go.game, WINS, season), name)
        if coop:
            d = difficulty_of(go)
            snap.want_hash(rating_key(go.game, opponent_key(go)))
            for name in go.players:
                snap.want_hash(coop_key(go.game, name))
                snap.want_score(board_key(go.game, WINS, season, d), name)
                snap.want_score(board_key(go.game, BEST, season, d), name)
        snap.want_done(f"{go.game}/{go.game_id}")

    @staticmethod
    def _current(snap: Snapshot, go: GameOver, season: str, coop: bool
                 ) -> tuple[dict[str, Rating | None], dict[str, int], dict[str, dict]]:
        """Everything the write of `go` is computed from: the ratings, the season wins and,
        for a cooperative game, each player's co-op record at its difficulty. All of it
        changes only with a game of that player, which also changes the rating's `games`
        that the script checks, so a stale read is refused as a conflict."""
        names = list(go.players) + ([opponent_key(go)] if coop else [])
        current = {name: _rating_from_text(snap.hash(rating_key(go.game, name))) for name in names}
        season_wins = {}
        for name in go.players:
            s = snap.score(board_key(go.game, WINS, season), name)
            season_wins[name] = int(decode_score(s, 1)) if s is not None else 0
        records = {}
        if coop:
            d = difficulty_of(go)
            dk = key_part(d)
            for name in go.players:
                h = snap.hash(coop_key(go.game, name))
                games, wins, losses, best = (h.get(f"{dk}:{f}") for f in COOP_FIELDS)
                s_wins = snap.score(board_key(go.game, WINS, season, d), name)
                s_best = snap.score(board_key(go.game, BEST, season, d), name)
                records[name] = {"games": int(games or 0), "wins": int(wins or 0), "losses": int(losses or 0),
                                 "best": float(best) if best is not None else None,
                                 "season_wins": int(decode_score(s_wins, 1)) if s_wins is not None else 0,
                                 "season_best_q": int(s_best) // TB_SPAN if s_best is not None else None}
        return current, season_wins, records

    def _coop_ops(self, go: GameOver, season: str, records: dict[str, dict], ops: dict) -> dict:
        """The co-op record and difficulty boards of each player of a cooperative game:
        games, wins, losses and best result at the game's difficulty. The best result is
        the highest points of a won game; while a player has no win at that difficulty,
        the highest points of any game there (best_q: a win beats every loss)."""
        d = difficulty_of(go)
        dk = key_part(d)
        won = bool(go.team_won)
        for name, points in zip(go.players, go.points):
            rec = records[name]
            listed = on_boards(go.game, name)
            games, wins, losses = rec["games"] + 1, rec["wins"] + int(won), rec["losses"] + int(not won)
            q = best_q(won, points)
            best = rec["best"]
            if best is None or q > best_q(rec["wins"] > 0, best):
                best = float(points)
                if listed:
                    ops["zadds"].append([board_key(go.game, BEST, None, d), str(encode_best(won, points, go.at)),
                                         name])
            if listed and (rec["season_best_q"] is None or q > rec["season_best_q"]):
                ops["zadds"].append([board_key(go.game, BEST, season, d), str(encode_best(won, points, go.at)),
                                     name])
            if won and listed:
                ops["zadds"].append([board_key(go.game, WINS, None, d), str(encode_score(wins, go.at, 1)), name])
                ops["zadds"].append([board_key(go.game, WINS, season, d),
                                     str(encode_score(rec["season_wins"] + 1, go.at, 1)), name])
            ops["hashes"].append([coop_key(go.game, name), f"{dk}:games", str(games), f"{dk}:wins", str(wins),
                                  f"{dk}:losses", str(losses), f"{dk}:best", _fmt(best)])
        return {"difficulty": d, "team_won": won, "points": list(go.points)}

    def _ops(self, result: GameResult, season: str, season_wins: dict[str, int], seq: int,
             current: dict[str, Rating | None], records: dict[str, dict] | None = None) -> tuple[dict, dict]:
        go = result.game_over
        z = self.config.z
        ops: dict[str, Any] = {"checks": [], "hashes": [], "zadds": [], "pushes": [], "sadds": []}
        ledger_updates = []
        all_updates = list(result.updates) + ([result.opponent] if result.opponent else [])
        at_text = _fmt(go.at)
        for u in all_updates:
            before = current.get(u.player)
            key = rating_key(go.game, u.player)
            ops["checks"].append([key, str(before.games if before else 0)])
            a = u.after
            ops["hashes"].append([key, "mu", _fmt(a.mu), "sigma", _fmt(a.sigma),
                                  "games", str(a.games), "wins", str(a.wins), "last", at_text])
        board, season_board = board_key(go.game), board_key(go.game, RATING, season)
        wins_board, season_wins_board = board_key(go.game, WINS), board_key(go.game, WINS, season)
        zadds, pushes, n = ops["zadds"], ops["pushes"], len(go.players)
        for u in result.updates:
            a = u.after
            shown = a.shown(z)
            score = str(encode_score(shown, go.at))
            listed = on_boards(go.game, u.player)
            if listed:
                zadds.append([board, score, u.player])
                zadds.append([season_board, score, u.player])
            if u.won and listed:
                zadds.append([wins_board, str(encode_score(a.wins, go.at, 1)), u.player])
                zadds.append([season_wins_board, str(encode_score(season_wins.get(u.player, 0) + 1, go.at, 1)),
                              u.player])
            entry = {"game_id": go.game_id, "at": go.at, "mu": a.mu, "sigma": a.sigma,
                     "rating": shown, "delta": shown - u.before_shown(z),
                     "placing": u.placing, "won": u.won, "players": n}
            pushes.append([history_key(go.game, u.player), _json(entry)])
            ledger_updates.append({"player": u.player, "mu": a.mu, "sigma": a.sigma, "rating": shown,
                                   "games": a.games, "wins": a.wins, "placing": u.placing, "won": u.won})
        ops["sadds"].append([seasons_key(go.game), season])
        ledger = {"seq": seq, "game": go.game, "game_id": go.game_id, "at": go.at, "season": season,
                  "updates": ledger_updates}
        if go.game in self.config.coop_games:
            ledger["coop"] = self._coop_ops(go, season, records or {}, ops)
        return ops, ledger

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
                self._want(snap, go, plan[-1][1], plan[-1][2])
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
                current, season_wins, records = self._current(snap, go, season, coop)
                result = rate_game(self.rate, self.config, go, current)
                ops, ledger = self._ops(result, season, season_wins, seq, current, records)
                ledger_json = _json(ledger)
                ops["sadds"] = [a for a in ops["sadds"] if tuple(a) not in seasons_added]
                seasons_added.update(tuple(a) for a in ops["sadds"])
                snap.apply(ops, field, ledger_json)
                ops["zadds"] = _by_key(ops["zadds"])
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
    def _entry(self, rank: int, player: str, h: dict, score: float, kind: str, now: float) -> Entry:
        stored = _rating_from_hash(h) or Rating(self.config.mu, self.config.sigma)
        r = at_time(stored, now, self.config)
        if kind == BEST:
            board_value = decode_best(score)[1]
        else:
            board_value = decode_score(score, 1000 if kind == RATING else 1)
        return Entry(rank=rank, player=player, rating=r.shown(self.config.z), mu=r.mu, sigma=r.sigma,
                     games=r.games, wins=r.wins, provisional=is_provisional(r, self.config),
                     board_value=board_value, last_played=r.last_played)

    def _entries(self, game: str, kind: str, rows: list, hashes: list, start_rank: int, now: float) -> list[Entry]:
        """`rows`: a flat [member, score, ...] ZREVRANGE WITHSCORES reply; `hashes`: each
        member's rating as a flat HGETALL reply (BOARD_LUA's JSON)."""
        return [self._entry(start_rank + i, rows[2 * i], dict(zip(h[::2], h[1::2])) if h else {},
                            float(rows[2 * i + 1]), kind, now)
                for i, h in enumerate(hashes)]

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
        return self._entries(game, kind, rows, hashes, start + 1, now), total

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
        return self._entries(game, kind, rows, hashes, max(0, rank - n) + 1, now), total, rank + 1

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
        entry = self._entry(rank + 1 if rank is not None else 0, player, h, score or 0.0, RATING, now)
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
            stored = _rating_from_hash(h)
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


def on_boards(game: str, player: str) -> bool:
    """Whether `player`'s ratings and results of `game` are listed on its boards (the module's
    docstring: people are, house bots are not)."""
    return not is_house_bot(player, game)


async def bulk_load(store: Store, game: str, rows: Sequence[tuple[str, Rating]], season: str | None = None,
                    chunk: int = 5000) -> None:
    """Put ratings straight onto the boards of the live generation, pipelined
    (benchmarks and tests with very large boards; no history, no ledger)."""
    p = prefix(await store.live_gen())
    z = store.config.z
    for i in range(0, len(rows), chunk):
        part = rows[i:i + chunk]
        scores = {name: encode_score(r.shown(z), r.last_played or TB_EPOCH) for name, r in part}
        wins = {name: encode_score(r.wins, r.last_played or TB_EPOCH, 1) for name, r in part if r.wins}
        async with store.r.pipeline(transaction=False) as pipe:
            for name, r in part:
                pipe.hset(p + rating_key(game, name), mapping={
                    "mu": _fmt(r.mu), "sigma": _fmt(r.sigma), "games": r.games, "wins": r.wins,
                    "last": _fmt(r.last_played or TB_EPOCH)})
            pipe.zadd(p + board_key(game), scores)
            if wins:
                pipe.zadd(p + board_key(game, WINS), wins)
            if season:
                pipe.zadd(p + board_key(game, RATING, season), scores)
                pipe.sadd(p + seasons_key(game), season)
            await pipe.execute()

"""Leaderboard latency and rating throughput, beside raw Redis.

Starts its own Valkey and NATS (apps.embedded) unless URLs are given,
loads a board of --players players (server-side Lua, deterministic), serves
the leaderboard gRPC API in-process, and measures one call at a time:

  top-100      GetTop(limit=100) over gRPC   vs ZREVRANGE 0 99 WITHSCORES
  around-me    GetAroundPlayer(radius=10)    vs ZREVRANK
  updates      Store.record of 4-player games one at a time (ratings, boards,
               history, ledger in one Lua script)  vs ZADD
               and Store.record_batch of --batch games at a time (one read,
               one script per batch)
  consumer     game-overs published to JetStream and rated by the consumer
               (batches of what one pull brings); also its CPU seconds (this
               process: the consumer alone runs meanwhile) and, for the servers
               it started itself, Valkey's and NATS's
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

from dataclasses import replace

from shared import aio, telemetry
from shared.config import nats_servers
from apps.bench.stats import percentiles_ms
from services.leaderboard.keys import prefix, rating_key

# The board's keys, its score encoding and the shown rating's z come in as arguments, from the
# Store's own (services/leaderboard/keys.py, scores.py): the loaded board is then read back as the
# service writes it, and `_check_load` says so before any figure is taken.
LOAD_LUA = r"""
-- ARGV: rating key prefix, board key, first index, count, seed, 2^TB_BITS, epoch, z
local rkey, board = ARGV[1], ARGV[2]
local first, count = tonumber(ARGV[3]), tonumber(ARGV[4])
local x = tonumber(ARGV[5]) + first
local span, epoch, z = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
for i = first, first + count - 1 do
  x = (x * 1103515245 + 12345) % 2147483648
  local mu = 15 + (x % 20000) / 1000
  x = (x * 1103515245 + 12345) % 2147483648
  local sigma = 1.5 + (x % 6800) / 1000
  local last = 1767225600 + (x % 31536000)
  local name = string.format('b%07d', i)
  local q = math.floor((mu - z * sigma) * 1000 + 0.5)
  local score = q * span + (span - 1 - (last - epoch))
  redis.call('HSET', rkey .. name, 'mu', mu, 'sigma', sigma, 'games', 1 + x % 300,
             'wins', x % 40, 'last', last)
  redis.call('ZADD', board, string.format('%.0f', score), name)
end
return count
"""


async def _check_load(store, game: str, players: int) -> None:
    """Stops the bench when the loaded board does not read back as the Store's own: the first and
    the last player loaded, each on the board (a rank) at the rating their hash gives at their
    last game (mu - z * sigma as stored; a rating shown now has its sigma grown since)."""
    p = prefix(await store.live_gen())
    for name in ("b0000000", f"b{players - 1:07d}"):
        found = await store.player(game, name, time.time(), "all")
        stored = await store.r.hgetall(p + rating_key(game, name))
        if found is None or not stored:
            raise SystemExit(f"bench leaderboard: the loaded player {name} is not on the board as the Store reads it")
        entry = found["entry"]
        rating = float(stored[b"mu"]) - store.config.z * float(stored[b"sigma"])
        if entry.rank < 1 or abs(entry.board_value - rating) > 0.001:
            raise SystemExit(f"bench leaderboard: the loaded board disagrees with the Store's encoding at {name}: "
                             f"rank {entry.rank}, board value {entry.board_value}, rating {rating:.3f}")


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=1_000_000, help="players loaded into the leaderboard first")
    parser.add_argument("--queries", type=int, default=2000, help="calls per latency figure")
    parser.add_argument("--updates", type=int, default=3000, help="games rated for the throughput figure")
    parser.add_argument("--batch", type=int, default=256, help="games per Store.record_batch call")
    parser.add_argument("--consumer-games", type=int, default=5000, help="games through JetStream + consumer")
    parser.add_argument("--redis-url", default=None, help="use this Redis instead of an embedded Valkey")
    parser.add_argument("--nats-url", default=None, help="use this NATS instead of an embedded server")
    parser.add_argument("--seed", type=int, default=7, help="random seed of the players' ratings and the queries")


def _pct(samples: list[float]) -> dict:
    return percentiles_ms(samples, (0.50, 0.99))


async def _timed(n: int, call) -> list[float]:
    out = []
    for i in range(n):
        t = time.perf_counter()
        await call(i)
        out.append(time.perf_counter() - t)
    return out


async def _raw_page(raw, p: str, game: str, key: str, start: int, stop: int):
    rows = await raw.zrevrange(key, start, stop, withscores=True)
    async with raw.pipeline(transaction=False) as pipe:
        for member, _ in rows:
            pipe.hgetall((p + rating_key(game, "")).encode() + member)
        return await pipe.execute()


async def _raw_around(raw, p: str, game: str, key: str, player: str, radius: int):
    rank = await raw.zrevrank(key, player)
    return await _raw_page(raw, p, game, key, max(0, rank - radius), rank + radius)


async def _bench(args, redis_url: str, nats_url: str, pids: dict[str, int]) -> dict:
    """`pids`: the servers this bench started (name -> process id), whose CPU it reports."""
    import redis.asyncio as aioredis

    from apps.bench.consumer import own_cpu, process_cpu
    from apps.bench.moves import machine

    from apps.bench import reach

    # the ones it was given (its own embedded servers are up before this)
    await reach.require(nats_url=args.nats_url, redis_url=args.redis_url)

    from foodgames.v1 import leaderboard_pb2 as pb
    from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
    from services.leaderboard import heap
    from services.leaderboard.boards import Store
    from services.leaderboard.keys import board_key
    from services.leaderboard.scores import TB_EPOCH, TB_SPAN
    from services.leaderboard.consumer import ConsumerSettings, GameOverConsumer
    from services.leaderboard.ratings import parse_game_over, RatingConfig
    from services.leaderboard.service import SERVICE_NAME, LeaderboardServicer, add_to_server
    from shared.auth import mint_token
    from shared.channels import client_channel
    from shared.config import Settings
    from shared.service import start_server

    def say(msg):
        print(msg, file=sys.stderr, flush=True)

    rng = random.Random(args.seed)
    game = "foodie-forest"
    raw = aioredis.Redis.from_url(redis_url)
    await raw.flushdb()
    store = Store.from_url(redis_url)
    p = prefix(await store.live_gen())
    load = raw.register_script(LOAD_LUA)
    t = time.perf_counter()
    chunk = 50_000
    key = p + board_key(game)
    for first in range(0, args.players, chunk):
        await load(args=[p + rating_key(game, ""), key, first, min(chunk, args.players - first), args.seed,
                         TB_SPAN, TB_EPOCH, store.config.z])
        say(f"loaded {min(first + chunk, args.players):,} players")
    load_s = time.perf_counter() - t
    await _check_load(store, game, args.players)
    names = [f"b{rng.randrange(args.players):07d}" for _ in range(args.queries)]

    tmp = tempfile.TemporaryDirectory(prefix="foodgames-bench-")
    settings = Settings(redis_url=redis_url, nats_url=nats_url, data_dir=__import__("pathlib").Path(tmp.name),
                        token_key="bench-" + "k" * 40)
    server = await start_server("leaderboard-bench", 0, settings,
                                [(add_to_server, LeaderboardServicer(store))], [SERVICE_NAME])
    out: dict = {"players": await raw.zcard(key), "load_seconds": round(load_s, 2)}
    heap.settle()  # as the service does once it has started (services/leaderboard/bootstrap.py)
    try:
        async with client_channel(f"127.0.0.1:{server.port}", mint_token(settings, "bench")) as channel:
            stub = pb_grpc.LeaderboardServiceStub(channel)
            board = pb.BoardRef(game=game)
            await stub.GetTop(pb.GetTopRequest(board=board, limit=100))  # warm up
            say("top-100 ...")
            grpc_top = await _timed(args.queries, lambda i: stub.GetTop(pb.GetTopRequest(board=board, limit=100)))
            raw_top = await _timed(args.queries, lambda i: raw.zrevrange(key, 0, 99, withscores=True))
            say("around-me ...")
            grpc_around = await _timed(args.queries, lambda i: stub.GetAroundPlayer(
                pb.GetAroundPlayerRequest(board=board, player=names[i], radius=10)))
            raw_around = await _timed(args.queries, lambda i: raw.zrevrank(key, names[i]))
            # the same Redis work the service does, without Python entries, protobuf and gRPC
            raw_top_all = await _timed(args.queries, lambda i: _raw_page(raw, p, game, key, 0, 99))
            raw_around_all = await _timed(args.queries, lambda i: _raw_around(raw, p, game, key, names[i], 10))
        out["top100"] = {"grpc": _pct(grpc_top), "raw_zrevrange": _pct(raw_top),
                         "raw_zrevrange_plus_100_hgetall": _pct(raw_top_all)}
        out["around_me"] = {"grpc": _pct(grpc_around), "raw_zrevrank": _pct(raw_around),
                            "raw_zrevrank_zrevrange_21_hgetall": _pct(raw_around_all)}
        for name in ("top100", "around_me"):
            g, r = list(out[name].values())[:2]
            out[name]["ratio_p50"] = round(g["p50_ms"] / r["p50_ms"], 1)

        say("rating updates ...")
        config = RatingConfig()
        t0 = datetime(2027, 1, 1, tzinfo=timezone.utc)
        bodies = []
        for i in range(max(args.updates, args.consumer_games)):
            players = [f"b{rng.randrange(args.players):07d}" for _ in range(4)]
            if len(set(players)) < 4:
                continue
            placings = [1 + sum(q > x for q in pts) for pts in [[rng.randint(0, 9) for _ in range(4)]] for x in pts]
            bodies.append({"game": game, "game_id": f"bench-{i}", "players": players, "points": [0] * 4,
                           "placings": placings, "team_won": None, "difficulty": None,
                           "_at": (t0 + timedelta(seconds=i)).isoformat()})
        overs = [parse_game_over({"type": "GameOver", "schema_version": 1, "data": b},
                                 datetime.fromisoformat(b["_at"]).timestamp(), config) for b in bodies[:args.updates]]
        t = time.perf_counter()
        for i, go in enumerate(overs):
            await store.record(go, i + 1)
        rec_s = time.perf_counter() - t
        t = time.perf_counter()
        for i in range(len(overs)):
            await raw.zadd(key + ":raw", {f"x{i}": i})
        zadd_s = time.perf_counter() - t
        out["updates"] = {"games_per_s": round(len(overs) / rec_s, 1),
                          "player_ratings_per_s": round(4 * len(overs) / rec_s, 1),
                          "raw_zadd_per_s": round(len(overs) / zadd_s, 1)}
        out["updates"]["ratio"] = round(out["updates"]["raw_zadd_per_s"] / out["updates"]["games_per_s"], 1)
        batched = [(replace(go, game_id="b" + go.game_id), i + 1) for i, go in enumerate(overs)]
        t = time.perf_counter()
        for i in range(0, len(batched), args.batch):
            await store.record_batch(batched[i:i + args.batch])
        batch_s = time.perf_counter() - t
        out["updates"]["batch"] = {"games": args.batch, "games_per_s": round(len(batched) / batch_s, 1),
                                   "player_ratings_per_s": round(4 * len(batched) / batch_s, 1)}

        say("consumer (JetStream -> ratings) ...")
        import nats

        nc = await nats.connect(nats_servers(nats_url))
        cs = ConsumerSettings(stream="LBBENCH", subject_prefix="lbbench.games", durable="lbbench",
                              deadletter_subject="lbbench.deadletter", deadletter_stream="LBBENCHDL",
                              ratings_prefix="lbbench.ratings")
        js = nc.jetstream()
        for s in ("LBBENCH", "LBBENCHDL"):
            try:
                await js.delete_stream(s)
            except Exception:  # noqa: BLE001
                pass
        consumer = GameOverConsumer(nc, store, cs)
        await consumer.start()
        todo = bodies[:args.consumer_games]
        for b in todo:
            data = {k: v for k, v in b.items() if k != "_at"}
            data["game_id"] = "c" + data["game_id"]
            body = {"command_id": data["game_id"], "version": 1, "recorded_at": b["_at"],
                    "events": [{"type": "GameOver", "schema_version": 1, "data": data}]}
            await js.publish(f"lbbench.games.{game}.{data['game_id']}", json.dumps(body).encode())
        t, cpu, servers = time.perf_counter(), own_cpu(), {name: process_cpu(pid) for name, pid in pids.items()}
        task = asyncio.create_task(consumer.run())
        while consumer.stats["games"] < len(todo):
            await asyncio.sleep(0.01)
        cons_s, cpu = time.perf_counter() - t, own_cpu() - cpu
        servers = {name: process_cpu(pid) - servers[name] for name, pid in pids.items()}
        await consumer.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for s in ("LBBENCH", "LBBENCHDL"):
            await js.delete_stream(s)
        await nc.drain()
        ratings = sum(len(b["players"]) for b in todo)
        out["consumer"] = {"games": len(todo), "games_per_s": round(len(todo) / cons_s, 1),
                           "player_ratings_per_s": round(ratings / cons_s, 1), "cpu_s": round(cpu, 3),
                           "player_ratings_per_cpu_s": round(ratings / cpu, 1),
                           **{f"{name}_cpu_s": round(v, 3) for name, v in servers.items()},
                           "batch": cs.batch, "max_ack_pending": cs.max_ack_pending}
        out["machine"] = machine()
    finally:
        await server.stop(0)
        await store.close()
        await raw.aclose()
        tmp.cleanup()
    return out


def run(args) -> dict:
    from apps.embedded import start_nats, start_valkey

    started = []
    try:
        redis_url = args.redis_url
        if not redis_url:
            started.append(start_valkey())
            redis_url = started[-1].url
        nats_url = args.nats_url
        if not nats_url:
            started.append(start_nats())
            nats_url = started[-1].url
        telemetry.configure("leaderboard-bench", "WARNING")  # the service's logging and tracer, quiet
        return aio.run(_bench(args, redis_url, nats_url, {s.name: s.process.pid for s in started}))
    finally:
        for server in started:
            server.stop()


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    print(json.dumps(run(parser.parse_args()), indent=2))

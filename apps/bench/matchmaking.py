"""`foodgames bench matchmaking`: the matchmaker's own throughput and latency.

What it measures, plainly: one matchmaker replica (the real Matchmaker, the
real Lua scripts, the real matcher) against an embedded Valkey it starts
itself (or --redis-url). Tickets are enqueued in pipelined batches while the
matcher runs. Game creation is an in-process stand-in that returns at once
(no rules service, no deck, no JetStream) and events go to a counter, not
NATS: the figures are the matchmaker + Redis ceiling, not the whole stack.
Latency is from a ticket's enqueue to the moment its table was marked matched.
Beside it, the same run's raw Redis throughput for the same writes without Lua
or matching logic (HSET+ZADD+HSET+SET per ticket to enqueue; HSET+ZREM+HDEL per
ticket to claim), pipelined the same way, as the yardstick.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
import uuid

from shared import aio
from apps.bench.stats import quantile

GAMES = {"bench-forest": (2, 5), "bench-fight": (2, 6), "bench-solo-coop": (1, 5), "bench-throwdown": (2, 8)}


def add_arguments(parser) -> None:
    parser.add_argument("--tickets", type=int, default=100_000, help="tickets to queue (default 100000)")
    parser.add_argument("--batch", type=int, default=1000, help="tickets per pipelined enqueue batch")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="enqueue at most this many tickets per second (0: as fast as possible)")
    parser.add_argument("--redis-url", default=None, help="use this Redis instead of an embedded Valkey")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pass-interval", type=float, default=0.2, help="matching pass interval (s)")


class _InstantCreator:
    def __init__(self):
        self.created = 0

    async def create(self, game, game_id, players, ranked, timeout, options=None) -> None:
        self.created += 1


def _tickets(n: int, rng: random.Random):
    from services.matchmaking.tickets import SEARCHING, Ticket

    out = []
    names = iter(range(10 ** 9))
    for _ in range(n):
        game = rng.choice(list(GAMES))
        gmin, gmax = GAMES[game]
        size = rng.choices([1, 2, 3], [0.8, 0.15, 0.05])[0]
        lo = max(gmin, size, rng.choice([gmin, gmin, 3]))
        hi = max(lo, rng.choice([gmax, gmax, 4]))
        mu = rng.gauss(25, 4)
        players = tuple(f"b{next(names)}" for _ in range(size))
        out.append(Ticket(uuid.uuid4().hex, game, players, lo, min(hi, gmax), rng.random() < 0.3, SEARCHING,
                          0.0, 0.0, 1, tuple((mu + rng.gauss(0, 1), 8.0) for _ in players)))
    return out


async def _raw_redis(url: str, n: int, batch: int) -> dict:
    import redis.asyncio as aioredis

    r = aioredis.Redis.from_url(url)
    ids = [uuid.uuid4().hex for _ in range(n)]
    summary = json.dumps({"n": ["x"], "p": 1, "lo": 2, "hi": 5, "t": 0.0, "r": [[25.0, 8.0]]})
    fields = {f"f{i}": "v" * 8 for i in range(16)}
    started = time.perf_counter()
    for i in range(0, n, batch):
        async with r.pipeline(transaction=False) as p:
            for tid in ids[i:i + batch]:
                p.hset(f"raw:t:{tid}", mapping=fields)
                p.zadd("raw:q", {tid: time.time()})
                p.hset("raw:qd", tid, summary)
                p.set(f"raw:live:{tid}", tid)
            await p.execute()
    enqueue_s = time.perf_counter() - started
    started = time.perf_counter()
    for i in range(0, n, batch):
        async with r.pipeline(transaction=False) as p:
            for tid in ids[i:i + batch]:
                p.hset(f"raw:t:{tid}", mapping={"state": "claimed", "match_id": "m"})
                p.zrem("raw:q", tid)
                p.hdel("raw:qd", tid)
            await p.execute()
    claim_s = time.perf_counter() - started
    keys = [k async for k in r.scan_iter("raw:*", count=5000)]
    for i in range(0, len(keys), 5000):
        await r.delete(*keys[i:i + 5000])
    await r.aclose()
    return {"raw_enqueue_writes_per_s": round(n / enqueue_s), "raw_claim_writes_per_s": round(n / claim_s)}


async def _run(args) -> dict:
    from services.matchmaking.catalogue import Catalogue, GameInfo
    from services.matchmaking.config import MatchmakingConfig
    from services.matchmaking.engine import CountingPublisher, Matchmaker
    from services.matchmaking.store import TicketStore

    from apps.bench import reach

    server = None
    url = args.redis_url
    if url is not None:
        await reach.require(redis_url=url)
    if url is None:
        from apps.embedded import start_valkey

        server = start_valkey()
        url = server.url
    try:
        rng = random.Random(args.seed)
        tickets = _tickets(args.tickets, rng)
        store = TicketStore.from_url(url, prefix=f"bench{uuid.uuid4().hex[:6]}")
        catalogue = Catalogue([GameInfo(g, lo, hi, "in-process") for g, (lo, hi) in GAMES.items()])
        creator, publisher = _InstantCreator(), CountingPublisher()
        latencies: list[float] = []
        # presence off: the bench's tickets have no client watching them
        config = MatchmakingConfig(pass_interval_s=args.pass_interval, max_wait_s=3600, claim_lease_s=60,
                                   expansions=((0, 3.0), (2, 6.0), (5, float("inf"))), presence_timeout_s=None)

        def on_matched(match, matched):
            now = time.time()
            latencies.extend(now - t.created_at for t in matched)

        mm = Matchmaker(store, catalogue, creator, publisher, config, on_matched=on_matched)
        loop_task = asyncio.create_task(mm.run())
        started = time.perf_counter()
        for i in range(0, len(tickets), args.batch):
            now = time.time()
            chunk = [t.__class__(**{**t.__dict__, "created_at": now, "updated_at": now})
                     for t in tickets[i:i + args.batch]]
            await store.create_many(chunk)
            if args.rate:
                await asyncio.sleep(max(0.0, (i + args.batch) / args.rate - (time.perf_counter() - started)))
            else:
                await asyncio.sleep(0)
        enqueue_s = time.perf_counter() - started
        total_players = sum(len(t.players) for t in tickets)
        last, idle = -1, 0
        while True:  # until matching stops making progress
            await asyncio.sleep(0.5)
            if len(latencies) == last:
                idle += 1
                if idle >= 4 or not mm._tasks and len(latencies) >= len(tickets):
                    break
            else:
                last, idle = len(latencies), 0
        elapsed = time.perf_counter() - started - 2.0  # minus the idle tail
        loop_task.cancel()
        await asyncio.gather(loop_task, return_exceptions=True)
        left = sum([await store.queue_length(q) for q in await store.queues()])
        await store.close()
        raw = await _raw_redis(url, min(args.tickets, 100_000), args.batch)
        return {
            "measures": ("one in-process matchmaker replica + real Lua scripts on Valkey; game creation is an "
                         "instant in-process stand-in and events are counted, not sent to NATS"),
            "tickets": len(tickets), "players": total_players, "games": list(GAMES),
            "enqueue_s": round(enqueue_s, 2), "enqueue_tickets_per_s": round(len(tickets) / enqueue_s),
            "tickets_matched": len(latencies), "tables": creator.created, "left_searching": left,
            "matched_tickets_per_s": round(len(latencies) / elapsed),
            "enqueue_to_matched_p50_ms": round(1000 * quantile(latencies, 0.50), 1) if latencies else None,
            "enqueue_to_matched_p99_ms": round(1000 * quantile(latencies, 0.99), 1) if latencies else None,
            "pass_interval_s": args.pass_interval, "events_counted": publisher.counts,
            **raw,
        }
    finally:
        if server is not None:
            server.stop()


def _quiet_logs() -> None:
    """One info line per table would time the terminal, not the matchmaker."""
    import logging

    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))


def run(args) -> dict:
    _quiet_logs()
    return aio.run(_run(args))


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    print(json.dumps(run(parser.parse_args()), indent=2))

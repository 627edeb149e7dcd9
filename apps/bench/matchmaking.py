"""`foodgames bench matchmaking`: the matchmaker's own throughput and latency.

What it measures, plainly: one matchmaker replica (the real Matchmaker, the
real Lua scripts, the real matcher) against an embedded Valkey it starts
itself (or --redis-url). Tickets are enqueued in pipelined batches while the
matcher runs. Game creation is an in-process stand-in that returns at once
(no rules service, no deck, no JetStream) and events go to a counter, not
NATS: the figures are the matchmaker + Redis ceiling, not the whole stack.
Latency is from a ticket's enqueue to the moment its table was marked matched.
--preload queues every ticket before matching starts: the matched rate is then the
matcher's alone, not shared with the enqueuer. --replicas N runs N replicas on the same
queues, the first in this process and the others each in a process of its own (as
deployed replicas are), so their figure shows whether a second replica adds throughput.
Beside it, the same run's raw Redis throughput for the same writes without Lua
or matching logic (HSET+ZADD+HSET+SET per ticket to enqueue; HSET+ZREM+HDEL per
ticket to claim), pipelined the same way, as the yardstick.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
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
    parser.add_argument("--seed", type=int, default=1, help="random seed of the tickets (their games, party sizes and skills)")
    parser.add_argument("--pass-interval", type=float, default=0.2, help="matching pass interval (s)")
    parser.add_argument("--preload", action="store_true",
                        help="queue every ticket before matching starts (the matcher's own rate)")
    parser.add_argument("--replicas", type=int, default=1,
                        help="matchmaker replicas on the same queues (the others in processes of their own)")


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


def _config(pass_interval: float):
    from services.matchmaking.config import MatchmakingConfig

    # presence off: the bench's tickets have no client watching them
    return MatchmakingConfig(pass_interval_s=pass_interval, max_wait_s=3600, claim_lease_s=60,
                             expansions=((0, 3.0), (2, 6.0), (5, float("inf"))), presence_timeout_s=None)


def _matchmaker(url: str, prefix: str, pass_interval: float, on_matched):
    from services.matchmaking.catalogue import Catalogue, GameInfo
    from services.matchmaking.engine import CountingPublisher, Matchmaker
    from services.matchmaking.store import TicketStore

    store = TicketStore.from_url(url, prefix=prefix)
    catalogue = Catalogue([GameInfo(g, lo, hi, "in-process") for g, (lo, hi) in GAMES.items()])
    creator, publisher = _InstantCreator(), CountingPublisher()
    mm = Matchmaker(store, catalogue, creator, publisher, _config(pass_interval), on_matched=on_matched)
    return mm, creator, publisher


def _replica(url: str, prefix: str, pass_interval: float, go, stop, matched, results) -> None:
    """Another replica, in a process of its own: matches until told to stop, then sends back
    its tables and latencies."""
    _quiet_logs()

    async def main():
        latencies: list[float] = []

        def on_matched(match, tickets):
            now = time.time()
            latencies.extend(now - t.created_at for t in tickets)
            with matched.get_lock():
                matched.value += len(tickets)

        mm, creator, _ = _matchmaker(url, prefix, pass_interval, on_matched)
        while not go.is_set():
            await asyncio.sleep(0.01)
        task = asyncio.create_task(mm.run())
        while not stop.is_set():
            await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await mm.store.close()
        results.put({"tables": creator.created, "latencies": latencies})

    aio.run(main())


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
    from apps.bench import reach

    server = None
    url = args.redis_url
    if url is not None:
        await reach.require(redis_url=url)
    if url is None:
        from apps.embedded import start_valkey

        server = start_valkey()
        url = server.url
    others = []
    try:
        rng = random.Random(args.seed)
        tickets = _tickets(args.tickets, rng)
        prefix = f"bench{uuid.uuid4().hex[:6]}"
        latencies: list[float] = []

        def on_matched(match, matched):
            now = time.time()
            latencies.extend(now - t.created_at for t in matched)

        mm, creator, publisher = _matchmaker(url, prefix, args.pass_interval, on_matched)
        store = mm.store
        context = multiprocessing.get_context("spawn")
        go, stop, results = context.Event(), context.Event(), context.Queue()
        for _ in range(args.replicas - 1):
            counter = context.Value("q", 0)
            proc = context.Process(target=_replica, daemon=True,
                                   args=(url, prefix, args.pass_interval, go, stop, counter, results))
            proc.start()
            others.append((proc, counter))

        def matched_so_far() -> int:
            return len(latencies) + sum(c.value for _, c in others)

        def start_matching():
            go.set()
            return asyncio.create_task(mm.run())

        loop_task = None if args.preload else start_matching()
        if others and not args.preload:
            await asyncio.sleep(3.0)  # the other replicas' imports, so that they start together
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
        if args.preload:
            if others:
                await asyncio.sleep(3.0)  # as above
            started = time.perf_counter()
            loop_task = start_matching()
        total_players = sum(len(t.players) for t in tickets)
        last, idle = -1, 0
        last_progress = time.perf_counter()
        while True:  # until matching stops making progress
            await asyncio.sleep(0.25)
            done = matched_so_far()
            if done == last:
                idle += 1
                if idle >= 8:
                    break
            else:
                last, idle, last_progress = done, 0, time.perf_counter()
        elapsed = last_progress - started
        loop_task.cancel()
        await asyncio.gather(loop_task, return_exceptions=True)
        stop.set()
        tables, per_replica = creator.created, [len(latencies)]
        for proc, _ in others:
            got = await asyncio.get_running_loop().run_in_executor(None, results.get, True, 60)
            latencies.extend(got["latencies"])
            tables += got["tables"]
            per_replica.append(len(got["latencies"]))
        for proc, _ in others:
            proc.join(10)
        left = sum([await store.queue_length(q) for q in await store.queues()])
        await store.close()
        raw = await _raw_redis(url, min(args.tickets, 100_000), args.batch)
        return {
            "measures": ("one in-process matchmaker replica + real Lua scripts on Valkey; game creation is an "
                         "instant in-process stand-in and events are counted, not sent to NATS"),
            "tickets": len(tickets), "players": total_players, "games": list(GAMES),
            "enqueue_s": round(enqueue_s, 2), "enqueue_tickets_per_s": round(len(tickets) / enqueue_s),
            "tickets_matched": len(latencies), "tables": tables, "left_searching": left,
            "replicas": args.replicas, "tickets_matched_per_replica": per_replica, "preload": args.preload,
            "rate": args.rate or None, "matching_s": round(elapsed, 2),
            "matched_tickets_per_s": round(len(latencies) / elapsed),
            "enqueue_to_matched_p50_ms": round(1000 * quantile(latencies, 0.50), 1) if latencies else None,
            "enqueue_to_matched_p99_ms": round(1000 * quantile(latencies, 0.99), 1) if latencies else None,
            "pass_interval_s": args.pass_interval, "events_counted": publisher.counts,
            **raw,
        }
    finally:
        for proc, _ in others:
            if proc.is_alive():
                proc.terminate()
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

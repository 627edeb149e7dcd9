"""`foodgames bench consumer`: CPU per message of the leaderboard's game-over consumer.

Starts its own NATS and Valkey, fills a GAMES stream with ordinary game commands and a
game-over every `--every` messages, and measures the consumer: its process CPU
(getrusage: user + system) and the nats-server's (/proc), per message.

  backlog: publish everything first, then time the consumer draining it
      foodgames bench consumer --json
  live: the consumer runs while a separate process publishes at --rate messages/s
      foodgames bench consumer --json --rate 500 --messages 10000

In live mode the nats-server figure includes storing the published messages.
`--impl MODULE` measures another consumer module with the same interface
(ConsumerSettings, GameOverConsumer, ensure_streams), e.g. an earlier version:
  git show HEAD~1:services/leaderboard/consumer.py > /tmp/before/consumer_before.py
  PYTHONPATH=/tmp/before foodgames bench consumer --impl consumer_before
"""
from __future__ import annotations

import asyncio
import importlib
import json
import os
import random
import resource
import subprocess
import sys
import time
import uuid
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import nats

from shared import aio, telemetry
from shared.config import nats_servers
from apps.embedded import start_nats, start_valkey

T0 = datetime(2026, 11, 2, tzinfo=timezone.utc)


def messages(total: int, every: int):
    """(subject, body, headers) as the event store writes them: compact JSON, trace and id headers."""
    rng = random.Random(1)
    for i in range(total):
        if every and i % every == every - 1:
            gid = f"g{i}"
            players = rng.sample([f"p{n:03d}" for n in range(60)], 2)
            body = {"command_id": f"c-{gid}", "version": 80, "recorded_at": (T0 + timedelta(minutes=i)).isoformat(),
                    "events": [{"type": "ScoreCounted", "schema_version": 1, "data": {"points": [3, 1]}},
                               {"type": "GameOver", "schema_version": 1,
                                "data": {"game": "foodie-forest", "game_id": gid, "players": players,
                                         "points": [3, 1], "placings": [1, 2], "team_won": None,
                                         "difficulty": None}}]}
            subject = f"games.foodie-forest.{gid}"
        else:
            body = {"command_id": str(uuid.UUID(int=rng.getrandbits(128))), "version": 10 + i % 50,
                    "recorded_at": T0.isoformat(),
                    "events": [{"type": "CardPlayed", "schema_version": 1,
                                "data": {"player": f"bot-{i % 97}", "card": f"mushroom-{i % 7}",
                                         "position": [i % 5, i % 3]}}]}
            subject = f"games.foodie-forest.o{i % 300}"
        headers = {"traceparent": f"00-{rng.getrandbits(128):032x}-{rng.getrandbits(64):016x}-01",
                   "Nats-Msg-Id": f"{subject}/{body['command_id']}", "Foodgames-Version": str(body["version"]),
                   "Foodgames-Command-Id": body["command_id"]}
        yield subject, json.dumps(body, separators=(",", ":")).encode(), headers


async def publish(url: str, total: int, every: int, rate: float = 0.0) -> None:
    nc = await nats.connect(nats_servers(url))
    start = time.monotonic()
    for i, (subject, data, headers) in enumerate(messages(total, every)):
        if rate:
            delay = start + i / rate - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
        await nc.publish(subject, data, headers=headers)
        if not rate and i % 500 == 499:
            await nc.flush()
    await nc.flush()
    await nc.close()


def process_cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def measure(args) -> dict:
    telemetry.configure("consumer-cpu", "WARNING")  # the SDK tracer, as in the service
    impl = importlib.import_module(args.impl)
    from services.leaderboard.boards import Store

    nats_server, valkey = start_nats(), start_valkey()
    try:
        nc = await nats.connect(nats_server.url)
        js = nc.jetstream()
        settings = impl.ConsumerSettings()
        for change in args.set:
            key, value = change.split("=", 1)
            settings = replace(settings, **{key: type(getattr(settings, key))(value)})
        await impl.ensure_streams(js, settings)
        if not args.rate:
            await publish(nats_server.url, args.messages, args.every)
            while (await js.stream_info(settings.stream)).state.messages < args.messages:
                await asyncio.sleep(0.1)
        store = Store.from_url(valkey.url)
        consumer = impl.GameOverConsumer(nc, store, settings)
        await consumer.start()
        cpu, server_cpu, started = own_cpu(), process_cpu(nats_server.process.pid), time.monotonic()
        task = asyncio.create_task(consumer.run())
        publisher = None
        if args.rate:
            publisher = subprocess.Popen([sys.executable, "-m", "apps.bench.consumer", "--publish",
                                          nats_server.url, str(args.messages), str(args.every), str(args.rate)])
        while sum(consumer.stats[k] for k in ("games", "duplicates", "ignored", "deadletters")) < args.messages:
            await asyncio.sleep(0.05)
            if task.done():
                task.result()
        cpu, server_cpu = own_cpu() - cpu, process_cpu(nats_server.process.pid) - server_cpu
        wall = time.monotonic() - started
        if publisher:
            publisher.wait()
        await consumer.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await store.close()
        await nc.close()
        return {"impl": args.impl, "mode": f"live {args.rate:g}/s" if args.rate else "backlog",
                "messages": args.messages, "games": consumer.stats["games"], "wall_s": round(wall, 2),
                "consumer_cpu_us_per_msg": round(cpu / args.messages * 1e6, 1),
                "nats_server_cpu_us_per_msg": round(server_cpu / args.messages * 1e6, 1)}
    finally:
        nats_server.stop()
        valkey.stop()


def add_arguments(parser) -> None:
    parser.add_argument("--messages", type=int, default=20_100, help="messages published to the game stream")
    parser.add_argument("--every", type=int, default=201, help="a game-over every N messages (0: none)")
    parser.add_argument("--rate", type=float, default=0.0, help="publish live at this many messages/s")
    parser.add_argument("--impl", default="services.leaderboard.consumer",
                        help="the consumer module to measure (default: the service's)")
    parser.add_argument("--set", action="append", default=[], help="a ConsumerSettings field: name=value")


def run(args) -> dict:
    return aio.run(measure(args))


if __name__ == "__main__" and sys.argv[1:2] == ["--publish"]:  # the live mode's publisher process
    url, total, every, rate = sys.argv[2:6]
    aio.run(publish(url, int(total), int(every), float(rate)))

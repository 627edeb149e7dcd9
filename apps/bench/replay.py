"""`foodgames bench replay`: the time to rebuild a game of 1,000+ events from its stream
(shared.runtime.game.GameRuntime.replay: read every command, decode and fold every event),
next to reading the same messages raw.

The stream: real Foodie Forest games are played in-process by bots through GameRuntime
(a memory event store and SeededDeck, so the commands are exactly those the rules service
writes: GameCreated, SeedCommitted, ShuffleApplied + deals, each move's events, GameOver,
SeedRevealed). One game has about 300-380 events, so the commands of --games games (default
3) are appended one after the other to one subject of the stack's GAMES stream (fold starts
afresh at each GameCreated, so the replay is a real fold of every event) until the subject
holds at least --events events. Then, --runs times each:

  replay        GameRuntime(RULES, JetStreamEventStore, deck).replay(game_id)
  read          JetStreamEventStore.read_commands(subject): direct gets + JSON decode, no fold
  raw           the same batched direct get, messages collected with no decoding at all
"""
from __future__ import annotations

import json
import statistics
import time
import uuid
from typing import Any

from shared import aio, games

# The bench plays Foodie Forest, the game whose event counts docs/benchmarks.md reports.
GAME = "foodie-forest"


def add_arguments(parser) -> None:
    parser.add_argument("--events", type=int, default=1000, help="at least this many events (default 1000)")
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each reading (default 20)")
    parser.add_argument("--players", type=int, default=4, help="seats at the game replayed (default 4)")
    parser.add_argument("--nats-url", default=None, help="default: the stack's (FOODGAMES_NATS_URL)")


async def play_commands(players: int, seed: str) -> list:
    """One complete game through GameRuntime in memory; its recorded commands."""
    RULES = games.get(GAME).rules
    from shared.auth import Identity
    from apps.bots.base import make_bot
    from shared.eventstore.memory import MemoryEventStore
    from shared.runtime.deck import SeededDeck
    from shared.runtime.game import GameRuntime

    store = MemoryEventStore()
    runtime = GameRuntime(RULES, store, SeededDeck(seed))
    names = [f"r{i}" for i in range(players)]
    bots = [make_bot(GAME, None, f"{seed}/{i}") for i in range(players)]
    record = await runtime.create_game(Identity("svc:bench", "service"), names, {}, game_id=f"g{seed}")
    record = await runtime.settle(record.game_id)
    n = 0
    while not record.over:
        seat = min(RULES.to_act(record.state))
        move = bots[seat].choose(RULES.view(record.state, seat), RULES.legal_moves(record.state, seat))
        n += 1
        await runtime.submit_move(Identity(names[seat], "player"), record.game_id, seat, f"m{n}", None, move)
        record = await runtime.load(record.game_id)
    await runtime.settle(record.game_id)
    commands = await store.read_commands(runtime.subject(record.game_id))
    await runtime.close()
    return commands


async def raw_direct_get(nc, stream: str, subject: str) -> int:
    """Every message of `subject` by batched direct gets, undecoded; returns the count."""
    count, seq = 0, 1
    while True:
        inbox = nc.new_inbox()
        sub = await nc.subscribe(inbox)
        got = 0
        try:
            await nc.publish(f"$JS.API.DIRECT.GET.{stream}",
                             json.dumps({"seq": seq, "next_by_subj": subject, "batch": 1000}).encode(), reply=inbox)
            while True:
                msg = await sub.next_msg(timeout=5)
                status = (msg.headers or {}).get("Status")
                if status:
                    break
                got += 1
                seq = int(msg.headers["Nats-Sequence"]) + 1
        finally:
            await sub.unsubscribe()
        count += got
        if got < 1000:
            return count


def _stats(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    return {"p50_ms": round(statistics.median(s) * 1000, 3), "min_ms": round(s[0] * 1000, 3),
            "max_ms": round(s[-1] * 1000, 3)}


def run(args) -> dict[str, Any]:
    RULES = games.get(GAME).rules
    from shared.config import Settings
    from shared.eventstore.connections import connect
    from shared.eventstore.jetstream import JetStreamEventStore
    from shared.eventstore.streams import GAMES_STREAM
    from shared.runtime.deck import SeededDeck
    from shared.runtime.game import GameRuntime

    from shared import telemetry

    telemetry.configure("bench-replay", "WARNING")  # logs to stderr, and only what matters
    settings = Settings.from_env()
    url = args.nats_url or settings.nats_url

    async def main() -> dict[str, Any]:
        from apps.bench import reach

        await reach.require(nats_url=url)
        nc = await connect(url, name="bench-replay")
        store = JetStreamEventStore(nc)
        await store.ensure_stream()
        runtime = GameRuntime(RULES, store, SeededDeck())
        game_id = f"bench-replay-{uuid.uuid4().hex[:10]}"
        subject = runtime.subject(game_id)
        version, games, commands_n = 0, 0, 0
        while version < args.events:
            commands = await play_commands(args.players, f"{game_id}-{games}")
            for c in commands:
                records = [e.record() for e in c.events]
                if records and records[0]["type"] == "GameCreated":
                    records[0]["data"]["game_id"] = game_id
                result = await store.append(subject, records, version, f"g{games}:{c.command_id}")
                version = result.version
                commands_n += 1
            games += 1
        replay, read, raw = [], [], []
        folded = None
        for _ in range(args.runs):
            fresh = GameRuntime(RULES, store, SeededDeck())
            started = time.perf_counter()
            folded = await fresh.replay(game_id)
            replay.append(time.perf_counter() - started)
            started = time.perf_counter()
            got = await store.read_commands(subject)
            read.append(time.perf_counter() - started)
            started = time.perf_counter()
            count = await raw_direct_get(nc, GAMES_STREAM, subject)
            raw.append(time.perf_counter() - started)
        assert folded is not None and folded.version == version and folded.over
        assert len(got) == commands_n == count
        await nc.drain()
        r, d, w = _stats(replay), _stats(read), _stats(raw)
        return {"game_id": game_id, "events": version, "commands": commands_n, "games_appended": games,
                "runs": args.runs, "replay_ms": r["p50_ms"], "read_commands_ms": d["p50_ms"],
                "raw_direct_get_ms": w["p50_ms"], "fold_ms": round(r["p50_ms"] - d["p50_ms"], 3),
                "replay_over_raw": round(r["p50_ms"] / w["p50_ms"], 1) if w["p50_ms"] else None,
                "replay_events_per_s": round(version / (r["p50_ms"] / 1000)),
                "detail": {"replay": r, "read_commands": d, "raw_direct_get": w}}

    return aio.run(main())

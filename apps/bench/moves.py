"""`foodgames bench moves`: end-to-end move round trips against the running stack, beside the
floor (a bare gRPC unary echo and a bare JetStream publish with an expected subject sequence).

Against the stack that `foodgames up` runs (it finds the services through the same FOODGAMES_*
variables): G concurrent games of --game (default Foodie Forest; any registered game) are
created directly with a service token
(CreateGame, no matchmaking); every seat's client seed goes to the deck; then random bots
play each game up to --moves-per-game moves (or its end). With `--via stream` (the default)
every seat plays over its own PlayGame stream, which sends the seat its view when it must act;
the bot chooses and sends the move on the stream; the round trip timed is from sending the
move until its answer (the move result) arrives. With `--via unary` the seat that must act
reads its view (GetView), its bot chooses, SubmitMove sends it; the round trip timed is the
SubmitMove call alone. With `--via watch` every seat follows its WatchGame stream and sends
its moves with SubmitMove, as the web client plays (web/src/table/store.ts); the round trip
timed is the SubmitMove call. With `--via gateway` (unary's calls) or `--via gateway-watch`
(watch's) the same calls go through the stack's gateway in Connect JSON, as a browser makes
them (apps.chaos.connect), and the same moves over gRPC (`unary` or `watch`) follow in the same
run, under `grpc` with the gateway's ratios to them (issue 27's goal: p50 <= 1.3x at 200
games); the gateway's rates must be raised for so many calls from one address
(FOODGAMES_GATEWAY_RATE_PER_ADDRESS and FOODGAMES_GATEWAY_RATE_PER_PLAYER), and for
gateway-watch the streams one address may hold (FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS).
moves_per_s is moves over the wall time of the whole phase.

The floor, measured in the same run on the same machine with as many concurrent callers as
our moves had in flight (on average, by Little's law: G for G tables whose seats take turns,
up to G x players where they all choose at once, as in Food Fight's draft; `floor.concurrency`):
a gRPC unary echo (grpc.health.v1 Check) against a bare server in a child process,
plus a JetStream publish with Nats-Expected-Last-Subject-Sequence (one subject per caller,
file storage, on the stack's NATS). floor = echo + publish, since a move needs at least one
client round trip and one acknowledged append. The same figures for one game at a time (its
moves in flight: one caller, or a few for simultaneous choices) are under `single`.

The throughput ceiling, from the same floor phase: bare_appends_per_s is the JetStream appends
the floor callers made per second (each its own subject, one append at a time with the
expected-sequence and Nats-Msg-Id headers the event store sends, into a stream configured like
GAMES on the stack's own NATS, so with its fsync setting); throughput_vs_bare_appends is
moves_per_s over it.

Before anything, the game's rules service, the deck and NATS must answer (apps.bench.reach, a
check bounded in time), or the bench stops and names the address that did not.
"""
from __future__ import annotations

import asyncio
import functools
import os
import subprocess
import sys
import time
import uuid
from typing import Any

from shared import aio
from apps.bench.stats import percentiles_ms

# CreateGame calls in flight at once. A thousand (and a hundred) at once, on a busy machine, once
# had the engine's calls to the deck time out, before the servers' backlog limits were raised
# (shared/service.py); now 200 at once are answered in about a second (tests/play/
# test_create_burst.py) and thousands within the deck's deadline, but the bench's figures
# do not need the burst
CREATING_AT_ONCE = 32

# --via through the gateway -> the same calls over gRPC, played after it in the same run
OVER_GRPC = {"gateway": "unary", "gateway-watch": "watch"}
VIAS = ("stream", "unary", "watch", *OVER_GRPC)

DEFAULT_GAME = "foodie-forest"  # the game of the figures in docs/benchmarks.md before --game

ECHO_SERVER = r"""
import sys
import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

async def main():
    server = grpc.aio.server()
    servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    await servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    print(port, flush=True)
    await server.wait_for_termination()

from shared import aio
aio.run(main())  # the event loop the services run on
"""


def add_arguments(parser) -> None:
    from shared import games as registry

    parser.add_argument("--game", choices=registry.names(), default=DEFAULT_GAME,
                        help=f"the game played (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--moves-per-game", type=int, default=100,
                        help="moves played in each game (default 100; a game ends sooner only if it is over)")
    parser.add_argument("--floor-calls", type=int, default=20_000, help="calls per floor figure (default 20000)")
    parser.add_argument("--single-moves", type=int, default=300,
                        help="moves of the one-game-at-a-time phase (default 300)")
    parser.add_argument("--channels", type=int, default=4, help="client channels per service (default 4)")
    parser.add_argument("--via", choices=VIAS, default="stream",
                        help="stream: a PlayGame stream per seat (default); unary: GetView + SubmitMove calls; "
                             "watch: a WatchGame stream per seat + SubmitMove calls, as the web client plays; "
                             "gateway, gateway-watch: unary's or watch's calls through the stack's gateway in "
                             "Connect JSON, as a browser makes them, beside the same moves over gRPC in the same "
                             "run (the gateway's rates must be raised for it: FOODGAMES_GATEWAY_RATE_PER_ADDRESS "
                             "and _PER_PLAYER; for gateway-watch also FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS)")


# -- the floor -----------------------------------------------------------------------------

async def echo_floor(calls: int, concurrency: int, samples: list[float] | None = None) -> list[float]:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    proc = subprocess.Popen([sys.executable, "-c", ECHO_SERVER], stdout=subprocess.PIPE, text=True)
    try:
        port = int(proc.stdout.readline())
        channels = [grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(4)]
        stubs = [health_pb2_grpc.HealthStub(ch) for ch in channels]
        request = health_pb2.HealthCheckRequest()
        for _ in range(200):
            await stubs[0].Check(request)  # warm up
        samples = [] if samples is None else samples
        per_caller = max(1, calls // concurrency)

        async def caller(i: int) -> None:
            stub = stubs[i % len(stubs)]
            for _ in range(per_caller):
                started = time.perf_counter()
                await stub.Check(request)
                samples.append(time.perf_counter() - started)
        await asyncio.gather(*(caller(i) for i in range(concurrency)))
        for ch in channels:
            await ch.close()
        return samples
    finally:
        proc.terminate()
        proc.wait(10)


async def publish_floor(nats_url: str, calls: int, concurrency: int,
                        samples: list[float] | None = None) -> dict[str, Any]:
    """`concurrency` callers, each appending to its own subject one at a time; the samples and
    the wall time of all the appends."""
    from dataclasses import replace

    from nats.js import errors as nats_errors

    from shared.eventstore.connections import connect
    from shared.eventstore.streams import games_stream_config

    nc = await connect(nats_url, name="bench-floor")
    js = nc.jetstream(timeout=10)
    stream = f"BENCHFLOOR{uuid.uuid4().hex[:6].upper()}"
    prefix = stream.lower()
    # configured as the GAMES stream is (file storage, duplicate window, direct gets, and its
    # replicas: 3 on a `foodgames up --nats-cluster 3` stack), so an append here costs what a
    # move's append costs there
    from shared.eventstore.streams import GAMES_STREAM

    try:
        replicas = (await js.stream_info(GAMES_STREAM)).config.num_replicas or 1
    except nats_errors.NotFoundError:
        replicas = 1
    await js.add_stream(replace(games_stream_config(replicas), name=stream, subjects=[f"{prefix}.>"],
                                deny_delete=False, deny_purge=False))
    body = b'{"command_id":"x","version":1,"recorded_at":"2026-01-01T00:00:00+00:00","events":[{"type":"CardPlayed","schema_version":1,"data":{"seat":1,"card":"bug-3","total":7,"required_colour":"bug","next_seat":2}}]}'  # noqa: E501
    samples = [] if samples is None else samples
    per_caller = max(1, calls // concurrency)
    try:
        async def caller(i: int) -> None:
            subject, last = f"{prefix}.g{i}", 0
            for n in range(per_caller):
                started = time.perf_counter()
                ack = await js.publish(subject, body, stream=stream, headers={
                    "Nats-Expected-Last-Subject-Sequence": str(last), "Nats-Msg-Id": f"{subject}/{n}"})
                samples.append(time.perf_counter() - started)
                last = ack.seq
        started = time.perf_counter()
        await asyncio.gather(*(caller(i) for i in range(concurrency)))
        took = time.perf_counter() - started
    finally:
        await js.delete_stream(stream)
        await nc.drain()
    return {"samples": samples, "appends": per_caller * concurrency, "seconds": took}


# -- our moves -----------------------------------------------------------------------------

async def play_moves(settings, game: str, games: int, players: int, moves_per_game: int, channels: int,
                     via: str = "stream", samples: list[float] | None = None,
                     pace_s: float | None = None) -> dict[str, Any]:
    """`games` tables of `players` created and played by random bots, up to `moves_per_game`
    moves each (None: to each game's end); with `pace_s` (stream only) each table makes one move
    every pace_s seconds at most. `finished` counts the tables whose game ended."""
    from shared.auth import service_token
    from apps.bots.base import RandomBot
    from apps.bots.whole_tables import drive_table, play_table as watch_table
    from apps.sdk.connection import ChannelPool, Connection
    from apps.sdk.gamecalls import create_game
    from apps.bots.seat_stream import stream_table

    play_table = {"stream": stream_table, "unary": drive_table, "gateway": drive_table,
                  "watch": watch_table, "gateway-watch": watch_table}[via]
    if pace_s:
        if via != "stream":
            raise ValueError("paced tables play over PlayGame streams only (via='stream')")
        play_table = functools.partial(stream_table, pace_s=pace_s)
    if via in OVER_GRPC:
        from apps.chaos.connect import ConnectGameStub

        gateway = settings.address("gateway").split(",")
        play_table = functools.partial(play_table, game_stub=lambda player, token: ConnectGameStub(gateway, game,
                                                                                                  token))

    pool = ChannelPool(settings, channels)
    admin = Connection(settings, service_token(settings, "bench"), "svc:bench", pool=pool)
    tag = uuid.uuid4().hex[:6]
    tables = [[f"b{tag}g{g}p{p}" for p in range(players)] for g in range(games)]
    creating = asyncio.Semaphore(CREATING_AT_ONCE)

    async def create(players_of_table):
        async with creating:
            return await create_game(admin, game, players_of_table)
    created = await asyncio.gather(*(create(t) for t in tables))
    samples = [] if samples is None else samples
    started = time.perf_counter()
    results = await asyncio.gather(*(
        play_table(settings, game, c.game_id, t, [RandomBot(f"{tag}/{g}/{p}") for p in range(players)],
                    pool=pool, on_move=samples.append, max_moves=moves_per_game)
        for g, (c, t) in enumerate(zip(created, tables))))
    took = time.perf_counter() - started
    await pool.close()
    moves = sum(r.moves for r in results)
    return {"moves": moves, "seconds": round(took, 3), "moves_per_s": round(moves / took, 1),
            "rejections": sum(r.rejections for r in results), "samples": samples,
            "finished": sum(1 for r in results if any(v.get("finished") for v in r.views)),
            "started": started}


def run(args) -> dict[str, Any]:
    from shared import telemetry
    from shared.config import Settings

    telemetry.configure("bench-moves", "WARNING")
    from shared import games as registry

    settings = Settings.from_env()
    rules = registry.get(args.game).rules
    if not rules.min_players <= args.players <= rules.max_players:
        raise SystemExit(f"foodgames bench moves: {args.game} is played by {rules.min_players} to "
                         f"{rules.max_players} players, not {args.players} (--players)")

    async def main() -> dict[str, Any]:
        from apps.bench import reach

        needed = {f"{args.game} rules service": settings.address(args.game), "deck": settings.address("deck")}
        if args.via in OVER_GRPC:
            needed["gateway"] = settings.address("gateway")
        await reach.require(nats_url=settings.nats_url, services=needed)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        # on stderr: --json keeps stdout for the figures alone
        with Progress(TextColumn("{task.description:<44}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=Console(stderr=True)) as progress:
            async def phase(description: str, total: int, run) -> Any:
                samples: list[float] = []
                task = progress.add_task(description, total=total)

                async def follow() -> None:
                    while True:
                        progress.update(task, completed=min(len(samples), total))
                        await asyncio.sleep(0.2)
                ticker = asyncio.get_running_loop().create_task(follow())
                try:
                    return await run(samples)
                finally:
                    ticker.cancel()
                    progress.update(task, completed=total)

            few = min(args.floor_calls, 3000)
            loaded = await phase(f"{args.games} {args.game} games x {args.moves_per_game} moves ({args.via})",
                                 args.games * args.moves_per_game,
                                 lambda s: play_moves(settings, args.game, args.games, args.players,
                                                      args.moves_per_game, args.channels, args.via, s))
            grpc_moves = None
            if args.via in OVER_GRPC:  # the same moves straight to the engine, in the same run
                over_grpc = OVER_GRPC[args.via]
                grpc_moves = await phase(f"the same over gRPC ({over_grpc})", args.games * args.moves_per_game,
                                         lambda s: play_moves(settings, args.game, args.games, args.players,
                                                              args.moves_per_game, args.channels, over_grpc, s))
            single = await phase("one game at a time", args.single_moves,
                                 lambda s: play_moves(settings, args.game, 1, args.players, args.single_moves, 1,
                                                      args.via, RoundTrips(s)))
            # the floor's callers: as many as our moves had in flight (games whose seats choose
            # at once, as Food Fight's drafts, have several moves in flight a table)
            callers, callers1 = in_flight(loaded), in_flight(single)
            echo = await phase(f"floor: gRPC echo, {callers} callers", args.floor_calls,
                               lambda s: echo_floor(args.floor_calls, callers, s))
            publish = await phase(f"floor: JetStream publish, {callers} callers", args.floor_calls,
                                  lambda s: publish_floor(settings.nats_url, args.floor_calls, callers, s))
            echo1 = await phase(f"floor: gRPC echo, {callers1} caller(s)", few,
                                lambda s: echo_floor(few, callers1, s))
            publish1 = await phase(f"floor: JetStream publish, {callers1} caller(s)", few,
                                   lambda s: publish_floor(settings.nats_url, few, callers1, s))
        return {"loaded": loaded, "grpc": grpc_moves, "single": single, "echo": echo, "publish": publish,
                "echo1": echo1, "publish1": publish1, "callers": callers, "callers1": callers1}

    raw = aio.run(main())
    ours = percentiles_ms(raw["loaded"]["samples"])
    echo, publish = percentiles_ms(raw["echo"]), percentiles_ms(raw["publish"]["samples"])
    bare = raw["publish"]
    bare_per_s = round(bare["appends"] / bare["seconds"], 1) if bare["seconds"] else None
    floor_p50 = round(echo["p50_ms"] + publish["p50_ms"], 3)
    floor_p99 = round(echo["p99_ms"] + publish["p99_ms"], 3)
    single = percentiles_ms(raw["single"]["samples"])
    echo1, publish1 = percentiles_ms(raw["echo1"]), percentiles_ms(raw["publish1"]["samples"])
    single_floor_p50 = echo1["p50_ms"] + publish1["p50_ms"]
    single_floor_p99 = echo1["p99_ms"] + publish1["p99_ms"]
    beside_grpc = {}
    if raw["grpc"] is not None:
        grpc_ms = percentiles_ms(raw["grpc"]["samples"])
        beside_grpc = {"grpc": {"moves": raw["grpc"]["moves"], "moves_per_s": raw["grpc"]["moves_per_s"],
                                "p50_ms": grpc_ms["p50_ms"], "p99_ms": grpc_ms["p99_ms"],
                                "gateway_vs_grpc_p50": round(ours["p50_ms"] / grpc_ms["p50_ms"], 2),
                                "gateway_vs_grpc_p99": round(ours["p99_ms"] / grpc_ms["p99_ms"], 2)}}
    return {
        "game": args.game, "games": args.games, "players": args.players, "via": args.via, **beside_grpc,
        "moves": raw["loaded"]["moves"], "seconds": raw["loaded"]["seconds"],
        "moves_per_s": raw["loaded"]["moves_per_s"], "bare_appends_per_s": bare_per_s,
        "throughput_vs_bare_appends": round(raw["loaded"]["moves_per_s"] / bare_per_s, 3) if bare_per_s else None,
        "p50_ms": ours["p50_ms"], "p95_ms": ours["p95_ms"], "p99_ms": ours["p99_ms"],
        "floor_p50_ms": floor_p50, "floor_p99_ms": floor_p99,
        "ratio_p50": round(ours["p50_ms"] / floor_p50, 2) if floor_p50 else None,
        "ratio_p99": round(ours["p99_ms"] / floor_p99, 2) if floor_p99 else None,
        "floor": {"echo_p50_ms": echo["p50_ms"], "echo_p99_ms": echo["p99_ms"],
                  "publish_p50_ms": publish["p50_ms"], "publish_p99_ms": publish["p99_ms"],
                  "concurrency": raw["callers"], "bare_appends": bare["appends"],
                  "bare_appends_seconds": round(bare["seconds"], 3)},
        "single": {"moves": raw["single"]["moves"], "p50_ms": single["p50_ms"], "p99_ms": single["p99_ms"],
                   "floor_p50_ms": round(single_floor_p50, 3), "floor_p99_ms": round(single_floor_p99, 3),
                   "floor_concurrency": raw["callers1"],
                   "ratio_p50": round(single["p50_ms"] / single_floor_p50, 2) if single_floor_p50 else None,
                   "ratio_p99": round(single["p99_ms"] / single_floor_p99, 2) if single_floor_p99 else None,
                   **behind_others(raw["single"]["samples"].spans)},
        "rejections": raw["loaded"]["rejections"], "machine": machine(),
    }


class RoundTrips(list):
    """Round trips in seconds (a phase's progress counts them) that also keep when each was
    sent and answered: the answer is the moment it is appended."""

    def __init__(self, counted: list[float]):
        super().__init__()
        self.counted = counted
        self.spans: list[tuple[float, float]] = []

    def append(self, seconds: float) -> None:
        answered = time.perf_counter()
        self.spans.append((answered - seconds, answered))
        self.counted.append(seconds)
        super().append(seconds)


def behind_others(spans: list[tuple[float, float]]) -> dict[str, Any]:
    """One table's moves split by whether another of its moves was in flight when they were
    sent: in Food Fight the seats draft at once, and the engine stores a table's moves one after
    the other (each append waits for the one before), so a pick can wait behind the others'."""
    alone, behind = [], []
    for i, (sent, answered) in enumerate(spans):
        crowded = any(s < sent < a for j, (s, a) in enumerate(spans) if j != i)
        (behind if crowded else alone).append(answered - sent)
    return {"alone": {"moves": len(alone), "p50_ms": percentiles_ms(alone)["p50_ms"]},
            "sent_behind_another": {"moves": len(behind), "p50_ms": percentiles_ms(behind)["p50_ms"]}}


def in_flight(played: dict[str, Any]) -> int:
    """How many moves were in flight on average while `played` ran (Little's law: the round
    trips' total time over the phase's wall time), at least one."""
    seconds = played["seconds"]
    return max(1, round(sum(played["samples"]) / seconds)) if seconds else 1


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model, "load_1m": round(os.getloadavg()[0], 2)}

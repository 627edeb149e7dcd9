"""`foodgames bench capacity`: what a move and a finished game cost each process of the stack,
what a live game costs the rules engine's memory and a finished game JetStream's disk; the
figures docs/capacity.md turns into tables and players per core.

Against the stack that `foodgames up` runs, on the same machine (the same FOODGAMES_* variables
as the other benches; its pid files, DATA/pids/NAME.pid, for the services; NATS and Valkey
found by the port they listen on): first the stack idles for --idle-s seconds (each process's
idle CPU), then --warmup-games tables are played to their end and not counted (the engine's
first games pay for imports and caches; they also give the moves a game takes, for the progress
bar). Then --games tables of --game are created with a service token (CreateGame, no
matchmaking), every seat's client seed goes to the deck, and random bots play every table over
PlayGame streams (apps.bench.moves.play_moves; with --via gateway, GetView and SubmitMove calls
through the gateway in Connect JSON; with --via gateway-watch, a WatchGame stream a seat and
SubmitMove calls through it, as the web client plays) to its end, or --moves-per-game moves; with
--move-every-s T each table makes one move every T seconds at most (a human table's pace),
else as fast as the stack answers. --settle-s seconds after the last move (the leaderboard
rates the finished games meanwhile) the CPU is read again.

Figures, per process (each service, each NATS node, Valkey): CPU seconds (utime + stime of
/proc/PID/stat) over the window from before the first CreateGame until the settle ended, per
move and per finished game (the same CPU divided two ways: a finished game's share includes its
creation, its deals and its rating; the process's idle CPU is not taken off, it is given apart as
its share of a core); resident memory (VmRSS) at rest after the warm-up, at its
peak while the tables were live (sampled every 0.25 s) and after, and (peak - rest) per live
table. JetStream: the GAMES stream's bytes and messages, the account's stored bytes (every
stream and bucket: the deck's too) and the bytes of the stack's NATS store folders
(DATA/nats*, when `up` started NATS) before and after, per finished game and per move. The
moves' round trips (p50, p95, p99), moves per second over the phase and until 95 % of the moves
were made (a few lagging tables stretch the phase), and the CPU the whole stack and this bench (the players'
side, which would run elsewhere) kept busy, in cores.
"""
from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

from shared import aio
from apps.bench.moves import OVER_GRPC, VIAS
from apps.bench.procs import Process, stack_processes
from apps.bench.stats import percentiles_ms

DEFAULT_GAME = "foodie-forest"
RSS_EVERY_S = 0.25


def add_arguments(parser) -> None:
    from shared import games as registry

    parser.add_argument("--game", choices=registry.names(), default=DEFAULT_GAME,
                        help=f"the game played (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=100, help="tables played at once (default 100)")
    parser.add_argument("--players", type=int, default=None,
                        help="players per table (default 4, or the game's nearest player count)")
    parser.add_argument("--moves-per-game", type=int, default=0,
                        help="moves played at each table (default 0: every table to its game's end)")
    parser.add_argument("--move-every-s", type=float, default=0.0,
                        help="each table makes one move every this many seconds at most, a human table's "
                             "pace (default 0: as fast as the stack answers)")
    parser.add_argument("--warmup-games", type=int, default=4,
                        help="tables played to their end before anything is counted (default 4)")
    parser.add_argument("--idle-s", type=float, default=5.0,
                        help="seconds the stack idles first, to measure each process's idle CPU (default 5)")
    parser.add_argument("--settle-s", type=float, default=3.0,
                        help="seconds after the last move before CPU and disk are read again: the leaderboard "
                             "rates the finished games meanwhile (default 3)")
    parser.add_argument("--channels", type=int, default=4, help="client channels per service (default 4)")
    parser.add_argument("--via", choices=VIAS, default="stream",
                        help="stream: each seat plays over its own gRPC PlayGame stream to the engine (default); "
                             "unary: GetView and SubmitMove over gRPC straight to the engine (--via gateway's calls "
                             "without the gateway); "
                             "gateway: GetView and SubmitMove calls through the stack's gateway in Connect JSON, as "
                             "a browser makes them; watch: a WatchGame stream a seat and SubmitMove calls, as the "
                             "web client plays; gateway-watch: watch's calls through the gateway (gateway and "
                             "gateway-watch: not with --move-every-s; the gateway's rates must be raised: "
                             "FOODGAMES_GATEWAY_RATE_PER_ADDRESS and FOODGAMES_GATEWAY_RATE_PER_PLAYER)")


def _players(args) -> int:
    from shared import games as registry

    rules = registry.get(args.game).rules
    if args.players is None:
        return min(max(4, rules.min_players), rules.max_players)
    if not rules.min_players <= args.players <= rules.max_players:
        raise SystemExit(f"foodgames bench capacity: {args.game} is played by {rules.min_players} to "
                         f"{rules.max_players} players, not {args.players} (--players)")
    return args.players


def _check(args) -> None:
    if args.games < 1 or args.warmup_games < 0 or args.moves_per_game < 0 or args.channels < 1:
        raise SystemExit("foodgames bench capacity: --games and --channels must be at least 1, "
                         "--warmup-games and --moves-per-game at least 0")
    if args.via != "stream" and args.move_every_s:
        raise SystemExit(f"foodgames bench capacity: --move-every-s paces PlayGame streams; not with --via {args.via}")
    if args.move_every_s < 0 or args.idle_s <= 0 or args.settle_s < 0:
        raise SystemExit("foodgames bench capacity: --idle-s must be more than 0, --move-every-s and "
                         "--settle-s at least 0")


def _store_bytes(data_dir: Path) -> int | None:
    """Bytes of the files under the stack's own NATS store folders (DATA/nats, DATA/nats-cluster),
    or None when `up` did not start NATS there."""
    folders = [p for p in (data_dir / "nats", data_dir / "nats-cluster") if p.is_dir()]
    if not folders:
        return None
    total = 0
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                try:
                    total += os.stat(os.path.join(root, name)).st_size
                except OSError:
                    pass  # a block file compacted away meanwhile
    return total


async def _jetstream(js, data_dir: Path) -> dict[str, int | None]:
    from shared.eventstore.streams import GAMES_STREAM

    info = await js.stream_info(GAMES_STREAM)
    account = await js.account_info()
    return {"games_bytes": info.state.bytes, "games_messages": info.state.messages,
            "account_bytes": account.storage, "store_bytes": _store_bytes(data_dir)}


def _cpu(procs: dict[str, Process]) -> dict[str, float]:
    out = {}
    for name, p in procs.items():
        try:
            out[name] = p.cpu_s()
        except OSError:  # the process ended (a restart): the bench says so below
            out[name] = float("nan")
    return out


async def _bench(args, settings, players: int) -> dict[str, Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from apps.bench import reach
    from apps.bench.moves import play_moves
    from shared.eventstore.connections import connect

    needed = {f"{args.game} rules service": settings.address(args.game), "deck": settings.address("deck")}
    if args.via in OVER_GRPC:
        needed["gateway"] = settings.address("gateway")
    await reach.require(nats_url=settings.nats_url, services=needed)
    data_dir = Path(settings.data_dir)
    procs = stack_processes(settings)
    if args.game not in procs:
        raise reach.NotReachable(f"no running {args.game} pid under {data_dir / 'pids'}: this bench reads the stack's "
                                 "processes from /proc, so it runs beside `foodgames up` on the same machine, with its "
                                 "FOODGAMES_DATA_DIR (make run)")
    nc = await connect(settings.nats_url, name="bench-capacity")
    js = nc.jetstream(timeout=10)
    moves_cap = args.moves_per_game or None
    pace = args.move_every_s or None
    try:
        with Progress(TextColumn("{task.description:<52}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=Console(stderr=True)) as progress:  # stderr: --json keeps stdout for the figures
            async def timed(description: str, seconds: float) -> None:
                task = progress.add_task(description, total=round(seconds * 10))
                for step in range(round(seconds * 10)):
                    await asyncio.sleep(0.1)
                    progress.update(task, completed=step + 1)

            idle0, idle_t0 = _cpu(procs), time.monotonic()
            await timed(f"the stack idles ({args.idle_s:g} s)", args.idle_s)
            idle1, idle_s = _cpu(procs), time.monotonic() - idle_t0
            idle_rate = {n: (idle1[n] - idle0[n]) / idle_s for n in procs}

            per_game = 60.0  # a guess of the moves a game takes until the warm-up says
            if args.warmup_games:
                task = progress.add_task(f"warm-up: {args.warmup_games} tables, not counted", total=None)
                warm = await play_moves(settings, args.game, args.warmup_games, players, moves_cap, args.channels,
                                        args.via)
                progress.update(task, total=warm["moves"], completed=warm["moves"])
                per_game = warm["moves"] / args.warmup_games
            await asyncio.sleep(1.0)  # the warm-up's ratings and deals done
            rest = {n: p.rss_mb() for n, p in procs.items()}
            peak = dict(rest)
            js0 = await _jetstream(js, data_dir)

            pace_text = f"a move every {args.move_every_s:g} s a table" if pace else "flat out"
            if args.via in OVER_GRPC:
                pace_text += ", through the gateway"
            total = args.games * (args.moves_per_game or round(per_game))
            samples: list[float] = []
            counted: list[tuple[float, int]] = []  # (when, moves made so far), every RSS_EVERY_S
            task = progress.add_task(f"{args.games} {args.game} tables, {pace_text}", total=total)

            async def follow() -> None:
                while True:
                    counted.append((time.perf_counter(), len(samples)))
                    progress.update(task, completed=min(len(samples), total))
                    for n, p in procs.items():
                        try:
                            peak[n] = max(peak[n], p.rss_mb())
                        except (OSError, RuntimeError):
                            pass
                    await asyncio.sleep(RSS_EVERY_S)

            cpu0, client0, t0 = _cpu(procs), time.process_time(), time.monotonic()
            ticker = asyncio.get_running_loop().create_task(follow())
            try:
                played = await play_moves(settings, args.game, args.games, players, moves_cap, args.channels,
                                          args.via, samples, pace_s=pace)
            finally:
                ticker.cancel()
            # the last count at the phase's end: the tables may pass 95 % of their moves after the
            # ticker's last look (a short phase, or its last quarter second)
            counted.append((time.perf_counter(), len(samples)))
            progress.update(task, total=played["moves"], completed=played["moves"])
            t_play, client1 = time.monotonic(), time.process_time()
            cpu_play = _cpu(procs)
            after_play = {n: p.rss_mb() for n, p in procs.items()}
            await timed(f"settle ({args.settle_s:g} s): ratings of the finished games", args.settle_s)
            cpu1, t1 = _cpu(procs), time.monotonic()
            js1 = await _jetstream(js, data_dir)
    finally:
        await nc.close()

    gone = [n for n in procs if cpu1[n] != cpu1[n] or cpu1[n] < cpu0[n]]  # nan, or a new process
    if gone:
        raise SystemExit(f"foodgames bench capacity: {', '.join(gone)} ended during the run (a restart?): "
                         "its CPU cannot be counted; see DATA/logs")
    window, play_s = t1 - t0, t_play - t0
    moves, finished = played["moves"], played["finished"]
    per_process: dict[str, Any] = {}
    used_total = 0.0
    for n in procs:
        # all the CPU of the window, idle share included (not subtracted: the idle phase is
        # short, and anything else the process did then would come off the moves' cost)
        used = cpu1[n] - cpu0[n]
        used_total += used
        per_process[n] = {
            "cpu_s": round(used, 2), "idle_cpu_share_of_a_core": round(idle_rate[n], 4),
            "cpu_ms_per_move": round(used * 1000 / moves, 4) if moves else None,
            "cpu_ms_per_finished_game": round(used * 1000 / finished, 2) if finished else None,
            "cores_busy_while_playing": round((cpu_play[n] - cpu0[n]) / play_s, 3),
            "rss_rest_mb": round(rest[n], 1), "rss_peak_mb": round(peak[n], 1),
            "rss_after_mb": round(after_play[n], 1),
            "kb_per_live_game": round((peak[n] - rest[n]) * 1024 / args.games, 1),
        }
    stack_cpu_play = sum(cpu_play[n] - cpu0[n] for n in procs)
    ms_per_move = used_total * 1000 / moves if moves else None
    latency = percentiles_ms(samples)
    # the rate until 95 % of the moves were made: a few tables that lag (a seed lost, the first
    # deal waiting for the deck's seed window) stretch the whole phase and so moves_per_s
    start = played["started"]
    most = next(((when, n) for when, n in counted if n >= 0.95 * moves and when > start), None)
    most_per_s = round(most[1] / (most[0] - start), 1) if most and most[0] > start else None

    def grew(key: str) -> int | None:
        return None if js0[key] is None or js1[key] is None else js1[key] - js0[key]

    disk: dict[str, Any] = {}
    for key in ("games_bytes", "account_bytes", "store_bytes"):
        grown = grew(key)
        disk[key] = {"before": js0[key], "after": js1[key], "grown": grown,
                     "per_finished_game": round(grown / finished) if grown is not None and finished else None,
                     "per_move": round(grown / moves, 1) if grown is not None and moves else None}
    disk["games_messages_per_move"] = round(grew("games_messages") / moves, 3) if moves else None
    return {
        "game": args.game, "via": args.via, "games": args.games, "players": players, "finished": finished,
        "moves": moves, "moves_per_game": round(moves / args.games, 1), "rejections": played["rejections"],
        "move_every_s": args.move_every_s, "seconds_playing": played["seconds"],
        "seconds_counted": round(window, 2), "moves_per_s": played["moves_per_s"],
        "moves_per_s_until_95_percent": most_per_s,
        "p50_ms": latency["p50_ms"], "p95_ms": latency["p95_ms"], "p99_ms": latency["p99_ms"],
        "stack": {
            "cpu_ms_per_move": round(ms_per_move, 4) if ms_per_move else None,
            "cpu_ms_per_finished_game": round(used_total * 1000 / finished, 2) if finished else None,
            "moves_per_s_per_core": round(1000 / ms_per_move, 1) if ms_per_move else None,
            "idle_cpu_share_of_a_core": round(sum(idle_rate.values()), 4),
            "cores_busy_while_playing": round(stack_cpu_play / play_s, 3),
            "bench_client_cores_busy": round((client1 - client0) / play_s, 3),
            "bench_client_cpu_ms_per_move": round((client1 - client0) * 1000 / moves, 4) if moves else None,
        },
        "jetstream": disk,
        "processes": per_process,
    }


def run(args) -> dict[str, Any]:
    from shared import telemetry
    from shared.config import Settings

    from apps.bench.moves import machine

    _check(args)
    players = _players(args)
    telemetry.configure("bench-capacity", "WARNING")
    load_before = round(os.getloadavg()[0], 2)
    out = aio.run(_bench(args, Settings.from_env(), players))
    out["machine"] = {**machine(), "load_1m_before": load_before}
    return out

"""A rules engine's memory under WatchGame streams (issue 26): one engine in its own process on
its own NATS, `--streams` streams opened over `--games` tables and closed, `--rounds` times; the
engine's resident size (VmRSS) at rest, with the streams open and after they closed, and what it
holds then (NATS subscriptions, asyncio tasks, seats held, games followed) beside the JetStream
consumers of the GAMES stream. `closed_trimmed_mb`: after glibc's malloc_trim, what the
allocator kept mapped of memory already freed."""
from __future__ import annotations

import asyncio
import ctypes
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

KEY = "bench-streams-key-" + "s" * 32


def add_arguments(parser) -> None:
    parser.add_argument("--game", default="food-fight", help="the game played at the tables")
    parser.add_argument("--games", type=int, default=30, help="tables (two seats each)")
    parser.add_argument("--streams", type=int, default=240, help="WatchGame streams opened each round, spread over the seats")
    parser.add_argument("--rounds", type=int, default=5, help="times the streams are opened and closed")
    parser.add_argument("--settle-s", type=float, default=7.0,
                        help="wait after closing (longer than the presence grace, 5 s)")
    parser.add_argument("--language", default="en", help="the language the streams ask for (its texts are read once)")
    parser.add_argument("--moves", type=int, default=0, help="moves played at each table first (a longer history)")


def _rss_mb() -> float:
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return round(int(line.split()[1]) / 1024, 1)
    return -1.0


async def _engine(nats_url: str, out: str, game_name: str) -> None:
    """The engine's side: `foodgames serve`'s wiring with an in-process deck; on SIGUSR1 (SIGUSR2:
    after malloc_trim) it writes what it holds to `out`."""
    import gc

    from shared.config import Settings
    from shared.games import get
    from shared.runtime.bootstrap import open_game_store, start_rules_server
    from shared.runtime.deck import SeededDeck

    nc, store = await open_game_store(nats_url, game_name)
    server = await start_rules_server(get(game_name), Settings(data_dir=Path(out).parent, token_key=KEY), 0,
                                      store, SeededDeck())
    runtime = server.runtime

    def report(trim: bool) -> None:
        gc.collect()
        if trim:
            try:
                ctypes.CDLL("libc.so.6").malloc_trim(0)
            except (OSError, AttributeError):  # not glibc
                pass
        figures = {"rss_mb": _rss_mb(), "subscriptions": len(nc._subs), "tasks": len(asyncio.all_tasks()),
                   "seats_held": len(runtime.presence.holders), "games_followed": len(runtime.followers.games)}
        Path(out + ".tmp").write_text(json.dumps(figures))
        os.replace(out + ".tmp", out)

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, report, False)
    loop.add_signal_handler(signal.SIGUSR2, report, True)
    Path(out + ".port").write_text(str(server.port))
    await server.wait_for_termination()


def _engine_failed(proc, log: Path, what: str, within_s: int):
    """The bench's own engine did not do `what`: the error names it and ends with the engine's log."""
    from apps.bench.reach import NotReachable

    state = (f"it exited with {proc.returncode}" if proc.poll() is not None
             else f"no sign of it in {within_s} s, and it is still running")
    lines = log.read_text(errors="replace").splitlines()[-20:] if log.exists() else []
    return NotReachable(f"the rules engine this bench started did not {what} ({state}); "
                        f"its log ({log}) ends:\n" + "\n".join(lines))


async def _ask(proc, out: Path, js, trim: bool = False) -> dict:
    out.unlink(missing_ok=True)
    proc.send_signal(signal.SIGUSR2 if trim else signal.SIGUSR1)
    for _ in range(600):
        await asyncio.sleep(0.05)
        if out.exists() or proc.poll() is not None:
            break
    if not out.exists():
        raise _engine_failed(proc, out.with_suffix(".log"), "report what it holds", 30)
    figures = json.loads(out.read_text())
    figures["consumers"] = (await js.stream_info("GAMES")).state.consumer_count
    return figures


async def _play(seats, moves: int) -> None:
    """Up to `moves` moves at one table, each seat's first legal move in turn."""
    from foodgames.v1 import game_pb2

    played = 0
    while played < moves:
        moved = False
        for game_id, seat, api in seats:
            legal = (await api.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=game_id, seat=seat))).moves
            if legal and played < moves:
                await api.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move=legal[0],
                                                                move_id=f"bench-{played}"))
                played, moved = played + 1, True
        if not moved:
            if (await seats[0][2].GetView(game_pb2.GetViewRequest(game_id=seats[0][0], seat=0))).finished:
                return
            await asyncio.sleep(0.02)  # a deal on its way


async def _drive(args) -> dict:
    import nats
    from foodgames.v1 import game_pb2, game_pb2_grpc

    from apps.embedded import start_nats
    from shared.auth import mint_token
    from shared.channels import client_channel
    from shared.config import Settings

    tmp = Path(tempfile.mkdtemp(prefix="foodgames-bench-streams-"))
    server = start_nats(tmp / "nats")
    out = tmp / "engine.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    log = out.with_suffix(".log")
    with log.open("wb") as written:
        proc = subprocess.Popen([sys.executable, "-m", "apps.bench.streams", server.url, str(out), args.game],
                                env=env, stdout=written, stderr=subprocess.STDOUT)
    channels, nc = [], None
    try:
        port_file = Path(str(out) + ".port")
        for _ in range(600):
            if port_file.exists() or proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        if not port_file.exists():
            raise _engine_failed(proc, log, "start", 60)
        address = f"127.0.0.1:{port_file.read_text()}"
        settings = Settings(data_dir=tmp, token_key=KEY)
        nc = await nats.connect(server.url)
        js = nc.jetstream()

        def stub(player, role="player"):
            channels.append(client_channel(address, mint_token(settings, player, role)))
            return game_pb2_grpc.GameServiceStub(channels[-1])

        maker = stub("svc:matchmaking", "service")
        seats = []  # (game id, seat, the seat's stub)
        for g in range(args.games):
            players = [f"bench{g:03d}a", f"bench{g:03d}b"]
            created = await maker.CreateGame(game_pb2.CreateGameRequest(players=players))
            seats += [(created.game_id, s, stub(p)) for s, p in enumerate(players)]
            await _play(seats[-2:], args.moves)

        def watch(i):
            game_id, seat, api = seats[i % len(seats)]
            return api.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=seat, language=args.language))

        first = watch(0)  # the first stream of a language reads its texts: not what is measured
        await first.read()
        first.cancel()
        await asyncio.sleep(args.settle_s)
        figures = {"rest": await _ask(proc, out, js), "rounds": {}}
        for n in range(1, args.rounds + 1):
            calls = [watch(i) for i in range(args.streams)]
            await asyncio.gather(*(c.read() for c in calls))
            await asyncio.sleep(0.5)
            opened = await _ask(proc, out, js)
            for c in calls:
                c.cancel()
            await asyncio.sleep(args.settle_s)
            closed = await _ask(proc, out, js)
            figures["rounds"][str(n)] = {"open_mb": opened["rss_mb"], "open_subscriptions": opened["subscriptions"],
                                         "open_tasks": opened["tasks"], **{f"closed_{k}": v for k, v in closed.items()}}
        figures["closed_trimmed_mb"] = (await _ask(proc, out, js, trim=True))["rss_mb"]
        return figures
    finally:
        if nc is not None:
            await nc.close()
        for channel in channels:
            await channel.close()
        proc.terminate()
        proc.wait(10)
        server.stop()


def run(args) -> dict:
    from shared import aio

    return aio.run(_drive(args))


if __name__ == "__main__":
    from shared import aio

    aio.run(_engine(*sys.argv[1:4]))

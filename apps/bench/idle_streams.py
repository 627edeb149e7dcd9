"""`foodgames bench idle-streams`: what idle WatchGame streams cost the gateway that holds them.

Against the stack that `foodgames up` runs (the same FOODGAMES_* variables as the other benches,
and its pid files, DATA/pids/NAME.pid, to read the processes' memory and CPU): games of --game
are created with a service token, and --streams WatchGame streams are opened through the
gateway in Connect JSON over HTTP/2, as browsers open them (at most --per-connection streams
on one connection, below Hypercorn's 100 concurrent streams; each seat watched by at most
--per-seat streams, its player's own token). Each stream counts as open once its first
message (the game so far) has arrived; then nothing happens at the tables for --hold-s
seconds while the streams stay open.

Figures: the gateway's and the rules engine's resident memory (VmRSS) before, with the streams
open and after they closed, per stream; their CPU while the open streams idle, per stream and
second (the gateway renews each stream's slot leases in Valkey, docs/gateway.md); Valkey's
too when its pid is known. Issue 27's goal: 10,000 idle streams held by one gateway process.

The gateway's per-address and per-player stream caps and rates (32 and 8 streams, 600 and 300
calls a minute by default) refuse such a run from one machine, so its stack sets
FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS, FOODGAMES_GATEWAY_MAX_STREAMS and the two rates
high (docs/benchmarks.md); a refused stream stops the bench with that advice.
"""
from __future__ import annotations

import asyncio
import json
import math
import os
import struct
import sys
import time
from pathlib import Path
from typing import Any

from shared import aio
from apps.bench.procs import Process

DEFAULT_GAME = "foodie-forest"
PATH = "/foodgames.v1.GameService/WatchGame"
RAISE = ("set FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS, FOODGAMES_GATEWAY_MAX_STREAMS, "
         "FOODGAMES_GATEWAY_RATE_PER_ADDRESS and FOODGAMES_GATEWAY_RATE_PER_PLAYER high for this bench")


class Refused(Exception):
    """A stream did not open; the message says what the gateway answered."""


def add_arguments(parser) -> None:
    from shared import games as registry

    parser.add_argument("--game", choices=registry.names(), default=DEFAULT_GAME,
                        help=f"the game whose tables are watched (default {DEFAULT_GAME})")
    parser.add_argument("--streams", type=int, default=10_000, help="streams held open at once (default 10000)")
    parser.add_argument("--per-seat", type=int, default=8,
                        help="streams watching one seat, its player's (default 8, the gateway's per-player cap)")
    parser.add_argument("--per-connection", type=int, default=90,
                        help="streams on one HTTP/2 connection (default 90; Hypercorn allows 100)")
    parser.add_argument("--opening", type=int, default=200, help="streams being opened at once (default 200)")
    parser.add_argument("--hold-s", type=float, default=30.0,
                        help="seconds the open streams idle while CPU is counted (default 30: a lease renewal "
                             "of every stream falls in it)")
    parser.add_argument("--settle-s", type=float, default=7.0,
                        help="seconds after closing before memory is read again (default 7: past the engine's "
                             "presence grace of 5 s, when it lets the seats go)")


def _positive(args) -> None:
    for name in ("streams", "per_seat", "per_connection", "opening"):
        if getattr(args, name) < 1:
            raise SystemExit(f"foodgames bench idle-streams: --{name.replace('_', '-')} must be at least 1")
    if args.hold_s <= 0 or args.settle_s < 0:
        raise SystemExit("foodgames bench idle-streams: --hold-s must be more than 0 and --settle-s at least 0")


def envelope(payload: bytes) -> bytes:
    """A Connect streaming request's one message: flags 0, its length, the JSON."""
    return struct.pack(">BI", 0, len(payload)) + payload


async def _first_message(chunks) -> None:
    """Reads the response's chunks until the first whole message; an end-of-stream frame first
    is a refusal."""
    buffer = b""
    async for chunk in chunks:
        buffer += chunk
        if len(buffer) < 5:
            continue
        flags, size = struct.unpack(">BI", buffer[:5])
        if len(buffer) < 5 + size:
            continue
        if flags & 0x02:
            error = json.loads(buffer[5:5 + size] or b"{}").get("error", {})
            hint = f" ({RAISE})" if error.get("code") == "resource_exhausted" else ""
            raise Refused(f"the stream ended at once: {error.get('code')}: {str(error.get('message'))[:160]}{hint}")
        return
    raise Refused("the stream closed before its first message")


async def _hold(client, url: str, headers: dict, body: bytes, opened: asyncio.Event, failed: list) -> None:
    """One stream: open it, see its first message, then hold it until cancelled. It is not read
    while it idles (nothing comes at a table where nobody moves): a task reading an idle stream
    holds httpcore's read lock of the connection, and the next stream opened on that connection
    then waited for its headers until some message came on another stream."""
    try:
        async with client.stream("POST", url, content=body, headers=headers) as response:
            if response.status_code != 200:
                text = (await response.aread())[:160].decode(errors="replace")
                hint = f" ({RAISE})" if response.status_code == 429 else ""
                raise Refused(f"HTTP {response.status_code}: {text}{hint}")
            chunks = response.aiter_raw()
            await _first_message(chunks)
            opened.set()
            await asyncio.Event().wait()
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - every failure of a stream stops the bench, named
        failed.append(exc)
        opened.set()


async def _bench(args, settings) -> dict[str, Any]:
    import httpx

    from apps.bench import reach
    from apps.sdk.connection import ChannelPool, Connection
    from apps.sdk.gamecalls import create_game, send_client_seeds
    from shared import games as registry
    from shared.auth import mint_token, service_token

    engine, gateway = settings.address(args.game), settings.address("gateway")
    await reach.require(services={f"{args.game} rules service": engine, "deck": settings.address("deck"),
                                  "gateway": gateway})
    data_dir = Path(settings.data_dir)
    procs = {name: Process.of(data_dir, name) for name in ("gateway", args.game, "valkey")}
    if procs["gateway"] is None or procs[args.game] is None:
        raise reach.NotReachable(f"no running gateway and {args.game} pid under {data_dir / 'pids'}: this bench reads "
                                 "their memory, so it runs beside `foodgames up` on the same machine (make run)")
    seats = registry.get(args.game).rules.min_players
    per_game = seats * args.per_seat
    games = math.ceil(args.streams / per_game)
    tag = os.urandom(3).hex()
    admin = Connection(settings, service_token(settings, "bench"), "svc:bench")
    pool = ChannelPool(settings)
    tables = []
    try:
        for g in range(games):
            players = [f"idle{tag}g{g}s{s}" for s in range(seats)]
            created = await create_game(admin, args.game, players)
            # every seat's client seed at once, as a player's client sends it: the first deal
            # waits for them (or for the seed window, half the no-show time), and so would
            # the seats' first stream messages
            await send_client_seeds([Connection(settings, mint_token(settings, p), p, pool=pool) for p in players],
                                    created.game_id)
            tables.append((created.game_id, players))
            if (g + 1) % max(1, games // 10) == 0:
                print(f"  {g + 1:,} of {games:,} tables made", file=sys.stderr, flush=True)
    finally:
        await admin.close()
        await pool.close()
    watches = []  # (url body, token) per stream
    for i in range(args.streams):
        game_id, players = tables[i // per_game]
        seat = (i % per_game) // args.per_seat
        body = envelope(json.dumps({"gameId": game_id, "seat": seat, "afterVersion": "0",
                                    "viewEncoding": "VIEW_ENCODING_JSON"}).encode())
        watches.append((body, mint_token(settings, players[seat])))

    before = {name: p.rss_mb() for name, p in procs.items() if p}
    url = f"http://{gateway}/games/{args.game}{PATH}"
    timeout = httpx.Timeout(30.0, read=None)
    clients = [httpx.AsyncClient(http1=False, http2=True, timeout=timeout)
               for _ in range(math.ceil(args.streams / args.per_connection))]
    failed: list[BaseException] = []
    tasks: list[asyncio.Task] = []
    opening = asyncio.Semaphore(args.opening)
    started = time.perf_counter()
    progress_every = max(1, args.streams // 10)

    async def open_one(i: int) -> None:
        body, token = watches[i]
        headers = {"content-type": "application/connect+json", "connect-protocol-version": "1",
                   "authorization": f"Bearer {token}"}
        opened = asyncio.Event()
        async with opening:
            tasks.append(asyncio.create_task(_hold(clients[i // args.per_connection], url, headers, body, opened,
                                                   failed)))
            await opened.wait()

    try:
        for first in range(0, args.streams, progress_every):
            await asyncio.gather(*(open_one(i) for i in range(first, min(args.streams, first + progress_every))))
            if failed:
                raise failed[0]
            print(f"  {min(args.streams, first + progress_every):,} streams open", file=sys.stderr, flush=True)
        opened_s = time.perf_counter() - started
        await asyncio.sleep(2.0)  # the last opens' work done
        held = {name: p.rss_mb() for name, p in procs.items() if p}
        cpu0 = {name: p.cpu_s() for name, p in procs.items() if p}
        await asyncio.sleep(args.hold_s)
        cpu1 = {name: p.cpu_s() for name, p in procs.items() if p}
        if failed:
            raise failed[0]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(c.aclose() for c in clients), return_exceptions=True)
    await asyncio.sleep(args.settle_s)
    after = {name: p.rss_mb() for name, p in procs.items() if p}
    figures: dict[str, Any] = {}
    for name in held:
        cpu = cpu1[name] - cpu0[name]
        figures[name] = {
            "rss_before_mb": round(before[name], 1), "rss_open_mb": round(held[name], 1),
            "rss_after_mb": round(after[name], 1),
            "kb_per_stream": round((held[name] - before[name]) * 1024 / args.streams, 2),
            "idle_cpu_share_of_a_core": round(cpu / args.hold_s, 4),
            "idle_cpu_us_per_stream_per_s": round(cpu / args.hold_s / args.streams * 1e6, 3),
        }
    return {"game": args.game, "streams": args.streams, "games": games,
            "connections": len(clients), "opened_in_s": round(opened_s, 2),
            "opened_per_s": round(args.streams / opened_s, 1), "hold_s": args.hold_s, **figures}


def run(args) -> dict[str, Any]:
    from shared import telemetry
    from shared.config import Settings

    from apps.bench.moves import machine

    _positive(args)
    telemetry.configure("bench-idle-streams", "WARNING")
    try:
        out = aio.run(_bench(args, Settings.from_env()))
    except Refused as exc:
        raise SystemExit(f"foodgames bench idle-streams: {exc}") from None
    out["machine"] = machine()
    return out

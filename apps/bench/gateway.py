"""`foodgames bench gateway`: what the gateway adds to a call, beside a bare forwarder.

Against the stack that `foodgames up` runs (the same FOODGAMES_* variables as the other
benches): one game of --game is created with a service token, and its first seat's GetView is
called by one caller, one call at a time, in --calls rounds. Each round makes one call of
every variant, in turn, so that a machine whose load drifts weighs on all of them alike:

  straight     gRPC to the rules engine (grpc.aio, the player's token as metadata)
  gateway      the stack's gateway, Connect unary over HTTP/2 (h2c) and HTTP/1.1, each in
               JSON and binary protobuf (httpx clients, one connection each)
  forwarder    the floor: a bare forwarder (apps/bench/forwarder.py) on the gateway's HTTP
               server library (Hypercorn) in a process of its own, forwarding the same Connect
               calls to the same engine with no auth, limits or translation

For each of the four Connect variants: p50/p99 through the gateway and through the forwarder,
the time each adds to the straight call (its percentile minus the straight one), and the
ratio of the two (issue 27's goal: the gateway's added time within 1.5x the forwarder's).

The gateway's own limits stay on: its per-address and per-player rates (600 and 300 calls a
minute by default) refuse a long run, so a stack for this bench sets FOODGAMES_GATEWAY_RATE_
PER_ADDRESS and FOODGAMES_GATEWAY_RATE_PER_PLAYER high (docs/benchmarks.md); a refused call
stops the bench with that advice.

Before anything the rules engine, the deck and the gateway must answer (apps.bench.reach).
"""
from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

from shared import aio
from apps.bench.stats import percentiles_ms

DEFAULT_GAME = "foodie-forest"
VARIANTS = ("h2_json", "h2_proto", "h1_json", "h1_proto")
PATH = "/foodgames.v1.GameService/GetView"


class Refused(Exception):
    """A call through the gateway or the forwarder did not answer 200."""


def add_arguments(parser) -> None:
    from shared import games as registry

    parser.add_argument("--game", choices=registry.names(), default=DEFAULT_GAME,
                        help=f"the game whose rules engine answers (default {DEFAULT_GAME})")
    parser.add_argument("--calls", type=int, default=2000, help="calls of each variant (default 2000)")
    parser.add_argument("--warmup", type=int, default=50, help="calls of each variant before timing (default 50)")


def start_forwarder(engine: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "apps.bench.forwarder", engine], stdout=subprocess.PIPE,
                            text=True)
    line = proc.stdout.readline()
    if not line.strip().isdigit():
        proc.kill()
        raise RuntimeError(f"the bare forwarder did not start (said {line!r})")
    return proc, int(line)


async def _bench(args, settings) -> dict[str, Any]:
    import grpc
    import httpx
    from google.protobuf import json_format

    from apps.bench import reach
    from apps.sdk.connection import Connection
    from apps.sdk.gamecalls import JSON_VIEWS, create_game
    from foodgames.v1 import game_pb2, game_pb2_grpc
    from shared import games as registry
    from shared.auth import mint_token, service_token

    engine, gateway = settings.address(args.game), settings.address("gateway")
    await reach.require(services={f"{args.game} rules service": engine, "deck": settings.address("deck"),
                                  "gateway": gateway})
    rules = registry.get(args.game).rules
    players = [f"gwbench{i}" for i in range(rules.min_players)]
    admin = Connection(settings, service_token(settings, "bench"), "svc:bench")
    created = await create_game(admin, args.game, players)
    await admin.close()
    token = mint_token(settings, players[0])
    request = game_pb2.GetViewRequest(game_id=created.game_id, seat=0, view_encoding=JSON_VIEWS)
    bodies = {"json": json_format.MessageToJson(request).encode(), "proto": request.SerializeToString()}
    types = {"json": "application/json", "proto": "application/proto"}

    channel = grpc.aio.insecure_channel(engine)
    stub = game_pb2_grpc.GameServiceStub(channel)
    metadata = (("authorization", f"Bearer {token}"),)
    proc, port = start_forwarder(engine)
    bases = {"gateway": f"http://{gateway}/games/{args.game}", "forwarder": f"http://127.0.0.1:{port}"}
    clients = {f"{via}_{http}": httpx.AsyncClient(http1=http == "h1", http2=http == "h2", timeout=10)
               for via in bases for http in ("h1", "h2")}

    async def straight() -> None:
        reply = await stub.GetView(request, metadata=metadata, timeout=10)
        if not reply.view_json:
            raise Refused("the engine answered GetView without a view")

    def connect(via: str, variant: str):
        http, encoding = variant.split("_")
        client, url = clients[f"{via}_{http}"], bases[via] + PATH
        headers = {"content-type": types[encoding], "connect-protocol-version": "1",
                   "authorization": f"Bearer {token}"}
        body = bodies[encoding]

        async def call() -> None:
            try:
                reply = await client.post(url, content=body, headers=headers)
            except httpx.RemoteProtocolError:
                # Hypercorn ends an HTTP/2 connection after 1,000 requests (keep_alive_max_requests)
                # and httpx fails the call that meets the GOAWAY: once more, on a new connection
                # (timed with it: a client pays that every 1,000 calls, through either server)
                reply = await client.post(url, content=body, headers=headers)
            if reply.status_code != 200 or reply.http_version != ("HTTP/2" if http == "h2" else "HTTP/1.1"):
                hint = (" (the gateway's rate limits: set FOODGAMES_GATEWAY_RATE_PER_ADDRESS and "
                        "FOODGAMES_GATEWAY_RATE_PER_PLAYER high for this bench)") if reply.status_code == 429 else ""
                raise Refused(f"{via} {variant}: {reply.http_version} {reply.status_code} "
                              f"{reply.text[:200]}{hint}")
            answer = game_pb2.GetViewResponse()
            if encoding == "json":
                json_format.Parse(reply.content, answer, ignore_unknown_fields=True)
            else:
                answer.ParseFromString(reply.content)
            if not answer.view_json:
                raise Refused(f"{via} {variant}: an answer without a view")
        return call

    calls = {"straight": straight, **{f"{via}_{v}": connect(via, v) for via in bases for v in VARIANTS}}
    samples: dict[str, list[float]] = {name: [] for name in calls}
    try:
        for _ in range(args.warmup):
            for call in calls.values():
                await call()
        for _ in range(args.calls):
            for name, call in calls.items():
                started = time.perf_counter()
                await call()
                samples[name].append(time.perf_counter() - started)
    finally:
        for client in clients.values():
            await client.aclose()
        await channel.close()
        proc.terminate()
        proc.wait(10)
    return {"game_id": created.game_id, "samples": samples}


def run(args) -> dict[str, Any]:
    from shared import telemetry
    from shared.config import Settings

    from apps.bench.moves import machine

    telemetry.configure("bench-gateway", "WARNING")
    try:
        raw = aio.run(_bench(args, Settings.from_env()))["samples"]
    except Refused as exc:
        raise SystemExit(f"foodgames bench gateway: {exc}") from None
    straight = percentiles_ms(raw["straight"], (0.50, 0.99))
    out: dict[str, Any] = {"game": args.game, "calls": args.calls, "answered": {k: len(v) for k, v in raw.items()},
                           "straight": straight}
    for variant in VARIANTS:
        gateway = percentiles_ms(raw[f"gateway_{variant}"], (0.50, 0.99))
        forwarder = percentiles_ms(raw[f"forwarder_{variant}"], (0.50, 0.99))
        figures: dict[str, Any] = {"gateway": gateway, "forwarder": forwarder}
        for p in ("p50", "p99"):
            added_gateway = round(gateway[f"{p}_ms"] - straight[f"{p}_ms"], 3)
            added_forwarder = round(forwarder[f"{p}_ms"] - straight[f"{p}_ms"], 3)
            figures[f"gateway_added_{p}_ms"] = added_gateway
            figures[f"forwarder_added_{p}_ms"] = added_forwarder
            figures[f"added_ratio_{p}"] = round(added_gateway / added_forwarder, 2) if added_forwarder > 0 else None
        out[variant] = figures
    out["machine"] = machine()
    return out


if __name__ == "__main__":
    import argparse
    import json

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    print(json.dumps(run(parser.parse_args()), indent=2))

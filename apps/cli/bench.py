"""`foodgames bench NAME`: benchmarks (never timed tests). Each lives in
apps.bench.NAME with `add_arguments(parser)` and `run(args) -> dict`; the
figures print as a table, or as one JSON document with --json."""
from __future__ import annotations

import importlib
import json
import sys

BENCHES = {
    "moves": "end-to-end move round trips against the running stack, beside the gRPC/JetStream floor",
    "replay": "rebuild a 1,000-event game from the stream, beside reading the same messages raw",
    "ratings": "rating accuracy of every openskill model on a synthetic league",
    "leaderboard": "leaderboard query latency and rating updates, beside raw Redis",
    "matchmaking": "tickets matched per second and time to match, beside raw Redis",
    "consumer": "CPU per message of the leaderboard's game-over consumer (its own NATS and Valkey)",
    "gateway": "GetView through the gateway over Connect (HTTP/2, HTTP/1.1; JSON, binary) beside gRPC "
               "straight to the engine and a bare forwarder",
    "streams": "a rules engine's memory with WatchGame streams open and after they closed, round after round",
    "idle-streams": "memory and CPU per idle WatchGame stream held through the gateway (10,000 by default)",
    "capacity": "CPU per move and per finished game of every stack process, memory per live game, JetStream "
                "disk per game (docs/capacity.md)",
}


def register(subparsers) -> None:
    bench = subparsers.add_parser("bench", help="run a benchmark", description=__doc__)
    which = bench.add_subparsers(dest="bench", metavar="NAME", required=True)
    for name, summary in BENCHES.items():
        parser = which.add_parser(name, help=summary, description=summary)
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON document")
        module_name = f"apps.bench.{name.replace('-', '_')}"  # a command's words, a module's name
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            parser.set_defaults(func=lambda args, n=name: _missing(n))
            continue
        module.add_arguments(parser)
        parser.set_defaults(func=lambda args, m=module: _run(m, args))


def _missing(name: str) -> int:
    print(f"foodgames bench {name}: not available in this build", file=sys.stderr)
    return 2


def _run(module, args) -> int:
    from apps.bench.reach import NotReachable

    import grpc

    try:
        figures = module.run(args)
    except NotReachable as exc:
        print(f"foodgames bench {args.bench}: {exc}", file=sys.stderr)
        return 3
    except grpc.aio.AioRpcError as exc:
        # a bench's calls all come from one address and a few players: the gateway's limits,
        # made for browsers, refuse them unless raised
        hint = (" (a bench through the gateway needs its limits raised: FOODGAMES_GATEWAY_RATE_PER_ADDRESS, "
                "FOODGAMES_GATEWAY_RATE_PER_PLAYER, FOODGAMES_GATEWAY_MAX_STREAMS_PER_ADDRESS; docs/benchmarks.md)"
                if exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED else "")
        print(f"foodgames bench {args.bench}: the stack refused a call: {exc.code().name}: {exc.details()}{hint}",
              file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(figures, indent=2, default=str))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"foodgames bench {args.bench}")
        table.add_column("figure")
        table.add_column("value", justify="right")
        for key, value in _flatten(figures):
            table.add_row(key, f"{value:,.3f}" if isinstance(value, float) else str(value))
        Console().print(table)
    return 0


def _flatten(figures, prefix=""):
    for key, value in figures.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value

"""`foodgames top`: the running stack's figures, live: every service's metrics endpoint
(shared/metrics.py; the ports are the ones `foodgames up` gives, FOODGAMES_PORT_BASE included)
scraped every second: live tables, moves/s, refusals, move latency p50/p99, queue waits,
consumer lag, server errors, CPU, memory and event-loop lag per service. `--once` prints the
table once (two scrapes an interval apart) and exits: 1 when a service does not answer."""
from __future__ import annotations

import time


def register(subparsers) -> None:
    top = subparsers.add_parser("top", help="the running stack's figures, live (full screen)",
                                description=__doc__.split("\n\n")[0])
    top.add_argument("--interval", type=float, default=1.0, help="seconds between refreshes (default 1)")
    top.add_argument("--once", action="store_true", help="print the figures once and exit (no full screen)")
    top.add_argument("--service", action="append", default=None, metavar="NAME",
                     help="only this service (repeatable; default every service of the stack)")
    top.set_defaults(func=run_top)


def addresses(settings, only=None) -> dict[str, str]:
    """Service -> its metrics address, for every service `foodgames up` starts."""
    from shared.stackfigures import addresses as of_stack

    return of_stack(settings, only)


def run_top(args) -> int:
    from shared import aio
    from shared.config import Settings

    targets = addresses(Settings.from_env(), args.service)
    if args.once:
        return aio.run(print_once(targets, args.interval))
    from apps.top.view import TopApp

    TopApp(targets, args.interval).run()
    return 0


async def print_once(targets: dict[str, str], interval_s: float) -> int:
    import asyncio

    from rich.console import Console
    from rich.table import Table

    from shared import stackfigures as figures

    sampler = figures.Sampler(targets, interval_s=0)
    await sampler.sample()
    await asyncio.sleep(interval_s)
    rows = list((await sampler.sample())[-1].rows)
    table = Table(title=f"foodgames top  {time.strftime('%H:%M:%S')}")
    for column in figures.COLUMNS:
        table.add_column(column, justify="left" if column == "service" else "right")
    for r in rows:
        table.add_row(*figures.cells(r))
    table.add_row(*figures.totals(rows))
    Console(width=200).print(table)
    for r in rows:
        if not r.up:
            print(f"{r.service} does not answer at {targets[r.service]}: {r.error}")
    if not any(r.up for r in rows):
        from apps.sdk.connection import STACK_HINT

        print(f"No service answers: {STACK_HINT}")
    return 0 if all(r.up for r in rows) else 1

"""`foodgames chaos`: break a stack of its own on purpose and check that nothing acknowledged
was lost (docs/reliability.md).

Starts NATS (one server, or with --nats-cluster 3 a cluster with R3 streams), Valkey and every
service as `foodgames up` does, on free ports of 127.0.0.1 and a data folder of its own; plays
bot tables of every registered game (some set by the matchmaker, all ranked; every other table
made directly played through the gateway over Connect with JSON, as a browser plays) for
--duration seconds while it makes faults on a schedule drawn from --seed; lets the tables in play finish;
then checks that no acknowledged move was lost, no move was applied twice, every game finished
or was cancelled, the replay of each stream gives the views the clients saw, every finished
ranked game was rated exactly once, every game's audit verifies, every round of a small Swiss
tournament played beside the tables closed exactly once and the tournament verifies, and no
process is left behind. Prints a table (fault, count, moves during, recovery time, violations); exits 1 on any
violation.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers) -> None:
    from apps.chaos.faults import KINDS

    chaos = subparsers.add_parser("chaos", help="break a stack of its own under bot traffic and check nothing was lost",
                                  description=__doc__.split("\n\n", 1)[1],
                                  formatter_class=argparse.RawDescriptionHelpFormatter,
                                  epilog="faults:\n" + "\n".join(f"  {k:17} {v}" for k, v in KINDS.items()))
    chaos.add_argument("--duration", type=float, default=60.0, metavar="SECONDS",
                       help="how long bot tables are started and faults made (default %(default)s); the tables "
                       "in play then finish, and the checks run")
    chaos.add_argument("--seed", type=int, default=1, help="seed of the fault schedule and the table sizes "
                       "(default %(default)s): the same seed makes the same schedule")
    chaos.add_argument("--nats-cluster", type=int, choices=(1, 3), default=1, metavar="N",
                       help="1 NATS server (default) or a cluster of 3 with R3 streams")
    chaos.add_argument("--replicas", type=int, default=1, metavar="N",
                       help="replicas of every service and of the house bots (default %(default)s), as "
                       "`foodgames up --replicas N`; each kill-* fault then kills one replica")
    chaos.add_argument("--faults", default="", metavar="KIND,...",
                       help="the kinds of fault to make, comma-separated (default: every kind that applies: "
                       "kill-nats with one NATS, kill-nats-node with a cluster); see the list below")
    chaos.add_argument("--every", type=float, default=5.0, metavar="SECONDS",
                       help="one fault every ... seconds on average (default %(default)s); at least one of each kind")
    chaos.add_argument("--down", type=float, default=1.0, metavar="SECONDS",
                       help="how long a killed NATS or Valkey stays down and a paused process paused "
                       "(default %(default)s)")
    chaos.add_argument("--tables", type=int, default=3, help="bot tables in play at once (default %(default)s)")
    chaos.add_argument("--drain", type=float, default=120.0, metavar="SECONDS",
                       help="how long the tables in play may take to finish after --duration (default %(default)s)")
    chaos.add_argument("--no-tournament", dest="tournament", action="store_false",
                       help="no tournament beside the tables (by default a Swiss of four entrants, two rounds, "
                       "whose every round must close exactly once)")
    chaos.add_argument("--data", type=Path, default=None, metavar="DIR",
                       help="keep the stack's data and logs in DIR (default: a temporary folder, removed after)")
    chaos.set_defaults(func=run_chaos)


def run_chaos(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from apps.chaos.faults import kinds_for
    from apps.chaos.ledger import CONNECT
    from apps.chaos.run import Options, run, table_rows

    kinds = [k.strip() for k in args.faults.split(",") if k.strip()] or None
    if kinds:
        applies = kinds_for(args.nats_cluster)
        wrong = [k for k in kinds if k not in applies]
        if wrong:
            print(f"foodgames chaos: no fault {', '.join(wrong)} with --nats-cluster {args.nats_cluster}; "
                  f"faults: {', '.join(applies)}", file=sys.stderr)
            return 2
    if args.duration <= 0 or args.every <= 0 or args.tables < 1 or args.replicas < 1:
        print("foodgames chaos: --duration and --every must be positive, --tables and --replicas at least 1",
              file=sys.stderr)
        return 2
    console = Console(highlight=False)

    def say(text: str) -> None:
        console.print(text, markup=False, soft_wrap=True)

    options = Options(duration_s=args.duration, seed=args.seed, nats_cluster=args.nats_cluster, kinds=kinds,
                      every_s=args.every, down_s=args.down, tables=args.tables, drain_s=args.drain, data=args.data,
                      replicas=args.replicas, tournament=args.tournament)
    try:
        outcome = run(options, say)
    except (OSError, RuntimeError, TimeoutError) as exc:
        console.print(f"foodgames chaos: the stack did not start: {exc}", markup=False)
        return 1
    table = Table(title=f"foodgames chaos: {args.duration:.0f}s, seed {args.seed}, "
                        f"{'NATS cluster of 3' if args.nats_cluster > 1 else 'one NATS'}, "
                        f"{args.replicas} replica{'s' if args.replicas > 1 else ''} of everything")
    for column in ("fault", "count", "moves during", "recovery time", "violations"):
        table.add_column(column)
    for row in table_rows(outcome):
        table.add_row(*row)
    console.print(table)
    if outcome.evidence:
        say("what the metrics show (docs/operations.md):")
        for e in outcome.evidence:
            say(f"  {e.kind} {e.target}: {'seen' if e.seen else 'NOT SEEN'}: {e.text}")
    led = outcome.ledger
    say(f"{len(led.games)} games ({sum(1 for g in led.games if g.via == 'matchmaker')} set by the matchmaker, "
        f"{sum(1 for g in led.games if g.client == CONNECT)} played through the gateway over Connect), "
        f"{led.moves} acknowledged moves, stack SERVING after {outcome.started_s:.1f}s")
    for failure in led.queue_failures:
        say(f"note: a table never started: {failure}")
    for g in led.games:
        if g.error:
            say(f"note: the clients of {g.game_id} stopped: {g.error}")
    if outcome.violations:
        say(f"{len(outcome.violations)} violations:")
        for v in outcome.violations[:50]:
            say(f"  {v}")
        return 1
    say("no violation: no acknowledged move lost, none applied twice, every game settled, replays equal live, "
        "ratings exactly once, audits verify, no process left behind, every fault in the metrics, "
        "every timeout written once and when due, no seat away while held, no game stalled past its clock"
        + (", every tournament round closed once and the tournament verified" if outcome.tournament else ""))
    return 0

"""`foodgames tournament ...`: run and audit tournaments (docs/tournaments.md).

    foodgames tournament create --game foodie-forest --entrants ann,bob,cid,dee --rounds 3
    foodgames tournament status TOURNAMENT_ID [--watch]
    foodgames tournament standings TOURNAMENT_ID
    foodgames tournament bots TOURNAMENT_ID            (dev: bots play every entrant's tables)
    foodgames tournament export TOURNAMENT_ID -o tournament.json
    foodgames tournament verify tournament.json        (offline: exit 0 only when all holds)

Online commands reach the tournament service at Settings.from_env().address("tournament")
(or --address) with an operator token minted from the settings' token key.
Exit status: 0 done / every check holds; 1 a check failed; 2 usage errors, unreadable files,
or a service that refused or cannot be reached (its reason is printed).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from apps.cli.gamearg import plural
from shared import aio

CALL_TIMEOUT_S = 60.0


def register(subparsers: argparse._SubParsersAction) -> None:
    top = subparsers.add_parser(
        "tournament", help="create, follow and audit tournaments",
        description="Tournaments: Swiss rounds (or fixed co-op tables) played as games on the rules "
                    "engines, seats drawn by the deck service, standings, and an offline audit of it all.")
    commands = top.add_subparsers(dest="tournament_command", metavar="SUBCOMMAND")

    create = commands.add_parser("create", help="create a tournament and start it (operators)",
                                 description="Create a tournament; the service pairs round 1, starts its tables "
                                             "as games and moves on as they finish. Prints its id.")
    create.add_argument("--game", required=True, help="the game's wire name, e.g. foodie-forest")
    create.add_argument("--entrants", required=True, nargs="+", metavar="NAMES_OR_FILE",
                        help="the entrants' player names (separated by spaces or commas), or a file "
                             "with one name per line")
    create.add_argument("--rounds", required=True, type=int, help="the number of rounds (at least 1)")
    create.add_argument("--format", choices=("swiss", "series"),
                        help="swiss (competitive games) or series (fixed co-op tables); default: the game's")
    create.add_argument("--ranked", action="store_true",
                        help="the tables' games count on the public ladder (default: casual)")
    create.add_argument("--table-size", type=int, default=0,
                        help="players per table (default: 4 within the game's range)")
    create.add_argument("--odd-entrants", choices=("smaller-tables", "byes"), default="smaller-tables",
                        help="entrants that do not fill tables: smaller tables (default) or byes")
    create.add_argument("--bye-points", type=float, default=None,
                        help="tournament points of a bye (default: (table size - 1) / 2)")
    create.add_argument("--per-move-seconds", type=int, default=None, help="time control per move (recorded)")
    create.add_argument("--per-game-seconds", type=int, default=None, help="time control per game (recorded)")
    create.add_argument("--options", default=None, metavar="JSON",
                        help="the game's options as a JSON object, passed to every table")
    create.add_argument("--id", dest="tournament_id", default="",
                        help="the tournament id (1-40 letters, digits, - or _; default: a new one)")
    _address(create)
    create.set_defaults(func=_create)

    status = commands.add_parser("status", help="show a tournament's progress",
                                 description="Rounds, tables, their games and results, and what the "
                                             "tournament waits for.")
    status.add_argument("tournament_id", help="the tournament's id")
    status.add_argument("--watch", action="store_true", help="print again as it changes, until it finishes")
    status.add_argument("--json", action="store_true", help="print the tournament as JSON")
    _address(status)
    status.set_defaults(func=_status)

    listing = commands.add_parser("list", help="list the tournaments, the running ones first",
                                  description="The tournaments on the stack (of one game, or all): the running "
                                              "ones first, then the finished, newest activity first in each.")
    listing.add_argument("--game", default="", help="only this game's (e.g. foodie-forest)")
    listing.add_argument("--limit", type=int, default=20, help="at most this many (1-50; default 20)")
    listing.add_argument("--json", action="store_true", help="print the tournaments as JSON")
    _address(listing)
    listing.set_defaults(func=_list)

    standings = commands.add_parser("standings", help="show the standings after the last closed round",
                                    description="The standings with their tie-breaks (docs/tournaments.md).")
    standings.add_argument("tournament_id", help="the tournament's id")
    standings.add_argument("--json", action="store_true", help="print the standings as JSON")
    _address(standings)
    standings.set_defaults(func=_standings)

    bots = commands.add_parser(
        "bots", help="play every table of a tournament with bots (to try it out on a dev stack)",
        description="Play each table of the tournament with bots as its games start, every seat with "
                    "a token minted for its entrant from this machine's token key (a dev stack's), "
                    "until the tournament finishes; progress is printed per game.")
    bots.add_argument("tournament_id", help="the tournament's id")
    bots.add_argument("--kind", default="random", help="the bot kind (default random; `foodgames bots --help` "
                                                        "lists the game's own)")
    bots.add_argument("--timeout", type=float, default=3600.0, help="seconds before giving up (default 3600)")
    _address(bots)
    bots.set_defaults(func=_bots)

    export = commands.add_parser("export", help="write a finished tournament's audit bundle (operators)",
                                 description="Fetch the tournament's bundle: its events, its seating draws and "
                                             "every table's game audit bundle, for `tournament verify`.")
    export.add_argument("tournament_id", help="the tournament's id")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    _address(export)
    export.set_defaults(func=_export)

    verify = commands.add_parser(
        "verify", help="check a whole tournament offline from its bundle",
        description="Check a tournament bundle offline: the tournament's events replayed through the "
                    "tournament core (pairings, byes, standings), every seating draw re-derived from the "
                    "deck's revealed seed and found in its transparency log, and every table's game "
                    "audited with its whole record replayed through the game's rules. Exit 0 only when "
                    "all hold; otherwise the first failing check is named.")
    verify.add_argument("bundle", metavar="BUNDLE", help="a tournament bundle JSON file ('-' = stdin)")
    verify.add_argument("--public-key", metavar="KEY",
                        help="the operator's published log key; every bundle must be signed by it "
                             "(`foodgames audit key` prints the deck's)")
    verify.add_argument("--verbose", "-v", action="store_true", help="list every check, not only the failing ones")
    verify.add_argument("--json", action="store_true", help="print the report as JSON")
    verify.set_defaults(func=_verify)

    top.set_defaults(func=lambda args: (top.print_help(), 2)[1])


def _address(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--address", metavar="HOST:PORT",
                        help="the tournament service (default: FOODGAMES_TOURNAMENT_ADDR or the stack's port)")


class ServiceError(Exception):
    pass


def _call(args: argparse.Namespace, fn):
    """Runs `fn(stub)` against the tournament service with an operator token; None (after saying
    why on stderr) when the service refused or could not be reached."""
    async def go():
        import grpc
        from foodgames.v1 import tournament_pb2_grpc

        from apps.sdk.connection import failure_text
        from shared.auth import mint_token
        from shared.channels import client_channel
        from shared.config import Settings

        settings = Settings.from_env()
        address = args.address or settings.address("tournament")
        channel = client_channel(address, mint_token(settings, "operator", "operator", ttl_s=3600))
        try:
            return await fn(tournament_pb2_grpc.TournamentServiceStub(channel))
        except grpc.aio.AioRpcError as exc:
            raise ServiceError(f"the tournament service at {address} said {failure_text(exc)}") from None
        finally:
            await channel.close()
    try:
        return aio.run(go())
    except ServiceError as exc:
        print(f"foodgames tournament: {exc}", file=sys.stderr)
        return None


def read_entrants(values: list[str]) -> list[str]:
    """Names from the arguments: each is a file of names (one per line) or names separated by commas."""
    names: list[str] = []
    for value in values:
        path = Path(value)
        text = path.read_text(encoding="utf-8") if path.is_file() else value
        names += [n.strip() for line in text.splitlines() for n in line.split(",") if n.strip()
                  and not n.strip().startswith("#")]
    return names


def _create(args: argparse.Namespace) -> int:
    from foodgames.v1 import tournament_pb2 as pb

    from shared.protojson import to_struct

    try:
        entrants = read_entrants(args.entrants)
        options = json.loads(args.options) if args.options else None
    except (OSError, ValueError) as exc:
        print(f"foodgames tournament create: {exc}", file=sys.stderr)
        return 2
    if options is not None and not isinstance(options, dict):
        print("foodgames tournament create: --options is a JSON object", file=sys.stderr)
        return 2
    request = pb.CreateTournamentRequest(
        tournament_id=args.tournament_id, game=args.game, entrants=entrants, rounds=max(args.rounds, 0),
        format={"swiss": pb.TOURNAMENT_FORMAT_SWISS, "series": pb.TOURNAMENT_FORMAT_SERIES}.get(args.format, 0),
        table_size=max(args.table_size, 0), ranked=args.ranked,
        odd_entrants=pb.ODD_ENTRANTS_BYES if args.odd_entrants == "byes" else pb.ODD_ENTRANTS_SMALLER_TABLES,
        options=to_struct(options) if options else None)
    if args.bye_points is not None:
        request.bye_points = args.bye_points
    if args.per_move_seconds is not None:
        request.time_control.per_move_seconds = args.per_move_seconds
    if args.per_game_seconds is not None:
        request.time_control.per_game_seconds = args.per_game_seconds
    reply = _call(args, lambda stub: stub.CreateTournament(request, timeout=CALL_TIMEOUT_S))
    if reply is None:
        return 2
    t = reply.tournament
    print(t.tournament_id)
    print(f"created: {t.game}, {plural(len(t.entrants), 'entrant')}, {plural(t.rounds, 'round')}, "
          f"{'swiss' if t.format == pb.TOURNAMENT_FORMAT_SWISS else 'series'} at tables of {t.table_size}, "
          f"{'ranked' if t.ranked else 'casual'}; follow it with `foodgames tournament status {t.tournament_id} "
          f"--watch`", file=sys.stderr)
    return 0


def describe(t) -> str:
    """A tournament's progress for a person."""
    lines = [f"tournament {t.tournament_id}: {t.game}, {plural(len(t.entrants), 'entrant')} "
             f"({len(t.dropped)} dropped), {'ranked' if t.ranked else 'casual'}"]
    done_tables = sum(tb.finished for r in t.round_list for tb in r.tables)
    all_tables = sum(len(r.tables) for r in t.round_list)
    lines.append(f"phase {t.phase}: round {t.current_round} of {t.rounds}; tables finished {done_tables}/{all_tables}")
    for r in t.round_list:
        lines.append(f"  round {r.number}{' (closed)' if r.closed else ''}"
                     + (f"; byes: {', '.join(r.byes)}" if r.byes else ""))
        for tb in r.tables:
            if tb.finished:
                what = "finished: " + ", ".join(f"{p} #{pl} ({pt:g})" for p, pl, pt in
                                                 zip(tb.seats, tb.placings, tb.points))
            elif tb.game_id:
                what = f"playing game {tb.game_id}: seats " + ", ".join(tb.seats)
            elif tb.seats:
                what = "seated: " + ", ".join(tb.seats)
            else:
                what = "waiting for the seat draw: " + ", ".join(tb.players)
            lines.append(f"    table {tb.number}  {what}")
    if t.winners:
        lines.append("winners: " + ", ".join(t.winners))
    if t.stalled:
        lines.append(f"stalled (tried again): {t.stalled}")
    return "\n".join(lines)


def _status(args: argparse.Namespace) -> int:
    from google.protobuf.json_format import MessageToDict

    from foodgames.v1 import tournament_pb2 as pb

    async def watch(stub):
        last = None
        while True:
            t = (await stub.GetTournament(pb.GetTournamentRequest(tournament_id=args.tournament_id),
                                          timeout=CALL_TIMEOUT_S)).tournament
            text = json.dumps(MessageToDict(t), indent=2) if args.json else describe(t)
            if text != last:
                print(text + ("\n" if args.watch else ""), flush=True)
                last = text
            if not args.watch or t.phase == "finished":
                return t
            import asyncio
            await asyncio.sleep(1.0)
    return 0 if _call(args, watch) is not None else 2


def _list(args: argparse.Namespace) -> int:
    from google.protobuf.json_format import MessageToDict

    from foodgames.v1 import tournament_pb2 as pb

    reply = _call(args, lambda stub: stub.ListTournaments(pb.ListTournamentsRequest(game=args.game,
                                                                                    page_size=args.limit),
                                                           timeout=CALL_TIMEOUT_S))
    if reply is None:
        return 2
    if args.json:
        print(json.dumps([MessageToDict(t) for t in reply.tournaments], indent=2))
        return 0
    if not reply.tournaments:
        print("no tournament yet" + (f" of {args.game}" if args.game else ""))
    for t in reply.tournaments:
        print(f"{t.tournament_id:<24} {t.game:<20} {t.phase:<12} round {t.current_round} of {t.rounds}, "
              f"{plural(len(t.entrants), 'entrant')}" + (f", won by {', '.join(t.winners)}" if t.winners else ""))
    return 0


def _standings(args: argparse.Namespace) -> int:
    from google.protobuf.json_format import MessageToDict

    from foodgames.v1 import tournament_pb2 as pb

    reply = _call(args, lambda stub: stub.GetStandings(pb.GetStandingsRequest(tournament_id=args.tournament_id),
                                                        timeout=CALL_TIMEOUT_S))
    if reply is None:
        return 2
    if args.json:
        print(json.dumps(MessageToDict(reply), indent=2))
        return 0
    if not reply.round:
        print("no round has closed yet")
        return 0
    print(f"standings after round {reply.round}{' (final)' if reply.final else ''}")
    if reply.rows:
        print(f"{'rank':>4}  {'player':<24} {'points':>7} {'game pts':>8} {'opp avg':>8} {'h2h':>4} {'seed':>4}")
        for r in reply.rows:
            print(f"{r.rank:>4}  {r.player:<24} {r.points:>7g} {r.game_points:>8g} {r.opponents_average:>8.3f} "
                  f"{r.head_to_head:>4} {r.seed:>4}" + ("  dropped" if r.dropped else "")
                  + (f"  byes {r.byes}" if r.byes else ""))
    for team in reply.teams:
        print(f"{team.rank:>4}  table {team.table}: {', '.join(team.players)}  wins {team.wins}/{team.games}, "
              f"best {team.best_points:g}, total {team.total_points:g}" + ("  withdrawn" if team.withdrawn else ""))
    return 0


def _bots(args: argparse.Namespace) -> int:
    import asyncio

    from foodgames.v1 import tournament_pb2 as pb

    from apps.bots.base import make_bot
    from apps.bots.seat_stream import stream_table
    from apps.sdk.connection import ChannelPool
    from shared.config import Settings

    settings = Settings.from_env()

    async def play(stub):
        pool = ChannelPool(settings, per_service=2)
        playing: dict[str, asyncio.Task] = {}
        started = time.monotonic()
        try:
            while True:
                t = (await stub.GetTournament(pb.GetTournamentRequest(tournament_id=args.tournament_id),
                                              timeout=CALL_TIMEOUT_S)).tournament
                for r in t.round_list:
                    for table in r.tables:
                        if table.game_id and not table.finished and table.game_id not in playing:
                            bots = [make_bot(t.game, args.kind, f"{table.game_id}/{seat}")
                                    for seat in range(len(table.seats))]
                            playing[table.game_id] = asyncio.create_task(stream_table(
                                settings, t.game, table.game_id, list(table.seats), bots, pool=pool))
                            print(f"round {r.number} table {table.number}: playing {table.game_id} "
                                  f"({', '.join(table.seats)})", flush=True)
                for gid, task in list(playing.items()):
                    if task.done() and task.exception() is not None:
                        exc = task.exception()  # a bot that failed stops this, with its reason
                        why = f"{exc.code().name}: {exc.details()}" if hasattr(exc, "details") else repr(exc)
                        raise ServiceError(f"the bots of game {gid} ({t.game} at {settings.address(t.game)}) "
                                           f"stopped: {why}")
                if t.phase == "finished":
                    print(f"finished after {time.monotonic() - started:.1f}s; winners: {', '.join(t.winners)}")
                    return t
                if time.monotonic() - started > args.timeout:
                    raise ServiceError(f"the tournament did not finish within {args.timeout:g}s")
                await asyncio.sleep(0.2)
        finally:
            for task in playing.values():
                task.cancel()
            await asyncio.gather(*playing.values(), return_exceptions=True)
            await pool.close()
    try:
        return 0 if _call(args, play) is not None else 2
    except ValueError as exc:  # an unknown bot kind
        print(f"foodgames tournament bots: {exc}", file=sys.stderr)
        return 2


def _export(args: argparse.Namespace) -> int:
    from foodgames.v1 import tournament_pb2 as pb

    started = time.monotonic()
    reply = _call(args, lambda stub: stub.ExportTournamentBundle(
        pb.ExportTournamentBundleRequest(tournament_id=args.tournament_id), timeout=CALL_TIMEOUT_S))
    if reply is None:
        return 2
    if args.output:
        Path(args.output).write_text(reply.bundle_json, encoding="utf-8")
        print(f"wrote {args.output} ({len(reply.bundle_json) // 1024} KiB) in {time.monotonic() - started:.1f}s",
              file=sys.stderr)
    else:
        sys.stdout.write(reply.bundle_json)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from apps.audit.tournament import verify_tournament
    from apps.audit.verifier import format_report

    try:
        text = sys.stdin.read() if args.bundle == "-" else Path(args.bundle).read_text(encoding="utf-8")
        bundle = json.loads(text)
    except (OSError, ValueError) as exc:
        print(f"cannot read the bundle {args.bundle}: {exc}", file=sys.stderr)
        return 2
    report = verify_tournament(bundle, expected_public_key=args.public_key)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    elif args.verbose:
        print(format_report(report), end="")
    else:
        print(summary(report))
    if not args.public_key and not args.json:
        print("note: the bundles' own key was used; pin the operator's published key with --public-key "
              "(`foodgames audit key`)", file=sys.stderr)
    return 0 if report.ok else 1


def summary(report) -> str:
    """The verdict, the checks counted by part, and the failing ones (the first one first)."""
    parts: dict[str, list[int]] = {}
    for c in report.checks:
        part = c.name.split(":")[0] if ":" in c.name else c.name
        part = "games" if part.startswith("game ") else "draws" if part.startswith("draw") else part
        counts = parts.setdefault(part, [0, 0])
        counts[0] += 1
        counts[1] += not c.ok
    lines = [report.title, ""]
    for part, (n, bad) in parts.items():
        lines.append(f"  {'ok    ' if not bad else 'FAILED'}  {part}: {n - bad}/{n} checks hold")
    lines.append("")
    failures = report.failures
    if report.ok:
        lines.append(f"RESULT: every check holds ({len(report.checks)} checks"
                     + (f"; {len(report.skipped)} skipped" if report.skipped else "") + ").")
    else:
        first = failures[0] if failures else None
        lines.append(f"RESULT: {len(failures)} of {len(report.checks)} checks FAILED; the first: "
                     + (f"{first.name}: {first.reason}" if first else "nothing was checked"))
        lines += [f"  FAILED  {c.name}: {c.reason}" for c in failures[1:10]]
        if len(failures) > 10:
            lines.append(f"  ... and {len(failures) - 10} more (--verbose lists every check)")
    return "\n".join(lines)

"""`foodgames play`, `foodgames bots` and `foodgames demo`: clients of the running stack.

    foodgames play foodie-forest --name ann        the terminal client (docs/bots.md; --language de)
    foodgames bots foodie-forest --count 3         3 bots queue and play like any client
    foodgames house-bots                           bots for a waiting player when the matchmaker asks
    foodgames demo [--games 3] [--json]            bots play ranked games end to end, then the
                                                   leaderboard and `foodgames audit verify` per game

All of them find the services through FOODGAMES_* (as `foodgames up` does) and mint their
player tokens locally from the dev stack's token key (shared.auth.mint_token).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import uuid
from typing import Any

from apps.cli.gamearg import add_game_argument, add_language_argument, plural
from shared import aio, games

def register(subparsers) -> None:
    play = subparsers.add_parser("play", help="play a game in the terminal against other players or bots",
                                 description="Queue through the matchmaker and play one seat with the "
                                             "keyboard; run it again with the same name to rejoin a game.")
    add_game_argument(play)
    play.add_argument("--name", help="your player name (needed to play; not to --spectate)")
    play.add_argument("--spectate", metavar="GAME_ID",
                      help="watch this game as a spectator instead of playing (as `foodgames watch`)")
    play.add_argument("--plain", action="store_true",
                      help="print the table after every move instead of the full-screen client "
                           "(the default when the output is not a terminal)")
    play.add_argument("--bots", metavar="LEVEL", choices=("easy", "normal", "strong"), default=None,
                      help="the house bots' level if they fill your table: easy (random), normal (the "
                           "game's heuristic) or strong (its search bot); a casual table")
    _table_options(play)
    party = play.add_mutually_exclusive_group()
    party.add_argument("--party", nargs="+", default=[], metavar="NAME",
                       help="invite these players to your table: the party queues once each of them accepts "
                            "(`foodgames play GAME --name THEM --join`); nobody is seated without agreeing")
    party.add_argument("--join", action="store_true",
                       help="accept the oldest invitation to a party of this game (waiting up to a minute "
                            "for one) and play at that table")
    party.add_argument("--host", action="store_true",
                       help="open a private table (--players seats) and print its invite code and link; the "
                            "game starts once friends fill it (`foodgames play GAME --invite CODE`)")
    party.add_argument("--invite", metavar="CODE", default="",
                       help="take a seat at the private table of this invite code (or link)")
    play.add_argument("--bots-after", type=float, default=None, metavar="S",
                      help="with --host: fill the seats still free after S seconds with house bots")
    play.add_argument("--bot-level", default="", help="with --host: the house bots' level")
    play.add_argument("--public", action="store_true", help="with --host: list the table in the open tables lobby")
    add_language_argument(play)
    play.set_defaults(func=run_play)

    bots = subparsers.add_parser("bots", help="connect bots that queue and play like any client",
                                 description="Each bot: a token, a ticket, the ticket's stream, its client "
                                             "seed to the deck, then its seat until the game ends.")
    add_game_argument(bots)
    bots.add_argument("--count", type=int, default=3, help="how many bots (default 3)")
    bots.add_argument("--kind", default=None, help="the bot kind: random, first, or one of the game's own "
                      "(default: the game's best)")
    bots.add_argument("--level", choices=("easy", "normal", "strong"), default=None,
                      help="the bots' level instead of a kind: easy (random), normal (the game's "
                           "heuristic), strong (its search bot)")
    bots.add_argument("--prefix", default=None, help="bot names are PREFIX-1.. (default bot-<random>)")
    bots.add_argument("--rounds", type=int, default=1, help="games each bot plays in a row (default 1)")
    _table_options(bots)
    bots.set_defaults(func=run_bots)

    house = subparsers.add_parser(
        "house-bots", help="bots that fill a waiting player's table when the matchmaker asks (bot fill)",
        description="Listen for the matchmaker's requests for bots (matchmaking.bots.wanted, sent when "
                    "FOODGAMES_MM_BOT_FILL_AFTER_S is set and a player waits in a quiet queue) and start that "
                    "many of the game's default bot, named bot-<game>-..., which queue with the same table "
                    "options, play the game to its end and leave. `foodgames up` runs it when bot fill is on.")
    house.add_argument("--max-bots", type=int, default=None,
                       help="most bots playing at once (default FOODGAMES_HOUSE_BOTS_MAX, else 200; of them at "
                            "most FOODGAMES_HOUSE_BOTS_MAX_STRONG, else 16, strong; docs/bots.md)")
    house.add_argument("--port", type=int, default=None,
                       help="the gRPC health endpoint's port (default 20060; FOODGAMES_HOUSE_BOTS_PORT; 0: any free one)")
    house.set_defaults(func=run_house_bots)

    demo = subparsers.add_parser("demo", help="bots play ranked games end to end, then leaderboard and audit",
                                 description="Against the running stack (`make run`): bots play a few ranked "
                                             "games through matchmaking, rules, deck and leaderboard, then "
                                             "the leaderboard is printed and every game's shuffles audited.")
    demo.add_argument("--games", type=int, default=3, help="how many games of each game (default 3)")
    demo.add_argument("--players", type=int, default=0,
                      help="players per table (default: 4, or the nearest count each game allows)")
    add_game_argument(demo, "--game", action="append", default=None,
                      help="a game to play (repeat for several; default: every game served)")
    demo.add_argument("--json", action="store_true", help="print one JSON document instead")
    demo.add_argument("--timeout", type=float, default=300.0, help="seconds before giving up (default 300)")
    demo.set_defaults(func=run_demo)


def _table_options(parser) -> None:
    parser.add_argument("--players", type=int, default=0, help="table size (default: any the game allows)")
    parser.add_argument("--casual", action="store_true", help="an unranked game (default ranked)")
    parser.add_argument("--option", dest="options", action="append", type=_option, default=[], metavar="KEY=VALUE",
                        help="a game option for the table, e.g. difficulty=hard (a JSON value or a text; "
                             "repeat for several); tables form only of players asking for the same options")


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def _sizes(args) -> tuple[int, int]:
    return (args.players, args.players) if args.players else (0, 0)


# -- play ------------------------------------------------------------------------------------

def client_options(args) -> dict[str, Any]:
    """What `foodgames play` asks of the terminal client (TerminalClient's keywords) besides its
    settings, name and game: the table, and the language it speaks."""
    lo, hi = _sizes(args)
    if args.bots:
        from services.matchmaking.botfill import BOT_LEVEL

        args.options[BOT_LEVEL] = args.bots  # a queue option the matchmaker gives the house bots
        args.casual = True  # levels are for casual tables
    return dict(ranked=not args.casual, min_players=lo, max_players=hi, options=args.options,
                party=tuple(args.party), join=args.join, host=args.host, invite=args.invite,
                bots_after_s=args.bots_after, bot_level=args.bot_level, public=args.public, language=args.language)


def run_play(args) -> int:
    args.options = dict(args.options)
    from apps.terminal.app import TerminalClient
    from apps.terminal.texts import Texts
    from shared.config import Settings

    if args.spectate:
        from apps.cli.replay import run_watch

        args.game_id, args.as_player = args.spectate, args.name
        return run_watch(args)
    say = Texts(args.language)
    if not args.name:
        print(say("play-name-needed"), file=sys.stderr)
        return 2
    table = client_options(args)
    if not args.plain and sys.stdout.isatty():
        from apps.terminal.tui import make_full_screen_client

        app = make_full_screen_client(Settings.from_env(), args.name, args.game, **table)
        app.run()
        return int(app.outcome or 0) if isinstance(app.outcome, int) else 0
    client = TerminalClient(Settings.from_env(), args.name, args.game, **table)
    try:
        return aio.run(client.run())
    except KeyboardInterrupt:
        print("\n" + say("play-left", game=args.game, player=args.name))
        return 130


# -- bots ------------------------------------------------------------------------------------

def run_bots(args) -> int:
    args.options = dict(args.options)
    from rich.console import Console

    from apps.bots.base import bot_kinds, level_kind
    from apps.sdk.connection import failure_text
    from shared.config import Settings

    console = Console()
    if args.level:
        args.kind = level_kind(args.game, args.level)
    args.kind = args.kind or games.get(args.game).default_bot
    if args.kind not in bot_kinds(args.game):
        console.print(f"[red]no {args.kind!r} bot for {args.game}; bots: {', '.join(bot_kinds(args.game))}")
        return 2
    prefix = args.prefix or f"bot-{uuid.uuid4().hex[:4]}"
    names = [f"{prefix}-{i + 1}" for i in range(args.count)]
    lo, hi = _sizes(args)
    settings = Settings.from_env()

    async def one(name: str) -> list:
        from apps.sdk.seatplayer import run_bot

        results = []
        for _ in range(args.rounds):
            console.print(f"{name}: queueing for {args.game}")
            try:
                played = await run_bot(settings, name, args.game, args.kind, ranked=not args.casual,
                                       min_players=lo, max_players=hi, options=args.options,
                                       on_match=lambda m, n=name: console.print(
                                           f"{n}: matched into game {m.game_id}, seat {m.seat}"))
            except Exception as exc:
                # said when it happens, not only once every other bot is done
                console.print(f"[red]{name} failed: {failure_text(exc)}")
                exc.reported = True  # type: ignore[attr-defined]
                raise
            points = played.view.get("points", {}).get(name)
            # every game's view has placings or winners (Foodie Forest only the winners)
            winners = played.view.get("winners") or [p for p, place in (played.view.get("placings") or {}).items()
                                                     if place == 1]
            console.print(f"{name}: game {played.game_id} over after {played.moves} moves; {points} points"
                          + (f", winners {', '.join(winners)}" if winners else ""))
            results.append(played)
        return results

    async def main() -> list:
        return await asyncio.gather(*(one(n) for n in names), return_exceptions=True)

    failed = 0
    for name, result in zip(names, aio.run(main())):
        if isinstance(result, BaseException):
            failed += 1
            if not getattr(result, "reported", False):
                console.print(f"[red]{name} failed: {failure_text(result)}")
    return 1 if failed else 0


# -- house bots ------------------------------------------------------------------------------

def run_house_bots(args) -> int:
    from apps.bots.house import HOUSE_BOTS_PORT, serve
    from shared import telemetry
    from shared.config import Settings

    telemetry.configure("house-bots")
    settings = Settings.from_env()
    port = args.port if args.port is not None else int(os.environ.get("FOODGAMES_HOUSE_BOTS_PORT") or HOUSE_BOTS_PORT)
    aio.run_until_signalled(serve(settings, args.max_bots, port=port))
    return 0


# -- demo ------------------------------------------------------------------------------------

def audit_verify(game_id: str, attempts: int = 20, wait_s: float = 0.5,
                 env: dict[str, str] | None = None) -> tuple[bool, str]:
    """`foodgames audit verify GAME_ID` (retried while the game's seed is not yet revealed)."""
    import time

    text = ""
    for _ in range(attempts):
        proc = subprocess.run([sys.executable, "-m", "apps.cli.main", "audit", "verify", game_id],
                              capture_output=True, text=True, env=dict(os.environ) if env is None else env)
        text = (proc.stdout + proc.stderr).strip()
        if proc.returncode == 0:
            return True, text
        if proc.returncode == 2 and "not available" in text:
            break
        time.sleep(wait_s)
    return False, text


async def leaderboard_top(settings, game: str, limit: int = 10) -> list[dict[str, Any]]:
    from foodgames.v1 import leaderboard_pb2 as lb
    from google.protobuf import json_format

    from shared.auth import service_token
    from apps.sdk.connection import Connection

    conn = Connection(settings, service_token(settings, "demo"), "svc:demo")
    try:
        reply = await conn.leaderboard().GetTop(lb.GetTopRequest(
            board=lb.BoardRef(game=game, kind=lb.BOARD_KIND_RATING), limit=limit), timeout=10)
    finally:
        await conn.close()
    return [json_format.MessageToDict(e, preserving_proto_field_name=True) for e in reply.entries]


async def wait_rated(settings, game: str, names: list[str], timeout: float = 20.0) -> None:
    """Until the leaderboard has scored every one of `names` (or the timeout)."""
    import grpc
    from foodgames.v1 import leaderboard_pb2 as lb

    from shared.auth import service_token
    from apps.sdk.connection import Connection

    conn = Connection(settings, service_token(settings, "demo"), "svc:demo")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        pending = set(names)
        while pending and loop.time() < deadline:
            for name in list(pending):
                try:
                    await conn.leaderboard().GetPlayer(lb.GetPlayerRequest(game=game, player=name), timeout=5)
                    pending.discard(name)
                except grpc.aio.AioRpcError:
                    pass
            if pending:
                await asyncio.sleep(0.3)
    finally:
        await conn.close()


def _demo_size(game, wanted: int) -> int:
    return min(max(wanted or 4, game.min_players), game.max_players)


def run_demo(args) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from apps.sdk.connection import STACK_HINT, failure_text, nobody_there
    from apps.sdk.seatplayer import run_bot
    from shared.config import Settings

    settings = Settings.from_env()
    console = Console(stderr=args.json)
    tag = uuid.uuid4().hex[:4]
    chosen = [games.get(name) for name in (args.game or games.names())]
    kinds = ["heuristic", "random"]
    seats: dict[str, list[tuple[str, str]]] = {}
    for g in chosen:
        size = _demo_size(g, args.players)
        best = g.default_bot
        # rated games pit the game's best bot against random ones; a co-op table plays as a team
        mix = [best, best] if g.cooperative else [best, kinds[1]]
        seats[g.name] = [(f"{mix[i % 2][:4]}-{tag}-{g.name}-{i + 1}", mix[i % 2]) for i in range(args.games * size)]

    async def play_all(progress: Progress) -> list:
        total = len(chosen) * args.games
        games_task = progress.add_task("games finished", total=total)
        moves_task = progress.add_task("moves played", total=None)
        seats_task = progress.add_task("bots seated", total=sum(len(v) for v in seats.values()))
        finished: set[str] = set()

        def on_update(update) -> None:
            if update.source == "move":
                progress.advance(moves_task)

        async def one(game, name: str, kind: str):
            size = _demo_size(game, args.players)
            played = await run_bot(settings, name, game.name, kind, ranked=True, min_players=size,
                                   max_players=size, on_match=lambda m: progress.advance(seats_task),
                                   on_update=on_update)
            if played.game_id not in finished:
                finished.add(played.game_id)
                progress.advance(games_task)
            return played

        return await asyncio.wait_for(asyncio.gather(*(one(g, n, k) for g in chosen for n, k in seats[g.name])),
                                      args.timeout)

    async def main():
        with Progress(TextColumn("{task.description:<15}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=args.json) as progress:
            results = await play_all(progress)
        tops = {}
        for g in chosen:
            await wait_rated(settings, g.name, [n for n, _ in seats[g.name]])
            tops[g.name] = await leaderboard_top(settings, g.name)
        return results, tops

    try:
        results, tops = aio.run(main())
    except Exception as exc:  # noqa: BLE001 - a demo reports and stops
        console.print(f"[red]demo failed: {failure_text(exc)}[/red]" + ("" if nobody_there(exc) else f"\n({STACK_HINT})"))
        return 1
    played: dict[str, dict[str, Any]] = {}
    for r in results:
        g = played.setdefault(r.game_id, {"id": r.game_id, "game": r.game,
                                          "players": [None] * len(r.view.get("players") or [])})
        points = r.view.get("points", {})
        place = 1 + sum(1 for p in points.values() if p > points.get(r.name, 0))
        g["players"][r.seat] = {"name": r.name, "bot": r.kind, "seat": r.seat,
                                "points": points.get(r.name), "place": place}
    reports: dict[str, str] = {}
    for g in played.values():
        ok, text = audit_verify(g["id"])
        g["verified"] = ok
        reports[g["id"]] = text
    document = {"games": list(played.values()), "leaderboards": tops}
    if args.json:
        print(json.dumps(document, indent=2))
    else:
        for g in document["games"]:
            table = Table(title=f"{games.get(g['game']).title} game {g['id']} - audit "
                                f"{'verified' if g['verified'] else 'FAILED'}")
            for col in ("place", "player", "bot", "points"):
                table.add_column(col)
            for p in sorted(g["players"], key=lambda p: p["place"]):
                table.add_row(str(p["place"]), p["name"], p["bot"], str(p["points"]))
            console.print(table)
            if not g["verified"]:
                console.print(reports[g["id"]])
        for name, top in tops.items():
            board = Table(title=f"{games.get(name).title} leaderboard (rating = mu - 3 sigma)")
            for col in ("rank", "player", "rating", "games", "wins"):
                board.add_column(col, justify="right" if col != "player" else "left")
            for e in top:
                board.add_row(str(e.get("rank")), e.get("player", ""), f"{e.get('rating', 0.0):.2f}",
                              str(e.get("games", 0)), str(e.get("wins", 0)))
            console.print(board)
        verified = sum(1 for g in played.values() if g["verified"])
        console.print(f"{verified}/{plural(len(played), 'game')} verified with `foodgames audit verify`")
    return 0 if all(g["verified"] for g in played.values()) else 1

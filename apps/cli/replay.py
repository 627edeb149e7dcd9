"""`foodgames replay` and `foodgames watch`: a finished game stepped through, a live one watched.

    foodgames replay GAME_ID                     the spectator's view, step by step (full screen:
                                                 Left/Right step, Home/End, q quits)
    foodgames replay GAME_ID --seat ann          ann's view, her hand included (an operator, or ann)
    foodgames replay GAME_ID --transcript t.jsonl   JSON lines (version, move, events, view); exits
    foodgames watch GAME_ID                      the game live as a spectator sees it
    (either with --language de|en: the screen's words; default the locale's)

Tokens are minted locally from the stack's token key (like `foodgames audit`): an operator's by
default (an operator may replay any game as any seat), a player's with --as NAME (a player
replays only a finished game of theirs, as their own seat or as a spectator). The game's rules
engine is found by asking each game's in turn; --game names it.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from apps.cli.gamearg import add_game_argument, add_language_argument, plural
from shared import aio
from shared.i18n import language_from_environment

SPECTATOR = "spectator"


def register(subparsers) -> None:
    replay = subparsers.add_parser(
        "replay", help="step through a finished game, or export its transcript",
        description="Step through a game's record move by move as one seat (or a spectator) saw it: "
                    "Left/Right step back/forward, Home/End go to the first/last step, PageUp/PageDown "
                    "scroll the table, q quits. With --transcript, write the steps as JSON lines "
                    "(version, step, command_id, recorded_at, move, events, view) and exit.")
    replay.add_argument("game_id", metavar="GAME_ID",
                        help="the game's id (e.g. from `foodgames play` or the matchmaker)")
    replay.add_argument("--seat", metavar="NAME",
                        help="whose view to replay: a player's name, or 'spectator' (default: yours with --as, "
                             "else the spectator's); another player's seat needs an operator")
    _identity_arguments(replay)
    replay.add_argument("--transcript", metavar="FILE",
                        help="write the replay as JSON lines to FILE ('-' = standard output) and exit, "
                             "instead of showing it")
    replay.add_argument("--step", type=int, default=0, metavar="N",
                        help="start the viewer at step N (0 = the game's creation; negative counts from the end)")
    replay.set_defaults(func=run_replay)

    watch = subparsers.add_parser(
        "watch", help="watch a game live as a spectator",
        description="Follow a game in full screen as a spectator sees it: the public table, no hand, "
                    "held back by the game's spectator delay if it has one. q quits. Refused for a "
                    "game that allows no spectators (ranked games, unless created with spectators=true).")
    watch.add_argument("game_id", metavar="GAME_ID", help="the game's id")
    _identity_arguments(watch, "an anonymous spectator")
    watch.set_defaults(func=run_watch)


def _identity_arguments(parser: argparse.ArgumentParser, default: str = "an operator") -> None:
    parser.add_argument("--as", dest="as_player", metavar="NAME",
                        help=f"act as this player (a token minted from the stack's key); default: {default}")
    add_game_argument(parser, "--game", default=None,
                      help="the game the id belongs to (default: ask each game's rules engine)")
    add_language_argument(parser)


def _connection(args, operator: bool = True):
    """As --as NAME, else as an operator (or, with operator=False, an anonymous spectator)."""
    import uuid

    from apps.sdk.connection import Connection
    from shared.auth import mint_token
    from shared.config import Settings

    settings = Settings.from_env()
    name, role = ((args.as_player, "player") if args.as_player
                  else ("operator", "operator") if operator else (f"spectator-{uuid.uuid4().hex[:6]}", "player"))
    return Connection(settings, mint_token(settings, name, role, ttl_s=3600), name)


def _fail(text: str) -> int:
    print(f"foodgames: {text}", file=sys.stderr)
    return 1


async def load_replay(args):
    """(game, frames) of the replay the arguments ask for."""
    from apps.sdk.watching import fetch_replay, locate

    conn = _connection(args)
    try:
        game = args.game or await locate(conn, args.game_id)
        seat = args.seat or (args.as_player if args.as_player else SPECTATOR)
        frames = await fetch_replay(conn, game, args.game_id, seat_player="" if seat == SPECTATOR else seat)
        return game, frames
    finally:
        await conn.close()


def run_replay(args) -> int:
    import grpc

    from apps.sdk.connection import failure_text
    from apps.sdk.watching import GameNotFound, transcript_lines

    try:
        game, frames = aio.run(load_replay(args))
    except GameNotFound as exc:
        return _fail(str(exc))
    except grpc.aio.AioRpcError as exc:
        return _fail(f"the rules engine refused the replay: {failure_text(exc)}")
    if args.transcript:
        text = "".join(line + "\n" for line in transcript_lines(frames))
        if args.transcript == "-":
            sys.stdout.write(text)
        else:
            Path(args.transcript).write_text(text)
            print(f"wrote {plural(len(frames), 'step')} of {game} game {args.game_id} to {args.transcript}",
                  file=sys.stderr)
        return 0
    if not sys.stdout.isatty():
        return _fail("the replay viewer needs a terminal; use --transcript FILE for a file")
    from apps.terminal.texts import Texts
    from apps.terminal.tui import TableApp

    seat = args.seat or args.as_player or SPECTATOR
    start = args.step if args.step >= 0 else len(frames) + args.step
    say = Texts(args.language)
    title = say("tui-title-replay", title=say.title(game), game_id=args.game_id,
                seat=say("tui-spectator") if seat == SPECTATOR else seat)
    TableApp(title=title, frames=frames, you=None if seat == SPECTATOR else seat, start_at=start,
             language=args.language).run()
    return 0


def run_watch(args) -> int:
    if not sys.stdout.isatty():
        return _fail("watching needs a terminal")
    return aio.run(watch_game(args))


async def watch_game(args, app_factory=None) -> int:
    """Spectate the game in full screen until q (`app_factory(game, feed)` makes the app)."""
    import grpc

    from apps.sdk.watching import GameNotFound, locate, spectate
    from apps.terminal.texts import Texts
    from apps.terminal.tui import TableApp

    language = getattr(args, "language", None) or language_from_environment()
    say = Texts(language)
    conn = _connection(args, operator=False)
    try:
        try:
            game = args.game or await locate(conn, args.game_id)
            feed = spectate(conn, game, args.game_id, language)
            first = await anext(feed)  # a refusal is said here, before the screen takes over
        except GameNotFound as exc:
            return _fail(str(exc))
        except grpc.aio.AioRpcError as exc:
            return _fail(f"the rules engine refused: {exc.code().name}: {exc.details()}")

        async def frames():
            yield first
            async for frame in feed:
                yield frame

        app = (app_factory or (lambda g, f: TableApp(title=say("tui-title-watch", title=say.title(g), game_id=args.game_id),
                                                     feed=f, language=language)))(game, frames())
        await app.run_async()
        return 0
    finally:
        await conn.close()

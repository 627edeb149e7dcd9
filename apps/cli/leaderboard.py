"""`foodgames leaderboard top|player|rebuild`: read the boards through the
leaderboard's gRPC API, or rebuild them from the event stream."""
from __future__ import annotations

import json
import os
import sys

from apps.cli.gamearg import add_game_argument, plural
from shared import aio
from shared.config import Settings


def register(subparsers) -> None:
    parser = subparsers.add_parser("leaderboard", help="read the leaderboards, or rebuild them",
                                   description=__doc__)
    which = parser.add_subparsers(dest="leaderboard_command", metavar="COMMAND", required=True)

    top = which.add_parser("top", help="the best players of one game",
                           description="The best players of one game's rating (or wins) board.")
    add_game_argument(top)
    top.add_argument("--season", default="", help="'current', 'previous' or a season id like 2026-W48 "
                                                  "(default: all-time)")
    top.add_argument("-n", type=int, default=20, help="how many players (default 20)")
    top.add_argument("--wins", action="store_true", help="the wins board instead of the rating board")
    top.add_argument("--json", action="store_true", help="print one JSON document")
    top.set_defaults(func=run_top)

    player = which.add_parser("player", help="one player's rating and rank in one game",
                              description="One player's rating, rank and season rank in one game.")
    add_game_argument(player)
    player.add_argument("name", help="the player's name")
    player.add_argument("--json", action="store_true", help="print one JSON document")
    player.set_defaults(func=run_player)

    rebuild = which.add_parser("rebuild", help="recompute every rating and board from the event stream "
                                               "and swap them in atomically",
                               description="Recompute every rating and board from the GAMES stream into "
                                           "new keys, then swap them in at once; shows progress on stderr.")
    rebuild.add_argument("--grace", type=float, default=5.0, help="seconds before the old keys are deleted")
    rebuild.set_defaults(func=run_rebuild)


def _token(settings: Settings) -> str:
    if os.environ.get("FOODGAMES_TOKEN"):
        return os.environ["FOODGAMES_TOKEN"]
    from shared.auth import mint_token

    return mint_token(settings, "cli", role="operator", ttl_s=300)


def _entry_json(e) -> dict:
    # Unrounded: a table shows them with 2 decimals and JSON with 3, each rounded once, so the
    # demo, `top` and `player` always show one player's rating alike.
    return {"rank": e.rank, "player": e.player, "rating": e.rating, "mu": e.mu, "sigma": e.sigma,
            "games": e.games, "wins": e.wins, "provisional": e.provisional}


def _rounded(document):
    if isinstance(document, float):
        return round(document, 3)
    if isinstance(document, dict):
        return {k: _rounded(v) for k, v in document.items()}
    if isinstance(document, list):
        return [_rounded(v) for v in document]
    return document


async def fetch_top(address: str, token: str, game: str, season: str = "", n: int = 20,
                    wins: bool = False) -> dict:
    from foodgames.v1 import leaderboard_pb2 as pb
    from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
    from shared.channels import client_channel

    async with client_channel(address, token) as channel:
        reply = await pb_grpc.LeaderboardServiceStub(channel).GetTop(pb.GetTopRequest(
            board=pb.BoardRef(game=game, season=season,
                              kind=pb.BOARD_KIND_WINS if wins else pb.BOARD_KIND_RATING),
            limit=n), timeout=10)
    return {"game": game, "board": "wins" if wins else "rating", "season": reply.season or "all-time",
            "total": reply.total, "entries": [_entry_json(e) for e in reply.entries]}


async def fetch_player(address: str, token: str, name: str, game: str) -> dict:
    from foodgames.v1 import leaderboard_pb2 as pb
    from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
    from shared.channels import client_channel

    async with client_channel(address, token) as channel:
        reply = await pb_grpc.LeaderboardServiceStub(channel).GetPlayer(
            pb.GetPlayerRequest(game=game, player=name), timeout=10)
    out = _entry_json(reply.entry)
    out.update(game=game, total=reply.total, season=reply.season,
               season_rank=reply.season_rank or None, wins_rank=reply.wins_rank or None)
    return out


def _call(coro) -> dict | None:
    import grpc

    try:
        return aio.run(coro)
    except grpc.aio.AioRpcError as exc:
        print(f"foodgames leaderboard: {exc.code().name}: {exc.details()}", file=sys.stderr)
        return None


def run_top(args) -> int:
    settings = Settings.from_env()
    result = _call(fetch_top(settings.address("leaderboard"), _token(settings), args.game, args.season,
                             args.n, args.wins))
    if result is None:
        return 1
    if args.json:
        print(json.dumps(_rounded(result), indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{args.game} - {result['board']} - {result['season']} ({plural(result['total'], 'player')})")
    for col in ("rank", "player", "rating", "mu", "sigma", "games", "wins"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for e in result["entries"]:
        table.add_row(str(e["rank"]), e["player"] + (" (provisional)" if e["provisional"] else ""),
                      f"{e['rating']:.2f}", f"{e['mu']:.2f}", f"{e['sigma']:.2f}", str(e["games"]), str(e["wins"]))
    Console().print(table)
    return 0


def run_player(args) -> int:
    settings = Settings.from_env()
    result = _call(fetch_player(settings.address("leaderboard"), _token(settings), args.name, args.game))
    if result is None:
        return 1
    if args.json:
        print(json.dumps(_rounded(result), indent=2))
        return 0
    print(f"{result['player']} in {args.game}: rank {result['rank']} of {result['total']}, "
          f"rating {result['rating']:.2f} (mu {result['mu']:.2f}, sigma {result['sigma']:.2f}), "
          f"{plural(result['games'], 'game')}, {plural(result['wins'], 'win')}"
          + (", provisional" if result["provisional"] else "")
          + (f"; season {result['season']}: rank {result['season_rank']}" if result["season_rank"] else ""))
    return 0


def run_rebuild(args) -> int:
    from services.leaderboard.bootstrap import make_store
    from services.leaderboard.consumer import ConsumerSettings
    from services.leaderboard.rebuild import RebuildRunning, rebuild
    from shared.eventstore.jetstream import connect

    settings = Settings.from_env()

    async def main() -> dict:
        nc = await connect(settings.nats_url, name="leaderboard-rebuild")
        store = make_store(settings)
        try:
            return await rebuild(nc, store, ConsumerSettings(stream_replicas=settings.stream_replicas),
                                 grace_s=args.grace,
                                 progress=lambda s: print(f"... {s['messages']} messages", file=sys.stderr))
        finally:
            await store.close()
            await nc.drain()

    try:
        stats = aio.run(main())
    except RebuildRunning as exc:
        print(f"foodgames leaderboard rebuild: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(stats, indent=2))
    return 0

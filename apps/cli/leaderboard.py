"""`foodgames leaderboard top|player|rebuild`: read the boards through the
leaderboard's gRPC API, or rebuild them from the event stream."""
from __future__ import annotations

import json
import os
import sys

from apps.cli.gamearg import add_game_argument, game_name, plural
from shared import aio
from shared.config import Settings


def register(subparsers) -> None:
    parser = subparsers.add_parser("leaderboard", help="read the leaderboards, or rebuild them",
                                   description=__doc__)
    which = parser.add_subparsers(dest="leaderboard_command", metavar="COMMAND", required=True)

    top = which.add_parser("top", help="the best players of one game",
                           description="The best players of one game's rating (or wins) board; for a "
                                       "cooperative game also of one difficulty's wins (or best-result) "
                                       "board.")
    add_game_argument(top)
    top.add_argument("--season", default="", help="'current', 'previous' or a season id like 2026-W48 "
                                                  "(default: all-time)")
    top.add_argument("-n", type=int, default=20, help="how many players (default 20)")
    top.add_argument("--wins", action="store_true", help="the wins board instead of the rating board")
    top.add_argument("--difficulty", default="", help="cooperative games: the boards of one difficulty "
                                                      "(easy, normal, hard, custom); its wins board "
                                                      "unless --best")
    top.add_argument("--best", action="store_true", help="with --difficulty: the best-result board")
    top.add_argument("--json", action="store_true", help="print one JSON document")
    top.set_defaults(func=run_top)

    player = which.add_parser("player", help="one player's rating and rank in one game",
                              description="One player's rating, rank and season rank in one game; for a "
                                          "cooperative game also the record per difficulty.")
    add_game_argument(player)
    player.add_argument("name", help="the player's name")
    player.add_argument("--json", action="store_true", help="print one JSON document")
    player.set_defaults(func=run_player)

    games = which.add_parser("games", help="one player's recent games, newest first",
                             description="A player's recent games of every game (or one), newest first: "
                                         "placing, score and rating change, finished or cancelled, each "
                                         "with the command that replays it move by move.")
    games.add_argument("name", help="the player's name")
    games.add_argument("--game", default="", type=lambda v: game_name(v) if v else v, metavar="GAME",
                       help="only this game")
    games.add_argument("--limit", type=int, default=20, help="how many games (default 20, at most 100)")
    games.add_argument("--json", action="store_true", help="print one JSON document")
    games.set_defaults(func=run_games)

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


def _board_name(wins: bool, difficulty: str, best: bool) -> str:
    if best:
        return "best"
    return "wins" if wins or difficulty else "rating"


def _rounded(document):
    if isinstance(document, float):
        return round(document, 3)
    if isinstance(document, dict):
        return {k: _rounded(v) for k, v in document.items()}
    if isinstance(document, list):
        return [_rounded(v) for v in document]
    return document


async def fetch_top(address: str, token: str, game: str, season: str = "", n: int = 20,
                    wins: bool = False, difficulty: str = "", best: bool = False) -> dict:
    """One board as the CLI prints it. With a difficulty (cooperative games) the wins board
    of that difficulty, or with `best` its best-result board; each entry then carries the
    `board_value` (wins there, or the best result's points)."""
    from foodgames.v1 import leaderboard_pb2 as pb
    from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
    from shared.channels import client_channel

    board = _board_name(wins, difficulty, best)
    kind = {"rating": pb.BOARD_KIND_RATING, "wins": pb.BOARD_KIND_WINS, "best": pb.BOARD_KIND_BEST_RESULT}[board]
    async with client_channel(address, token) as channel:
        reply = await pb_grpc.LeaderboardServiceStub(channel).GetTop(pb.GetTopRequest(
            board=pb.BoardRef(game=game, season=season, kind=kind, difficulty=difficulty), limit=n), timeout=10)
    entries = [_entry_json(e) for e in reply.entries]
    if difficulty:
        for doc, e in zip(entries, reply.entries):
            doc["board_value"] = e.board_value
    out = {"game": game, "board": board, "season": reply.season or "all-time", "total": reply.total,
           "entries": entries}
    if difficulty:
        out["difficulty"] = difficulty
    return out


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
    if reply.coop:
        out["coop"] = [{"difficulty": c.difficulty, "games": c.games, "wins": c.wins, "losses": c.losses,
                        "best_result": c.best_result, "wins_rank": c.wins_rank or None,
                        "best_rank": c.best_rank or None} for c in reply.coop]
    return out


def _call(coro) -> dict | None:
    import grpc

    from apps.sdk.connection import failure_text

    try:
        return aio.run(coro)
    except grpc.aio.AioRpcError as exc:
        print(f"foodgames leaderboard: {failure_text(exc)}", file=sys.stderr)
        return None


def run_top(args) -> int:
    settings = Settings.from_env()
    if args.best and not args.difficulty:
        print("foodgames leaderboard top: --best needs --difficulty (best results are kept per difficulty)",
              file=sys.stderr)
        return 2
    result = _call(fetch_top(settings.address("leaderboard"), _token(settings), args.game, args.season,
                             args.n, args.wins, args.difficulty, args.best))
    if result is None:
        return 1
    if args.json:
        print(json.dumps(_rounded(result), indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    board = result["board"] if not args.difficulty else f"{args.difficulty} {result['board']}"
    table = Table(title=f"{args.game} - {board} - {result['season']} ({plural(result['total'], 'player')})")
    value = f"{args.difficulty} {result['board']}" if args.difficulty else None
    for col in ("rank", "player", *([value] if value else []), "rating", "mu", "sigma", "games", "wins"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for e in result["entries"]:
        shown = []
        if value:
            shown = [f"{e['board_value']:g}"]
        table.add_row(str(e["rank"]), e["player"] + (" (provisional)" if e["provisional"] else ""), *shown,
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
    for c in result.get("coop", []):
        best = "best (won)" if c["wins"] else "best (no win yet)"
        print(f"  {c['difficulty']}: {plural(c['games'], 'game')}, {plural(c['wins'], 'win')}, "
              f"{plural(c['losses'], 'loss', 'losses')}, {best} {c['best_result']:g}"
              + (f", wins rank {c['wins_rank']}" if c["wins_rank"] else "")
              + (f", best rank {c['best_rank']}" if c["best_rank"] else ""))
    return 0


async def fetch_games(address: str, token: str, name: str, game: str, limit: int) -> dict:
    from foodgames.v1 import leaderboard_pb2 as pb
    from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
    from shared.channels import client_channel

    async with client_channel(address, token) as channel:
        reply = await pb_grpc.LeaderboardServiceStub(channel).ListPlayerGames(
            pb.ListPlayerGamesRequest(player=name, game=game, page_size=limit), timeout=10)
    return {"player": name, "games": [{
        "game": g.game, "game_id": g.game_id, "ended_at": g.ended_at.ToJsonString(), "cancelled": g.cancelled,
        "reason": g.reason, "ranked": g.ranked, "players": list(g.players), "placing": g.placing,
        "score": g.score, "rated": g.rated, "rating_delta": g.rating_delta, "rating": g.rating}
        for g in reply.games]}


def run_games(args) -> int:
    if not 1 <= args.limit <= 100:
        print(f"foodgames leaderboard games: --limit is 1 to 100, not {args.limit}", file=sys.stderr)
        return 2
    settings = Settings.from_env()
    result = _call(fetch_games(settings.address("leaderboard"), _token(settings), args.name, args.game,
                               args.limit))
    if result is None:
        return 1
    if args.json:
        print(json.dumps(_rounded(result), indent=2))
        return 0
    if not result["games"]:
        print(f"{args.name} has no finished or cancelled game{' of ' + args.game if args.game else ''} yet")
        return 0
    print(f"{args.name}'s games, newest first:")
    for g in result["games"]:
        when = g["ended_at"][:16].replace("T", " ")
        if g["cancelled"]:
            outcome = f"cancelled: {g['reason']}"
        else:
            outcome = f"place {g['placing']} of {len(g['players'])}, {g['score']:g} points"
            outcome += (f", rating {g['rating_delta']:+.2f} -> {g['rating']:.2f}" if g["rated"]
                        else ", ranked, not rated" if g["ranked"] else ", casual")
        print(f"  {when}  {g['game']}  {outcome}  (with {', '.join(p for p in g['players'] if p != args.name)})")
        print(f"      replay it: foodgames replay {g['game_id']} --game {g['game']} --as {args.name}")
    return 0


def run_rebuild(args) -> int:
    from services.leaderboard.bootstrap import make_store
    from services.leaderboard.consumer import ConsumerSettings
    from services.leaderboard.rebuild import RebuildRunning, rebuild
    from shared.eventstore.connections import connect

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

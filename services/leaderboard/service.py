"""gRPC servicer: proto in, Store call, proto out. Errors are shared.errors."""
from __future__ import annotations

import time
from typing import Callable

from google.protobuf.timestamp_pb2 import Timestamp

from foodgames.v1 import event_pb2
from foodgames.v1 import leaderboard_pb2 as pb
from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
from services.leaderboard.boards import Store
from services.leaderboard.entries import Entry
from services.leaderboard.keys import BEST, RATING, WINS
from services.leaderboard.ratings import is_provisional
from shared import gamestream
from shared.errors import InvalidArgument, NotFound
from shared.games import title_of
from shared.i18n import DEFAULT
from shared.moves import quote
from shared.apimessage import message_of
from shared.runtime.narrate import Narrator
from shared.service import call_language

SERVICE_NAME = "foodgames.v1.LeaderboardService"
MAX_LIMIT = 1000
MAX_RADIUS = 500
MAX_PLAYERS = 1000
MAX_DIFFICULTY = 32  # characters of a difficulty in a query


def _ts(epoch: float | None) -> Timestamp | None:
    if epoch is None:
        return None
    ts = Timestamp()
    ts.FromNanoseconds(int(round(epoch * 1e9)))
    return ts


def entry_pb(e: Entry) -> pb.LeaderboardEntry:
    msg = pb.LeaderboardEntry(rank=e.rank, player=e.player, rating=e.rating, mu=e.mu, sigma=e.sigma,
                              games=e.games, wins=e.wins, provisional=e.provisional,
                              board_value=e.board_value)
    if e.last_played is not None:
        msg.last_played.CopyFrom(_ts(e.last_played))
    return msg


def _limit(value: int, default: int, maximum: int, what: str = "limit") -> int:
    if value == 0:
        return default
    if value > maximum:
        raise InvalidArgument(f"{what} {value} is above the maximum {maximum}")
    return value


class LeaderboardServicer(pb_grpc.LeaderboardServiceServicer):
    def __init__(self, store: Store, clock: Callable[[], float] = time.time, played=None):
        self.store = store
        self.clock = clock
        # who played which game (played.PlayedIndex), for ListPlayerGames; by default on the store's Valkey
        if played is None:
            from services.leaderboard.played import PlayedIndex

            played = PlayedIndex(store.r)
        self.played = played

    def _game(self, game: str) -> str:
        if game not in self.store.config.games:
            known = ", ".join(self.store.config.games)
            raise InvalidArgument(f"unknown game {game!r}; games: {known}", key="unknown-game", game=quote(game),
                                  known=known)
        return game

    def _board(self, ref: pb.BoardRef) -> tuple[str, str, str | None, str | None]:
        game = self._game(ref.game)
        season = ref.season or None
        if season and (":" in season or len(season) > 32):
            raise InvalidArgument(f"season {season!r} is not a season id, 'current', 'previous' or 'all'")
        coop = game in self.store.config.coop_games
        difficulty = ref.difficulty or None
        if difficulty is None:
            if ref.kind == pb.BOARD_KIND_BEST_RESULT:
                raise InvalidArgument(
                    "best results are kept per difficulty: give the board a difficulty" if coop else
                    f"{game} is not cooperative: best results are kept for cooperative games only")
            return game, WINS if ref.kind == pb.BOARD_KIND_WINS else RATING, season, None
        if not coop:
            raise InvalidArgument(f"{game} is not cooperative: its boards have no difficulty "
                                  f"(difficulty {difficulty!r} given)")
        if len(difficulty) > MAX_DIFFICULTY or any(ord(c) < 32 for c in difficulty):
            raise InvalidArgument(f"difficulty {difficulty[:40]!r} is not a difficulty")
        if ref.kind == pb.BOARD_KIND_RATING:
            raise InvalidArgument("ratings are kept per game, not per difficulty: ask a difficulty's "
                                  "BOARD_KIND_WINS or BOARD_KIND_BEST_RESULT board")
        return game, BEST if ref.kind == pb.BOARD_KIND_BEST_RESULT else WINS, season, difficulty

    def _season_id(self, season: str | None, now: float) -> str:
        return self.store._season(season, now) or ""

    async def GetTop(self, request, context):
        game, kind, season, difficulty = self._board(request.board)
        now = self.clock()
        entries, total = await self.store.top(game, _limit(request.limit, 20, MAX_LIMIT), now, kind, season,
                                              difficulty)
        return pb.GetTopResponse(entries=[entry_pb(e) for e in entries], total=total,
                                 season=self._season_id(season, now))

    async def GetPage(self, request, context):
        game, kind, season, difficulty = self._board(request.board)
        now = self.clock()
        entries, total = await self.store.page(game, max(1, request.start_rank),
                                               _limit(request.limit, 20, MAX_LIMIT), now, kind, season, difficulty)
        return pb.GetPageResponse(entries=[entry_pb(e) for e in entries], total=total,
                                  season=self._season_id(season, now))

    async def GetAroundPlayer(self, request, context):
        game, kind, season, difficulty = self._board(request.board)
        if not request.player:
            raise InvalidArgument("player is required")
        now = self.clock()
        entries, total, rank = await self.store.around(
            game, request.player, _limit(request.radius, 5, MAX_RADIUS, "radius"), now, kind, season, difficulty)
        if rank is None:
            raise NotFound(f"{request.player} is not on that board of {title_of(game)} yet", key="not-on-board",
                           player=request.player, game=title_of(game))
        return pb.GetAroundPlayerResponse(entries=[entry_pb(e) for e in entries], total=total,
                                          player_rank=rank, season=self._season_id(season, now))

    async def GetPlayer(self, request, context):
        game = self._game(request.game)
        if not request.player:
            raise InvalidArgument("player is required")
        found = await self.store.player(game, request.player, self.clock(), request.season or "current")
        if found is None:
            raise NotFound(f"{request.player} has no rated game of {title_of(game)} yet", key="no-rated-game",
                           player=request.player, game=title_of(game))
        return pb.GetPlayerResponse(entry=entry_pb(found["entry"]), total=found["total"],
                                    wins_rank=found["wins_rank"] or 0, season=found["season"] or "",
                                    season_rank=found["season_rank"] or 0,
                                    coop=[pb.CoopRecord(difficulty=c["difficulty"], games=c["games"], wins=c["wins"],
                                                        losses=c["losses"], best_result=c["best_result"],
                                                        wins_rank=c["wins_rank"] or 0, best_rank=c["best_rank"] or 0)
                                          for c in found["coop"]])

    async def GetRatingHistory(self, request, context):
        game = self._game(request.game)
        if not request.player:
            raise InvalidArgument("player is required")
        points = await self.store.history(game, request.player, _limit(request.limit, 50, MAX_LIMIT))
        return pb.GetRatingHistoryResponse(points=[
            pb.RatingPoint(game_id=p["game_id"], at=_ts(p["at"]), mu=p["mu"], sigma=p["sigma"],
                           rating=p["rating"], delta=p["delta"], placing=p["placing"], won=p["won"],
                           players=p["players"]) for p in points])

    async def ListPlayerGames(self, request, context):
        if not request.player:
            raise InvalidArgument("player is required")
        if request.game:
            self._game(request.game)
        size = _limit(request.page_size, 20, 100)
        before = None
        if request.page_token:
            try:
                before = float(request.page_token)
            except ValueError:
                raise InvalidArgument("page_token is the next_page_token of the page before") from None
        found, cursor = await self.played.page(request.player, request.game, size, before)
        language = call_language("", context) or DEFAULT
        histories: dict[str, dict[str, dict]] = {}
        games = []
        for g in found:
            seat = g["players"].index(request.player) if request.player in g["players"] else -1
            rated = None
            if g["ranked"] and not g["cancelled"] and g["game"] in self.store.config.games:
                if g["game"] not in histories:
                    rows = await self.store.history(g["game"], request.player, MAX_LIMIT)
                    histories[g["game"]] = {r["game_id"]: r for r in rows}
                rated = histories[g["game"]].get(g["game_id"])
            games.append(pb.PlayerGame(
                game=g["game"], game_id=g["game_id"], ended_at=_ts(g["at"]), cancelled=g["cancelled"],
                reason=g["reason"], ranked=g["ranked"], players=g["players"], placings=g["placings"],
                points=[float(x) for x in g["points"]],
                placing=g["placings"][seat] if 0 <= seat < len(g["placings"]) else 0,
                score=float(g["points"][seat]) if 0 <= seat < len(g["points"]) else 0.0,
                rated=rated is not None, rating_delta=rated["delta"] if rated else 0.0,
                rating=rated["rating"] if rated else 0.0, reason_message=_cancel_message(g, language)))
        return pb.ListPlayerGamesResponse(games=games, next_page_token=repr(cursor) if cursor is not None else "")

    async def GetRatings(self, request, context):
        game = self._game(request.game)
        if len(request.players) > MAX_PLAYERS:
            raise InvalidArgument(f"at most {MAX_PLAYERS} players per call")
        rows = await self.store.ratings(game, list(request.players), self.clock())
        return pb.GetRatingsResponse(ratings=[
            pb.PlayerSkill(player=name, mu=r.mu, sigma=r.sigma, known=known, games=r.games,
                           provisional=is_provisional(r, self.store.config)) for name, r, known in rows])


NARRATOR = Narrator()  # the runtime's own events, in the shared texts


def _cancel_message(g: dict, language: str) -> event_pb2.Message | None:
    """A cancelled game's reason as its table's log says it (its GameCancelled event again)."""
    if not g["cancelled"] or "left" not in g:
        return None
    data = {} if g["left"] is None else {"seats": [], "players": g["left"]}
    return message_of(NARRATOR.event({"type": gamestream.GAME_CANCELLED, "data": data}, [], None, language))


def add_to_server(servicer, server) -> None:
    pb_grpc.add_LeaderboardServiceServicer_to_server(servicer, server)

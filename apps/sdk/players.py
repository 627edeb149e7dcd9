"""A player's page through the SDK: their games (finished and cancelled, newest first) and
their rating history (the leaderboard's ListPlayerGames and GetRatingHistory)."""
from __future__ import annotations

from typing import AsyncIterator

from foodgames.v1 import leaderboard_pb2 as lb

from apps.sdk.connection import Connection


async def player_games(conn: Connection, player: str, game: str = "", page_size: int = 20,
                       page_token: str = "") -> lb.ListPlayerGamesResponse:
    """One page of a player's games; pass its next_page_token for the next (older) one."""
    return await conn.leaderboard().ListPlayerGames(lb.ListPlayerGamesRequest(
        player=player, game=game, page_size=page_size, page_token=page_token))


async def every_game(conn: Connection, player: str, game: str = "", page_size: int = 50) -> AsyncIterator[lb.PlayerGame]:
    """Every game of a player, newest first, page after page."""
    token = ""
    while True:
        page = await player_games(conn, player, game, page_size, token)
        for g in page.games:
            yield g
        if not page.next_page_token:
            return
        token = page.next_page_token


async def rating_history(conn: Connection, game: str, player: str, limit: int = 0) -> list[lb.RatingPoint]:
    return list((await conn.leaderboard().GetRatingHistory(lb.GetRatingHistoryRequest(
        game=game, player=player, limit=limit))).points)

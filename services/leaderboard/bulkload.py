"""Ratings put straight onto the boards, for benchmarks and tests that need boards far larger
than rating games one by one could fill."""
from __future__ import annotations

from typing import Sequence

from services.leaderboard.boards import Store
from services.leaderboard.keys import RATING, WINS, board_key, prefix, rating_key, seasons_key
from services.leaderboard.ratings import Rating
from services.leaderboard.scores import TB_EPOCH, encode_score
from services.leaderboard.writes import fmt


async def bulk_load(store: Store, game: str, rows: Sequence[tuple[str, Rating]], season: str | None = None,
                    chunk: int = 5000) -> None:
    """Put ratings straight onto the boards of the live generation, pipelined
    (benchmarks and tests with very large boards; no history, no ledger)."""
    p = prefix(await store.live_gen())
    z = store.config.z
    for i in range(0, len(rows), chunk):
        part = rows[i:i + chunk]
        scores = {name: encode_score(r.shown(z), r.last_played or TB_EPOCH) for name, r in part}
        wins = {name: encode_score(r.wins, r.last_played or TB_EPOCH, 1) for name, r in part if r.wins}
        async with store.r.pipeline(transaction=False) as pipe:
            for name, r in part:
                pipe.hset(p + rating_key(game, name), mapping={
                    "mu": fmt(r.mu), "sigma": fmt(r.sigma), "games": r.games, "wins": r.wins,
                    "last": fmt(r.last_played or TB_EPOCH)})
            pipe.zadd(p + board_key(game), scores)
            if wins:
                pipe.zadd(p + board_key(game, WINS), wins)
            if season:
                pipe.zadd(p + board_key(game, RATING, season), scores)
                pipe.sadd(p + seasons_key(game), season)
            await pipe.execute()

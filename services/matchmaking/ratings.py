"""Where a ticket's skill comes from: the leaderboard's GetRatings. When the
leaderboard cannot answer, players count as unrated (mu 25, sigma 25/3) and
the fact is logged: matching goes on, just less precisely."""
from __future__ import annotations

from typing import Mapping, Protocol, Sequence

import grpc
from foodgames.v1 import leaderboard_pb2, leaderboard_pb2_grpc

from services.matchmaking.tickets import DEFAULT_MU, DEFAULT_SIGMA
from shared import telemetry
from shared.auth import service_token
from shared.channels import client_channel
from shared.config import Settings

log = telemetry.get_logger("matchmaking.ratings")


class RatingSource(Protocol):
    async def ratings(self, game: str, players: Sequence[str]) -> list[tuple[float, float]]: ...


class LeaderboardRatings:
    def __init__(self, settings: Settings, timeout_s: float = 1.0, address: str | None = None):
        self.address = address or settings.address("leaderboard")
        self.timeout_s = timeout_s
        self.channel = client_channel(self.address, service_token(settings, "matchmaking"))
        self.stub = leaderboard_pb2_grpc.LeaderboardServiceStub(self.channel)

    async def ratings(self, game, players) -> list[tuple[float, float]]:
        try:
            reply = await self.stub.GetRatings(leaderboard_pb2.GetRatingsRequest(game=game, players=list(players)),
                                               timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            log.warning("leaderboard unreachable; treating the players as unrated", game=game,
                        players=list(players), address=self.address, code=exc.code().name, details=exc.details())
            return [(DEFAULT_MU, DEFAULT_SIGMA)] * len(players)
        by_name = {r.player: (r.mu, r.sigma) for r in reply.ratings}
        return [by_name.get(p, (DEFAULT_MU, DEFAULT_SIGMA)) for p in players]

    async def close(self) -> None:
        await self.channel.close()


class FixedRatings:
    """Ratings from a table (tests, benchmark); anyone else is unrated."""

    def __init__(self, table: Mapping[str, tuple[float, float]] | None = None):
        self.table = dict(table or {})

    async def ratings(self, game, players) -> list[tuple[float, float]]:
        return [self.table.get(p, (DEFAULT_MU, DEFAULT_SIGMA)) for p in players]

    async def close(self) -> None:
        pass

"""The tables' games: created on the game's rules engine over gRPC (with the tournament's
service token, as the matchmaker creates games), and followed on the GAMES stream until their
GameOver, the result the tournament records."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import grpc
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared import gamestream
from shared.auth import service_token
from shared.channels import client_channel
from shared.config import Settings
from shared.protojson import to_struct

CREATE_TIMEOUT_S = 30.0


class GameTables:
    def __init__(self, settings: Settings, games_store):
        self.settings = settings
        self.games = games_store  # a JetStreamEventStore on the GAMES stream (read only)
        self.token = service_token(settings, "tournament")
        self._channels: dict[str, grpc.aio.Channel] = {}

    def _stub(self, game: str) -> game_pb2_grpc.GameServiceStub:
        if game not in self._channels:
            self._channels[game] = client_channel(self.settings.address(game), self.token)
        return game_pb2_grpc.GameServiceStub(self._channels[game])

    async def create(self, game: str, game_id: str, players: Sequence[str], options: Mapping[str, Any],
                     ranked: bool) -> None:
        """Creates the table's game with its drawn seat order. The rules engine answers a
        retried create of the same table with the existing game."""
        await self._stub(game).CreateGame(
            game_pb2.CreateGameRequest(game_id=game_id, players=list(players), ranked=ranked,
                                       options=to_struct(dict(options)) if options else None),
            timeout=CREATE_TIMEOUT_S, wait_for_ready=True)

    async def game_over(self, game: str, game_id: str) -> dict[str, Any]:
        """The data of the game's GameOver event, once it is on the game's stream."""
        async for command in self.games.follow(gamestream.subject_for(game, game_id)):
            for event in command.events:
                if event.type == gamestream.GAME_OVER:
                    return dict(event.data)
        raise ConnectionError(f"the stream of game {game_id} ended before its GameOver")

    async def close(self) -> None:
        for channel in self._channels.values():
            await channel.close()
        self._channels.clear()

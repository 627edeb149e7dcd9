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

from .events import TimeControl

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
                     ranked: bool, time_control: TimeControl | None = None, cooperative: bool = False) -> None:
        """Creates the table's game with its drawn seat order and the tournament's time control
        as its turn clock. The rules engine answers a retried create of the same table with the
        existing game."""
        await self._stub(game).CreateGame(
            game_pb2.CreateGameRequest(game_id=game_id, players=list(players), ranked=ranked,
                                       options=to_struct(dict(options)) if options else None,
                                       clock=table_clock(time_control, cooperative)),
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


def table_clock(tc: TimeControl | None, cooperative: bool) -> game_pb2.Clock | None:
    """A tournament's time control as its tables' Fischer clock (docs/live-tables.md): the
    per-game time is each seat's bank, the per-move time its increment (a per-move time alone
    is also the bank, so that a seat has that long for its first move). A seat out of time
    forfeits (ranked last at its table); at a co-op table its bot plays on, as the live tables do
    for a co-op forfeit. No time control: no clock."""
    if tc is None or (tc.per_game_s is None and tc.per_move_s is None):
        return None
    per_move = tc.per_move_s or 0
    initial = tc.per_game_s if tc.per_game_s is not None else per_move
    return game_pb2.Clock(initial_seconds=initial, increment_seconds=per_move,
                          on_timeout=game_pb2.ON_TIMEOUT_BOT if cooperative else game_pb2.ON_TIMEOUT_FORFEIT)


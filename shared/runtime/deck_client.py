"""DeckClient: the rules runtime's DeckPort over gRPC (the port: shared/runtime/deck.py).

It calls the deck service with a service token minted from the settings'
token key, so only services (and operators) can commit, shuffle and reveal.
"""
from __future__ import annotations

from typing import Sequence

import grpc
from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc

from shared.auth import service_token
from shared.channels import client_channel
from shared.config import Settings
from shared.runtime.deck import Commitment

CALL_TIMEOUT_S = 15.0


class DeckClient:
    def __init__(self, settings: Settings, address: str | None = None, token: str | None = None,
                 timeout_s: float = CALL_TIMEOUT_S):
        self.address = address or settings.address("deck")
        self.token = token or service_token(settings, "rules")
        # the first shuffle of a game may wait (up to the no-show time) for the players' seeds
        self.timeout_s = timeout_s
        self.shuffle_timeout_s = timeout_s + settings.seed_wait_s
        self._channel: grpc.aio.Channel | None = None
        self._stub: pb_grpc.DeckServiceStub | None = None

    @property
    def stub(self) -> pb_grpc.DeckServiceStub:
        if self._stub is None:  # made lazily: a grpc.aio channel belongs to the running loop
            self._channel = client_channel(self.address, self.token)
            self._stub = pb_grpc.DeckServiceStub(self._channel)
        return self._stub

    async def commit(self, game_id: str, game: str, players: Sequence[str]) -> Commitment:
        reply = await self.stub.CommitGame(pb.CommitGameRequest(game_id=game_id, game=game, players=list(players)),
                                           timeout=self.timeout_s, wait_for_ready=True)
        return Commitment(reply.commitment, reply.log_index)

    async def shuffle(self, game_id: str, deck: str, cards: Sequence[str], k: int) -> list[str]:
        reply = await self.stub.Shuffle(pb.ShuffleRequest(game_id=game_id, deck=deck, cards=list(cards), k=k),
                                        timeout=self.shuffle_timeout_s, wait_for_ready=True)
        return list(reply.order)

    async def reveal(self, game_id: str) -> str:
        reply = await self.stub.Reveal(pb.RevealRequest(game_id=game_id), timeout=self.timeout_s,
                                       wait_for_ready=True)
        return reply.server_seed.hex()

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()
            self._channel, self._stub = None, None

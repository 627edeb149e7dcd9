"""Every client seed sent reaches the deck: a burst of AddClientSeed calls larger than gRPC's
default backlog of calls not yet taken by the server (1,000; beyond it gRPC core drops new
calls at random with CANCELLED before the servicer sees them) is answered by the deck in full
(shared.service.SERVER_OPTIONS), and the SDK sends a seed again, the same seed, when its call
failed in a way that may pass (apps.sdk.gamecalls.add_client_seed), so that no table waits the
deck's seed window for a seed that was lost on the way."""
from __future__ import annotations

import asyncio
import collections
import os

import grpc
import pytest
from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc

from apps.sdk.connection import Connection
from apps.sdk.gamecalls import send_client_seeds
from apps.sdk.seatplayer import SeatPlayer
from shared.auth import mint_token
from shared.channels import insecure_channel
from tests.deck.test_service import GAME, PLAYERS, decks, new_game_id  # noqa: F401 - `decks` is a fixture

# more calls at once than gRPC core's default backlog lets through whole (1,000 pending calls;
# each one past that is dropped with a chance that grows with the backlog: some 60 of 1,500)
BURST = 1_500


async def test_a_burst_of_seed_calls_beyond_grpcs_default_backlog_is_answered_by_the_deck_in_full(decks):
    """Given a deck server and 4 client channels,
    when 1,500 AddClientSeed calls are sent at once (for a game the deck does not know),
    then the deck answers every one of them itself (NOT_FOUND: no commitment yet), and gRPC
    cancels none before the deck sees it."""
    server = await decks.start()
    channels = [insecure_channel(f"127.0.0.1:{server.port}") for _ in range(4)]
    decks.channels.extend(channels)
    stubs = [pb_grpc.DeckServiceStub(ch) for ch in channels]
    game_id = new_game_id()
    tokens = [mint_token(decks.settings, f"p{i}") for i in range(BURST)]
    codes: collections.Counter = collections.Counter()

    async def call(i: int) -> None:
        try:
            await stubs[i % 4].AddClientSeed(pb.AddClientSeedRequest(game_id=game_id, seat=0, seed=b"s" * 32),
                                             metadata=(("authorization", f"Bearer {tokens[i]}"),), timeout=30)
            codes["OK"] += 1
        except grpc.aio.AioRpcError as exc:
            codes[exc.code().name] += 1
    await asyncio.gather(*(call(i) for i in range(BURST)))
    assert codes == {"NOT_FOUND": BURST}


class _LosesFirstCall:
    """A DeckService stub whose first AddClientSeed call of each seat ends CANCELLED on the
    client, as a call that gRPC dropped on the server (what the real stub answers then)."""

    def __init__(self, stub, lost: collections.Counter):
        self._stub = stub
        self._lost = lost

    def AddClientSeed(self, request, **kwargs):
        async def call():
            if self._lost[request.seat] == 0:
                self._lost[request.seat] += 1
                raise grpc.aio.AioRpcError(grpc.StatusCode.CANCELLED, grpc.aio.Metadata(), grpc.aio.Metadata(),
                                           "CANCELLED", "CANCELLED:CANCELLED")
            return await self._stub.AddClientSeed(request, **kwargs)
        return call()


async def test_a_seed_call_that_ended_cancelled_is_sent_again_with_the_same_seed(decks):
    """Given a committed game of two seats, and clients whose first AddClientSeed call of each
    seat ends CANCELLED without reaching the deck,
    when send_client_seeds sends the table's seeds,
    then every seat's seed is sent again and taken by the deck (a second, other seed for a seat
    is refused as ALREADY_EXISTS), and send_client_seeds reports no seat without its seed."""
    server = await decks.start(seed_window_s=None)
    svc = decks.service(server)
    game_id = new_game_id()
    await svc.CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    settings = decks.settings.with_(addresses={"deck": f"127.0.0.1:{server.port}"})
    lost: collections.Counter = collections.Counter()
    conns = [Connection(settings, mint_token(settings, name), name) for name in PLAYERS]
    for conn in conns:
        real = conn.deck
        conn.deck = (lambda real=real: _LosesFirstCall(real(), lost))  # type: ignore[method-assign]
    try:
        missing = await send_client_seeds(conns, game_id)
        assert dict(lost) == {0: 1, 1: 1}  # each seat's first call was lost
        for seat, name in enumerate(PLAYERS):
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await decks.stub(server, name).AddClientSeed(
                    pb.AddClientSeedRequest(game_id=game_id, seat=seat, seed=os.urandom(32)))
            assert err.value.code() == grpc.StatusCode.ALREADY_EXISTS
        assert missing == []
    finally:
        for conn in conns:
            await conn.close()


async def test_a_seat_player_sends_a_cancelled_seed_call_again(decks):
    """Given a committed game and a seat whose first AddClientSeed call ends CANCELLED,
    when its SeatPlayer (the terminal client's player) sends the seat's seed,
    then the seed is sent again, the same one, and the deck takes it: on_seed reports it sent."""
    server = await decks.start(seed_window_s=None)
    game_id = new_game_id()
    await decks.service(server).CommitGame(pb.CommitGameRequest(game_id=game_id, game=GAME, players=PLAYERS))
    settings = decks.settings.with_(addresses={"deck": f"127.0.0.1:{server.port}"})
    lost: collections.Counter = collections.Counter()
    conn = Connection(settings, mint_token(settings, PLAYERS[1]), PLAYERS[1])
    real = conn.deck
    conn.deck = lambda: _LosesFirstCall(real(), lost)  # type: ignore[method-assign]
    fate: list[tuple[bool, str]] = []
    player = SeatPlayer(conn, GAME, game_id, 1, chooser=None, on_seed=lambda ok, text: fate.append((ok, text)))
    try:
        await player.send_seed()
        assert lost[1] == 1
        assert fate == [(True, "client seed sent to the deck")]
        again = await decks.stub(server, PLAYERS[1]).AddClientSeed(
            pb.AddClientSeedRequest(game_id=game_id, seat=1, seed=player.client_seed))
        assert again.commitment  # the same seed again: a retry, answered as success
    finally:
        await conn.close()

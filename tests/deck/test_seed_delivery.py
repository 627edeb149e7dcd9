"""Every client seed sent reaches the deck: a burst of AddClientSeed calls larger than gRPC's
default backlog of calls not yet taken by the server (1,000; beyond it gRPC core drops new
calls at random with CANCELLED before the servicer sees them) is answered by the deck in full
(shared.service.SERVER_OPTIONS)."""
from __future__ import annotations

import asyncio
import collections

import grpc
from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc

from shared.auth import mint_token
from shared.channels import insecure_channel
from tests.deck.test_service import decks, new_game_id  # noqa: F401 - `decks` is a fixture

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


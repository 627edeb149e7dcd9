"""Issue 20 item 4: a ranked game whose seats never show up is cancelled (GameCancelled), is
terminal, is not rated, and its seats' calls and streams are told."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import grpc
import pytest
from foodgames.v1 import game_pb2

from apps.sdk.connection import Connection
from apps.sdk.seatplayer import SeatPlayer
from services.leaderboard.consumer import ConsumerSettings, parse_message
from services.leaderboard.ratings import RatingConfig
from shared.auth import mint_token
from shared.gamestream import encode_body
from shared.protojson import to_struct
from tests.live.conftest import POLICY, clients, create, engine, events_of, eventually, stored


async def test_a_ranked_game_nobody_shows_up_for_is_cancelled_and_not_rated(settings, nats_url):
    policy = replace(POLICY, no_show_s=0.5)
    async with engine(settings, nats_url, policy) as server, clients(settings, server.port, "ann") as (ann,):
        store = server.runtime.store
        clock = game_pb2.Clock(initial_seconds=60)
        nobody = await create(settings, server.port, ["ann", "bob"], clock, ranked=True)
        untimed = await create(settings, server.port, ["ann", "bob"], ranked=True)
        casual = await create(settings, server.port, ["ann", "bob"], clock)
        shown_up = await create(settings, server.port, ["ann", "bob"], clock, ranked=True)
        await ann.api.GetView(game_pb2.GetViewRequest(game_id=shown_up, seat=0))  # ann is there

        async def cancelled(game_id):
            return events_of(await stored(store, game_id), "GameCancelled")

        [event] = await eventually(lambda: cancelled(nobody))
        await eventually(lambda: cancelled(untimed))  # without a clock: nobody moved
        # the others keep going: the casual one and the one ann came to
        await ann.api.GetView(game_pb2.GetViewRequest(game_id=shown_up, seat=0))
        assert not await cancelled(casual) and not await cancelled(shown_up)
        errors = []
        for call in (ann.api.GetView(game_pb2.GetViewRequest(game_id=nobody, seat=0)),
                     ann.api.SubmitMove(game_pb2.SubmitMoveRequest(game_id=nobody, seat=0, move_id="m1",
                                                                   move=to_struct({"type": "add", "amount": 1}))),
                     ann.api.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=nobody, seat=0))):
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await call
            errors.append(refused.value)
        with pytest.raises(grpc.aio.AioRpcError) as streamed:
            async for _ in ann.api.WatchGame(game_pb2.WatchGameRequest(game_id=nobody, seat=0)):
                pass
        errors.append(streamed.value)

        async def join():
            yield game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(game_id=nobody, seat=0))

        with pytest.raises(grpc.aio.AioRpcError) as played:
            async for _ in ann.api.PlayGame(join()):
                pass
        errors.append(played.value)
        # a seat player of the SDK (what bots and the terminal client use) stops at once
        sdk = settings.with_(addresses={"counter": f"127.0.0.1:{server.port}", "deck": "127.0.0.1:9"})
        player = SeatPlayer(Connection(sdk, mint_token(sdk, "ann"), "ann"), "counter", nobody, 0, first_legal)
        with pytest.raises(grpc.aio.AioRpcError) as stopped:
            await asyncio.wait_for(player.run(), 10)  # not after its 60 s of retries
        errors.append(stopped.value)
        async def revealed():
            found = await stored(store, nobody)
            return found if found[-1].command_id == "reveal" else None

        commands = await eventually(revealed)
        record = await server.runtime.load(nobody)

    assert event.data["reason"].startswith("no seat showed up within 0.5 s")
    assert set(event.data) == {"reason"}
    for error in errors:
        assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert error.details().startswith("game cancelled: no seat showed up"), error.details()
    # cancelled, then its seed revealed (every game that ends can be audited), and nothing else
    assert [c.command_id for c in commands][-2:] == ["cancel", "reveal"]
    assert len(events_of(commands, "GameCancelled")) == 1 and len(events_of(commands, "SeedRevealed")) == 1
    assert record.table.cancelled and not record.over, "terminal: cancelled, with no result"
    assert record.revealed
    # the leaderboard's consumer finds nothing to rate in any of the game's messages
    config = RatingConfig(games=("counter",))
    for c in commands:
        body = encode_body(c.command_id, c.version, c.recorded_at, [e.record() for e in c.events])
        assert parse_message(c.subject, body, ConsumerSettings(), config) == []


async def first_legal(view, legal):
    return legal[0]

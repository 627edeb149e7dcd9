"""A whole 4-player Foodie Forest game through the real service, move by move
over gRPC, with every seat watching its own stream."""
from __future__ import annotations

import asyncio
import random

import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from services.foodie_forest import GAME
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.protojson import to_dict
from shared.runtime.bootstrap import start_rules_server
from shared.runtime.deck import SeededDeck
from tests.gameplay import play_randomly

PLAYERS = ["ann", "bob", "cid", "dee"]


@pytest.fixture
async def foodie_server(tmp_path, nats_url):
    settings = Settings(data_dir=tmp_path, token_key="ff-test-key-" + "q" * 32)
    nc = await connect(nats_url)
    store = JetStreamEventStore(nc)
    await store.ensure_stream()
    server = await start_rules_server(GAME, settings, 0, store, SeededDeck("ff-grpc-test"))
    yield server, settings
    await server.stop(grace=None)
    await server.runtime.close()
    await nc.drain()


async def test_a_four_player_game_is_played_to_the_end_and_each_seat_sees_only_its_own(foodie_server):
    server, settings = foodie_server
    channels = {p: client_channel(f"127.0.0.1:{server.port}", mint_token(settings, p)) for p in PLAYERS}
    apis = {p: game_pb2_grpc.GameServiceStub(ch) for p, ch in channels.items()}
    rng = random.Random(7)
    try:
        # a ranked table of four is the matchmaker's to create (a player may seat only themself)
        async with client_channel(f"127.0.0.1:{server.port}", mint_token(settings, "svc:matchmaking", "service")) as mm:
            created = await game_pb2_grpc.GameServiceStub(mm).CreateGame(
                game_pb2.CreateGameRequest(players=PLAYERS, ranked=True))
        game_id = created.game_id
        assert len(created.seed_commitment) == 64
        streams: dict[int, list] = {seat: [] for seat in range(4)}

        async def watch(seat: int):
            async for update in apis[PLAYERS[seat]].WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=seat)):
                streams[seat].append(update)
                if update.finished and any(e.type == "SeedRevealed" for e in update.events):
                    return

        watchers = [asyncio.create_task(watch(seat)) for seat in range(4)]
        moves, final = await play_randomly(apis, game_id, PLAYERS, rng)
        await asyncio.wait_for(asyncio.gather(*watchers), 20)

        stored = await server.runtime.store.read(f"games.foodie-forest.{game_id}")
        replay = await server.runtime.replay(game_id)
        assert final["finished"] and final["deal"] == 5 and moves > 5 * 4
        assert {p: final["points"][p] for p in PLAYERS} == dict(zip(PLAYERS, replay.state.points))
        assert all(points >= 0 for points in final["points"].values())
        game_over = [e for e in stored if e.type == "GameOver"]
        assert len(game_over) == 1 and game_over[0].data["players"] == PLAYERS
        assert [e.type for e in stored].count("ShuffleApplied") == 5

        dealt = [e for e in stored if e.type == "CardsDealt"]
        for seat in range(4):
            seen = [e for u in streams[seat] for e in u.events]
            text = "".join(str(u) for u in streams[seat])
            assert "ShuffleApplied" not in text and "set_aside\"" not in text
            seen_deals = [to_dict(e.data) for e in seen if e.type == "CardsDealt"]
            assert [d["hand"] for d in seen_deals] == [list(d.data["hands"][seat]) for d in dealt]
            assert all("hands" not in d for d in seen_deals)
            for update in streams[seat]:
                view = to_dict(update.view)
                assert view["seat"] == seat
                others = [k for k in view if k == "hands"]
                assert not others
                # the seat's moves come with the update, all of them, as its view lists them
                sent = [to_dict(m) for m in update.moves.moves] if update.HasField("moves") else []
                assert sent == view["legal_moves"]
            for e in seen:
                if e.type == "RecipeChosen":
                    data = to_dict(e.data)
                    if data["seat"] != seat and data.get("face_down"):
                        assert "recipe" not in data, "a face-down recipe of another seat leaked"
            assert streams[seat][-1].finished
    finally:
        for ch in channels.values():
            await ch.close()

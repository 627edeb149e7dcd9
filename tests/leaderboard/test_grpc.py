"""The service over a real gRPC channel: bootstrap.serve with its consumer."""
from __future__ import annotations

import asyncio
import json
import random

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from foodgames.v1 import leaderboard_pb2 as pb
from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc
from services.leaderboard import bootstrap
from services.leaderboard.boards import Store
from tests.leaderboard.conftest import FOUR_GAMES
from shared import statusdetails
from shared.auth import mint_token
from shared.channels import client_channel
from apps.cli.leaderboard import fetch_player, fetch_top
from shared.config import Settings
from tests.leaderboard.conftest import random_games, wait_until


async def test_queries_over_grpc(lane, redis_url, nats_url, tmp_path, monkeypatch):
    monkeypatch.setattr(bootstrap, "rating_config", lambda env=None: FOUR_GAMES)  # co-op games too
    settings = Settings(nats_url=nats_url, redis_url=redis_url, data_dir=tmp_path, token_key="leaderboard-test-key-0123456789abcdef")
    games = random_games(random.Random(9), 80, pool=15, games=("foodie-forest", "forestaurant"))
    for body in games:
        await lane.publish(body)
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, lane.settings, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    address = f"127.0.0.1:{ready.server.port}"
    store = Store.from_url(redis_url, config=FOUR_GAMES)
    token = mint_token(settings, "ann")
    try:
        await wait_until(lambda: _rated(store, 80), timeout=20)
        expected, total = await store.top("foodie-forest", 10, 0)
        async with client_channel(address, token) as channel:
            stub = pb_grpc.LeaderboardServiceStub(channel)
            top = await stub.GetTop(pb.GetTopRequest(board=pb.BoardRef(game="foodie-forest"), limit=10))
            assert [e.player for e in top.entries] == [e.player for e in expected]
            assert top.total == total and [e.rank for e in top.entries] == list(range(1, 11))
            assert top.entries[0].last_played.seconds > 0

            page = await stub.GetPage(pb.GetPageRequest(board=pb.BoardRef(game="foodie-forest"),
                                                        start_rank=3, limit=4))
            assert [e.player for e in page.entries] == [e.player for e in expected[2:6]]

            me = expected[6].player
            around = await stub.GetAroundPlayer(pb.GetAroundPlayerRequest(
                board=pb.BoardRef(game="foodie-forest"), player=me, radius=2))
            assert around.player_rank == 7 and [e.rank for e in around.entries] == [5, 6, 7, 8, 9]

            player = await stub.GetPlayer(pb.GetPlayerRequest(game="foodie-forest", player=me))
            assert player.entry.rank == 7 and player.entry.games == expected[6].games

            history = await stub.GetRatingHistory(pb.GetRatingHistoryRequest(game="foodie-forest", player=me))
            assert len(history.points) == expected[6].games
            assert history.points[0].mu == pytest.approx((await store.ratings("foodie-forest", [me], 0))[0][1].mu)

            skills = await stub.GetRatings(pb.GetRatingsRequest(game="foodie-forest", players=[me, "newcomer"]))
            assert skills.ratings[0].known and not skills.ratings[1].known
            assert skills.ratings[1].mu == 25.0 and skills.ratings[1].sigma == pytest.approx(25 / 3)

            wins = await stub.GetTop(pb.GetTopRequest(board=pb.BoardRef(game="forestaurant",
                                                                        kind=pb.BOARD_KIND_WINS)))
            assert wins.total > 0 and all(e.wins > 0 for e in wins.entries)

            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.GetTop(pb.GetTopRequest(board=pb.BoardRef(game="chess")))
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            # a player without a rated game is told so in their language, the game by its title
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.GetPlayer(pb.GetPlayerRequest(game="foodie-forest", player="nobody"),
                                     metadata=(("accept-language", "de"),))
            assert err.value.code() == grpc.StatusCode.NOT_FOUND
            assert err.value.details() == "nobody hat noch kein gewertetes Spiel Foodie Forest."
            said = statusdetails.read(err.value.trailing_metadata())
            assert said.key == "refused-no-rated-game"
            assert json.loads(said.args_json) == {"player": "nobody", "game": "Foodie Forest"}
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.GetAroundPlayer(pb.GetAroundPlayerRequest(board=pb.BoardRef(game="foodie-forest"),
                                                                     player="nobody"))
            assert err.value.code() == grpc.StatusCode.NOT_FOUND
            assert err.value.details() == "nobody is not on that board of Foodie Forest yet"
            assert statusdetails.read(err.value.trailing_metadata()).key == "refused-not-on-board"
            health = await health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service="foodgames.v1.LeaderboardService"))
            assert health.status == health_pb2.HealthCheckResponse.SERVING

        async with grpc.aio.insecure_channel(address) as anonymous:
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await pb_grpc.LeaderboardServiceStub(anonymous).GetTop(
                    pb.GetTopRequest(board=pb.BoardRef(game="foodie-forest")))
            assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED

        # what `foodgames leaderboard top|player --json` print
        doc = await fetch_top(address, token, "foodie-forest", n=3)
        assert [e["player"] for e in doc["entries"]] == [e.player for e in expected[:3]]
        assert set(doc["entries"][0]) >= {"rank", "player", "rating", "mu", "sigma", "games"}
        one = await fetch_player(address, token, me, "foodie-forest")
        assert one["rank"] == 7 and one["player"] == me
    finally:
        await store.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def _rated(store, n):
    return await store.r.hlen("lb:1:done") >= n

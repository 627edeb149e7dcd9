"""A player's games (issue 32): ListPlayerGames lists every game a player sat at, finished and
cancelled, casual and ranked, newest first and paged, with placings, scores and (ranked) the
rating change GetRatingHistory holds. The leaderboard service as it runs (bootstrap.serve: its
consumers on a real JetStream stream, Valkey, gRPC)."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from foodgames.v1 import leaderboard_pb2 as pb
from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc

from services.leaderboard import bootstrap
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings
from tests.leaderboard.conftest import FOUR_GAMES, T0, game_over_body, wait_until

GAME = "food-fight"


def created_body(game_id: str, players, at) -> dict:
    return {"command_id": f"create-{game_id}", "version": 1, "recorded_at": at.isoformat(),
            "events": [{"type": "GameCreated", "schema_version": 1,
                        "data": {"game": GAME, "game_id": game_id, "players": list(players), "ranked": True}}]}


def cancelled_body(game_id: str, at, data=None) -> dict:
    return {"command_id": f"cancel-{game_id}", "version": 2, "recorded_at": at.isoformat(),
            "events": [{"type": "GameCancelled", "schema_version": 1, "data": data or {"reason": "nobody came"}}]}


async def test_a_players_games_newest_first_paged_with_placings_scores_and_rating_change(lane, redis_url,
                                                                                     nats_url, tmp_path,
                                                                                     monkeypatch):
    monkeypatch.setattr(bootstrap, "rating_config", lambda env=None: FOUR_GAMES)
    settings = Settings(nats_url=nats_url, redis_url=redis_url, data_dir=tmp_path,
                        token_key="leaderboard-test-key-0123456789abcdef")
    # given ann played a ranked game, then a casual one, then one that was cancelled unplayed
    ranked = game_over_body(GAME, "pg-ranked", ["ann", "bob", "cy"], [2, 1, 3], T0, points=[5, 7, 2])
    casual = game_over_body(GAME, "pg-casual", ["bob", "ann"], [2, 1], T0 + timedelta(hours=1), points=[3, 9])
    casual["events"][-1]["data"]["ranked"] = False
    for body in (ranked, casual):
        await lane.publish(body)
    prefix = lane.settings.subject_prefix
    await lane.publish(created_body("pg-cancel", ["ann", "dee"], T0 + timedelta(hours=2)),
                       subject=f"{prefix}.{GAME}.pg-cancel")
    await lane.publish(cancelled_body("pg-cancel", T0 + timedelta(hours=2, minutes=5)),
                       subject=f"{prefix}.{GAME}.pg-cancel")
    # (and eve and fay left theirs, a casual table cancelled as abandoned: shared.runtime.abandon)
    await lane.publish(created_body("pg-left", ["eve", "fay"], T0 + timedelta(hours=3)),
                       subject=f"{prefix}.{GAME}.pg-left")
    await lane.publish(cancelled_body("pg-left", T0 + timedelta(hours=3, minutes=5),
                                      {"reason": "every player left", "seats": [0, 1], "players": ["eve", "fay"]}),
                       subject=f"{prefix}.{GAME}.pg-left")
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, lane.settings, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    try:
        async with client_channel(f"127.0.0.1:{ready.server.port}", mint_token(settings, "ann")) as channel:
            stub = pb_grpc.LeaderboardServiceStub(channel)

            async def all_three():
                page = await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="ann", page_size=10))
                history = await stub.GetRatingHistory(pb.GetRatingHistoryRequest(game=GAME, player="ann"))
                return len(page.games) == 3 and history.points

            await wait_until(all_three, timeout=20)
            # when she reads her games two at a time
            first = await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="ann", page_size=2))
            second = await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="ann", page_size=2,
                                                                          page_token=first.next_page_token))
            # then newest first: the cancelled one, the casual one, then the ranked one
            games = [*first.games, *second.games]
            assert [g.game_id for g in games] == ["pg-cancel", "pg-casual", "pg-ranked"]
            assert first.next_page_token and not second.next_page_token
            cancelled, won, rated = games
            assert cancelled.cancelled and cancelled.reason == "nobody came" and not cancelled.placings
            assert list(cancelled.players) == ["ann", "dee"] and not cancelled.rated
            assert not won.ranked and won.placing == 1 and won.score == 9 and not won.rated
            assert list(won.placings) == [2, 1] and list(won.points) == [3, 9]
            [point] = (await stub.GetRatingHistory(pb.GetRatingHistoryRequest(game=GAME, player="ann"))).points
            assert rated.ranked and rated.rated and rated.placing == 2 and rated.score == 5
            assert rated.rating_delta == pytest.approx(point.delta) and rated.rating == pytest.approx(point.rating)
            # and another player's page holds only their games
            dee = await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="dee"))
            assert [g.game_id for g in dee.games] == ["pg-cancel"]
            # and a cancel says why as the table's log did, in the reader's language
            assert cancelled.reason_message.key == "event-GameCancelled"
            assert cancelled.reason_message.text == "The game was cancelled: nobody showed up in time. It is not rated."
            german = (("accept-language", "de"),)
            [left] = (await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="eve"), metadata=german)).games
            assert left.reason_message.key == "event-GameCancelled-abandoned"
            assert left.reason_message.text.startswith("Die Partie wurde abgesagt: eve und fay")
            assert not won.HasField("reason_message") and not rated.HasField("reason_message")
            only = await stub.ListPlayerGames(pb.ListPlayerGamesRequest(player="bob", game="foodie-forest"))
            assert list(only.games) == []
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

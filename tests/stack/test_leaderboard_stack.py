"""A ranked game through the running stack shows up on the leaderboard, over
gRPC; a casual one does not."""
from __future__ import annotations

import asyncio
import uuid

import grpc
from foodgames.v1 import leaderboard_pb2, leaderboard_pb2_grpc

from shared.auth import mint_token
from shared.channels import client_channel
from tests.deck.test_audit_stack import play_a_game


async def _standing(stack, player: str):
    async with client_channel(stack.address("leaderboard"), mint_token(stack, player)) as channel:
        api = leaderboard_pb2_grpc.LeaderboardServiceStub(channel)
        try:
            return await api.GetPlayer(leaderboard_pb2.GetPlayerRequest(game="foodie-forest", player=player))
        except grpc.aio.AioRpcError as exc:
            assert exc.code() == grpc.StatusCode.NOT_FOUND, exc.details()
            return None


async def _casual_then_ranked(stack):
    tag = uuid.uuid4().hex[:6]
    ranked_players, casual_players = [f"lb-ann-{tag}", f"lb-bob-{tag}"], [f"lb-cid-{tag}", f"lb-dee-{tag}"]
    assert await _standing(stack, ranked_players[0]) is None
    # the casual game ends first: once the ranked one is rated, the consumer is past it
    await play_a_game(stack, casual_players, ranked=False)
    await play_a_game(stack, ranked_players, ranked=True)
    standings = []
    for _ in range(200):
        standings = [await _standing(stack, p) for p in ranked_players]
        if all(standings):
            break
        await asyncio.sleep(0.05)
    assert all(standings), "the ranked game never reached the leaderboard"
    for standing, player in zip(standings, ranked_players):
        assert standing.entry.player == player and standing.entry.games == 1
        assert standing.entry.sigma < 25 / 3 and standing.entry.rank >= 1
    assert sum(s.entry.wins for s in standings) >= 1
    assert [await _standing(stack, p) for p in casual_players] == [None, None]


async def test_a_ranked_game_played_through_the_stack_changes_the_leaderboard(stack):
    await _casual_then_ranked(stack)

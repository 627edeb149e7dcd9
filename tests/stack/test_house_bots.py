"""On the `make run` stack (`foodgames up`, bot fill on by default with its house-bots process), a
player who queues alone for a ranked table of four gets three house bots after the quiet wait,
plays the game to its end, and everyone at the table is rated on the ladder."""
from __future__ import annotations

import uuid

import grpc
from foodgames.v1 import leaderboard_pb2 as lb

from apps.cli.play import wait_rated
from apps.sdk.remote import Connection, run_bot
from services.matchmaking.botfill import house_bot_prefix
from shared.auth import service_token

GAME = "foodie-forest"


async def test_a_lone_player_gets_three_house_bots_and_plays_a_ranked_game_to_its_end(stack):
    # given a player (its seat driven by an SDK bot) queueing alone for a ranked table of four
    human = f"solo-{uuid.uuid4().hex[:6]}"
    # when nobody else comes
    played = await run_bot(stack, human, GAME, "heuristic", ranked=True, min_players=4, max_players=4)
    # then the three other seats were house bots and the game ran to its end
    table = played.view["players"]
    others = [p for p in table if p != human]
    assert len(table) == 4 and len(others) == 3
    assert all(p.startswith(house_bot_prefix(GAME)) for p in others), table
    assert played.view.get("winners"), "the game ended with winners"
    # and the game was rated like any other: the player and the bots are on the ladder
    await wait_rated(stack, GAME, list(table), timeout=15)
    conn = Connection(stack, service_token(stack, "test"), "svc:test")
    try:
        for name in table:
            entry = await conn.leaderboard().GetPlayer(lb.GetPlayerRequest(game=GAME, player=name), timeout=5)
            assert entry.entry.games >= 1, (name, entry)
    except grpc.aio.AioRpcError as exc:
        raise AssertionError(f"{name} is not rated: {exc.details()}") from None
    finally:
        await conn.close()

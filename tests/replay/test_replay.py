"""Replays folded from the stored stream (real NATS JetStream) equal what was shown live, at every
version, for every seat and for a spectator; GetReplay over real gRPC; who may replay what."""
from __future__ import annotations

import asyncio
import random

import grpc
import orjson
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared import games
from shared.auth import Identity
from shared.runtime.replay import replay, replay_seats
from tests.replay.conftest import OPERATOR, SHORT, create, play_random

JSON = game_pb2.VIEW_ENCODING_JSON


async def play_one(tables, i: int) -> tuple[str, str]:
    names = games.names()
    name = names[i % len(names)]  # every registered game in turn
    runtime = tables.runtime(name)
    players = [f"g{i}p{s}" for s in range(2)]
    game_id = await create(runtime, players, SHORT.get(name))
    await play_random(runtime, game_id, random.Random(f"{i}"))
    return name, game_id


# 28 games in make test, 100 in make test-slow (the same checks over more random games)
@pytest.mark.parametrize("count", [28, pytest.param(100, marks=pytest.mark.slow)])
async def test_replays_of_random_finished_games_equal_their_live_views(tables, count):
    """Given two-player games of every registered game in turn, played at random to the end
    through the served runtime (each move decided by the pure rules and stored on JetStream),
    when each is replayed from its stream for every seat and for a spectator, then there is one
    step per stored command, and each step's view equals the live view at that version (the
    view of the state the runtime held live)."""
    played: list[tuple[str, str]] = []
    for batch in range(0, count, 25):  # games side by side: their moves' round trips overlap
        played += await asyncio.gather(*(play_one(tables, i) for i in range(batch, min(count, batch + 25))))
    assert len({g for _, g in played}) == count and {n for n, _ in played} == set(games.names())
    for name, game_id in played:
        runtime = tables.runtime(name)
        live = runtime.live[game_id]
        record = await runtime.load(game_id)
        assert record.over and record.revealed
        seats = [None, *range(len(record.players))]
        steps = [step async for step in replay_seats(runtime, OPERATOR, game_id, seats)]
        assert [s[None].version for s in steps] == sorted(live), (name, game_id)
        assert steps[-1][None].finished and steps[-1][None].last_version == record.version
        for step in steps:
            for seat in seats:
                assert step[seat].view == runtime.rules.view(live[step[seat].version], seat), \
                    (name, game_id, seat, step[seat].version)


async def test_get_replay_over_grpc_shows_a_player_their_own_seat_and_the_public_view(tables):
    """Given a finished game of each registered game, when a player asks GetReplay for their own
    seat, for the spectator's view, and for one version, then the steps carry the live views as
    JSON, the moves as stored, and the seat's own redaction of each event."""
    for name in games.names():
        runtime = tables.runtime(name)
        game_id = await create(runtime, ["ann", "bob"], SHORT.get(name))
        await play_random(runtime, game_id, random.Random(name))
        live = runtime.live[game_id]
        channel = tables.channel_to(name, "bob")
        try:
            api = game_pb2_grpc.GameServiceStub(channel)
            for seat in (1, None):
                request = game_pb2.GetReplayRequest(game_id=game_id, view_encoding=JSON)
                if seat is not None:
                    request.seat = seat
                steps = [s async for s in api.GetReplay(request)]
                assert [s.version for s in steps] == sorted(live) and [s.step for s in steps] == list(range(len(steps)))
                assert steps[0].command_id == "create" and steps[-1].command_id == "reveal" and steps[-1].finished
                assert list(steps[0].players) == ["ann", "bob"] and steps[0].game == name
                for s in steps:
                    assert orjson.loads(s.view_json) == runtime.rules.view(live[s.version], seat)
                moves = [orjson.loads(s.move_json) for s in steps if s.move_json]
                assert moves and all(m["seat"] in (0, 1) and m["move"]["type"] for m in moves)
            middle = sorted(live)[len(live) // 2]
            only = [s async for s in api.GetReplay(game_pb2.GetReplayRequest(
                game_id=game_id, seat=1, version=middle, view_encoding=JSON))]
            assert [s.version for s in only] == [middle]
            assert orjson.loads(only[0].view_json) == runtime.rules.view(live[middle], 1)
        finally:
            await channel.close()


async def refused(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        [s async for s in call]
    return err.value


async def test_a_replay_is_refused_to_a_non_player_and_another_seat_to_a_player(tables):
    """Given a finished game of ann and bob, when carl (no player of it) asks for its replay,
    then PERMISSION_DENIED; when ann asks for bob's seat, PERMISSION_DENIED (only an operator
    sees another's hand); an operator gets bob's seat, hand and all."""
    name = "foodie-forest"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"])
    await play_random(runtime, game_id, random.Random(3))
    for who, seat, words in (("carl", None, "only the game's players and operators"),
                             ("carl", 0, "only the game's players and operators"),
                             ("ann", 1, "only an operator sees another seat's hand")):
        channel = tables.channel_to(name, who)
        try:
            request = game_pb2.GetReplayRequest(game_id=game_id)
            if seat is not None:
                request.seat = seat
            error = await refused(game_pb2_grpc.GameServiceStub(channel).GetReplay(request))
        finally:
            await channel.close()
        assert error.code() == grpc.StatusCode.PERMISSION_DENIED and words in error.details(), error.details()
    steps = [s async for s in replay(runtime, OPERATOR, game_id, 1)]
    dealt = next(s for s in steps if s.view.get("hand"))
    assert dealt.view["hand"] == runtime.rules.view(runtime.live[game_id][dealt.version], 1)["hand"]


async def test_a_player_may_not_replay_a_game_in_progress(tables):
    """Given a game still being played, when one of its players asks for its replay, then
    FAILED_PRECONDITION (it is watched live instead); an operator may replay it."""
    name = "forestaurant"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"])
    channel = tables.channel_to(name, "ann")
    try:
        error = await refused(game_pb2_grpc.GameServiceStub(channel).GetReplay(
            game_pb2.GetReplayRequest(game_id=game_id, seat=0)))
    finally:
        await channel.close()
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION and "not over yet" in error.details()
    steps = [s async for s in replay(runtime, OPERATOR, game_id, 0)]
    assert steps and not steps[-1].finished
    with pytest.raises(Exception, match="versions"):
        [s async for s in replay(runtime, Identity("x", "operator"), game_id, 0, version=10_000)]

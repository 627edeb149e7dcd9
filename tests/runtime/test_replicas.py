"""Two replicas of a rules service on one stream: racing moves never fork a game."""
from __future__ import annotations

import asyncio

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.channels import client_channel
from shared.eventstore.connections import connect
from shared.protojson import to_dict, to_struct
from tests.runtime.conftest import create_table, two_replicas


@pytest.mark.parametrize("hints", [True, False], ids=["hearing-each-other", "asking-the-server"])
async def test_two_replicas_racing_200_moves_end_equal_to_a_fresh_replay(settings, nats_url, token, hints):
    # hearing-each-other: a replica serves views of warm games without asking the server,
    # trusting the other's write hints; each seat waits for its turn on those views
    async with two_replicas(settings, nats_url, hints) as ((one, _), (two, _)):
        await race(one, two, token)


async def race(one, two, token):
    players = ["ann", "bob"]
    channels = {(p, s.port): client_channel(f"127.0.0.1:{s.port}", token(p)) for p in players for s in (one, two)}
    try:
        api = lambda player, server: game_pb2_grpc.GameServiceStub(channels[(player, server.port)])  # noqa: E731
        # (over 200 moves: as long as the race needs, no longer: tests/runtime/conftest.py)
        game_id = await create_table(one, players, {"target": 300})
        await one.runtime.settle(game_id)
        accepted, rejected = [], []

        async def player(seat: int, server, count: int):
            name = players[seat]
            while len(accepted) + len(rejected) < count:
                view = to_dict((await api(name, server).GetView(game_pb2.GetViewRequest(game_id=game_id, seat=seat))).view)
                if view["turn"] != seat:
                    await asyncio.sleep(0)
                    continue
                try:
                    r = await api(name, server).SubmitMove(game_pb2.SubmitMoveRequest(
                        game_id=game_id, seat=seat, move_id=f"{server.port}-{len(accepted)}-{len(rejected)}",
                        move=to_struct({"type": "add", "amount": 1})))
                    accepted.append(r.version)
                except grpc.aio.AioRpcError as exc:
                    assert exc.code() in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED), exc
                    rejected.append(exc.code())

        # each seat is driven through both replicas at once, so the replicas race
        await asyncio.gather(player(0, one, 200), player(0, two, 200), player(1, one, 200), player(1, two, 200))
        assert len(accepted) >= 100
        assert len(set(accepted)) == len(accepted), "no version was written twice"
        fresh = await one.runtime.replay(game_id)
        added = [e for e in await one.runtime.store.read(f"games.counter.{game_id}") if e.type == "Added"]
        assert fresh.state.total == len(accepted) == len(added)
        assert [e.data["total"] for e in added] == list(range(1, len(added) + 1))
        for server in (one, two):
            caught_up = await server.runtime.load(game_id)
            assert caught_up.state == fresh.state
    finally:
        for ch in channels.values():
            await ch.close()


async def test_a_warm_games_view_asks_nats_nothing_yet_shows_the_other_replicas_move(settings, nats_url, token):
    async with two_replicas(settings, nats_url) as ((one, _), (two, _)):
        await warm_view(one, two, token, nats_url)


async def asked_about(nats_url: str, game_id: str):
    """Every JetStream API request any client sends (the server routes them as it routes any
    message, so a plain subscriber hears them too), kept when it names the game: replica one's
    own out-message count also counts its work on other tests' live games (their clocks)."""
    spy = await connect(nats_url)
    heard: list[str] = []

    async def hear(msg):
        if game_id in msg.subject or game_id.encode() in msg.data:
            heard.append(msg.subject)

    await spy.subscribe("$JS.API.>", cb=hear)
    await spy.flush()
    return spy, heard


async def warm_view(one, two, token, nats_url):
    channels = [client_channel(f"127.0.0.1:{s.port}", token("ann")) for s in (one, two)]
    try:
        via_one, via_two = (game_pb2_grpc.GameServiceStub(ch) for ch in channels)
        game_id = await create_table(one, ["ann", "bob"], {"target": 100})
        await one.runtime.settle(game_id)
        look = game_pb2.GetViewRequest(game_id=game_id, seat=0)
        await via_one.GetView(look)

        # given a game replica one holds warm, when it is looked at again
        spy, heard = await asked_about(nats_url, game_id)
        again = await via_one.GetView(look)
        await spy.flush()
        await spy.drain()
        # then replica one asked the NATS server nothing about it (with replicas that do not
        # hear each other's writes it asks: $JS.API.DIRECT.GET.GAMES.games.counter.<id>, checked)
        assert heard == []
        assert to_dict(again.view)["total"] == 0

        # when ann moves through replica two, then replica one's next views show it
        await via_two.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id="m1",
                                                            move=to_struct({"type": "add", "amount": 3})))
        # (within 30 s: on a loaded machine hearing the other's write once took over a second)
        for _ in range(1500):
            if to_dict((await via_one.GetView(look)).view)["total"] == 3:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("replica one never showed the move made through replica two")
    finally:
        for ch in channels:
            await ch.close()


async def test_a_table_created_on_two_replicas_at_once_is_one_game_both_answer_with(settings, nats_url):
    """The matchmaker retries CreateGame on the other replica when an answer is slow; given two
    replicas asked to create the same game of the same players at the same moment, then both
    answer with the one game written once (its creation, stamped with each replica's own clock, is
    another command under the same id once the clocks' first stamps differ: not an internal
    error), 30 times over."""
    from shared.runtime.live import ClockSpec
    from tests.runtime.conftest import MATCHMAKER

    async with two_replicas(settings, nats_url) as ((one, _), (two, _)):
        for n in range(30):
            game_id = f"twice-{n}"
            made = await asyncio.gather(*(s.runtime.create_game(MATCHMAKER, ["ann", "bob"], {}, game_id=game_id,
                                                                clock=ClockSpec(60_000))
                                          for s in (one, two)), return_exceptions=True)
            assert [type(m).__name__ for m in made] == ["GameRecord", "GameRecord"], made
            assert made[0].players == made[1].players == ("ann", "bob")
            # (one of them may answer after the game's first deal was settled: a later version)
            created = [e for e in await one.runtime.store.read(f"games.counter.{game_id}") if e.type == "GameCreated"]
            assert len(created) == 1

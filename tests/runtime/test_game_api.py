"""The common game API over a real gRPC channel, with the test-only counter
game: every error code, and nothing written on any error."""
from __future__ import annotations

import asyncio
import json
import uuid

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.protojson import to_dict, to_struct


def stub(channel):
    return game_pb2_grpc.GameServiceStub(channel)


async def wait_dealt(api, game_id, seat=0):
    for _ in range(200):
        view = await api.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=seat))
        if to_dict(view.view)["my_card"]:
            return view
        await asyncio.sleep(0.02)
    raise AssertionError("the cards were never dealt")


@pytest.fixture
async def game(channel_for):
    """A dealt 2-player counter game between ann (seat 0) and bob (seat 1), made by the matchmaker."""
    maker = stub(channel_for("svc:matchmaking", "service"))
    created = await maker.CreateGame(game_pb2.CreateGameRequest(players=["ann", "bob"],
                                                                options=to_struct({"target": 10})))
    view = await wait_dealt(stub(channel_for("ann")), created.game_id)
    return created.game_id, view.version


def move(game_id, seat, amount, expected=None, move_id=None):
    request = game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=move_id or uuid.uuid4().hex,
                                         move=to_struct({"type": "add", "amount": amount}))
    if expected is not None:
        request.expected_version = expected
    return request


async def stored_version(counter_server, game_id):
    return await counter_server.runtime.store.version(f"games.counter.{game_id}")


async def test_a_game_is_created_dealt_and_played_to_the_end(channel_for, game, counter_server):
    game_id, version = game
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    for i in range(5):
        api, seat = (ann, 0) if i % 2 == 0 else (bob, 1)
        response = await api.SubmitMove(move(game_id, seat, 2))
    view = await ann.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0))
    assert view.finished and to_dict(view.view)["winner"] == 0 and to_dict(view.view)["total"] == 10
    replay = await counter_server.runtime.replay(game_id)
    assert replay.over and replay.state == counter_server.runtime.cache[game_id].state
    types = [e.type for e in await counter_server.runtime.store.read(f"games.counter.{game_id}")]
    assert types[:2] == ["GameCreated", "SeedCommitted"] and "ShuffleApplied" in types
    assert types[-2:] == ["GameOver", "SeedRevealed"] or (await _wait_revealed(counter_server, game_id))
    assert response.version >= 1


async def _wait_revealed(server, game_id):
    for _ in range(100):
        types = [e.type for e in await server.runtime.store.read(f"games.counter.{game_id}")]
        if types[-1] == "SeedRevealed":
            return True
        await asyncio.sleep(0.02)
    return False


async def test_a_malformed_move_is_invalid_argument_and_writes_nothing(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    bad = game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id="m1", move=to_struct({"type": "jump"}))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.SubmitMove(bad)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "jump" in err.value.details()
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id="", move=to_struct({"type": "add", "amount": 1})))
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "move id" in err.value.details()
    assert await stored_version(counter_server, game_id) == version


async def test_an_unknown_game_is_not_found(channel_for):
    ann = stub(channel_for("ann"))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.GetView(game_pb2.GetViewRequest(game_id="no-such-game", seat=0))
    assert err.value.code() == grpc.StatusCode.NOT_FOUND and "no-such-game" in err.value.details()


async def test_an_illegal_move_is_failed_precondition_with_the_rule_and_writes_nothing(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.SubmitMove(move(game_id, 0, 7))
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "1, 2 or 3" in err.value.details()
    assert await stored_version(counter_server, game_id) == version


async def test_a_stale_expected_version_is_aborted_and_writes_nothing(channel_for, game, counter_server):
    game_id, version = game
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    await ann.SubmitMove(move(game_id, 0, 1, expected=version))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await bob.SubmitMove(move(game_id, 1, 1, expected=version))
    assert err.value.code() == grpc.StatusCode.ABORTED and "version" in err.value.details()
    assert await stored_version(counter_server, game_id) == version + 1


async def test_playing_out_of_turn_is_failed_precondition(channel_for, game, counter_server):
    game_id, version = game
    bob = stub(channel_for("bob"))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await bob.SubmitMove(move(game_id, 1, 1))
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "ann's turn" in err.value.details()
    assert await stored_version(counter_server, game_id) == version


async def test_playing_or_viewing_another_players_seat_is_permission_denied(channel_for, game, counter_server):
    game_id, version = game
    bob = stub(channel_for("bob"))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await bob.SubmitMove(move(game_id, 0, 1))
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED and "belongs to ann" in err.value.details()
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await bob.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0))
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(grpc.aio.AioRpcError) as err:
        async for _ in bob.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0)):
            break
    assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert await stored_version(counter_server, game_id) == version


async def test_a_missing_or_bad_token_is_unauthenticated(channel_for, counter_server):
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub(channel_for(None, raw_token="not-a-token")).GetView(game_pb2.GetViewRequest(game_id="x", seat=0))
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED and "not valid" in err.value.details()
    async with grpc.aio.insecure_channel(f"127.0.0.1:{counter_server.port}") as bare:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await stub(bare).GetView(game_pb2.GetViewRequest(game_id="x", seat=0))
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED and "no token" in err.value.details()


async def test_a_token_signed_with_another_key_is_unauthenticated(channel_for):
    import jwt, time
    forged = jwt.encode({"sub": "ann", "role": "player", "exp": int(time.time()) + 60, "iss": "foodgames"},
                        "some-other-key-" + "y" * 32, algorithm="HS256")
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub(channel_for(None, raw_token=forged)).GetView(game_pb2.GetViewRequest(game_id="x", seat=0))
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_a_retried_move_id_is_applied_once(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    first = await ann.SubmitMove(move(game_id, 0, 2, move_id="same"))
    again = await ann.SubmitMove(move(game_id, 0, 2, move_id="same"))
    assert not first.duplicate and again.duplicate
    assert await stored_version(counter_server, game_id) == version + 1


async def test_bad_setup_is_invalid_argument_and_creates_nothing(channel_for):
    ann = stub(channel_for("svc:matchmaking", "service"))
    for players, options, words in ((["ann"], {}, "2 to 4 players"), (["ann", "bob"], {"speed": 3}, "speed"),
                                    (["ann", "ann"], {}, "only once")):
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await ann.CreateGame(game_pb2.CreateGameRequest(game_id=f"bad-{len(players)}-{len(options)}",
                                                            players=players, options=to_struct(options)))
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and words in err.value.details()


async def test_a_watcher_sees_its_own_card_and_never_the_others(channel_for, game, counter_server):
    game_id, version = game
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    bob_card = to_dict((await bob.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=1))).view)["my_card"]
    updates = []

    async def watch():
        async for update in ann.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0)):
            updates.append(update)
            if update.finished:
                return

    task = asyncio.create_task(watch())
    for i in range(5):
        await (ann if i % 2 == 0 else bob).SubmitMove(move(game_id, i % 2, 2))
    await asyncio.wait_for(task, 10)
    assert updates[-1].finished and to_dict(updates[-1].view)["total"] == 10
    text = "".join(str(u) for u in updates)
    assert bob_card not in text
    assert "ShuffleApplied" not in text


async def test_a_view_asked_for_as_json_is_the_same_view_in_every_call(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    as_json = game_pb2.VIEW_ENCODING_JSON
    struct_view = await ann.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0))
    json_view = await ann.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0, view_encoding=as_json))
    assert not json_view.HasField("view") and json.loads(json_view.view_json) == to_dict(struct_view.view)
    assert struct_view.view_json == "", "a client that did not ask gets no JSON"

    moved = await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id="json-1",
                                                            move=to_struct({"type": "add", "amount": 2}),
                                                            view_encoding=as_json))
    after = await ann.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0))
    assert json.loads(moved.view_json) == to_dict(after.view) and json.loads(moved.view_json)["total"] == 2

    watch = ann.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0, view_encoding=as_json))
    first = await anext(watch.__aiter__())
    watch.cancel()
    assert json.loads(first.view_json) == to_dict(after.view)

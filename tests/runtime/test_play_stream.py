"""PlayGame: one seat over one stream, with the test-only counter game over a real gRPC channel
and real JetStream. Views go out when they change (or only on the seat's turn); moves are
answered in order; a rejected move leaves the stream open and the stored events as they were."""
from __future__ import annotations

import asyncio
import json
import uuid

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.auth import Identity
from shared.channels import client_channel
from shared.eventstore.memory import MemoryEventStore
from shared.protojson import to_struct
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from shared.runtime.seat import IDLE_CHECK_S
from tests.runtime.conftest import create_table, two_replicas
from tests.runtime.test_game_api import game, stored_version  # noqa: F401 - the dealt-game fixture

JSON = game_pb2.VIEW_ENCODING_JSON


def join(game_id: str, seat: int, turns_only: bool = False) -> game_pb2.PlayGameRequest:
    return game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(game_id=game_id, seat=seat, view_encoding=JSON,
                                                               turns_only=turns_only))


def add(amount, expected=None, move_id=None) -> game_pb2.PlayGameRequest:
    move = game_pb2.PlayGameMove(move_id=move_id or uuid.uuid4().hex,
                                 move_json=json.dumps({"type": "add", "amount": amount}))
    if expected is not None:
        move.expected_version = expected
    return game_pb2.PlayGameRequest(move=move)


async def next_message(call, seconds: float = 5.0):
    message = await asyncio.wait_for(call.read(), seconds)
    assert message is not grpc.aio.EOF, "the stream ended"
    return message


async def next_update(call, seconds: float = 5.0):
    message = await next_message(call, seconds)
    assert message.WhichOneof("response") == "update", message
    return message.update.version, json.loads(message.update.view_json), message.update.finished


async def next_result(call):
    message = await next_message(call)
    assert message.WhichOneof("response") == "move_result", message
    return message.move_result


def play(channel):
    return game_pb2_grpc.GameServiceStub(channel).PlayGame()


async def test_two_seats_play_a_whole_game_on_their_streams_and_each_sees_only_its_own_card(
        channel_for, game, counter_server):
    # given a dealt game, each seat on its own stream, views only on its turn
    game_id, _ = game
    calls = [play(channel_for("ann")), play(channel_for("bob"))]
    for seat, call in enumerate(calls):
        await call.write(join(game_id, seat, turns_only=True))
    dealt = counter_server.runtime.cache[game_id].state.hands
    finals, answered, moved = {}, [0, 0], [0, 0]

    async def seat_plays(seat: int):
        call = calls[seat]
        while True:
            message = await next_message(call)
            if message.WhichOneof("response") == "move_result":
                assert message.move_result.accepted, message.move_result.reason
                answered[seat] += 1
                continue
            version, view, finished = (message.update.version, json.loads(message.update.view_json),
                                       message.update.finished)
            assert view["my_card"] == dealt[seat], "a seat's stream shows its own card and no other"
            if finished:
                finals[seat] = view
                return
            assert answered[seat] == moved[seat], "a move is answered before the next view"
            if view["turn"] == seat:
                moved[seat] += 1
                await call.write(add(2, expected=version))

    # when both play until the end
    await asyncio.wait_for(asyncio.gather(seat_plays(0), seat_plays(1)), 20)

    # then both saw the same end, the stream's end equals a replay, and the server closes the streams
    assert finals[0]["total"] == finals[1]["total"] == 10 and finals[0]["winner"] == 0
    replay = await counter_server.runtime.replay(game_id)
    assert replay.over and replay.state.total == 10
    for call in calls:
        assert await asyncio.wait_for(call.read(), 5) is grpc.aio.EOF
        assert await call.code() == grpc.StatusCode.OK


async def test_a_watching_seat_sees_every_move_of_the_other_seat(channel_for, game):
    game_id, version = game
    ann = play(channel_for("ann"))
    await ann.write(join(game_id, 0))
    assert (await next_update(ann))[0] == version
    bob = play(channel_for("bob"))
    await bob.write(join(game_id, 1))
    await next_update(bob)

    await ann.write(add(3, expected=version))
    assert (await next_result(ann)).accepted
    _, seen, _ = await next_update(ann)
    assert seen["total"] == 3 and seen["turn"] == 1

    # when bob moves on his own stream, ann's stream shows it without her asking
    await bob.write(add(1))
    _, after, _ = await next_update(ann)
    assert after["total"] == 4 and after["turn"] == 0
    ann.cancel()
    bob.cancel()


async def test_a_rejected_move_is_answered_the_stream_stays_open_and_nothing_is_written(
        channel_for, game, counter_server):
    game_id, version = game
    ann = play(channel_for("ann"))
    await ann.write(join(game_id, 0, turns_only=True))
    await next_update(ann)
    before = await stored_version(counter_server, game_id)

    # an illegal amount, a stale version, a move that is not JSON, and a second join
    await ann.write(add(7, expected=version))
    rejected = await next_result(ann)
    assert not rejected.accepted and rejected.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
    assert "1, 2 or 3" in rejected.reason
    assert (await next_update(ann))[0] == version, "the current view follows a rejection"

    await ann.write(add(1, expected=version - 1))
    stale = await next_result(ann)
    assert stale.code == grpc.StatusCode.ABORTED.value[0] and "version" in stale.reason
    await next_update(ann)

    await ann.write(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="m1", move_json="{add 1")))
    broken = await next_result(ann)
    assert broken.code == grpc.StatusCode.INVALID_ARGUMENT.value[0] and "not valid JSON" in broken.reason
    await next_update(ann)

    await ann.write(join(game_id, 0))
    again = await next_result(ann)
    assert again.code == grpc.StatusCode.INVALID_ARGUMENT.value[0] and "joins" in again.reason
    await next_update(ann)

    assert await stored_version(counter_server, game_id) == before

    # and the stream still plays: a good move, then the same move id again, written once
    await ann.write(add(2, expected=version, move_id="twice"))
    first = await next_result(ann)
    assert first.accepted and not first.duplicate and first.version == before + 1
    await ann.write(add(2, move_id="twice"))
    second = await next_result(ann)
    assert second.accepted and second.duplicate and second.version == first.version
    assert await stored_version(counter_server, game_id) == before + 1
    ann.cancel()


@pytest.mark.parametrize("first, code, words", [
    (None, grpc.StatusCode.INVALID_ARGUMENT, "starts with a join"),
    ("someone-elses-seat", grpc.StatusCode.PERMISSION_DENIED, "belongs to bob"),
    ("no-such-game", grpc.StatusCode.NOT_FOUND, "no counter game"),
    ("no-such-seat", grpc.StatusCode.INVALID_ARGUMENT, "does not exist"),
])
async def test_a_stream_that_cannot_play_ends_with_a_status_naming_why(channel_for, game, first, code, words):
    game_id, _ = game
    call = play(channel_for("ann"))
    if first is None:
        await call.write(add(1))
    else:
        await call.write(join({"no-such-game": "nope"}.get(first, game_id),
                              {"someone-elses-seat": 1, "no-such-seat": 5}.get(first, 0)))
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await next_message(call)
    assert caught.value.code() == code and words in caught.value.details()


async def test_a_stream_without_a_token_is_refused(counter_server):
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{counter_server.port}")
    try:
        call = game_pb2_grpc.GameServiceStub(channel).PlayGame()
        # the server refuses the call as it opens, before any message: a write racing that
        # refusal could fail on the client's own terms ("Internal error from Core", and then an
        # INTERNAL status of the client's), so the call is only read
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await asyncio.wait_for(call.read(), 10)
        assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert await call.code() == grpc.StatusCode.UNAUTHENTICATED
    finally:
        await channel.close()


@pytest.mark.parametrize("hints", [True, False], ids=["hearing-the-other-replica", "reading-when-idle"])
async def test_a_stream_on_one_replica_shows_a_move_made_through_the_other(settings, nats_url, token, hints,
                                                                            monkeypatch):
    # reading-when-idle: a store that hears nothing; the stream reads the game after IDLE_CHECK_S.
    # hearing-the-other-replica: the idle wake-up far off, so that only the replica's hearing of
    # the other's write can bring the move (a time limit told them apart before, and a loaded
    # machine once took longer than it to hear)
    if hints:
        monkeypatch.setattr("shared.runtime.followers.IDLE_WAKE_S", 3600.0)
    async with two_replicas(settings, nats_url, hints) as ((one, _), (two, _)):
        channels = [client_channel(f"127.0.0.1:{one.port}", token("ann")),
                    client_channel(f"127.0.0.1:{two.port}", token("bob"))]
        try:
            await shows_the_other_replicas_move(one, channels, hints)
        finally:
            for ch in channels:
                await ch.close()


async def shows_the_other_replicas_move(one, channels, hints: bool):
    via_one, via_two = (game_pb2_grpc.GameServiceStub(ch) for ch in channels)
    game_id = await create_table(one, ["ann", "bob"], {"target": 100})
    await one.runtime.settle(game_id)
    ann = via_one.PlayGame()
    await ann.write(join(game_id, 0, turns_only=True))
    version, view, _ = await next_update(ann)
    await ann.write(add(1, expected=version))
    assert (await next_result(ann)).accepted

    # when bob moves through replica two
    await via_two.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=1, move_id="b1",
                                                        move=to_struct({"type": "add", "amount": 3})))

    # then ann's stream on replica one shows her turn with bob's move in it: when replica one
    # hears replica two's write, or within IDLE_CHECK_S (2 s) when it cannot
    _, seen, _ = await next_update(ann, seconds=30.0 if hints else IDLE_CHECK_S + 2)
    assert seen["total"] == 4 and seen["turn"] == 0
    ann.cancel()


class HeldDeck(SeededDeck):
    """Deals the first hand at once and holds every later shuffle until released."""

    def __init__(self):
        super().__init__()
        self.released = asyncio.Event()
        self.asked = 0

    async def shuffle(self, game_id, deck, cards, k):
        self.asked += 1
        if self.asked > 1:
            await self.released.wait()
        return await super().shuffle(game_id, deck, cards, k)


async def test_a_streamed_move_is_answered_once_stored_and_the_deal_it_calls_for_follows():
    # given a Foodie Forest game whose second deal the deck holds back
    from services.foodie_forest.rules import RULES

    deck = HeldDeck()
    runtime = GameRuntime(RULES, MemoryEventStore(), deck)
    players = ("ann", "bob", "cy")
    record = await runtime.create_game(Identity("svc", "service"), players, {})
    record = await runtime.settle(record.game_id)
    # when every seat plays until a move ends the first deal
    outcome = None
    while RULES.chance(record.state) is None:
        seat = min(RULES.to_act(record.state))
        move = RULES.legal_moves(record.state, seat)[0]
        # a move that waited for its deal would wait here for ever: the deck holds it
        outcome = await asyncio.wait_for(runtime.submit_move(Identity(players[seat], "player"), record.game_id,
                                                             seat, uuid.uuid4().hex, None, move, at_once=True), 5)
        record = runtime.cache[record.game_id]
    # then that move was answered at its own version (the deck still holds its deal), and the
    # deal is asked for
    assert outcome.version == record.version
    for _ in range(100):
        if deck.asked == 2:
            break
        await asyncio.sleep(0.01)
    assert deck.asked == 2 and runtime.cache[record.game_id].version == outcome.version
    # and the deal lands once the deck answers
    deck.released.set()
    for _ in range(100):
        if RULES.chance(runtime.cache[record.game_id].state) is None:
            break
        await asyncio.sleep(0.01)
    dealt = runtime.cache[record.game_id]
    assert RULES.chance(dealt.state) is None and dealt.version > outcome.version
    await runtime.close()


async def test_a_client_that_sends_moves_without_reading_is_not_read_from_without_end():
    from shared.runtime.seat import MAX_UNSENT, PlayMove, play_seat
    from tests.games.counter import RULES as COUNTER

    runtime = GameRuntime(COUNTER, MemoryEventStore(), SeededDeck())
    record = await runtime.create_game(Identity("svc", "service"), ("ann", "bob"), {})
    await runtime.settle(record.game_id)
    taken = []

    async def moves():
        for i in range(10 * MAX_UNSENT):
            taken.append(i)
            yield PlayMove(f"m{i}", None, {"type": "add", "amount": 9})  # refused: too much
    # when the stream's first view is read and nothing after it
    stream = play_seat(runtime, Identity("ann", "player"), record.game_id, 0, moves())
    first = await stream.__anext__()
    assert first.view["total"] == 0
    await asyncio.sleep(0.3)
    # then the moves are read only as far as the answers waiting to go out allow
    assert MAX_UNSENT <= len(taken) <= MAX_UNSENT + 2
    answers = [await stream.__anext__() for _ in range(MAX_UNSENT)]
    assert all(a.error is not None and "1, 2 or 3" in str(a.error) for a in answers)
    await asyncio.sleep(0.3)
    assert len(taken) > MAX_UNSENT + 2, "reading on makes room for more"
    await stream.aclose()
    await runtime.close()


async def test_a_stream_asked_for_moves_carries_the_prompt_and_the_labelled_moves_as_a_watch_stream_does(
        channel_for, game):
    # given a dealt game, and its first seat's stream asking for its moves, in German
    game_id, _ = game
    call = play(channel_for("ann"))
    await call.write(game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(
        game_id=game_id, seat=0, view_encoding=JSON, with_moves=True, language="de")))
    update = (await next_message(call)).update
    # then its update says whose turn it is and lists the seat's moves with their labels, the same
    # as the seat's watch stream at that version
    watch = game_pb2_grpc.GameServiceStub(channel_for("ann")).WatchGame(game_pb2.WatchGameRequest(
        game_id=game_id, seat=0, language="de", view_encoding=JSON))
    watched = await asyncio.wait_for(watch.read(), 5)
    watch.cancel()
    assert watched.version == update.version
    assert update.prompt.text and update.prompt == watched.prompt
    assert update.moves.labels and update.moves == watched.moves
    # and a bot's stream, not asking, carries the view alone
    bare = play(channel_for("ann"))
    await bare.write(join(game_id, 0))
    plain = (await next_message(bare)).update
    assert plain.version == update.version and not plain.HasField("prompt") and not plain.HasField("moves")
    call.cancel()
    bare.cancel()

"""Faults and hostile input, over a real gRPC channel and real JetStream, with the test-only
counter game: malformed moves (a type that is a list or an object, a Struct nested 50 deep),
requests far larger than a move, a move id reused for another move, tables a player may not
set, and a stream dropped while the server writes to it. Every refusal names what was wrong,
with its gRPC code, and writes nothing."""
from __future__ import annotations

import asyncio
import gc
import json
import logging
import uuid

import grpc
import pytest
import structlog
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.channels import client_channel
from shared.errors import MAX_REASON
from shared.protojson import to_struct
from shared.runtime.bootstrap import MAX_RECEIVE_BYTES, MOVE_REQUEST_BYTES
from tests.runtime.conftest import two_replicas
from tests.runtime.test_game_api import game, stored_version, stub, wait_dealt  # noqa: F401 - the dealt-game fixture
from tests.runtime.test_play_stream import join, next_message, next_result, next_update

SUBMIT = "/foodgames.v1.GameService/SubmitMove"
PLAY = "/foodgames.v1.GameService/PlayGame"
SHORT = MAX_REASON + 40  # the most of a refusal's reason a test accepts


# -- protobuf bytes by hand: a client may send what the Python message API refuses to build --

def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _entry(key: str, value: bytes) -> bytes:  # one Struct field: {1: key, 2: Value}
    return _field(1, _field(1, key.encode()) + _field(2, value))


def nested_move(depth: int) -> bytes:
    """A Struct {"type": "add", "x": {"x": {... depth levels ...}}} as bytes."""
    inner = b""
    for _ in range(depth):
        inner = _entry("x", _field(5, inner))  # Value.struct_value
    return _entry("type", _field(3, b"add")) + inner


def raw_submit(channel):
    return channel.unary_unary(SUBMIT, request_serializer=lambda b: b,
                               response_deserializer=game_pb2.SubmitMoveResponse.FromString)


def raw_play(channel):
    return channel.stream_stream(PLAY, request_serializer=lambda b: b,
                                 response_deserializer=game_pb2.PlayGameResponse.FromString)


def add(amount: int = 1, move_id: str | None = None) -> game_pb2.PlayGameRequest:
    return game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(
        move_id=move_id or uuid.uuid4().hex, move_json=json.dumps({"type": "add", "amount": amount})))


def submit(game_id: str, move: dict, move_id: str | None = None, seat: int = 0) -> game_pb2.SubmitMoveRequest:
    return game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=move_id or uuid.uuid4().hex,
                                      move=to_struct(move))


async def refused(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    assert len(err.value.details()) <= SHORT, err.value.details()[:500]
    return err.value


@pytest.fixture
def log_lines(counter_server):
    """Every log line the service writes during the test, as written (JSON text)."""
    lines: list[str] = []

    def tap(_, __, rendered):
        lines.append(rendered if isinstance(rendered, str) else str(rendered))
        return rendered

    processors = structlog.get_config()["processors"]
    processors.append(tap)
    yield lines
    processors.remove(tap)


# -- 5. malformed moves ----------------------------------------------------------------------

async def test_a_move_whose_type_is_a_list_or_an_object_is_invalid_argument(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    for move, words in (({"type": ["add", "add"]}, "not a list"), ({"type": {"add": 1}}, "not an object")):
        err = await refused(ann.SubmitMove(submit(game_id, move)))
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT and words in err.details(), err.details()

    call = ann.PlayGame()
    await call.write(join(game_id, 0))
    await next_update(call)
    for move, words in (('{"type": ["add"]}', "not a list"), ('{"type": {"add": 1}}', "not an object")):
        await call.write(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="bad", move_json=move)))
        result = await next_result(call)
        assert not result.accepted and result.code == grpc.StatusCode.INVALID_ARGUMENT.value[0]
        assert words in result.reason and len(result.reason) <= SHORT
        await next_update(call)  # the view follows a refusal
    await call.done_writing()
    assert await stored_version(counter_server, game_id) == version


async def test_a_move_nested_50_deep_is_invalid_argument_on_submit_and_on_the_stream(channel_for, game,
                                                                                    counter_server):
    # given a Struct nested deeper than protobuf decodes (the client builds its bytes by hand)
    game_id, version = game
    channel = channel_for("ann")
    request = _field(1, game_id.encode()) + _field(3, b"deep-1") + _field(5, nested_move(50))

    # when it is sent as a SubmitMove, then it is INVALID_ARGUMENT with a short reason, not UNKNOWN
    err = await refused(raw_submit(channel)(request))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, (err.code(), err.details())
    assert "nests values more than 100 levels deep" in err.details() and "DecodeError" not in err.details()

    # when it is sent on a PlayGame stream, then that move is refused under its move id and the stream goes on
    call = raw_play(channel)()
    await call.write(join(game_id, 0).SerializeToString())
    seen, _, _ = await next_update(call)
    move = _field(1, b"deep-2") + _field(3, nested_move(50))
    await call.write(_field(2, move))  # PlayGameRequest.move
    result = await next_result(call)
    assert (result.move_id, result.accepted, result.code) == ("deep-2", False, grpc.StatusCode.INVALID_ARGUMENT.value[0])
    assert "100 levels" in result.reason and len(result.reason) <= SHORT
    await next_update(call)
    # the same move as JSON text: read, then refused by the game's move shapes
    deep = '{"type": "add", "amount": 1, "x": ' + '{"x": ' * 50 + "1" + "}" * 51
    await call.write(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="deep-3", move_json=deep))
                     .SerializeToString())
    result = await next_result(call)
    assert (result.move_id, result.code) == ("deep-3", grpc.StatusCode.INVALID_ARGUMENT.value[0]), result
    assert "no field 'x'" in result.reason
    await next_update(call)
    await call.write(add(1, "fine").SerializeToString())
    assert (await next_result(call)).accepted
    await call.done_writing()
    assert await stored_version(counter_server, game_id) == version + 1  # only the good move


# -- 6. large input: limits, and errors and logs that quote a short prefix ------------------

async def test_a_request_larger_than_a_move_is_resource_exhausted_naming_the_limit(channel_for, game, counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    # a 3.9 MB move type: gRPC reads none of it
    err = await refused(ann.SubmitMove(submit(game_id, {"type": "x" * 3_900_000})))
    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and str(MAX_RECEIVE_BYTES) in err.details(), err.details()
    # a 20 kB one: over the move limit, refused in the server's own words
    err = await refused(ann.SubmitMove(submit(game_id, {"type": "x" * 20_000})))
    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert f"a SubmitMove request may be at most {MOVE_REQUEST_BYTES} bytes" in err.details(), err.details()

    # on a stream, that move is refused and the stream goes on
    call = ann.PlayGame()
    await call.write(join(game_id, 0))
    await next_update(call)
    big = game_pb2.PlayGameMove(move_id="big", move_json=json.dumps({"type": "x" * 20_000}))
    await call.write(game_pb2.PlayGameRequest(move=big))
    result = await next_result(call)
    assert (result.move_id, result.accepted, result.code) == ("big", False,
                                                            grpc.StatusCode.RESOURCE_EXHAUSTED.value[0])
    assert str(MOVE_REQUEST_BYTES) in result.reason and len(result.reason) <= SHORT
    await next_update(call)
    await call.write(add(1, "after-big"))
    assert (await next_result(call)).accepted
    await call.done_writing()

    # past what gRPC reads at all, the stream ends with gRPC's own RESOURCE_EXHAUSTED naming the limit
    call = ann.PlayGame()
    await call.write(join(game_id, 0))
    await next_update(call)
    await call.write(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(
        move_id="huge", move_json=json.dumps({"type": "x" * 3_900_000}))))
    with pytest.raises(grpc.aio.AioRpcError) as err:
        while (await call.read()) is not grpc.aio.EOF:
            pass
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and str(MAX_RECEIVE_BYTES) in err.value.details()
    assert await stored_version(counter_server, game_id) == version + 1


async def test_errors_and_log_lines_quote_only_a_short_prefix_of_what_a_client_sent(channel_for, game,
                                                                                    counter_server, log_lines):
    game_id, version = game
    ann = stub(channel_for("ann"))
    long = "x" * 10_000  # under every request limit: the server reads it all
    calls = [
        ann.SubmitMove(submit(long, {"type": "add", "amount": 1})),  # game id
        ann.SubmitMove(submit(game_id, {"type": long})),  # move type
        ann.SubmitMove(submit(game_id, {"type": "add", "amount": 1, long: 1})),  # field name
        ann.SubmitMove(submit(game_id, {"type": "add", "amount": long})),  # field value
        ann.SubmitMove(submit(game_id, {"type": "add", "amount": 1}, move_id=long)),  # move id
        ann.GetView(game_pb2.GetViewRequest(game_id=long[:900], seat=0)),
        stub(channel_for(None, raw_token="x" * 5000)).GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0)),
        stub(channel_for("svc:matchmaking", "service")).CreateGame(game_pb2.CreateGameRequest(
            game_id=long, players=["ann", "bob"])),
        stub(channel_for("svc:matchmaking", "service")).CreateGame(game_pb2.CreateGameRequest(
            players=["ann", long])),
        stub(channel_for("svc:matchmaking", "service")).CreateGame(game_pb2.CreateGameRequest(
            players=["ann", "bob"], options=to_struct({long: 1}))),
    ]
    for call in calls:
        err = await refused(call)
        assert err.code() in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.UNAUTHENTICATED), \
            (err.code(), err.details()[:200])
        assert "x" * 60 not in err.details()

    stream = ann.PlayGame()
    await stream.write(join(game_id, 0))
    await next_update(stream)
    for move_json in ('{"type": "%s"}' % long, long, '{"type": "add", "amount": "%s"}' % long):
        await stream.write(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="m", move_json=move_json)))
        result = await next_result(stream)
        assert result.code == grpc.StatusCode.INVALID_ARGUMENT.value[0] and "x" * 60 not in result.reason
        await next_update(stream)
    await stream.done_writing()

    assert log_lines, "the refusals were logged"
    assert not [line for line in log_lines if "x" * 60 in line], "a log line quotes a long run of client input"
    assert max(len(line) for line in log_lines) < 2000
    assert await stored_version(counter_server, game_id) == version


# -- 7. a move id is an idempotency key --------------------------------------------------------

async def test_a_move_id_reused_for_another_move_is_already_exists_and_writes_nothing(channel_for, game,
                                                                                     counter_server):
    game_id, version = game
    ann = stub(channel_for("ann"))
    first = await ann.SubmitMove(submit(game_id, {"type": "add", "amount": 2}, "key-1"))
    # the same move again under its id: a retry, nothing new written
    again = await ann.SubmitMove(submit(game_id, {"amount": 2, "type": "add"}, "key-1"))
    assert not first.duplicate and again.duplicate and again.version == first.version
    # another move under the same id: refused, naming the conflict
    err = await refused(ann.SubmitMove(submit(game_id, {"type": "add", "amount": 3}, "key-1")))
    assert err.code() == grpc.StatusCode.ALREADY_EXISTS
    assert "'key-1'" in err.details() and "different move" in err.details(), err.details()
    assert await stored_version(counter_server, game_id) == version + 1

    # the same on a stream
    call = stub(channel_for("ann")).PlayGame()
    await call.write(join(game_id, 0))
    await next_update(call)
    await call.write(add(3, "key-1"))
    result = await next_result(call)
    assert not result.accepted and result.code == grpc.StatusCode.ALREADY_EXISTS.value[0]
    assert "different move" in result.reason
    await next_update(call)
    await call.write(add(2, "key-1"))
    assert (await next_result(call)).duplicate
    await call.done_writing()
    assert await stored_version(counter_server, game_id) == version + 1


@pytest.mark.parametrize("hints", [True, False], ids=["hearing-each-other", "asking-the-server"])
async def test_a_reused_move_id_is_refused_by_a_replica_that_did_not_see_the_move(settings, nats_url, token,
                                                                                  hints):
    # asking-the-server: replica two holds the game warm from before the move and does not hear
    # of it, so it decides on the old state and the event store refuses the append
    async with two_replicas(settings, nats_url, hints) as ((one, _), (two, _)):
        maker = client_channel(f"127.0.0.1:{one.port}", token("svc:matchmaking", "service"))
        ann_one = client_channel(f"127.0.0.1:{one.port}", token("ann"))
        ann_two = client_channel(f"127.0.0.1:{two.port}", token("ann"))
        try:
            created = await stub(maker).CreateGame(game_pb2.CreateGameRequest(players=["ann", "bob"]))
            game_id = created.game_id
            await wait_dealt(stub(ann_one), game_id)
            await wait_dealt(stub(ann_two), game_id)  # warm on replica two too
            version = await stored_version(one, game_id)
            await stub(ann_one).SubmitMove(submit(game_id, {"type": "add", "amount": 1}, "k"))
            err = await refused(stub(ann_two).SubmitMove(submit(game_id, {"type": "add", "amount": 2}, "k")))
            assert err.code() == grpc.StatusCode.ALREADY_EXISTS and "different move" in err.details()
            retry = await stub(ann_two).SubmitMove(submit(game_id, {"type": "add", "amount": 1}, "k"))
            assert retry.duplicate and retry.version == version + 1
            assert await stored_version(one, game_id) == version + 1
        finally:
            for ch in (maker, ann_one, ann_two):
                await ch.close()


# -- 8. who may set a table --------------------------------------------------------------------

async def test_a_player_may_create_neither_a_ranked_game_nor_one_that_seats_others(channel_for, counter_server):
    ann = stub(channel_for("ann"))
    cases = [
        (["ann", "bob", "cid", "dee"], True, "ranked"),  # the reported case: a ranked table of others
        (["ann", "bob"], False, "did not agree"),
        (["bob", "cid"], False, "only create games they play in"),
    ]
    for i, (players, ranked, words) in enumerate(cases):
        game_id = f"by-ann-{i}-{uuid.uuid4().hex[:6]}"
        err = await refused(ann.CreateGame(game_pb2.CreateGameRequest(game_id=game_id, players=players,
                                                                      ranked=ranked)))
        assert err.code() == grpc.StatusCode.PERMISSION_DENIED and words in err.details(), err.details()
        assert await stored_version(counter_server, game_id) == 0
    # a table for ann alone passes the check (the counter game then wants 2 players)
    err = await refused(ann.CreateGame(game_pb2.CreateGameRequest(players=["ann"])))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT and "2 to 4 players" in err.details()


@pytest.mark.parametrize("role", ["service", "operator"])
async def test_the_matchmaker_and_operators_create_ranked_games_for_others(channel_for, counter_server, role):
    maker = stub(channel_for("svc:maker" if role == "service" else "maker", role))  # shared.names: svc:<name>
    created = await maker.CreateGame(game_pb2.CreateGameRequest(players=["ann", "bob"], ranked=True))
    assert counter_server.runtime.cache[created.game_id].ranked


# -- 9. a stream dropped while the server writes to it ----------------------------------------

async def test_a_stream_cancelled_while_the_server_writes_logs_no_context_error(channel_for, game, counter_server,
                                                                               token, caplog):
    # given a client with a small receive window that floods a stream with refused moves (each
    # answered with a result and a view) and reads nothing, so that the server's writes block
    caplog.set_level(logging.WARNING)
    game_id, version = game
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{counter_server.port}", options=[("grpc.http2.bdp_probe", 0)])
    try:
        for _ in range(2):
            call = stub(channel).PlayGame(metadata=(("authorization", f"Bearer {token('ann')}"),))
            await call.write(join(game_id, 0))
            await next_message(call)
            bad = game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="x" * 128, move_json='{"type": "no"}'))

            async def flood(call=call, bad=bad):
                for _ in range(5000):
                    await call.write(bad)

            writer = asyncio.create_task(flood())
            await asyncio.sleep(0.5)
            # when the client drops the stream
            call.cancel()
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)
        await asyncio.sleep(0.3)
        gc.collect()  # the server's dropped generators are closed now, from other tasks
        await asyncio.sleep(0.3)
    finally:
        await channel.close()
    # then nothing complains of contexts
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and ("detach" in r.getMessage() or "different Context" in str(r.exc_info and r.exc_info[1]))]
    assert not errors, [(r.name, r.getMessage(), r.exc_info and str(r.exc_info[1])) for r in errors]
    assert await stored_version(counter_server, game_id) == version


async def test_a_stream_generator_closed_from_another_task_resets_nothing_and_logs_nothing(settings, caplog, token):
    # the same, without timing: the interceptor's stream wrapper closed the way the event loop
    # closes a generator grpc dropped (GeneratorExit, in a task of its own)
    from shared.service import CallInterceptor

    caplog.set_level(logging.WARNING)

    class Context:
        def invocation_metadata(self):
            return (("authorization", f"Bearer {token('ann')}"),)

    async def behaviour(request, context):
        for i in range(3):
            yield i

    wrapped = CallInterceptor(settings.resolved_token_key())._wrap_stream("/test/Stream", behaviour)
    stream = wrapped(object(), Context())
    assert await anext(stream) == 0
    await asyncio.create_task(stream.aclose())
    assert not [r for r in caplog.records if "detach" in r.getMessage()]


@pytest.mark.parametrize("name", ["\x1b]0;pwned\x07", "\u202eevil", "<img src=x>", "svc:deck", "operator"])
async def test_a_table_seats_only_names_of_the_rule(channel_for, counter_server, name):
    """shared.names: a name enters a game at CreateGame, even the matchmaker's, by the one rule."""
    api = game_pb2_grpc.GameServiceStub(channel_for("svc:matchmaking", "service"))
    game_id = "names-" + uuid.uuid4().hex[:8]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await api.CreateGame(game_pb2.CreateGameRequest(game_id=game_id, players=["ann", name]))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "cannot sit at a table" in refused.value.details() and len(refused.value.details()) < SHORT
    assert not await counter_server.runtime.store.version(counter_server.runtime.subject(game_id))

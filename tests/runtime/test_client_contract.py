"""The client contract (issue 24) over real gRPC with the test game: events, legal moves, turns
and refusals read as messages in the call's language (its request's `language`, else its
`accept-language` metadata, else English); CheckMove answers as SubmitMove would and writes
nothing; DescribeGame needs no token. The test game's texts: tests/games/counter_texts/."""
from __future__ import annotations

import asyncio
import json
import uuid

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.channels import insecure_channel
from shared.protojson import to_dict, to_struct


def stub(channel):
    return game_pb2_grpc.GameServiceStub(channel)


def add(amount: int) -> dict:
    return {"type": "add", "amount": amount}


@pytest.fixture
async def dealt(channel_for):
    """A dealt counter game of ann (seat 0, to move) and bob, made by the matchmaker: (id, version)."""
    maker = stub(channel_for("svc:matchmaking", "service"))
    created = await maker.CreateGame(game_pb2.CreateGameRequest(players=["ann", "bob"],
                                                                options=to_struct({"target": 5})))
    ann = stub(channel_for("ann"))
    for _ in range(200):
        view = await ann.GetView(game_pb2.GetViewRequest(game_id=created.game_id, seat=0))
        if to_dict(view.view)["my_card"]:
            return created.game_id, view.version
        await asyncio.sleep(0.02)
    raise AssertionError("the cards were never dealt")


async def stored(server, game_id) -> int:
    return await server.runtime.store.version(f"games.counter.{game_id}")


def check(game_id, seat, move, **more) -> game_pb2.CheckMoveRequest:
    return game_pb2.CheckMoveRequest(game_id=game_id, seat=seat, move=to_struct(move), **more)


async def test_check_move_answers_as_submit_move_would_and_writes_nothing(channel_for, dealt, counter_server):
    # given ann to move at `version`
    game_id, version = dealt
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    # when she checks a legal move, then it would be accepted, judged on the current version
    answer = await ann.CheckMove(check(game_id, 0, add(2), expected_version=version))
    assert answer.accepted and answer.version == version and not answer.reason
    # and a move the rules forbid is refused with the rule, in the asked language, with its code
    answer = await ann.CheckMove(check(game_id, 0, add(9), language="de"))
    assert not answer.accepted and answer.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
    assert answer.reason == "Du darfst 1, 2 oder 3 addieren, nicht 9."
    assert answer.message.key == "refused-add-range" and json.loads(answer.message.args_json) == {"amount": 9}
    assert answer.message.text == answer.reason
    # and out of turn, with a stale version, or unreadable: the codes SubmitMove gives
    answer = await bob.CheckMove(check(game_id, 1, add(1), language="en"))
    assert not answer.accepted and answer.message.key == "refused-not-your-turn"
    assert answer.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
    answer = await ann.CheckMove(check(game_id, 0, add(1), expected_version=version - 1, language="de"))
    assert answer.code == grpc.StatusCode.ABORTED.value[0] and answer.message.key == "refused-stale-version"
    assert f"Version {version}" in answer.reason
    answer = await ann.CheckMove(game_pb2.CheckMoveRequest(game_id=game_id, seat=0, move_json="{not json"))
    assert answer.code == grpc.StatusCode.INVALID_ARGUMENT.value[0] and answer.message.key == "refused-move-not-json"
    answer = await ann.CheckMove(game_pb2.CheckMoveRequest(game_id=game_id, seat=0, move_json='{"type": "add", '
                                                                                             '"amount": 3}'))
    assert answer.accepted
    # and nothing of it was written
    assert await stored(counter_server, game_id) == version
    # and SubmitMove answers the forbidden move as CheckMove did
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=uuid.uuid4().hex,
                                                        move=to_struct(add(9)), language="de"))
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert err.value.details() == "Du darfst 1, 2 oder 3 addieren, nicht 9."


async def test_a_refusal_reads_in_the_request_language_else_accept_language_else_the_rules_english(
        channel_for, dealt):
    game_id, _ = dealt
    ann = stub(channel_for("ann"))

    async def refused(language: str = "", metadata=()) -> str:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=uuid.uuid4().hex,
                                                            move=to_struct(add(7)), language=language),
                                 metadata=metadata)
        return err.value.details()

    assert await refused("de") == "Du darfst 1, 2 oder 3 addieren, nicht 7."
    assert await refused(metadata=(("accept-language", "fr-FR,de;q=0.8,en;q=0.5"),)) == \
        "Du darfst 1, 2 oder 3 addieren, nicht 7."
    assert await refused("en", metadata=(("accept-language", "de"),)) == "You may add 1, 2 or 3, not 7."
    # a program that asks for no language reads the rules' own reason
    assert await refused() == "you may add 1, 2 or 3, not 7"
    # the runtime's own refusals read in the language too
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await ann.GetView(game_pb2.GetViewRequest(game_id="no-such-game", seat=0, language="de"))
    assert err.value.code() == grpc.StatusCode.NOT_FOUND and err.value.details() == "Es gibt keine Partie no-such-game."


async def test_events_and_the_prompt_read_in_the_stream_language(channel_for, dealt):
    # given ann added 2
    game_id, version = dealt
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    moved = await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=uuid.uuid4().hex,
                                                            move=to_struct(add(2)), language="en"))
    assert [e.message.text for e in moved.events] == ["You added 2: the total is 2."]
    # when bob watches the game from its start in German
    stream = bob.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=1, language="de"))
    first = await anext(aiter(stream))
    stream.cancel()
    said = {e.type: e for e in first.events}
    # then every event carries its message: key, arguments and text
    assert said["GameCreated"].message.text == "Eine Partie für ann und bob wurde eingerichtet."
    assert json.loads(said["GameCreated"].message.args_json)["players"] == ["ann", "bob"]
    assert said["CardsDealt"].message.text == "Du hast Geheime Karte bekommen."
    assert said["Added"].message.key == "event-Added" and said["Added"].message.text == \
        "ann hat 2 addiert: Die Summe ist 2."
    # and the deck's bookkeeping is internal, the game's events are not
    assert said["SeedCommitted"].internal and not said["Added"].internal and not said["GameCreated"].internal
    # and the prompt says it is bob's turn
    assert first.prompt.key == "prompt-add" and first.prompt.text == "Du bist dran: Addiere 1, 2 oder 3 zu 2."
    view = await ann.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0, language="de"))
    assert view.prompt.text == "Warten auf bob."


async def test_legal_moves_carry_labels_choices_and_whether_they_are_complete(channel_for, dealt):
    game_id, _ = dealt
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    listed = await ann.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=game_id, seat=0, language="de"))
    moves = [to_dict(m) for m in listed.moves]
    assert [label.text for label in listed.labels] == [f"{m['amount']} addieren" for m in moves]
    assert [json.loads(label.args_json) for label in listed.labels] == [{"amount": m["amount"]} for m in moves]
    space = json.loads(listed.choices_json)
    from shared import choices

    assert sorted(json.dumps(m, sort_keys=True) for m in choices.enumerate_moves(space)) == \
        sorted(json.dumps(m, sort_keys=True) for m in moves)
    assert listed.moves_complete
    idle = await bob.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=game_id, seat=1))
    assert not idle.moves and json.loads(idle.choices_json) == {"moves": []}


async def test_a_watched_seat_that_may_act_is_sent_its_moves_as_listlegalmoves_gives_them(channel_for, dealt):
    # given a game where ann is to move and bob waits
    game_id, _ = dealt
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    listed = await ann.ListLegalMoves(game_pb2.ListLegalMovesRequest(game_id=game_id, seat=0, language="de"))
    # when both watch the game in German
    updates = []
    for who, seat in ((ann, 0), (bob, 1)):
        stream = who.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=seat, language="de"))
        updates.append(await anext(aiter(stream)))
        stream.cancel()
    mine, theirs = updates
    # then ann's update carries her moves, labels and choices as ListLegalMoves answers them,
    # so that her page needs no call to list them; bob's, who has nothing to do, none
    assert mine.HasField("moves") and mine.moves == listed and mine.moves.version == mine.version
    assert [label.text for label in mine.moves.labels][:1] == ["1 addieren"]
    assert not theirs.HasField("moves")


async def test_describe_game_needs_no_token_and_reads_in_the_asked_language(counter_server, channel_for):
    anyone = stub(insecure_channel(f"127.0.0.1:{counter_server.port}"))  # no token
    reply = await anyone.DescribeGame(game_pb2.DescribeGameRequest(language="de"))
    described = json.loads(reply.description_json)
    assert reply.language == described["language"] == "de"
    assert described["title"] == "Zähler" and (described["min_players"], described["max_players"]) == (2, 4)
    assert described["cards"]["card-3"]["name"] == "Geheime Karte" and described["cards"]["card-3"]["text"]
    assert [r["section"] for r in described["rules"]] == ["goal", "turn", "end", "scoring", "choices"]
    assert described["options"][0]["name"] == "target" and described["options"][0]["sentence"]
    assert described["messages"]["move-add"] == "{ $amount } addieren"
    assert described["messages"]["event-GameOver"].startswith("Die Partie ist vorbei.")
    assert {v["title"] for v in described["moves"]["oneOf"]} == {"add"}
    english = await anyone.DescribeGame(game_pb2.DescribeGameRequest(),
                                        metadata=(("accept-language", "en-GB,en;q=0.9"),))
    assert json.loads(english.description_json)["title"] == "Counter" and english.language == "en"
    # a token, if sent, must be valid
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await stub(channel_for(None, raw_token="not-a-token")).DescribeGame(game_pb2.DescribeGameRequest())
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    # and every other call still needs one
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await anyone.GetView(game_pb2.GetViewRequest(game_id="x", seat=0))
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_a_refused_move_on_a_play_stream_reads_in_the_join_language(channel_for, dealt):
    game_id, _ = dealt
    ann = stub(channel_for("ann"))
    moves: asyncio.Queue = asyncio.Queue()

    async def requests():
        yield game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(game_id=game_id, seat=0, language="de"))
        while (item := await moves.get()) is not None:
            yield item

    call = ann.PlayGame(requests())
    await moves.put(game_pb2.PlayGameRequest(move=game_pb2.PlayGameMove(move_id="too-much",
                                                                        move_json=json.dumps(add(5)))))
    async for reply in call:
        if reply.WhichOneof("response") == "move_result":
            result = reply.move_result
            break
    await moves.put(None)
    call.cancel()
    assert not result.accepted and result.reason == "Du darfst 1, 2 oder 3 addieren, nicht 5."
    assert result.message.key == "refused-add-range" and result.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]


async def test_a_replay_reads_every_step_in_the_asked_language(channel_for, dealt, counter_server):
    # given a finished game (ann 3 + bob 2 reaches 5)
    game_id, _ = dealt
    ann, bob = stub(channel_for("ann")), stub(channel_for("bob"))
    await ann.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id="a", move=to_struct(add(3))))
    await bob.SubmitMove(game_pb2.SubmitMoveRequest(game_id=game_id, seat=1, move_id="b", move=to_struct(add(2))))
    # when bob replays it as a spectator, in German
    steps = [s async for s in bob.GetReplay(game_pb2.GetReplayRequest(game_id=game_id, language="de"))]
    # then every event reads, and the last prompt names the winner
    texts = [e.message.text for s in steps for e in s.events if not e.internal]
    assert "bob hat 2 addiert: Die Summe ist 5." in texts and all(texts)
    assert any(e.message.key == "event-GameOver" and e.message.text == "Die Partie ist vorbei. bob hat gewonnen."
               for s in steps for e in s.events)
    assert steps[-1].prompt.text == "bob hat gewonnen."
    mine = [s async for s in bob.GetReplay(game_pb2.GetReplayRequest(game_id=game_id, seat_player="bob",
                                                                     language="en"))]
    assert mine[-1].prompt.text == "You won!"


async def test_the_sdk_describes_the_game_checks_a_move_and_lists_the_move_space(settings, counter_server, dealt,
                                                                                 token):
    from apps.sdk.connection import Connection
    from apps.sdk.gamecalls import check_move, describe_game, legal_moves, read_view

    game_id, version = dealt
    conn = Connection(settings.with_(addresses={"counter": f"127.0.0.1:{counter_server.port}"}), token("ann"), "ann")
    try:
        assert (await describe_game(conn, "counter", "de"))["title"] == "Zähler"
        space = await legal_moves(conn, "counter", game_id, 0, "de")
        assert space.complete and space.labels == ["1 addieren", "2 addieren", "3 addieren"]
        assert space.choices["moves"] and len(space.moves) == 3
        accepted = await check_move(conn, "counter", game_id, 0, add(1), version)
        assert accepted.accepted and accepted.version == version
        refused = await check_move(conn, "counter", game_id, 0, add(4), language="en")
        assert not refused.accepted and refused.code == grpc.StatusCode.FAILED_PRECONDITION
        assert refused.key == "refused-add-range" and refused.args == {"amount": 4}
        assert refused.reason == "You may add 1, 2 or 3, not 4."
        reply, _ = await read_view(conn.game("counter"), game_id, 0, "de")
        assert reply.prompt.text == "Du bist dran: Addiere 1, 2 oder 3 zu 0."
        assert await stored(counter_server, game_id) == version
    finally:
        await conn.close()

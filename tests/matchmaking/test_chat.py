"""Table chat (issue 32, docs/friends.md): the players of a game talk among themselves and its
spectators among themselves, never seeing the other group; messages are short and rate-limited,
a reader mutes a player, quick phrases come in the reader's language; kept beside the game (not
on its stream). On real Valkey, NATS, gRPC and a game really created on the rules engine."""
from __future__ import annotations

import asyncio
import uuid

import grpc
import pytest
from foodgames.v1 import chat_pb2 as pb
from foodgames.v1 import chat_pb2_grpc as pb_grpc

from services.matchmaking.chat import MAX_CHARS, RATE_MAX, SERVICE_NAME, ChatServicer, add_to_server
from shared import gamestream
from shared.auth import mint_token
from shared.channels import client_channel
from shared.eventstore.jetstream import JetStreamEventStore
from shared.service import start_server
from tests.matchmaking.conftest import GAME, names


class Chat:
    def __init__(self, settings, server):
        self.settings, self.server, self.channels = settings, server, []

    def stub(self, player: str, role: str = "player") -> pb_grpc.ChatServiceStub:
        ch = client_channel(f"127.0.0.1:{self.server.port}", mint_token(self.settings, player, role))
        self.channels.append(ch)
        return pb_grpc.ChatServiceStub(ch)


@pytest.fixture
async def chat(mm_settings, store, catalogue, nc):
    events = JetStreamEventStore(nc)
    server = await start_server("matchmaking", 0, mm_settings,
                                [(add_to_server, ChatServicer(store.redis, events, catalogue, store.prefix,
                                                              watch_poll_s=0.05))], [SERVICE_NAME])
    c = Chat(mm_settings, server)
    c.events = events
    yield c
    for ch in c.channels:
        await ch.close()
    await server.stop(grace=None)


async def a_game(creator, catalogue, players, ranked=False, options=None) -> str:
    game_id = "chat-" + uuid.uuid4().hex[:12]
    await creator.create(catalogue.get(GAME), game_id, players, ranked, 5.0, options)
    return game_id


async def read(stream, n: int) -> list[pb.ChatMessage]:
    return [(await asyncio.wait_for(stream.read(), 10)).message for _ in range(n)]


async def refused(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await call
    return err.value


async def test_players_and_spectators_talk_apart_and_a_muted_player_is_not_shown(chat, creator, catalogue):
    a, b, watcher = names(3, "ch")
    game_id = await a_game(creator, catalogue, [a, b])
    ann, bob, spec = chat.stub(a), chat.stub(b), chat.stub(watcher)
    await ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="  hello   bob "))
    await spec.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="go ann!"))
    sent = (await bob.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, phrase="chat-phrase-good-luck"),
                               metadata=(("accept-language", "de"),))).message
    assert sent.text == "Viel Glück und viel Spaß!" and sent.group == pb.CHAT_GROUP_PLAYERS
    players = await read(bob.WatchChat(pb.WatchChatRequest(game=GAME, game_id=game_id, language="en")), 2)
    assert [(m.player, m.text) for m in players] == [(a, "hello bob"), (b, "Good luck, have fun!")]
    spectators = await read(spec.WatchChat(pb.WatchChatRequest(game=GAME, game_id=game_id)), 1)
    assert [(m.player, m.text, m.group) for m in spectators] == [(watcher, "go ann!", pb.CHAT_GROUP_SPECTATORS)]
    # bob mutes ann: her messages leave his chat, not anyone else's
    muted = await bob.MuteChat(pb.MuteChatRequest(game=GAME, game_id=game_id, player=a, muted=True))
    assert list(muted.muted) == [a]
    await ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="still there?"))
    await bob.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="yes"))
    bobs = await read(bob.WatchChat(pb.WatchChatRequest(game=GAME, game_id=game_id)), 2)
    assert [m.text for m in bobs] == ["Good luck, have fun!", "yes"]
    anns = await read(ann.WatchChat(pb.WatchChatRequest(game=GAME, game_id=game_id)), 4)
    assert [m.text for m in anns][-2:] == ["still there?", "yes"]
    # an operator reads either group
    operator = chat.stub("operator-1", role="operator")
    seen = await read(operator.WatchChat(pb.WatchChatRequest(game=GAME, game_id=game_id,
                                                             group=pb.CHAT_GROUP_SPECTATORS)), 1)
    assert seen[0].text == "go ann!"
    # and nothing of the chat is on the game's stream (so none of it in the audit bundle)
    stored = await chat.events.read(gamestream.subject_for(GAME, game_id))
    assert not any("hello bob" in str(e.data) or "go ann" in str(e.data) for e in stored)


async def test_long_fast_empty_and_unknown_phrase_messages_are_refused_in_words(chat, creator, catalogue):
    a, b = names(2, "lim")
    game_id = await a_game(creator, catalogue, [a, b])
    ann = chat.stub(a)
    long = await refused(ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="x" * (MAX_CHARS + 1))))
    assert long.code() == grpc.StatusCode.INVALID_ARGUMENT and f"at most {MAX_CHARS}" in long.details()
    empty = await refused(ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="   ")))
    assert empty.code() == grpc.StatusCode.INVALID_ARGUMENT
    phrase = await refused(ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, phrase="refused-table-full")))
    assert phrase.code() == grpc.StatusCode.INVALID_ARGUMENT
    for i in range(RATE_MAX + 1):
        try:
            await ann.SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text=f"spam {i}"))
        except grpc.aio.AioRpcError as exc:
            assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and "wait a moment" in exc.details()
            break
    else:
        raise AssertionError("the rate limit never refused a message")


async def test_a_game_without_spectators_has_no_spectators_chat_and_phrases_come_in_both_languages(
        chat, creator, catalogue):
    a, b, c = names(3, "nos")
    game_id = await a_game(creator, catalogue, [a, b], ranked=True)  # ranked: no spectators by default
    outsider = await refused(chat.stub(c).SendChat(pb.SendChatRequest(game=GAME, game_id=game_id, text="hi")))
    assert outsider.code() == grpc.StatusCode.PERMISSION_DENIED
    en = await chat.stub(a).ListChatPhrases(pb.ListChatPhrasesRequest(language="en"))
    de = await chat.stub(a).ListChatPhrases(pb.ListChatPhrasesRequest(language="de"))
    assert [p.key for p in en.phrases] == [p.key for p in de.phrases] and len(en.phrases) >= 5
    assert dict((p.key, p.text) for p in de.phrases)["chat-phrase-well-played"] == "Gut gespielt!"

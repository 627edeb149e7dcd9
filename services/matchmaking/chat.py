"""ChatService over gRPC: table chat (docs/friends.md, "Table chat").

Who is who at a game comes from its GameCreated event (players, spectator policy), read once
from the game's stream and kept (it never changes). Messages live in Valkey, beside the game
but never on its stream, so they stay out of the audit bundle:

  P:chat:<game_id>:<group>          list   the group's messages, JSON, oldest first (kept CHAT_TTL_S)
  P:chatmute:<game_id>:<reader>     set    the players whose messages the reader does not see
  P:chatrate:<game_id>:<player>:<w> string messages the player sent in window w (RATE_WINDOW_S)
"""
from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from typing import Callable

from foodgames.v1 import chat_pb2 as pb
from foodgames.v1 import chat_pb2_grpc as pb_grpc
from google.protobuf.timestamp_pb2 import Timestamp

from services.matchmaking.catalogue import Catalogue
from shared import gamestream
from shared.auth import current_identity
from shared.errors import InvalidArgument, NotFound, PermissionDenied, ResourceExhausted
from shared.i18n import SHARED_TEXTS, Catalogue as Texts
from shared.runtime import spectators as spectator_policy
from shared.service import call_language

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["ChatService"].full_name
MAX_CHARS = 200
RATE_WINDOW_S = 10
RATE_MAX = 5  # messages per player per game per window
CHAT_TTL_S = 30 * 24 * 3600
PHRASE_PREFIX = "chat-phrase-"
KNOWN_GAMES = 10_000  # games whose table (players, spectators) is kept in memory
PLAYERS, SPECTATORS = "players", "spectators"
_GROUPS = {PLAYERS: pb.CHAT_GROUP_PLAYERS, SPECTATORS: pb.CHAT_GROUP_SPECTATORS}
TEXTS = Texts([SHARED_TEXTS])


def add_to_server(servicer, server) -> None:
    pb_grpc.add_ChatServiceServicer_to_server(servicer, server)


class ChatServicer(pb_grpc.ChatServiceServicer):
    def __init__(self, redis, games, catalogue: Catalogue, prefix: str = "mm",
                 clock: Callable[[], float] = time.time, watch_poll_s: float = 0.5):
        self.redis, self.games, self.catalogue, self.prefix = redis, games, catalogue, prefix
        self.clock, self.watch_poll_s = clock, watch_poll_s
        self._tables: OrderedDict[str, tuple[tuple[str, ...], bool]] = OrderedDict()

    async def _table(self, game: str, game_id: str) -> tuple[tuple[str, ...], bool]:
        """(players, spectators allowed) of a game, from its GameCreated event."""
        self.catalogue.get(game)
        if not game_id or len(game_id) > 64:
            raise InvalidArgument("game_id is required")
        if game_id not in self._tables:
            events = await self.games.read(gamestream.subject_for(game, game_id))
            created = next((e for e in events if e.type == "GameCreated"), None)
            if created is None:
                raise NotFound(f"there is no game {game_id}", key="no-such-game", game_id=game_id)
            policy = spectator_policy.policy_of(created.data)
            self._tables[game_id] = (tuple(created.data.get("players") or ()), policy.allowed)
            if len(self._tables) > KNOWN_GAMES:
                self._tables.popitem(last=False)
        self._tables.move_to_end(game_id)
        return self._tables[game_id]

    async def _group(self, game: str, game_id: str, wanted: int = 0) -> tuple[str, str]:
        """(the caller, the group they talk in)."""
        identity = current_identity()
        players, watchable = await self._table(game, game_id)
        if identity.role == "operator":
            return identity.player, SPECTATORS if wanted == pb.CHAT_GROUP_SPECTATORS else PLAYERS
        if identity.role != "player":
            raise PermissionDenied("table chat is for players, spectators and operators")
        if identity.player in players:
            return identity.player, PLAYERS
        if not watchable:
            raise PermissionDenied("this game has no spectators, so no spectators' chat",
                                   key="chat-no-spectators")
        return identity.player, SPECTATORS

    def _key(self, game_id: str, group: str) -> str:
        return f"{self.prefix}:chat:{game_id}:{group}"

    def _mute_key(self, game_id: str, reader: str) -> str:
        return f"{self.prefix}:chatmute:{game_id}:{reader}"

    async def SendChat(self, request, context):
        player, group = await self._group(request.game, request.game_id)
        if current_identity().role == "operator":
            raise PermissionDenied("operators read table chat; they do not talk in it")
        text = " ".join(request.text.split())
        phrase = request.phrase.strip()
        if phrase:
            if not phrase.startswith(PHRASE_PREFIX) or not TEXTS.has(phrase):
                raise InvalidArgument(f"there is no quick phrase {phrase[:40]!r}", key="chat-no-phrase")
            text = ""
        elif not text:
            raise InvalidArgument("a chat message needs some words, or a quick phrase", key="chat-empty")
        elif len(text) > MAX_CHARS:
            raise InvalidArgument(f"a chat message has at most {MAX_CHARS} characters, not {len(text)}",
                                  key="chat-too-long", limit=MAX_CHARS)
        now = self.clock()
        window = int(now // RATE_WINDOW_S)
        rate = f"{self.prefix}:chatrate:{request.game_id}:{player}:{window}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.incr(rate)
            pipe.expire(rate, RATE_WINDOW_S * 2)
            count, _ = await pipe.execute()
        if int(count) > RATE_MAX:
            raise ResourceExhausted(f"at most {RATE_MAX} messages in {RATE_WINDOW_S} s: wait a moment",
                                    key="chat-too-fast", count=RATE_MAX, seconds=RATE_WINDOW_S)
        doc = {"player": player, "text": text, "phrase": phrase, "at": now}
        key = self._key(request.game_id, group)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.rpush(key, json.dumps(doc, separators=(",", ":")))
            pipe.expire(key, CHAT_TTL_S)
            index, _ = await pipe.execute()
        language = call_language(None, context) or "en"
        return pb.SendChatResponse(message=self._message(request.game_id, group, int(index), doc, language))

    def _message(self, game_id: str, group: str, index: int, doc: dict, language: str) -> pb.ChatMessage:
        at = Timestamp()
        at.FromNanoseconds(int(doc["at"] * 1e9))
        text = TEXTS.text(doc["phrase"], {}, language) if doc.get("phrase") else doc["text"]
        return pb.ChatMessage(index=index, game_id=game_id, group=_GROUPS[group], player=doc["player"], text=text,
                              phrase=doc.get("phrase", ""), sent_at=at)

    async def WatchChat(self, request, context):
        reader, group = await self._group(request.game, request.game_id, request.group)
        language = call_language(request.language, context) or "en"
        key = self._key(request.game_id, group)
        seen = 0
        while True:
            rows = await self.redis.lrange(key, seen, -1)
            muted = {m.decode() for m in await self.redis.smembers(self._mute_key(request.game_id, reader))}
            for row in rows:
                seen += 1
                doc = json.loads(row)
                if doc["player"] not in muted:
                    yield pb.WatchChatResponse(message=self._message(request.game_id, group, seen, doc, language))
            await asyncio.sleep(self.watch_poll_s)

    async def MuteChat(self, request, context):
        reader, _ = await self._group(request.game, request.game_id)
        if not request.player or request.player == reader:
            raise InvalidArgument("name another player to mute", key="chat-mute-whom")
        key = self._mute_key(request.game_id, reader)
        if request.muted:
            await self.redis.sadd(key, request.player)
            await self.redis.expire(key, CHAT_TTL_S)
        else:
            await self.redis.srem(key, request.player)
        return pb.MuteChatResponse(muted=sorted(m.decode() for m in await self.redis.smembers(key)))

    async def ListChatPhrases(self, request, context):
        current_identity()
        language = call_language(request.language, context) or "en"
        keys = sorted(TEXTS.keys(language, PHRASE_PREFIX))
        return pb.ListChatPhrasesResponse(language=language, phrases=[
            pb.ChatPhrase(key=k, text=TEXTS.text(k, {}, language)) for k in keys])

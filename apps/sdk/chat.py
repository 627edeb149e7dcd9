"""Table chat through the SDK (docs/friends.md, "Table chat"): send words or a quick phrase to
our group of a game (its players, or its spectators), read the group's messages, mute a player."""
from __future__ import annotations

from typing import AsyncIterator

from foodgames.v1 import chat_pb2 as pb

from apps.sdk.connection import Connection


async def send_chat(conn: Connection, game: str, game_id: str, text: str = "", phrase: str = "") -> pb.ChatMessage:
    return (await conn.chat().SendChat(pb.SendChatRequest(game=game, game_id=game_id, text=text,
                                                          phrase=phrase))).message


async def watch_chat(conn: Connection, game: str, game_id: str, language: str = "") -> AsyncIterator[pb.ChatMessage]:
    """Our group's messages, oldest first, then each new one (those of muted players left out)."""
    async for reply in conn.chat().WatchChat(pb.WatchChatRequest(game=game, game_id=game_id, language=language)):
        yield reply.message


async def mute(conn: Connection, game: str, game_id: str, player: str, muted: bool = True) -> list[str]:
    return list((await conn.chat().MuteChat(pb.MuteChatRequest(game=game, game_id=game_id, player=player,
                                                               muted=muted))).muted)


async def phrases(conn: Connection, language: str = "") -> list[pb.ChatPhrase]:
    return list((await conn.chat().ListChatPhrases(pb.ListChatPhrasesRequest(language=language))).phrases)

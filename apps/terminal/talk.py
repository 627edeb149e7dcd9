"""At the table, besides moves (docs/friends.md): the table chat, read as it comes and written
with a few words typed instead of a move (`say`, `phrases`, `phrase N`, `mute NAME`), and a
private table's rematch at its end, in the player's language (apps/terminal/texts/)."""
from __future__ import annotations

import asyncio
from typing import Callable

import grpc
from rich.markup import escape

from apps.sdk import chat, tables
from apps.sdk.connection import Connection, refusal_text
from apps.sdk.queueing import Match
from apps.terminal.texts import Texts
from shared import names
from shared.i18n import DEFAULT

HINT = Texts()("talk-hint")  # in English; Texts(language)("talk-hint") in another
COMMANDS = ("say", "phrases", "phrase", "mute", "unmute")
CHAT_DRAIN_S = 1.0


class TableTalk:
    """The chat of one game for one player: its messages printed as they come, its commands."""

    def __init__(self, conn: Connection, game: str, say: Callable[..., None], language: str = DEFAULT):
        self.conn, self.game, self.say, self.language = conn, game, say, language
        self.t = Texts(language)
        self.game_id = ""
        self.task: asyncio.Task | None = None
        self._phrases: list = []

    def start(self, game_id: str) -> None:
        self.game_id = game_id
        self.task = asyncio.ensure_future(self._follow())

    async def stop(self) -> None:
        if self.task is not None:
            # the last words said as the game ended still come (the server's chat is polled)
            await asyncio.sleep(CHAT_DRAIN_S)
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    async def _follow(self) -> None:
        try:
            async for message in chat.watch_chat(self.conn, self.game, self.game_id, language=self.language):
                who = self.t("talk-you") if message.player == self.conn.player else message.player
                # escaped: what a player typed is shown as typed, never read as the console's markup
                self.say(escape("  " + self.t("talk-chat", player=who, text=message.text)), style="cyan")
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.CANCELLED:
                self.say("  " + self.t("talk-unavailable", error=refusal_text(exc)), style="yellow")

    async def handle(self, line: str) -> bool:
        """True when `line` was a chat command (done, or refused in words), not a move."""
        words = line.strip().split(maxsplit=1)
        if not words or words[0].lower() not in COMMANDS or not self.game_id:
            return False
        command, rest = words[0].lower(), (words[1] if len(words) > 1 else "").strip()
        try:
            if command == "say":
                if not rest:
                    self.say(self.t("talk-say-what"), style="bold red")
                else:
                    await chat.send_chat(self.conn, self.game, self.game_id, text=rest)
            elif command == "phrases":
                for i, phrase in enumerate(await self._quick(), 1):
                    self.say(f"  {i}) {phrase.text}")
            elif command == "phrase":
                quick = await self._quick()
                if not rest.isdigit() or not 1 <= int(rest) <= len(quick):
                    self.say(self.t("talk-phrase-number", count=len(quick)), style="bold red")
                else:
                    await chat.send_chat(self.conn, self.game, self.game_id, phrase=quick[int(rest) - 1].key)
            elif not rest:
                self.say(self.t("talk-whom", command=command), style="bold red")
            else:
                muted = await chat.mute(self.conn, self.game, self.game_id, rest, muted=command == "mute")
                self.say(self.t("talk-muted", players=list(muted) or self.t("talk-nobody")))
        except grpc.aio.AioRpcError as exc:
            self.say(self.t("talk-refused", error=refusal_text(exc)), style="bold red")
        return True

    async def _quick(self) -> list:
        if not self._phrases:
            self._phrases = await chat.phrases(self.conn, language=self.language)
        return self._phrases


async def rematch(conn: Connection, table_id: str, say: Callable[..., None], on_state=None,
                  timeout_s: float = 120.0, language: str = DEFAULT) -> tuple[str, Match]:
    """Ask for a rematch of the private table `table_id` and wait for it: (its table id, where
    we sit once it started)."""
    asked = await tables.request_rematch(conn, table_id)
    waiting = sorted(p for p in set(asked.players) - set(asked.rematch) - {conn.player}
                     if names.reserved(p) != names.BOT_PREFIX)  # bots never ask: they come along
    if not asked.rematch_table_id:
        t = Texts(language)
        say(t("talk-rematch-waiting", players=list(waiting) or t("talk-the-table")))
    table = await tables.wait_rematch(conn, table_id, timeout_s=timeout_s)
    if table.game_id:
        return table.table_id, tables.seated(conn, table)
    return table.table_id, await tables.wait_started(conn, table.table_id, on_state)

"""Playing one seat over gRPC, like any client: a token, a matchmaking ticket, the game's watch
stream, the client seed sent to the deck at once, then moves until the game ends.

    conn = Connection(settings, mint_token(settings, "bot-1"), "bot-1")
    found = await queue(conn, "foodie-forest", ranked=True)       # CreateTicket + WatchTicket
    final = await SeatPlayer(conn, "foodie-forest", found.game_id, found.seat,
                             BotChooser(make_bot("foodie-forest", "heuristic"))).run()

`SeatPlayer` acts on the newest view it has (from the WatchGame stream or from its own
SubmitMove answer) whenever that view lists legal moves; the chooser is any async
`(view, legal_moves) -> move`. The terminal client (apps.terminal) plays with the same class.

It is the top of the SDK and uses the rest of it: the connection and its retries
(apps.sdk.connection), the game calls and views (apps.sdk.gamecalls), the queue
(apps.sdk.queueing); none of them imports this module.
"""
from __future__ import annotations

import asyncio
import os
import time
import uuid
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Protocol

import grpc
from foodgames.v1 import game_pb2

from apps.bots.base import Bot
from apps.sdk.connection import RETRY_DEADLINE_S, Backoff, Connection, refusal_text, retryable, rpc_error_text
from apps.sdk.gamecalls import (JSON_VIEWS, Checked, MoveSpace, Update, add_client_seed, check_move, events_of,
                                game_cancelled, legal_moves, move_space_of, read_view, takes_turns, view_of)
from apps.sdk.queueing import Match, queue
from shared.games import builds_from_choices
from shared.config import Settings
from shared.protojson import to_struct
from shared import telemetry

log = telemetry.get_logger("apps.sdk.seatplayer")


class Chooser(Protocol):
    """Picks the seat's move. A chooser with `wants_choices = True` is also given, where the
    listed moves are only a sample, `space` (ListLegalMoves' answer: choices, labels) and
    `check` (an async move -> Checked, CheckMove at the space's version)."""

    async def __call__(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any] | None: ...


# How many moves built from choices a bot may try (each refused by CheckMove) before it picks
# from the listed moves instead.
BUILD_TRIES = 20


class BotChooser:
    """A Bot as a chooser: a bot that builds from choices (shared.games.Bot) gets them where the
    listed moves are a sample, and a built move is checked with CheckMove before it is sent."""

    def __init__(self, bot: Bot):
        self.bot = bot
        self.wants_choices = builds_from_choices(bot)
        self.built = 0  # moves built from choices and accepted by CheckMove
        self.refused = 0  # built moves CheckMove refused (the bot was asked again)

    async def __call__(self, view, legal_moves, space: "MoveSpace | None" = None, check=None):
        # in the bots' thread pool, off the event loop: a search bot thinks for its budget
        # while the process's other seats go on (apps.bots.base.search_pool)
        from apps.bots.base import search_pool

        loop = asyncio.get_running_loop()

        def choose(**extra):
            return loop.run_in_executor(search_pool(), lambda: self.bot.choose(view, legal_moves, **extra))

        if space is None or check is None:
            return await choose()
        for _ in range(BUILD_TRIES):
            move = await choose(choices=space.choices)
            if move in legal_moves:
                return move
            if (await check(move)).accepted:
                self.built += 1
                return move
            self.refused += 1
        return await choose()


# -- one seat ------------------------------------------------------------------------------

class SeatPlayer:
    """Plays seat `seat` of game `game_id` until the game is over; returns the final view.

    on_update(update) sees every update; on_rejected(move, error) every refused move with the
    server's error (then the chooser is asked again on the newest view); on_seed(ok, text) the
    client seed's fate in words (a refusal's reason without its status code, which is logged);
    on_move(seconds) each accepted move's SubmitMove round trip. `stub`, when given, is the
    seat's GameService instead of gRPC's (apps.chaos.connect's: through the gateway, as a
    browser calls it). `stop`, once set, ends run() with the newest view, the game over or not.

    A failure that may pass (RETRYABLE: the engine restarts, is overloaded or slow) is tried
    again with jittered exponential backoff: the same move with the same move id (a move id
    makes a retry harmless), the watch stream re-opened after the newest version seen. Only
    after `retry_deadline_s` without success does run() raise the last error."""

    def __init__(self, conn: Connection, game: str, game_id: str, seat: int, chooser: Chooser, *,
                 on_update: Callable[[Update], Awaitable[None] | None] | None = None,
                 on_rejected: Callable[[dict, grpc.aio.AioRpcError], Awaitable[None] | None] | None = None,
                 on_seed: Callable[[bool, str], None] | None = None,
                 client_seed: bytes | None = None, expected_versions: bool = True,
                 after_version: int = 0, retry_deadline_s: float = RETRY_DEADLINE_S, language: str = "",
                 stub: Any = None, on_move: Callable[[float], None] | None = None,
                 stop: asyncio.Event | None = None):
        self.conn = conn
        self.game = game
        self.game_id = game_id
        self.seat = seat
        self.chooser = chooser
        self.on_update = on_update
        self.on_rejected = on_rejected
        self.on_seed = on_seed
        self.client_seed = client_seed if client_seed is not None else os.urandom(32)
        self.expected_versions = expected_versions
        self.after_version = after_version
        self.retry_deadline_s = retry_deadline_s
        # the language of the events' messages, the prompt and the refusals ("": the server's English)
        self.language = language
        self.retries = 0  # calls and stream openings tried again after a failure that may pass
        self.stub = stub if stub is not None else conn.game(game)
        self.on_move = on_move
        self.stop = stop if stop is not None else asyncio.Event()
        self.version = -1  # newest version seen
        self.view: dict[str, Any] | None = None
        self.finished = False
        self.moves = 0
        self.rejections = 0
        self.seed_sent = False
        self._acted_on = -1
        self._seed_task: asyncio.Task | None = None
        self._space: MoveSpace | None = None  # the moves the watch stream sent with its newest update

    async def _notify(self, callback, *args) -> None:
        if callback is not None:
            result = callback(*args)
            if asyncio.iscoroutine(result):
                await result

    async def send_seed(self) -> None:
        if self.seed_sent:
            return
        self.seed_sent = True
        try:
            await add_client_seed(self.conn, self.game_id, self.seat, self.client_seed)
            ok, text = True, "client seed sent to the deck"
        except grpc.aio.AioRpcError as exc:
            ok, text = False, f"the deck did not take our client seed: {refusal_text(exc)}"
            log.warning("client seed not sent", game_id=self.game_id, seat=self.seat, error=rpc_error_text(exc))
        if self.on_seed is not None:
            self.on_seed(ok, text)

    def _seed_on(self, events: list[dict[str, Any]]) -> None:
        if not self.seed_sent and any(e["type"] in ("SeedCommitted", "GameCreated") for e in events):
            self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())

    async def _take(self, update: Update) -> bool:
        """Record an update; True when it is the newest one."""
        if update.version < self.version:
            return False
        newest = update.version > self.version or self.view is None
        self.version = update.version
        self.view = update.view
        self.finished = self.finished or update.finished or bool(update.view.get("finished"))
        return newest

    async def _act(self) -> None:
        """Move while the newest view says it is our turn."""
        while not self.finished and not self.stop.is_set() and self.view is not None \
                and self._acted_on < self.version:
            legal = list(self.view.get("legal_moves") or [])
            if not legal:
                return
            asked_on = self.version
            move = await self._choose(legal)
            if move is None or self.finished or self.stop.is_set():
                return
            if self.version != asked_on and move in legal and move not in (self.view.get("legal_moves") or []):
                continue  # the table changed while the chooser thought and the move went stale
            acting_on = self.version
            request = game_pb2.SubmitMoveRequest(game_id=self.game_id, seat=self.seat, view_encoding=JSON_VIEWS,
                                                 move_id=uuid.uuid4().hex, move=to_struct(move),
                                                 language=self.language)
            if self.expected_versions and takes_turns(self.view):
                request.expected_version = acting_on
            sent = time.perf_counter()
            try:
                reply = await self._submit(request)
            except grpc.aio.AioRpcError as exc:
                self.rejections += 1
                await self._notify(self.on_rejected, move, exc)
                if self.rejections > 1000 or retryable(exc) or game_cancelled(exc):  # retryable: its deadline passed
                    raise
                if exc.code() in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                    await self._refresh()
                continue
            if self.on_move is not None:
                self.on_move(time.perf_counter() - sent)
            self.moves += 1
            self._acted_on = acting_on
            view = view_of(reply)
            update = Update(reply.version, events_of(reply, messages=True), view, bool(view.get("finished")), "move")
            if await self._take(update):
                await self._notify(self.on_update, update)

    async def _choose(self, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The chooser's move; a chooser that builds from choices is given them (and CheckMove)
        where ListLegalMoves says its moves are only a sample."""
        view = self.view  # the view `legal` is of (the stream may bring a newer one meanwhile)
        if not getattr(self.chooser, "wants_choices", False):
            return await self.chooser(view, legal)
        asked_on = self.version
        space = self._space if self._space is not None and self._space.version == asked_on else None
        try:
            # the watch stream sends them with the update (a server before it did not: asked)
            space = space or await legal_moves(self.conn, self.game, self.game_id, self.seat, self.language,
                                               stub=self.stub)
        except grpc.aio.AioRpcError as exc:
            if not retryable(exc):
                raise
            space = None  # the listed moves will do this once
        if space is None or space.complete or space.version != asked_on:
            return await self.chooser(view, legal)

        async def check(move: dict[str, Any]) -> Checked:
            # whether the rules take the move now: another seat's move since the space was read
            # (a simultaneous plate) does not make it wrong; SubmitMove still sends its version
            return await check_move(self.conn, self.game, self.game_id, self.seat, move, None, self.language,
                                    stub=self.stub)

        return await self.chooser(view, legal, space=space, check=check)

    async def _submit(self, request):
        """SubmitMove, tried again with backoff while it fails with a code that may pass."""
        backoff = Backoff(self.retry_deadline_s)
        while True:
            try:
                return await self.stub.SubmitMove(request)
            except grpc.aio.AioRpcError as exc:
                if not retryable(exc) or self.finished:
                    raise
                self.retries += 1
                await backoff.wait(exc)

    async def _refresh(self) -> None:
        try:
            reply, view = await read_view(self.stub, self.game_id, self.seat, self.language)
        except grpc.aio.AioRpcError:
            return
        await self._take(Update(reply.version, [], view, reply.finished, "view", reply.prompt.text))

    async def _read(self) -> None:
        """Follow the watch stream into self.view; re-open it after a dropped connection, with
        backoff, until retry_deadline_s passes without an answer."""
        backoff = Backoff(self.retry_deadline_s)
        while not self.finished:
            after = max(self.after_version, self.version) if self.version >= 0 else self.after_version
            call = self.stub.WatchGame(game_pb2.WatchGameRequest(game_id=self.game_id, seat=self.seat,
                                                                 view_encoding=JSON_VIEWS,
                                                                 after_version=after, language=self.language))
            self._call = call
            try:
                async for message in call:
                    backoff.reset()
                    update = Update(message.version, events_of(message, messages=True), view_of(message),
                                    message.finished, "watch", message.prompt.text)
                    if message.HasField("moves"):
                        self._space = move_space_of(message.moves)
                    self._seed_on(update.events)
                    if self.after_version and not self.seed_sent:
                        # rejoining a game: the seed may still be wanted (the deck refuses it
                        # after the first shuffle, which is harmless)
                        self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())
                    await self._take(update)
                    await self._notify(self.on_update, update)
                    self._changed.set()
                    if self.finished:
                        return
                # The server ends the stream once the game is over and its seed revealed; a
                # stream that ends before (a server stopping) is re-opened.
                await self._refresh()
                self._changed.set()
                if self.finished:
                    return
                self.retries += 1
                await backoff.wait(ConnectionError("the game's watch stream kept ending before the game did"))
            except grpc.aio.AioRpcError as exc:
                if exc.code() == grpc.StatusCode.CANCELLED and self.finished:
                    return
                if exc.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.PERMISSION_DENIED,
                                  grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.UNAUTHENTICATED) \
                        or game_cancelled(exc):
                    raise
                self.retries += 1
                await backoff.wait(exc)
            finally:
                call.cancel()

    async def run(self) -> dict[str, Any]:
        self._changed = asyncio.Event()
        if not self.seed_sent:
            # the seed goes to the deck the moment we know our seat, before anything else: the
            # first deal waits for every human seat's seed (docs/shuffle-spec.md), so a seed sent
            # late delays the table, and one never sent leaves our deal to the others' seeds
            self._seed_task = asyncio.get_running_loop().create_task(self.send_seed())
        reader = asyncio.get_running_loop().create_task(self._read())
        stopping = asyncio.get_running_loop().create_task(self.stop.wait())
        try:
            while not self.finished and not self.stop.is_set():
                waiter = asyncio.get_running_loop().create_task(self._changed.wait())
                done, _ = await asyncio.wait({waiter, reader, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if waiter not in done:
                    waiter.cancel()
                if stopping in done:
                    break
                self._changed.clear()
                await self._act()
                if reader in done:
                    reader.result()  # raises what ended the stream
                    if not self.finished:
                        await self._refresh()
                        if not self.finished:
                            raise ConnectionError("the game's watch stream ended before the game did")
        finally:
            reader.cancel()
            stopping.cancel()
            await asyncio.gather(reader, stopping, return_exceptions=True)
            if self._seed_task is not None:
                # a game that ended (or was cancelled, or this player gave up on) needs no seed
                # any more: a call still being tried again (up to 30 s) is not waited for
                self._seed_task.cancel()
                await asyncio.gather(self._seed_task, return_exceptions=True)
        return self.view or {}


# -- a bot through the matchmaker, like any client -------------------------------------------

@dataclass
class BotGame:
    name: str
    kind: str
    game: str
    game_id: str
    seat: int
    players: tuple[str, ...]
    view: dict[str, Any]
    moves: int
    rejections: int
    seed_ok: bool | None
    seed_text: str = ""
    built: int = 0  # moves built from choices and accepted by CheckMove (a bot that builds from choices)


async def run_bot(settings: Settings, name: str, game: str = "foodie-forest", kind: str | None = None, *,
                  ranked: bool = True, min_players: int = 0, max_players: int = 0, seed: int | str | None = None,
                  options: dict[str, Any] | None = None,
                  on_match: Callable[[Match], None] | None = None,
                  on_update: Callable[[Update], Awaitable[None] | None] | None = None) -> BotGame:
    """One bot plays one game: token, ticket, watch ticket, client seed, its seat to the end."""
    from shared.auth import mint_token
    from apps.bots.base import make_bot

    conn = Connection(settings, mint_token(settings, name), name)
    seed_fate: list[tuple[bool, str]] = []
    try:
        match = await queue(conn, game, ranked, min_players, max_players, options=options)
        if on_match is not None:
            on_match(match)
        chooser = BotChooser(make_bot(game, kind, seed if seed is not None else name))
        player = SeatPlayer(conn, game, match.game_id, match.seat, chooser,
                            on_update=on_update, on_seed=lambda ok, text: seed_fate.append((ok, text)))
        view = await player.run()
        return BotGame(name, kind, game, match.game_id, match.seat, match.players, view, player.moves,
                       player.rejections, seed_fate[0][0] if seed_fate else None,
                       seed_fate[0][1] if seed_fate else "", chooser.built)
    finally:
        await conn.close()

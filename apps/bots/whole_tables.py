"""Whole tables of an existing game, every seat played by its bot at once, each seat over its
own token and view as any client (what the benches and the tests play). `drive_table` plays
with unary calls (GetView and SubmitMove), `play_table` the browser's way (a WatchGame stream
and SubmitMove a move, a `SeatPlayer` a seat); the PlayGame way, the cheapest, is
apps.bots.seat_stream's `stream_table`.

    result = await drive_table(settings, "foodie-forest", game_id, players, bots, pool=pool)
"""
from __future__ import annotations

import asyncio
import random
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

import grpc
from foodgames.v1 import game_pb2

from apps.sdk.connection import RETRY_DEADLINE_S, Backoff, ChannelPool, Connection, with_retries
from apps.sdk.gamecalls import JSON_VIEWS, read_view, send_client_seeds, takes_turns, view_of
from apps.sdk.seatplayer import BotChooser, SeatPlayer
from shared.auth import mint_token
from shared.config import Settings
from shared.protojson import to_struct

MAX_REJECTIONS = 100  # per table: a bot that keeps choosing refused moves is a bug, not bad luck


class TooManyRejections(RuntimeError):
    pass


class Table:
    """What the seats of one table share: the move count and when to stop."""

    def __init__(self, max_moves: int | None, on_move: Callable[[float], None] | None,
                 pace_s: float | None = None):
        self.max_moves = max_moves
        self.on_move = on_move
        self.pace_s = pace_s
        self.next_move_at: float | None = None  # with pace_s: the table's next move not before
        self.moves = 0
        self.rejections = 0
        self.refusals: list[str] = []
        self.stopped = asyncio.Event()
        self.calls: list = []

    def accepted(self, seconds: float) -> None:
        self.moves += 1
        if self.on_move is not None:
            self.on_move(seconds)
        if self.max_moves is not None and self.moves >= self.max_moves:
            self.stopped.set()
            for call in self.calls:
                call.cancel()  # the other seats are waiting for views that will not come

    async def paced(self) -> None:
        """With pace_s, waits for the table's next slot: one move every pace_s seconds at the
        table, whichever seat makes it (a human table's pace); the first slot is at a random
        point of the first interval, so that many tables do not move in step."""
        if not self.pace_s:
            return
        now = time.monotonic()
        if self.next_move_at is None:
            self.next_move_at = now + random.uniform(0, self.pace_s)
        at, self.next_move_at = self.next_move_at, max(now, self.next_move_at) + self.pace_s
        if at > now:
            await asyncio.sleep(at - now)

    def rejected(self, reason: str) -> None:
        self.rejections += 1
        self.refusals.append(reason)
        if self.rejections > MAX_REJECTIONS:
            raise TooManyRejections(f"{self.rejections} moves refused at one table; the last: {reason}")


@dataclass
class TableResult:
    game_id: str
    players: tuple[str, ...]
    views: list[dict[str, Any]]  # each seat's last view
    moves: int
    rejections: int
    refusals: tuple[str, ...] = ()  # "CODE: reason" of each refused move (stream_table keeps them)


async def play_table(settings: Settings, game: str, game_id: str, players, bots, *,
                     pool: ChannelPool | None = None, on_move: Callable[[float], None] | None = None,
                     max_moves: int | None = None,
                     game_stub: Callable[[str, str], Any] | None = None) -> TableResult:
    """Every seat of an existing game played by its bot, each over its own token and watch
    stream, concurrently, until the game is over (or `max_moves` were played at the table): a
    browser's way, a WatchGame stream and a SubmitMove call a move. `on_move(seconds)` gets
    each accepted move's SubmitMove round trip; `game_stub(player, token)`, when given, is the
    seats' GameService instead of gRPC's (apps.chaos.connect's, through the gateway; it has
    close())."""
    table = Table(max_moves, on_move)  # the moves counted and the stop, as PlayGame tables have them
    seats = []
    for seat, (name, bot) in enumerate(zip(players, bots)):
        conn = Connection(settings, mint_token(settings, name), name, pool=pool)
        stub = None if game_stub is None else game_stub(conn.player, conn.token)
        seats.append(SeatPlayer(conn, game, game_id, seat, BotChooser(bot), stub=stub, on_move=table.accepted,
                                stop=table.stopped))
    try:
        views = await asyncio.gather(*(s.run() for s in seats))
    finally:
        for s in seats:
            await s.conn.close()
            if game_stub is not None:
                await s.stub.close()
    return TableResult(game_id, tuple(players), list(views), sum(s.moves for s in seats),
                       sum(s.rejections for s in seats))


async def drive_table(settings: Settings, game: str, game_id: str, players, bots, *,
                      pool: ChannelPool | None = None, send_seeds: bool = True,
                      on_move: Callable[[float], None] | None = None, max_moves: int | None = None,
                      poll_s: float = 0.01, retry_deadline_s: float = RETRY_DEADLINE_S,
                      game_stub: Callable[[str, str], Any] | None = None) -> TableResult:
    """Every seat of an existing game played by its bot with unary calls only, the cheap way for
    many tables at once: the seat that must act (named by `to_act` in any view) reads its own
    view with GetView, its bot chooses, SubmitMove sends it. Each bot still sees only its own
    seat's view. `on_move(seconds)` gets each SubmitMove round trip; `max_moves` stops early.
    A call that fails in a way that may pass is tried again with backoff (`with_retries`) for
    up to `retry_deadline_s`, a move with its own move id. `game_stub(player, token)`, when
    given, is the seats' GameService instead of gRPC's (e.g. apps.chaos.connect's, through the
    gateway as a browser calls it; it has close())."""
    conns = [Connection(settings, mint_token(settings, name), name, pool=pool) for name in players]
    stubs = [c.game(game) if game_stub is None else game_stub(c.player, c.token) for c in conns]
    index = {name: seat for seat, name in enumerate(players)}
    moves = rejections = 0
    try:
        if send_seeds:
            await send_client_seeds(conns, game_id)
        known: dict[int, tuple[int, dict[str, Any]]] = {}  # seat -> (version, view) it last saw
        latest: dict[str, Any] | None = None
        version = -1
        while max_moves is None or moves < max_moves:
            if latest is None or not latest.get("to_act"):
                reply, latest = await with_retries(lambda: read_view(stubs[0], game_id, 0), Backoff(retry_deadline_s))
                version = reply.version
                known[0] = (version, latest)
                if reply.finished or latest.get("finished"):
                    break
                if not latest.get("to_act"):
                    await asyncio.sleep(poll_s)  # the cards are being dealt
                    continue
            for name in list(latest["to_act"]):
                seat = index[name]
                seen = known.get(seat)
                if seen is None or seen[0] != version:
                    reply, view = await with_retries(lambda: read_view(stubs[seat], game_id, seat),
                                                     Backoff(retry_deadline_s))
                    seen = known[seat] = (reply.version, view)
                view_version, view = seen
                legal = list(view.get("legal_moves") or [])
                if not legal:
                    continue
                move = bots[seat].choose(view, legal)
                request = game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=uuid.uuid4().hex,
                                                     view_encoding=JSON_VIEWS,
                                                     move=to_struct(move))
                if takes_turns(view):
                    request.expected_version = view_version
                started = time.perf_counter()
                try:
                    reply = await with_retries(lambda: stubs[seat].SubmitMove(request), Backoff(retry_deadline_s))
                except grpc.aio.AioRpcError:
                    rejections += 1
                    if rejections > MAX_REJECTIONS:
                        raise
                    latest = None
                    break
                if on_move is not None:
                    on_move(time.perf_counter() - started)
                moves += 1
                version, latest = reply.version, view_of(reply)
                known[seat] = (version, latest)
                if latest.get("finished"):
                    break
            if latest is not None and latest.get("finished"):
                break
        views = []
        for seat in range(len(players)):
            views.append((await with_retries(lambda: read_view(stubs[seat], game_id, seat),
                                             Backoff(retry_deadline_s)))[1])
        return TableResult(game_id, tuple(players), views, moves, rejections)
    finally:
        for c in conns:
            await c.close()
        if game_stub is not None:
            for stub in stubs:
                await stub.close()

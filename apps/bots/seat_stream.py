"""Whole tables played over PlayGame streams, one per seat: the cheapest way for many bots at
once. Each seat's stream sends its view only when the seat may move (and at the end), the bot
answers with a move on the same stream; per move that is one message each way plus the next
seat's view, where the unary way (drive_table) makes two calls.

    result = await stream_table(settings, "foodie-forest", game_id, players, bots, pool=pool)
"""
from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Callable

import grpc
import orjson
from foodgames.v1 import game_pb2

from apps.bots.whole_tables import Table, TableResult
from apps.sdk.connection import RETRY_DEADLINE_S, Backoff, ChannelPool, Connection, retryable
from apps.sdk.gamecalls import JSON_VIEWS, send_client_seeds, takes_turns
from shared.config import Settings

async def play_seat_stream(conn: Connection, game: str, game_id: str, seat: int, bot, table: Table,
                           retry_deadline_s: float = RETRY_DEADLINE_S) -> dict[str, Any]:
    """One seat until its final view (returned) or until the table stops. A stream that fails
    in a way that may pass (the engine restarting) is joined again, with backoff, for up to
    `retry_deadline_s` without an answer; the join brings the seat's current view."""
    backoff = Backoff(retry_deadline_s)
    while True:
        try:
            view, done = await _play_seat_once(conn, game, game_id, seat, bot, table, backoff)
            if done or table.stopped.is_set():
                return view
            await backoff.wait(ConnectionError("the seat's PlayGame stream kept ending before the game did"))
        except (grpc.aio.AioRpcError, asyncio.InvalidStateError) as exc:
            # InvalidStateError: a move written to a stream the server had just ended
            if table.stopped.is_set() or (isinstance(exc, grpc.aio.AioRpcError) and not retryable(exc)):
                raise
            await backoff.wait(exc)


async def _play_seat_once(conn: Connection, game: str, game_id: str, seat: int, bot, table: Table,
                          backoff: Backoff) -> tuple[dict[str, Any], bool]:
    """One PlayGame stream of the seat: (its last view, whether the game ended on it)."""
    call = conn.game(game).PlayGame(None)
    table.calls.append(call)
    await call.write(game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(
        game_id=game_id, seat=seat, view_encoding=JSON_VIEWS, turns_only=True)))
    version, view = -1, {}
    done = False
    fresh = False  # a view arrived that we have not acted on
    floor = -1  # the version our last accepted move made: older views are stale
    sent_at: float | None = None  # when the move in flight was sent
    try:
        while not table.stopped.is_set():
            message = await call.read()
            if message is grpc.aio.EOF:
                break
            backoff.reset()
            if message.WhichOneof("response") == "update":
                version, view, fresh = message.update.version, orjson.loads(message.update.view_json), True
                if message.update.finished:
                    done = True
                    break
            else:
                result = message.move_result
                if result.accepted:
                    floor = max(floor, result.version)
                    table.accepted(time.perf_counter() - sent_at)
                else:  # the server sends the current view next
                    table.rejected(f"{_status_name(result.code)}: {result.reason}")
                sent_at = None
            legal = view.get("legal_moves")
            if sent_at is None and fresh and legal and version >= floor and not table.stopped.is_set():
                await table.paced()
                if table.stopped.is_set():
                    break
                move = bot.choose(view, list(legal))
                request = game_pb2.PlayGameMove(move_id=uuid.uuid4().hex, move_json=orjson.dumps(move).decode())
                if takes_turns(view):
                    request.expected_version = version
                fresh, sent_at = False, time.perf_counter()
                await call.write(game_pb2.PlayGameRequest(move=request))
    except (asyncio.CancelledError, grpc.aio.AioRpcError):
        # the table reached its move limit and cancelled every seat's call, maybe mid-read or
        # mid-write; anything else (our own task cancelled, the server failing) goes on up
        if not table.stopped.is_set() or asyncio.current_task().cancelling():
            raise
    finally:
        call.cancel()
    return view, done


def _status_name(code: int) -> str:
    return next((s.name for s in grpc.StatusCode if s.value[0] == code), str(code))


async def stream_table(settings: Settings, game: str, game_id: str, players, bots, *,
                       pool: ChannelPool | None = None, send_seeds: bool = True,
                       on_move: Callable[[float], None] | None = None,
                       max_moves: int | None = None, pace_s: float | None = None) -> TableResult:
    """Every seat of an existing game played by its bot over its own PlayGame stream until the
    game is over (or `max_moves` were played). `on_move(seconds)` gets each move's round trip:
    sent until its answer arrived. Each bot sees only its own seat's view. With `pace_s` the
    table makes one move every pace_s seconds at most (Table.paced), not as fast as it can."""
    from shared.auth import mint_token

    conns = [Connection(settings, mint_token(settings, name), name, pool=pool) for name in players]
    table = Table(max_moves, on_move, pace_s)
    try:
        if send_seeds:
            await send_client_seeds(conns, game_id)
        views = await asyncio.gather(*(play_seat_stream(conns[seat], game, game_id, seat, bots[seat], table)
                                       for seat in range(len(players))))
        return TableResult(game_id, tuple(players), list(views), table.moves, table.rejections,
                           tuple(table.refusals))
    finally:
        for conn in conns:
            await conn.close()

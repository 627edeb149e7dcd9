"""One seat played over one stream (GameService.PlayGame): the seat's view goes out whenever it
changes (or only when the seat may move), its moves come in and are answered in order.

A change wakes the stream without asking anyone: the runtime sets the stream's event when it
holds a newer state of the game (our own moves, deals) and when the event store hears another
replica's write. When hearing is not possible (the store cannot listen, a reconnect, a game
pushed out of the store's memory) freshness is UNKNOWN: the runtime also wakes every stream
every IDLE_CHECK_S, and a stream woken so reads the game from the server.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, AsyncIterator, Mapping

from shared.auth import Identity
from shared.errors import AppError, InvalidArgument
from shared.rules import RulesError
from shared.runtime.followers import IDLE_WAKE_S
from shared.runtime.game import GameRuntime, Update

IDLE_CHECK_S = IDLE_WAKE_S
# Answers not yet sent: a client that sends moves without reading is not read from beyond this.
MAX_UNSENT = 32


@dataclass(frozen=True)
class PlayMove:
    """One move sent on a seat's stream; `problem` says why it could not even be read."""

    move_id: str
    expected_version: int | None
    move: Mapping[str, Any] | None
    problem: str = ""
    error: AppError | None = None  # the refusal itself, when it is not INVALID_ARGUMENT(problem)


@dataclass(frozen=True)
class MoveResult:
    move_id: str
    version: int
    duplicate: bool
    error: Exception | None = None  # why the move was rejected; nothing was written


async def play_seat(runtime: GameRuntime, identity: Identity, game_id: str, seat: int,
                    moves: AsyncIterator[PlayMove], turns_only: bool = False,
                    with_moves: bool = False) -> AsyncIterator[Update | MoveResult]:
    """The seat's current view, then its views and the answers to `moves` as they come, until
    the game is over and its seed revealed. Raises before anything is sent when the game does
    not exist or the seat is not the caller's. `with_moves`: each update also holds the players
    and the seat's moves (Update.moves), as a watch stream's do."""
    async with runtime.presence.seat_stream(identity, game_id, seat):
        stream = _SeatStream(runtime, identity, game_id, seat, turns_only, with_moves)
        async for item in stream.run(moves):
            yield item


class _SeatStream:
    """What one stream knows between wake-ups. Its moves are decided in a task of their own;
    everything it sends goes out from `run`, in order."""

    def __init__(self, runtime: GameRuntime, identity: Identity, game_id: str, seat: int, turns_only: bool,
                 with_moves: bool = False):
        self.runtime, self.identity, self.game_id, self.seat = runtime, identity, game_id, seat
        self.turns_only, self.with_moves = turns_only, with_moves
        self.changed = asyncio.Event()  # set by the runtime, by our moves' answers, by the idle wake
        self.results: list[MoveResult] = []  # answers not sent yet
        self.sent_some = asyncio.Event()  # answers went out: room for more
        self.failure: BaseException | None = None  # what ended the moves' task unexpectedly
        self.deciding = False  # a move of ours is being decided: its answer goes out before any view
        self.force = True  # send the view even if unchanged: at the start, after a rejection
        self.seen = -1  # the last version looked at
        self.ended = False  # the final view went out

    async def take_moves(self, moves: AsyncIterator[PlayMove]) -> None:
        try:
            async for move in moves:
                while len(self.results) >= MAX_UNSENT:
                    self.sent_some.clear()
                    await self.sent_some.wait()
                self.deciding = True
                result = await _apply(self.runtime, self.identity, self.game_id, self.seat, move)
                self.results.append(result)
                self.deciding = False
                self.force = self.force or result.error is not None
                self.changed.set()
        except Exception as exc:  # noqa: BLE001 - ends the stream, the interceptor says why
            self.failure = exc
            self.changed.set()

    def wants(self, record) -> bool:
        """Whether `record` is a view to send."""
        rules = self.runtime.rules
        return (self.force or not self.turns_only or (record.over and not self.ended)
                or (self.seat in rules.to_act(record.state) and rules.chance(record.state) is None))

    def update(self, record) -> Update:
        view = self.runtime.seat_view(record, self.seat)
        if not self.with_moves:
            return Update(record.version, [], view, record.over)
        return Update(record.version, [], view, record.over, players=record.players,
                      moves=self.runtime.seat_moves(record, self.seat, view))

    async def run(self, moves: AsyncIterator[PlayMove]) -> AsyncIterator[Update | MoveResult]:
        runtime = self.runtime
        runtime.followers.follow(self.game_id, self.changed)
        taker = asyncio.get_running_loop().create_task(self.take_moves(moves))
        try:
            while True:
                self.changed.clear()
                if self.failure is not None:
                    raise self.failure
                while self.results:
                    yield self.results.pop(0)
                    self.sent_some.set()
                if self.deciding:
                    await self.changed.wait()
                    continue
                record = await runtime.load(self.game_id, trust_hints=True)
                if record.version != self.seen or self.force:
                    if self.wants(record):
                        self.force, self.ended = False, record.over
                        yield self.update(record)
                    self.seen = record.version
                runtime.check_not_cancelled(record)
                if record.over and record.revealed:
                    return
                if not await runtime.followers.wait(record, self.changed):
                    runtime.settle_if_waiting(record)  # idle: a deal or reveal may be stuck
        finally:
            runtime.followers.unfollow(self.game_id, self.changed)
            taker.cancel()
            await asyncio.gather(taker, return_exceptions=True)


async def _apply(runtime: GameRuntime, identity: Identity, game_id: str, seat: int, move: PlayMove) -> MoveResult:
    try:
        if move.error is not None:
            raise move.error
        if move.problem:
            raise InvalidArgument(move.problem)
        outcome = await runtime.submit_move(identity, game_id, seat, move.move_id, move.expected_version,
                                            move.move or {}, at_once=True)
    except (AppError, RulesError) as exc:
        return MoveResult(move.move_id, 0, False, exc)
    return MoveResult(move.move_id, outcome.version, outcome.duplicate)

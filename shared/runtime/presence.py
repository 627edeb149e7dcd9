"""Who is at a clocked table: a seat is connected while a stream of it is held or within the
grace period after its last call, and recorded away (PlayerDisconnected) once neither holds; a
seat recorded away or taken over by its bot that calls again is connected again (and returns).
docs/live-tables.md.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from shared import gamestream as env
from shared.auth import Identity
from shared.runtime import live
from shared.runtime.clocks import seat_event

if TYPE_CHECKING:
    from shared.runtime.game import GameRecord, GameRuntime

SeatKey = tuple[str, int]  # (game id, seat)


class Presence:
    """The seats' streams and calls seen by one runtime, and the away checks they arm."""

    def __init__(self, runtime: "GameRuntime"):
        self.runtime = runtime
        self.holders: dict[SeatKey, int] = {}  # (game id, seat) -> streams held here
        self.last_call: dict[SeatKey, int] = {}  # (game id, seat) -> ms of its last call here
        self.away_checks: dict[SeatKey, asyncio.TimerHandle] = {}

    def hold(self, record: "GameRecord", seat: int) -> SeatKey:
        """A stream of `seat` opened here: the seat is connected while one is held."""
        key = (record.game_id, seat)
        self.holders[key] = self.holders.get(key, 0) + 1
        return key

    def release(self, key: SeatKey) -> None:
        """A stream closed: without another one or a call within the grace period, the seat is away."""
        left = self.holders.get(key, 0) - 1
        if left > 0:
            self.holders[key] = left
            return
        self.holders.pop(key, None)
        self.last_call[key] = self.runtime.policy.now_ms()
        self.check_away_later(key)

    def check_away_later(self, key: SeatKey) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        old = self.away_checks.pop(key, None)
        if old is not None:
            old.cancel()
        self.away_checks[key] = loop.call_later(self.runtime.policy.grace_s + 0.05,
                                                lambda: self.runtime._spawn(self.check_away(key)))

    async def check_away(self, key: SeatKey) -> None:
        runtime = self.runtime
        self.away_checks.pop(key, None)
        game_id, seat = key
        if self.holders.get(key):
            return
        if runtime.policy.now_ms() - self.last_call.get(key, 0) < runtime.policy.grace_s * 1000:
            self.check_away_later(key)
            return

        def decide(record: "GameRecord"):
            if (not record.table.tracked or record.over or record.table.cancelled or self.holders.get(key)
                    or record.table.presence[seat] != live.CONNECTED):
                return None
            return (f"presence:{seat}:{record.version}",
                    [*runtime.clocks.stamp(record), seat_event(env.PLAYER_DISCONNECTED, record, seat)])

        await runtime._write_live(game_id, decide)
        if not self.holders.get(key) and key not in self.away_checks:
            self.last_call.pop(key, None)  # gone: nothing of the seat is kept here

    async def present(self, record: "GameRecord", seat: int, identity: Identity | None = None,
                      holding: bool = False) -> "GameRecord":
        """`seat` called or holds a stream: on a clocked table, a seat recorded away becomes
        connected again, and a seat its bot took over returns (events the others see)."""
        runtime = self.runtime
        table = record.table
        if (not table.tracked or record.over or table.cancelled or not 0 <= seat < len(record.players)
                or (identity is not None and record.players[seat] != identity.player)):
            return record
        key = (record.game_id, seat)
        self.last_call[key] = runtime.policy.now_ms()
        if not holding and not self.holders.get(key):
            self.check_away_later(key)
        if table.presence[seat] == live.CONNECTED and not table.taken_over[seat]:
            return record

        def decide(current: "GameRecord"):
            t = current.table
            if current.over or t.cancelled or (t.presence[seat] == live.CONNECTED and not t.taken_over[seat]):
                return None
            events = [*runtime.clocks.stamp(current)]
            if t.presence[seat] != live.CONNECTED:
                events.append(seat_event(env.PLAYER_CONNECTED, current, seat))
            if t.taken_over[seat]:
                events.append(seat_event(env.PLAYER_RETURNED, current, seat))
            return f"presence:{seat}:{current.version}", events

        return await runtime._write_live(record.game_id, decide)

    def reassert(self, record: "GameRecord") -> None:
        """A seat that holds a stream here but is recorded away (another replica, or one that
        restarted, took it for gone) is connected again."""
        for seat, state in enumerate(record.table.presence):
            if state != live.CONNECTED and self.holders.get((record.game_id, seat)):
                self.runtime._spawn(self.present(record, seat, holding=True))

    def resumed(self, record: "GameRecord") -> None:
        """A live game found at start: a seat recorded connected whose stream is not held here
        died with the old process, and is away unless it comes back."""
        if not record.table.tracked or record.over:
            return
        for seat, state in enumerate(record.table.presence):
            key = (record.game_id, seat)
            if state == live.CONNECTED and not self.holders.get(key):
                self.last_call.setdefault(key, self.runtime.policy.now_ms())
                self.check_away_later(key)

    def stop(self) -> None:
        for handle in self.away_checks.values():
            handle.cancel()
        self.away_checks.clear()

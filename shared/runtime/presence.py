"""Who is at a clocked table: a seat is connected while a stream of it is held or within the
grace period after its last call, and recorded away (PlayerDisconnected) once neither holds; a
seat recorded away or taken over by its bot that calls again is connected again (and returns).
docs/live-tables.md.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator

from shared import gamestream as env, telemetry
from shared.auth import Identity
from shared.runtime import live
from shared.runtime.clocks import seat_event
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord
from shared.runtime.seat_registry import HOLD_S, REFRESH_S, RENEW_S, SeatRegistry

SeatKey = tuple[str, int]  # (game id, seat)
log = telemetry.get_logger("shared.runtime")


class Presence:
    """The seats' streams and calls seen by one runtime, and the away checks they arm."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.holders: dict[SeatKey, int] = {}  # (game id, seat) -> streams held here
        self.last_call: dict[SeatKey, int] = {}  # (game id, seat) -> ms of its last call here
        self.away_checks: dict[SeatKey, asyncio.TimerHandle] = {}
        # with replicas: who holds a seat on any replica (None: alone, this runtime knows all)
        self.registry: SeatRegistry | None = None
        self._tending: asyncio.Task | None = None

    async def share(self, js, owner: str, replicas: int = 1) -> None:
        """Decide presence with every replica (shared.runtime.seat_registry): a seat is away only
        when no replica holds it; this replica vouches for the seats it holds and, for the games
        whose clocks it runs, records away the seats nobody holds any more."""
        self.registry = await SeatRegistry.open(js, self.runtime.rules.name, owner, self.runtime.policy.now_ms,
                                                replicas)

    def start(self) -> None:
        if self.registry is not None and self._tending is None:
            self._tending = asyncio.get_running_loop().create_task(self._tend())

    def held_anywhere(self, key: SeatKey) -> bool:
        """Whether a stream of the seat is held, here or (with replicas) on any replica, or it
        called within the grace period."""
        if self.holders.get(key):
            return True
        if self.runtime.policy.now_ms() - self.last_call.get(key, 0) < self.runtime.policy.grace_s * 1000:
            return True
        return self.registry is not None and self.registry.held(*key)

    async def _vouch(self, key: SeatKey, holding: bool) -> None:
        """Tell the other replicas this one holds the seat (a stream: HOLD_S ahead, renewed every
        REFRESH_S) or saw it call (the grace period ahead). Written only when the entry would grow
        by more than a renewal's worth, so that a run of calls costs one write a second."""
        if self.registry is None:
            return
        policy = self.runtime.policy
        held = holding or bool(self.holders.get(key))
        ahead_ms = int((HOLD_S if held else policy.grace_s) * 1000)
        now = policy.now_ms()
        if self.registry.vouched_until(*key) >= now + ahead_ms - min((REFRESH_S if held else RENEW_S) * 1000,
                                                                     ahead_ms / 3):
            return
        try:
            await self.registry.vouch(*key, now + ahead_ms)
        except Exception as exc:  # noqa: BLE001 - NATS away: renewed by the tending loop
            log.debug("could not vouch for a seat", game_id=key[0], seat=key[1], error=str(exc))

    async def _tend(self) -> None:
        """With replicas, every RENEW_S (or the grace period, if shorter): renew the seats held
        here, and record away the seats of the games whose clocks run here that nobody holds."""
        runtime = self.runtime
        every = min(RENEW_S, runtime.policy.grace_s)
        while not runtime.closed:
            await asyncio.sleep(every)
            try:
                await self.registry.tend()  # its ping tells whether its mirror is live
                for key in [k for k, n in self.holders.items() if n]:
                    await self._vouch(key, holding=True)
                for record in list(runtime.cache.values()):
                    table = record.table
                    if (not table.tracked or record.over or table.cancelled
                            or not runtime.clocks.owns(record.game_id)):
                        continue
                    for seat, state in enumerate(table.presence):
                        key = (record.game_id, seat)
                        if state == live.CONNECTED and key not in self.away_checks and not self.held_anywhere(key):
                            runtime.spawn(self.check_away(key))
                self.registry.prune()
            except Exception as exc:  # noqa: BLE001 - tried again at the next round
                log.warning("could not tend the seats", error=str(exc))

    async def unshare(self) -> None:
        if self._tending is not None:
            self._tending.cancel()
            await asyncio.gather(self._tending, return_exceptions=True)
            self._tending = None
        if self.registry is not None:
            await self.registry.close()

    @asynccontextmanager
    async def seat_stream(self, identity: Identity, game_id: str, seat: int) -> AsyncIterator["GameRecord"]:
        """The game as a stream of `seat` opens on it (WatchGame, PlayGame): raises before the
        stream sends anything when the game does not exist, the seat is not the caller's or the
        game was cancelled; while the stream is open the seat is held, so on a clocked table it
        is connected (docs/live-tables.md)."""
        runtime = self.runtime
        record = await runtime.load(game_id)
        runtime.check_seat(record, identity, seat)
        runtime.check_not_cancelled(record)
        key = self.hold(record, seat)
        try:
            await self.present(record, seat, identity, holding=True)
            yield record
        finally:
            self.release(key)

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
        if self.registry is not None:
            self.runtime.spawn(self._vouch_released(key))
        self.check_away_later(key)

    async def _vouch_released(self, key: SeatKey) -> None:
        """A closed stream: this replica vouches for the seat only for the grace period."""
        if self.holders.get(key):
            return
        now = self.runtime.policy.now_ms()
        try:
            await self.registry.vouch(*key, now + int(self.runtime.policy.grace_s * 1000))
        except Exception as exc:  # noqa: BLE001 - NATS away: the hold runs out by itself
            log.debug("could not shorten a seat's hold", game_id=key[0], seat=key[1], error=str(exc))

    def check_away_later(self, key: SeatKey) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        old = self.away_checks.pop(key, None)
        if old is not None:
            old.cancel()
        self.away_checks[key] = loop.call_later(self.runtime.policy.grace_s + 0.05,
                                                lambda: self.runtime.spawn(self.check_away(key)))

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
            if (not record.table.tracked or record.over or record.table.cancelled or self.held_anywhere(key)
                    or record.table.presence[seat] != live.CONNECTED):
                return None
            return (f"presence:{seat}:{record.version}",
                    [*runtime.clocks.stamp(record), seat_event(env.PLAYER_DISCONNECTED, record, seat)])

        await runtime.write_live(game_id, decide)
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
        # the other replicas hear of the seat before it is recorded connected: none of them may
        # take it for gone once it is
        await self._vouch(key, holding)
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

        return await runtime.write_live(record.game_id, decide)

    def reassert(self, record: "GameRecord") -> None:
        """A seat that holds a stream here but is recorded away (another replica, or one that
        restarted, took it for gone) is connected again."""
        for seat, state in enumerate(record.table.presence):
            if state != live.CONNECTED and self.holders.get((record.game_id, seat)):
                self.runtime.spawn(self.present(record, seat, holding=True))

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
        if self._tending is not None:
            self._tending.cancel()
        for handle in self.away_checks.values():
            handle.cancel()
        self.away_checks.clear()

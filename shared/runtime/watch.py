"""WatchGame's streams of one runtime: a seat's updates, first everything after the version its
client saw, then live from the game's shared feed (shared.runtime.feed)."""
from __future__ import annotations

import asyncio
from typing import AsyncIterator

from shared.auth import Identity
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord, Update

# Streams that read and fold a game's whole history at the same time (WatchGame's first update):
# 240 opened at once held 240 decoded histories at one moment, and the heap they grew stayed
# (issue 26); the others wait their turn, a read each.
CATCH_UP_AT_ONCE = 8


class Watches:
    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self._catching_up = asyncio.Semaphore(CATCH_UP_AT_ONCE)

    async def stream(self, identity: Identity, game_id: str, seat: int,
                     after_version: int = 0) -> AsyncIterator[Update]:
        """Updates for `seat`: first everything after `after_version`, then live."""
        runtime = self.runtime
        async with runtime.presence.seat_stream(identity, game_id, seat) as record:
            state, pending = await self._caught_up(record, seat, after_version)
            view = runtime.seat_view(state, seat)
            yield Update(state.version, pending, view, state.over,
                         min(after_version, state.version), state.players, runtime.seat_moves(state, seat, view))
            del pending  # an open stream keeps none of the history it sent (issue 26)
            runtime.check_not_cancelled(state)
            if state.over and state.revealed:
                return
            async for step in runtime.feeds.steps(state):  # one follower per game, shared
                state = step.state
                shown = [e for e in (runtime.event_for_seat(s, seat, d)
                                     for s, d in zip(step.command.events, step.decided)) if e]
                view = runtime.seat_view(state, seat)
                yield Update(state.version, shown, view, state.over, step.before,
                             state.players, runtime.seat_moves(state, seat, view))
                runtime.check_not_cancelled(state)
                if state.over and state.revealed:
                    return

    async def _caught_up(self, record: GameRecord, seat: int, after_version: int) -> tuple[GameRecord, list[dict]]:
        """`record` caught up with the stream, and the events after `after_version` as `seat` sees
        them. A stream's state is the cached record (shared by every stream of the game) plus what
        landed since, and the commands read die here: each stream kept a whole decoded history and
        a state of its own for as long as it was open, and 240 streams left the heap grown (issue 26)."""
        runtime = self.runtime
        async with self._catching_up:
            commands = await runtime.store.read_commands(runtime.subject(record.game_id))
            if not commands or commands[-1].version < record.version:  # a read behind the cache: its own state
                record = GameRecord(record.game_id)
            pending = [e for command in commands if command.version > after_version
                       for e in (runtime.event_for_seat(s, seat) for s in command.events) if e]
            newer = [c for c in commands if c.version > record.version]
            return (runtime.fold(record, newer) if newer else record), pending  # the cached record itself

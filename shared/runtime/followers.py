"""Who follows a game in this process (the seat streams, shared.runtime.seat; the shared feed):
each holds an asyncio.Event, set whenever the game may have moved: a newer state of it here,
another replica's write heard by the store, and every IDLE_WAKE_S."""
from __future__ import annotations

import asyncio

from shared.eventstore import Freshness
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord

# Followers of a game are also woken this often, so that what cannot be heard (a reconnect, a
# store that does not listen, a deal left waiting) is looked at again.
IDLE_WAKE_S = 2.0
# A write can be heard before the stream holds it: read again after these pauses.
BEHIND_RETRY_S = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8)


class Followers:
    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.games: dict[str, set[asyncio.Event]] = {}  # game id -> its followers' events
        self.ticks = 0  # how many times the followers were woken for IDLE_WAKE_S passing
        self._ticker: asyncio.Task | None = None
        runtime.store.on_other_writes(self.heard)

    def follow(self, game_id: str, changed: asyncio.Event) -> None:
        """Set `changed` whenever the game may have moved: a newer state of it here, or another
        replica's write heard by the store; and every IDLE_WAKE_S (then `ticks` has grown)."""
        self.games.setdefault(game_id, set()).add(changed)
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    def unfollow(self, game_id: str, changed: asyncio.Event) -> None:
        followers = self.games.get(game_id)
        if followers is not None:
            followers.discard(changed)
            if not followers:
                del self.games[game_id]

    async def wait(self, record: "GameRecord", changed: asyncio.Event) -> bool:
        """Until the game may have changed (True) or the idle wake came first (False)."""
        freshness = self.runtime.freshness
        if freshness(record) == Freshness.BEHIND:
            # heard of a write the stream did not show us yet
            for pause in BEHIND_RETRY_S:
                try:
                    async with asyncio.timeout(pause):
                        await changed.wait()
                    return True
                except TimeoutError:
                    if freshness(record) != Freshness.BEHIND:
                        return True
            return True
        ticks = self.ticks
        await changed.wait()
        return self.ticks == ticks or freshness(record) != Freshness.CURRENT

    def wake(self, game_id: str) -> None:
        for changed in self.games.get(game_id, ()):
            changed.set()

    def heard(self, subject: str) -> None:
        """The store heard another replica write `subject`."""
        game_id = subject.rpartition(".")[2]
        if game_id in self.games and subject == self.runtime.subject(game_id):
            self.wake(game_id)

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()

    async def _tick(self) -> None:
        # one timer for every follower, instead of a timeout around each wait
        while self.games:
            await asyncio.sleep(IDLE_WAKE_S)
            self.ticks += 1
            for game_id in list(self.games):
                self.wake(game_id)

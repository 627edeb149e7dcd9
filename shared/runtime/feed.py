"""One follower of a game's stream per process, shared by every open WatchGame stream of the
game here: its consumer, the decoding of each command and the fold into the next state happen
once, whatever the number of streams; a stream keeps only its seat's narration and view.

A stream joins at the version it caught up to (synchronously: nothing can land between the
check of the feed's position and the registration). A feed behind it skips what the stream has
seen; a feed ahead hands it the steps it missed from a short window of recent ones; a stream
further back than the window reads the gap itself from the store, then joins again.

Each stream has a queue of references to the shared steps (states are immutable, nothing is
copied), bounded by MAX_QUEUED: a stream that lets more pile up is let go of, and catches up
from the store as one joining late does, so that a slow stream never holds the others up and
never holds an unbounded backlog.
"""
from __future__ import annotations

import asyncio
from collections import deque
from typing import AsyncIterator

from shared import gamestream as env
from shared import telemetry
from shared.eventstore import RecordedCommand
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord, Step

WINDOW = 64  # recent steps a feed keeps for a stream joining behind it
MAX_QUEUED = 256  # steps a stream may leave unread before it is let go of (and reads from the store)
log = telemetry.get_logger("shared.runtime.feed")


def _step(runtime: Runtime, state: "GameRecord", command: RecordedCommand) -> Step:
    """`command` folded into `state`, its events decoded once (the feed's and a gap's reading)."""
    decided = tuple(runtime.codec.decode(e.record()) if e.type not in env.RUNTIME_EVENTS else None
                    for e in command.events)
    after = runtime.fold(state, [command], [d for d in decided if d is not None])
    return Step(state.version, command, decided, after)


class _Lagged(Exception):
    """A stream fell more than MAX_QUEUED steps behind the feed."""


class _Ended(Exception):
    """The game's follower stopped without an error: after the reveal, or its consumer ended."""


class _Reader:
    __slots__ = ("after", "queue", "ready", "end")

    def __init__(self, after: int):
        self.after = after  # the version the stream has seen
        self.queue: deque[Step] = deque()
        self.ready = asyncio.Event()
        self.end: BaseException | None = None  # what ends it once its queue is read

    def put(self, step: Step) -> None:
        if step.command.version <= self.after or self.end is not None:
            return
        if len(self.queue) >= MAX_QUEUED:
            self.queue.clear()
            self.stop(_Lagged())
            return
        self.queue.append(step)
        self.after = step.command.version
        self.ready.set()

    def stop(self, why: BaseException) -> None:
        self.end = why
        self.ready.set()

    async def get(self) -> Step:
        while not self.queue:
            if self.end is not None:
                raise self.end
            self.ready.clear()
            await self.ready.wait()
        return self.queue.popleft()


class _GameFeed:
    def __init__(self, feeds: "Feeds", state: "GameRecord"):
        self.feeds = feeds
        self.game_id = state.game_id
        self.state = state  # the latest folded state
        self.recent: deque[Step] = deque(maxlen=WINDOW)
        self.readers: set[_Reader] = set()
        self.task = asyncio.get_running_loop().create_task(self._follow())

    def join(self, state: "GameRecord") -> _Reader | None:
        """A reader of every step after `state` (None: the gap is not in the window)."""
        if self.state.version > state.version:
            oldest = self.recent[0].before if self.recent else self.state.version
            if oldest > state.version:
                return None
        reader = _Reader(state.version)
        for step in self.recent:
            reader.put(step)
        self.readers.add(reader)
        return reader

    def leave(self, reader: _Reader) -> None:
        self.readers.discard(reader)
        if not self.readers:
            self._stop()

    def _stop(self) -> None:
        if self.feeds.games.get(self.game_id) is self:
            del self.feeds.games[self.game_id]
        if self.task is not asyncio.current_task():
            self.task.cancel()

    async def _follow(self) -> None:
        runtime = self.feeds.runtime
        try:
            async for command in runtime.store.follow(runtime.subject(self.game_id), self.state.version,
                                                      self.state.last_seq + 1):
                step = _step(runtime, self.state, command)
                self.state = step.state
                self.recent.append(step)
                for reader in list(self.readers):
                    reader.put(step)
                    if isinstance(reader.end, _Lagged):
                        self.readers.discard(reader)
                if step.final:  # nothing more will land (as a stream ends today)
                    break
            end: BaseException = _Ended()
        except asyncio.CancelledError:
            end = _Ended()
            raise
        except Exception as exc:  # noqa: BLE001 - the follow's error is every stream's
            log.warning("a game's follower failed", game_id=self.game_id, error=str(exc))
            end = exc
        finally:
            if self.feeds.games.get(self.game_id) is self:
                del self.feeds.games[self.game_id]
            for reader in self.readers:
                reader.stop(end)
            self.readers.clear()


class Feeds:
    """The shared followers of a runtime's games: game id -> its feed, while streams read it."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.games: dict[str, _GameFeed] = {}

    async def steps(self, state: "GameRecord") -> AsyncIterator[Step]:
        """Every command of the game after `state`, folded, in order, live; ends after the
        reveal of a finished game, raises the follow's error."""
        runtime = self.runtime
        while True:
            feed = self.games.get(state.game_id)
            if feed is None:
                feed = self.games[state.game_id] = _GameFeed(self, state)
            reader = feed.join(state)
            if reader is None:  # further back than the window: the gap from the store, then again
                commands = await runtime.store.read_commands(runtime.subject(state.game_id), state.version,
                                                             state.last_seq + 1)
                if not any(c.version > state.version for c in commands):
                    # the feed folded commands the store does not give back: never loop on asking again
                    raise ConnectionError(f"the stream of game {state.game_id} gave no command after version "
                                          f"{state.version}, though its follower has seen more")
                for command in commands:
                    if command.version <= state.version:
                        continue
                    step = _step(runtime, state, command)
                    state = step.state
                    yield step
                    if step.final:
                        return
                continue
            try:
                while True:
                    try:
                        step = await reader.get()
                    except _Lagged:
                        break
                    except _Ended:
                        return
                    state = step.state
                    yield step
                    if step.final:
                        return
            finally:
                feed.leave(reader)

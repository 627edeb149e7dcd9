"""What the runtime's parts (clocks.py, creation.py, feed.py, followers.py, meters.py, moving.py,
presence.py, settlement.py, watch.py) see of the runtime that holds them: `Runtime`, and of each
other the little they call through it. game.py's GameRuntime builds the parts and satisfies
these protocols by its shape (it does not inherit them); a part imports this module, never
game.py, so that it depends on the interface below it and not on the class above it."""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from contextlib import AbstractAsyncContextManager
from typing import Any, AsyncIterator, Callable, Coroutine, Mapping, Protocol, Sequence

from shared.auth import Identity
from shared.codec import EventCodec
from shared.eventstore import AppendResult, EventStore, Freshness, RecordedCommand, StoredEvent
from shared.moves import MoveSet
from shared.rules import Rules
from shared.runtime import live
from shared.runtime.deck import DeckPort
from shared.runtime.record import GameRecord, SeatMoves, Step

# What a live-table write decides on the latest state: (command id, records), or None for nothing.
LiveDecision = Callable[[GameRecord], tuple[str, list[dict[str, Any]]] | None]


class RuntimeClocks(Protocol):
    """The runtime's clocks (shared.runtime.clocks.Clocks) as the other parts use them."""

    def owns(self, game_id: str) -> bool:
        """Whether this replica runs the game's clock."""

    def stamp(self, record: GameRecord, mover: int | None = None, now_ms: int | None = None,
              decided: Sequence[Any] = ()) -> list[dict]:
        """The TimeRecorded a command written now to `record`'s table starts with (none without a clock)."""


class RuntimePresence(Protocol):
    """The runtime's presence (shared.runtime.presence.Presence) as the other parts use it."""

    def seat_stream(self, identity: Identity, game_id: str,
                    seat: int) -> AbstractAsyncContextManager[GameRecord]:
        """The game as a stream of `seat` opens on it; the seat is held while the stream is open."""

    def reassert(self, record: GameRecord) -> None:
        """A seat that holds a stream here but is recorded away is connected again."""


class RuntimeSettlement(Protocol):
    """The runtime's settlement (shared.runtime.settlement.Settlement) as the other parts use it."""

    def later(self, game_id: str) -> None:
        """Resolve what the game waits for in the background, once per game at a time."""

    async def run(self, record: GameRecord, written: list, decided: list) -> GameRecord:
        """Deal and reveal what `record` waits for, appending the stored and the rules' events."""

    def game_over_records(self, record: GameRecord, events: Sequence[Any]) -> list[dict[str, Any]]:
        """The GameOver a command holding the rules' `events` on `record` ends with, if they end the game."""


class RuntimeFeeds(Protocol):
    """The runtime's shared followers (shared.runtime.feed.Feeds) as WatchGame's streams use them."""

    def steps(self, state: GameRecord) -> AsyncIterator[Step]:
        """Every command of the game after `state`, folded, in order, live."""


class RuntimeMeters(Protocol):
    """The runtime's instruments (shared.runtime.meters.GameMeters) as the moves and the scrape use them."""

    accepted: int  # moves accepted, read when scraped
    accepted_attributes: dict[str, str]
    refusals: dict[str, list]  # refusal key -> [its attributes, how many]

    def moved(self, seconds: float) -> None: ...

    def refused(self, exc: BaseException, seconds: float) -> None: ...

    def decided(self, seconds: float) -> None: ...

    def appended(self, seconds: float) -> None: ...

    def retried(self) -> None: ...


class Runtime(Protocol):
    """The runtime as its parts see it: exactly what they use of shared.runtime.game.GameRuntime."""

    rules: Rules
    policy: live.LivePolicy  # the presence policy and clock of live tables
    bot: Callable[..., Any]  # the bot that moves for a timed-out or absent seat (a factory called with seed=...)
    cooperative: bool  # whether the table plays as a team
    closed: bool  # after close() (or once the store's connection closed): no background work
    store: EventStore
    deck: DeckPort
    codec: EventCodec
    cache: OrderedDict[str, GameRecord]  # the warm cache: game id -> its latest record here
    moves: MoveSet | None  # the game's declared moves (None: any move with a type)
    max_retries: int  # how many times a write is tried again after another writer came first
    clocks: RuntimeClocks
    presence: RuntimePresence
    settlement: RuntimeSettlement
    feeds: RuntimeFeeds
    meters: RuntimeMeters

    # -- folding and loading

    def subject(self, game_id: str) -> str:
        """The game's stream subject."""

    def freshness(self, record: GameRecord) -> Freshness:
        """Whether the store has heard of writes to the game after `record` (no I/O)."""

    def fold(self, record: GameRecord, commands: Sequence[RecordedCommand],
             decided: Sequence[Any] | None = None) -> GameRecord:
        """`record` with `commands` applied."""

    async def load(self, game_id: str, catch_up: bool = True, trust_hints: bool = False) -> GameRecord:
        """The game from the warm cache, caught up with what other replicas wrote."""

    async def resume(self, shard: int | None = None) -> int:
        """Rebuild every pending deadline from the streams (of `shard` when given); how many games were loaded."""

    # -- writing

    def lock(self, game_id: str) -> asyncio.Lock:
        """The game's lock in this process: held around a write on its latest state."""

    def applied(self, record: GameRecord, result: AppendResult, decided: Sequence[Any],
                digest: str = "") -> tuple[GameRecord, list]:
        """The record after an append of ours, and the rules' events the append holds."""

    async def write_live(self, game_id: str, decide: LiveDecision) -> GameRecord:
        """Append what `decide(record)` gives, with the game's lock held, on the latest state."""

    async def present(self, record: GameRecord, seat: int, identity: Identity | None = None,
                      holding: bool = False) -> GameRecord:
        """`seat` called or holds a stream: on a clocked table it is connected (and returns)."""

    def settle_if_waiting(self, record: GameRecord) -> None:
        """Settle in the background a game found waiting for a deal or for its reveal."""

    # -- background work

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run `coro` in the background until it ends or the runtime closes."""

    def stopped_with_store(self) -> bool:
        """Whether the runtime is closed, closing it when the store's connection is closed for good."""

    # -- checks

    def check_seat(self, record: GameRecord, identity: Identity, seat: int) -> None:
        """Raises unless `seat` exists and belongs to `identity`."""

    @staticmethod
    def check_not_cancelled(record: GameRecord) -> None:
        """Raises FAILED_PRECONDITION when the game was cancelled."""

    def check_playable(self, record: GameRecord, expected_version: int | None) -> None:
        """Raises unless a move may be judged on `record` now."""

    @staticmethod
    def saw_table(record: GameRecord, expected_version: int) -> bool:
        """Whether a client that saw `expected_version` saw the table as it is now."""

    # -- what a seat sees

    def seat_view(self, record: GameRecord, seat: int) -> dict[str, Any]:
        """The rules' view of `seat`, and on a clocked table every seat's clock and presence."""

    def seat_moves(self, record: GameRecord, seat: int,
                   view: Mapping[str, Any] | None = None) -> SeatMoves | None:
        """`seat`'s legal moves on `record` with their move space, None when it has none."""

    def event_for_seat(self, stored: StoredEvent, seat: int, decided: Any = None) -> dict[str, Any] | None:
        """`stored` as `seat` may see it; `decided`: the same event as the rules decided it."""

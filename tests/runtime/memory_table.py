"""A counter game's runtime on the in-process event store, with a clock the test moves: for the
tests of the runtime's parts (clocks, presence, settlement), which need no server."""
from __future__ import annotations

from dataclasses import dataclass, field

from shared.auth import Identity
from shared.eventstore.memory import MemoryEventStore
from shared.gamestream import subject_for
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from shared.runtime.live import ClockSpec, LivePolicy
from tests.games.counter import MOVES, RULES

MATCHMAKER = Identity("svc:matchmaking", "service")
START_MS = 1_700_000_000_000


@dataclass
class FakeClock:
    now: int = START_MS

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


@dataclass
class Table:
    runtime: GameRuntime
    store: MemoryEventStore
    clock: FakeClock
    game_id: str = ""
    players: tuple[str, ...] = ("ann", "bob")
    deck: SeededDeck = field(default_factory=SeededDeck)

    async def events(self) -> list[str]:
        """The types of every stored event of the game, in order."""
        return [e.type for c in await self.commands() for e in c.events]

    async def commands(self):
        return await self.store.read_commands(subject_for(RULES.name, self.game_id))

    async def move(self, seat: int, move_id: str, amount: int = 1):
        return await self.runtime.submit_move(Identity(self.players[seat], "player"), self.game_id, seat, move_id, None,
                                              {"type": "add", "amount": amount})


async def clocked_table(clock_ms: int = 10_000, increment_ms: int = 0, on_timeout: str = "bot",
                        grace_s: float = 5.0, deck=None, settle: bool = True, **options) -> Table:
    """A two-seat counter table with a Fischer clock, created as the matchmaker creates one and
    (with `settle`) dealt."""
    clock = FakeClock()
    store = MemoryEventStore()
    runtime = GameRuntime(RULES, store, deck or SeededDeck(), moves=MOVES,
                          policy=LivePolicy(grace_s=grace_s, now_ms=clock))
    table = Table(runtime, store, clock)
    record = await runtime.create_game(MATCHMAKER, table.players, options,
                                       clock=ClockSpec(clock_ms, increment_ms, on_timeout))
    table.game_id = record.game_id
    if settle:
        await runtime.settle(record.game_id)
    return table

"""Settlement with the deck: a game waiting for a deal gets its shuffle from the deck service,
and a game that ended (or was cancelled) gets its seed revealed, so that every game that ends
can be audited. Each write is an append with the expected version: a replica that lost the race
reads the game again and finds the work done.
"""
from __future__ import annotations

from typing import Any, Sequence

from shared import gamestream as env
from shared.errors import Unavailable
from shared.eventstore import DuplicateCommand, VersionConflict
from shared.rules import GameResult
from shared.runtime.core import Runtime
from shared.runtime.record import GameRecord


class Settlement:
    """The deals and reveals of one runtime's games."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.settling: set[str] = set()  # the games settled in the background now

    def later(self, game_id: str) -> None:
        """Resolve what the game waits for in the background, once per game at a time."""
        if game_id in self.settling:
            return
        self.settling.add(game_id)

        async def run():
            try:
                await self.settle(game_id)
            finally:
                self.settling.discard(game_id)

        self.runtime.spawn(run())

    def if_waiting(self, record: "GameRecord") -> None:
        """Settle in the background a game found waiting for a deal or for its reveal, e.g. after
        a replica died between a move and its deal."""
        if record.table.cancelled:
            if not record.revealed:  # a cancelled game ends too: its seed is revealed
                self.later(record.game_id)
            return
        rules = self.runtime.rules
        if (rules.chance(record.state) is not None and not record.over) or (record.over and not record.revealed):
            self.later(record.game_id)

    async def settle(self, game_id: str) -> "GameRecord":
        """Resolve pending shuffles and, once the game is over, reveal the seed (a cancelled
        game is not dealt, but its seed is revealed: every game that ends can be audited)."""
        runtime = self.runtime
        async with runtime.lock(game_id):
            return await self.run(await runtime.load(game_id), [], [])

    async def run(self, record: "GameRecord", written: list, decided: list) -> "GameRecord":
        """... appending to `written` the stored events and to `decided` the rules' events."""
        runtime = self.runtime
        rules = runtime.rules
        for _ in range(1000):
            ended = record.over or bool(record.table.cancelled)
            node = None if ended else rules.chance(record.state)
            if node is not None:
                order = await self.shuffle(record.game_id, node)
                events = rules.resolve_chance(record.state, order)
                records = [*runtime.clocks.stamp(record),
                           env.record(env.SHUFFLE_APPLIED, {"deck": node.deck, "k": node.k, "order": list(order)}),
                           *[runtime.codec.encode(e) for e in events]]
                records += self.game_over_records(record, events)
                command_id = f"chance:{node.deck}:{node.k}"
            elif ended and not record.revealed:
                seed = await deck_call(runtime.deck.reveal(record.game_id))
                records, command_id, events = [env.record(env.SEED_REVEALED, {"server_seed": seed})], "reveal", []
            else:
                return record
            try:
                result = await runtime.store.append(runtime.subject(record.game_id), records, record.version,
                                                    command_id)
                record, held = runtime.applied(record, result, events)
                written.extend(result.events)
                decided.extend(held)
            except (VersionConflict, DuplicateCommand):
                # another replica moved, or settled this very node first (its clock stamp differs
                # from ours, so the store sees another command under the same id): look again
                record = await runtime.load(record.game_id)
        raise RuntimeError("a game kept asking for chance events")

    async def shuffle(self, game_id: str, node) -> list[str]:
        order = list(await deck_call(self.runtime.deck.shuffle(game_id, node.deck, list(node.cards), node.k)))
        if sorted(order) != sorted(node.cards):
            raise Unavailable("the deck service returned an order that is not a shuffle of the deck")
        return order

    def game_over_records(self, record: "GameRecord", events: Sequence[Any]) -> list[dict[str, Any]]:
        """The GameOver a command holding the rules' `events` on `record` ends with, if they end
        the game."""
        rules = self.runtime.rules
        state = record.state
        for event in events:
            state = rules.evolve(state, event)
        if not rules.is_terminal(state):
            return []
        result: GameResult | None = rules.result(state)
        data = {"game": rules.name, "game_id": record.game_id, "players": list(record.players),
                "points": list(result.points) if result else [], "placings": list(result.placings) if result else [],
                "team_won": result.team_won if result else None,
                "difficulty": result.difficulty if result else None, "ranked": record.ranked}
        return [env.record(env.GAME_OVER, data)]


async def deck_call(coro):
    """The deck service's answer; UNAVAILABLE when it is down or refuses."""
    try:
        return await coro
    except Exception as exc:  # noqa: BLE001 - the deck service is down or refuses
        raise Unavailable(f"the deck service could not be reached: {exc}") from exc

"""A seat's move from the call to the answer (shared.runtime.moving): a retry is answered as the
move was stored, a move id is never reused for another move, a move another replica raced is
decided again on the game as it now is (or refused when the client asked for the table it saw),
and a move refused for its shape or id writes nothing."""
from __future__ import annotations

import pytest

from shared.auth import Identity
from shared.errors import Aborted, AlreadyExists, InvalidArgument
from shared.eventstore import Freshness
from shared.eventstore.memory import MemoryEventStore
from shared.rules import MalformedMove
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from tests.games.counter import MOVES, RULES
from tests.runtime.memory_table import MATCHMAKER

ANN, BOB = Identity("ann", "player"), Identity("bob", "player")


def add(amount: int = 1) -> dict:
    return {"type": "add", "amount": amount}


class UnhearingStore(MemoryEventStore):
    """A store that never tells a replica that another wrote the game since (as a replica that has
    not heard yet): its stale cache shows up only as a conflict on append."""

    def freshness(self, subject: str, version: int) -> Freshness:
        return Freshness.CURRENT


async def dealt_game(store: MemoryEventStore, **options) -> tuple[GameRuntime, str]:
    runtime = GameRuntime(RULES, store, SeededDeck(), moves=MOVES)
    record = await runtime.create_game(MATCHMAKER, ["ann", "bob"], options)
    await runtime.settle(record.game_id)
    return runtime, record.game_id


async def stored(runtime: GameRuntime, game_id: str) -> list:
    return await runtime.store.read_commands(runtime.subject(game_id))


async def test_a_retried_move_is_answered_as_it_was_stored_and_writes_nothing():
    runtime, game_id = await dealt_game(MemoryEventStore())
    try:
        first = await runtime.submit_move(ANN, game_id, 0, "m1", None, add(2))
        before = await stored(runtime, game_id)
        again = await runtime.submit_move(ANN, game_id, 0, "m1", None, add(2))
        assert not first.duplicate and again.duplicate
        assert again.version == first.version and again.view["total"] == 2
        assert await stored(runtime, game_id) == before
    finally:
        await runtime.close()


async def test_a_move_id_used_again_for_another_move_is_already_exists_and_writes_nothing():
    runtime, game_id = await dealt_game(MemoryEventStore())
    try:
        await runtime.submit_move(ANN, game_id, 0, "m1", None, add(2))
        before = await stored(runtime, game_id)
        with pytest.raises(AlreadyExists) as refused:
            await runtime.submit_move(ANN, game_id, 0, "m1", None, add(3))
        assert refused.value.key == "move-id-reused"
        assert await stored(runtime, game_id) == before
    finally:
        await runtime.close()


@pytest.mark.parametrize("move_id, move, key", [
    ("", add(1), "bad-move-id"),
    ("x" * 129, add(1), "bad-move-id"),
    ("m1", {"amount": 1}, "move-no-type"),
    ("m1", "add one", "move-not-object"),
])
async def test_a_move_whose_id_or_shape_is_wrong_is_refused_and_writes_nothing(move_id, move, key):
    runtime, game_id = await dealt_game(MemoryEventStore())
    try:
        before = await stored(runtime, game_id)
        with pytest.raises((InvalidArgument, MalformedMove)) as refused:
            await runtime.submit_move(ANN, game_id, 0, move_id, None, move)
        assert refused.value.key == key
        assert await stored(runtime, game_id) == before
    finally:
        await runtime.close()


async def test_the_mover_is_answered_with_the_events_and_the_view_its_seat_may_see():
    runtime, game_id = await dealt_game(MemoryEventStore())
    try:
        record = await runtime.load(game_id)
        answer = await runtime.submit_move(ANN, game_id, 0, "m1", None, add(3))
        assert [e["data"]["total"] for e in answer.events if e["type"] == "Added"] == [3]
        assert answer.view["my_card"] == record.state.hands[0]
        assert record.state.hands[1] not in str(answer.view)
        quiet = await runtime.submit_move(BOB, game_id, 1, "m2", None, add(1), at_once=True)
        assert quiet.events == [] and quiet.view == {} and quiet.version == answer.version + 1
    finally:
        await runtime.close()


@pytest.fixture
async def replicas():
    """Two replicas of the rules engine on one store, a turn of two adds, the second replica
    holding the game from before the first replica's add (ann's first): (first, second, game id,
    the version the second saw)."""
    store = UnhearingStore()
    first, game_id = await dealt_game(store, per_turn=2, target=50)
    second = GameRuntime(RULES, store, SeededDeck(), moves=MOVES)
    seen = (await second.load(game_id)).version
    await first.submit_move(ANN, game_id, 0, "m1", None, add(1))
    yield first, second, game_id, seen
    await second.close()
    await first.close()


async def test_a_move_another_replica_raced_is_decided_again_on_the_game_as_it_now_is(replicas):
    first, second, game_id, _ = replicas
    # when ann's second add reaches the replica that did not see her first
    answer = await second.submit_move(ANN, game_id, 0, "m2", None, add(2))
    # then it conflicts on append, is decided again on the stored game, and both adds count
    assert answer.view["total"] == 3 and answer.view["turn"] == 1
    assert (await first.replay(game_id)).state.total == 3


async def test_a_move_for_the_table_as_the_client_saw_it_is_aborted_when_another_move_landed_first(replicas):
    first, second, game_id, seen = replicas
    before = await stored(first, game_id)
    with pytest.raises(Aborted) as refused:
        await second.submit_move(ANN, game_id, 0, "m2", seen, add(2))
    assert refused.value.key == "raced"
    assert await stored(first, game_id) == before

"""The runtime's settlement with the deck (shared.runtime.settlement): a game waiting for a deal
is dealt the deck service's order once, a game that ended has its seed revealed once, a deck
that answers with something that is not a shuffle of the cards writes nothing, and a deal
another replica wrote first is taken as it was written."""
from __future__ import annotations

import pytest

from shared import gamestream as env
from shared.errors import Unavailable
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from shared.runtime.live import LivePolicy
from tests.games.counter import MOVES, RULES
from tests.runtime.memory_table import FakeClock, clocked_table


async def test_a_game_waiting_for_its_deal_is_dealt_the_deck_s_order_once():
    table = await clocked_table(settle=False)
    try:
        await table.runtime.settle(table.game_id)
        await table.runtime.settle(table.game_id)
        commands = await table.commands()
        shuffles = [e.data for c in commands for e in c.events if e.type == env.SHUFFLE_APPLIED]
        record = await table.runtime.load(table.game_id)
        expected = await SeededDeck().shuffle(table.game_id, "cards", list(RULES.deck(record.state)), 0)
        assert [s["order"] for s in shuffles] == [expected]
        assert record.state.hands == tuple(expected[:2])
    finally:
        await table.runtime.close()


async def test_a_game_that_ended_has_its_seed_revealed_once():
    # every game that ends can be audited: its seed is revealed
    table = await clocked_table(target=2)
    try:
        await table.move(0, "m1", 2)
        await table.runtime.settle(table.game_id)
        events = await table.events()
        assert events.count(env.GAME_OVER) == 1 and events.count(env.SEED_REVEALED) == 1
        assert events.index(env.GAME_OVER) < events.index(env.SEED_REVEALED)
        record = await table.runtime.load(table.game_id)
        assert record.over and record.revealed
    finally:
        await table.runtime.close()


async def test_the_move_that_ends_the_game_carries_its_result():
    table = await clocked_table(target=3)
    try:
        record = await table.runtime.load(table.game_id)
        ending = table.runtime.settlement.game_over_records(record, RULES.decide(record.state, 0, {
            "type": "add", "amount": 3}))
        assert [r["data"]["placings"] for r in ending] == [[1, 2]]
        assert table.runtime.settlement.game_over_records(record, RULES.decide(record.state, 0, {
            "type": "add", "amount": 1})) == []
    finally:
        await table.runtime.close()


async def test_an_order_that_is_not_a_shuffle_of_the_deck_is_refused_and_nothing_is_written():
    class CheatingDeck(SeededDeck):
        async def shuffle(self, game_id, deck, cards, k):
            return ["card-0"] * len(cards)

    table = await clocked_table(deck=CheatingDeck(), settle=False)
    try:
        before = await table.events()
        with pytest.raises(Unavailable, match="not a shuffle of the deck"):
            await table.runtime.settle(table.game_id)
        assert await table.events() == before
    finally:
        await table.runtime.close()


async def test_a_deal_another_replica_wrote_first_is_taken_as_it_was_written():
    # given two replicas of the rules service on one stream, the second holding the game from
    # before its deal, on a clock of its own (its stamps differ from the first's)
    table = await clocked_table(settle=False)
    later = FakeClock(table.clock.now + 1_500)
    other = GameRuntime(RULES, table.store, SeededDeck(), moves=MOVES, policy=LivePolicy(grace_s=5.0, now_ms=later))
    try:
        stale = await other.load(table.game_id)
        await table.runtime.settle(table.game_id)
        # when the second settles the game on what it holds
        record = await other.settlement.run(stale, [], [])
        # then it takes the first's deal (no second deal, no error), as if it had read it
        shuffles = [e for c in await table.commands() for e in c.events if e.type == env.SHUFFLE_APPLIED]
        assert len(shuffles) == 1
        assert record.version == (await table.runtime.load(table.game_id)).version
        assert record.state.hands == tuple(shuffles[0].data["order"][:2])
    finally:
        await other.close()
        await table.runtime.close()

"""The runtime's clocks (shared.runtime.clocks): which seats' clocks run, the stamp every
command to a clocked table starts with, one timer per game for what falls due first, and a
timeout written once on the latest state (docs/live-tables.md)."""
from __future__ import annotations

import asyncio

from shared import gamestream as env
from shared.runtime import live
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime
from tests.games.counter import MOVES, RULES
from tests.runtime.memory_table import clocked_table


async def test_only_the_seat_that_may_act_has_its_clock_running():
    # "A seat's clock runs while it may act" (docs/live-tables.md)
    table = await clocked_table()
    try:
        record = await table.runtime.load(table.game_id)
        assert table.runtime.clocks.running(record) == frozenset({0})
        await table.move(0, "m1")
        record = await table.runtime.load(table.game_id)
        assert table.runtime.clocks.running(record) == frozenset({1})
    finally:
        await table.runtime.close()


async def test_no_clock_runs_while_the_game_waits_for_a_deal():
    # "... except while the game waits for a deal from the deck (the deck's time is nobody's)"
    held = asyncio.Event()

    class SlowDeck:
        async def commit(self, game_id, game, players):
            from shared.runtime.deck import SeededDeck
            return await SeededDeck().commit(game_id, game, players)

        async def shuffle(self, game_id, deck, cards, k):
            await held.wait()
            return list(cards)

        async def reveal(self, game_id):
            return "00"

    table = await clocked_table(deck=SlowDeck(), settle=False)
    try:
        record = await table.runtime.load(table.game_id)
        assert RULES.chance(record.state) is not None
        assert table.runtime.clocks.running(record) == frozenset()
        assert table.game_id not in table.runtime.clocks.timers
    finally:
        held.set()
        await table.runtime.close()


async def test_a_stamp_counts_down_the_running_seat_and_a_turn_ending_move_earns_the_increment():
    # "the running seats' banks counted down since the last stamp, the mover's increment added
    # when the move ended its turn"
    table = await clocked_table(clock_ms=10_000, increment_ms=2_000)
    try:
        table.clock.advance(3_000)
        await table.move(0, "m1")
        stamps = [e.data for c in await table.commands() for e in c.events if e.type == env.TIME_RECORDED]
        assert stamps[-1]["banks"] == {"ann": 10_000 - 3_000 + 2_000, "bob": 10_000}
        assert stamps[-1]["at_ms"] == table.clock.now
    finally:
        await table.runtime.close()


async def test_a_move_in_the_middle_of_a_turn_earns_no_increment():
    # "The increment is earned once per turn, not per move."
    table = await clocked_table(clock_ms=10_000, increment_ms=2_000, per_turn=2)
    try:
        table.clock.advance(1_000)
        await table.move(0, "m1")
        stamps = [e.data for c in await table.commands() for e in c.events if e.type == env.TIME_RECORDED]
        assert stamps[-1]["banks"]["ann"] == 9_000
    finally:
        await table.runtime.close()


async def test_a_timer_is_armed_for_the_running_seat_s_timeout_and_moves_with_the_turn():
    table = await clocked_table(clock_ms=10_000)
    try:
        record = await table.runtime.load(table.game_id)
        due_ms, _ = table.runtime.clocks.timers[table.game_id]
        assert due_ms == record.table.at_ms + 10_000
        table.clock.advance(4_000)
        await table.move(0, "m1")
        due_ms, _ = table.runtime.clocks.timers[table.game_id]
        assert due_ms == table.clock.now + 10_000  # bob's whole bank, from his turn's start
    finally:
        await table.runtime.close()


async def test_a_seat_out_of_time_is_timed_out_once_and_its_bot_moves_for_it():
    # "ON_TIMEOUT_BOT: the seat's bot moves for it"
    table = await clocked_table(clock_ms=10_000)
    try:
        table.clock.advance(10_001)
        await table.runtime.clocks.run_due(table.game_id)
        await table.runtime.clocks.run_due(table.game_id)  # nothing is due any more
        events = await table.events()
        assert events.count(env.TIMED_OUT) == 1 and events.count(env.BOT_MOVED) == 1
        record = await table.runtime.load(table.game_id)
        assert record.state.turn == 1 and record.table.missed == (1, 0)
    finally:
        await table.runtime.close()


async def test_a_forfeit_clock_ends_the_game_when_a_seat_runs_out():
    # "ON_TIMEOUT_FORFEIT: the seat forfeits"
    table = await clocked_table(clock_ms=10_000, on_timeout="forfeit")
    try:
        table.clock.advance(10_001)
        await table.runtime.clocks.run_due(table.game_id)
        events = await table.events()
        assert [e for e in events if e in (env.TIMED_OUT, env.FORFEITED, env.GAME_OVER)] == [
            env.TIMED_OUT, env.FORFEITED, env.GAME_OVER]
        assert table.game_id not in table.runtime.clocks.timers  # over: nothing falls due
    finally:
        await table.runtime.close()


async def test_nothing_is_written_before_the_seat_s_time_is_up():
    table = await clocked_table(clock_ms=10_000)
    try:
        before = await table.events()
        table.clock.advance(9_999)
        await table.runtime.clocks.run_due(table.game_id)
        assert await table.events() == before
        assert live.CONNECTED not in (await table.runtime.load(table.game_id)).table.presence
    finally:
        await table.runtime.close()


async def test_two_replicas_racing_on_one_timeout_write_it_once():
    # "a replica that lost the race finds it done and writes nothing"
    table = await clocked_table(clock_ms=10_000)
    other = GameRuntime(RULES, table.store, SeededDeck(), moves=MOVES, policy=table.runtime.policy)
    try:
        await other.load(table.game_id)
        table.clock.advance(10_001)
        await asyncio.gather(table.runtime.clocks.run_due(table.game_id), other.clocks.run_due(table.game_id))
        events = await table.events()
        assert events.count(env.TIMED_OUT) == 1 and events.count(env.BOT_MOVED) == 1
    finally:
        await other.close()
        await table.runtime.close()

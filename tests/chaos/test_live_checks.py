"""The live-table checks of `foodgames chaos --replicas` (apps/chaos/live_checks.py) on streams
the runtime wrote on the in-process store: a timeout written when due passes, one written twice
or early is caught; a seat recorded away while its client held a stream is caught; a clocked game
left without a command long past its deadline is caught."""
from __future__ import annotations

import dataclasses

from apps.chaos.ledger import GameLedger, Hold
from apps.chaos.live_checks import (AWAY_WHILE_HELD, STALLED, STALL_SLACK_MS, TIMEOUT_TWICE, away_while_held,
                                    stalls, timeouts_not_due)
from shared import gamestream as env
from tests.games.counter import RULES
from tests.runtime.memory_table import clocked_table


async def _timed_out_table():
    table = await clocked_table(clock_ms=10_000)
    table.clock.advance(10_001)
    await table.runtime.clocks.run_due(table.game_id)
    return table


async def test_a_timeout_written_when_due_passes_and_the_same_timeout_written_again_does_not():
    table = await _timed_out_table()
    try:
        stored = await table.commands()
        assert timeouts_not_due(table.game_id, stored, RULES) == []
        [timeout] = [c for c in stored if any(e.type == env.TIMED_OUT for e in c.events)]
        again = dataclasses.replace(timeout, version=stored[-1].version + 1, command_id="move:0:timeout-again")
        assert [v.check for v in timeouts_not_due(table.game_id, [*stored, again], RULES)] == [TIMEOUT_TWICE]
    finally:
        await table.runtime.close()


async def test_a_seat_recorded_away_while_its_client_held_a_stream_is_caught():
    table = await clocked_table(grace_s=0.5)
    presence = table.runtime.presence
    try:
        record = await table.runtime.load(table.game_id)
        key = presence.hold(record, 0)
        await presence.present(record, 0, None, holding=True)
        presence.release(key)
        table.clock.advance(1_000)
        await presence.check_away(key)
        stored = await table.commands()
        away_at = table.clock.now
        ledger = GameLedger(RULES.name, table.game_id, table.players, False, "direct")
        ledger.holds = [Hold(0, away_at - 5_000, away_at - 900)]  # closed before: away is right
        assert away_while_held(ledger, stored) == []
        ledger.holds = [Hold(0, away_at - 5_000, 0)]  # still open: away is wrong
        assert [v.check for v in away_while_held(ledger, stored)] == [AWAY_WHILE_HELD]
    finally:
        await table.runtime.close()


async def test_a_clocked_game_left_long_past_its_deadline_is_stalled():
    table = await clocked_table(clock_ms=10_000)
    try:
        table.clock.advance(10_000 + STALL_SLACK_MS - 1)
        await table.runtime.clocks.run_due(table.game_id)
        assert stalls(table.game_id, await table.commands(), RULES) == []
    finally:
        await table.runtime.close()
    table = await clocked_table(clock_ms=10_000)
    try:
        table.clock.advance(10_000 + STALL_SLACK_MS + 1)
        await table.runtime.clocks.run_due(table.game_id)
        assert [v.check for v in stalls(table.game_id, await table.commands(), RULES)] == [STALLED]
    finally:
        await table.runtime.close()

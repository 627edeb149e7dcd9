"""The runtime's presence (shared.runtime.presence): a seat is connected while a stream of it is
held or within the grace period after its last call, away once neither holds, and connected
again when it calls (docs/live-tables.md)."""
from __future__ import annotations

from shared import gamestream as env
from shared.auth import Identity
from shared.runtime import live
from tests.runtime.memory_table import clocked_table


async def _presence(table):
    return (await table.runtime.load(table.game_id)).table.presence


async def test_a_seat_holding_a_stream_is_connected_and_never_marked_away():
    # "a seat is connected while a stream of it is held"
    table = await clocked_table(grace_s=0.5)
    presence = table.runtime.presence
    try:
        record = await table.runtime.load(table.game_id)
        key = presence.hold(record, 0)
        await presence.present(record, 0, Identity("ann", "player"), holding=True)
        assert (await _presence(table))[0] == live.CONNECTED
        table.clock.advance(60_000)
        await presence.check_away(key)
        assert (await _presence(table))[0] == live.CONNECTED
        assert env.PLAYER_DISCONNECTED not in await table.events()
    finally:
        await table.runtime.close()


async def test_a_released_stream_makes_the_seat_away_once_the_grace_period_passed():
    # "... and within the grace period after its last call; away once neither holds"
    table = await clocked_table(grace_s=0.5)
    presence = table.runtime.presence
    try:
        record = await table.runtime.load(table.game_id)
        key = presence.hold(record, 0)
        await presence.present(record, 0, Identity("ann", "player"), holding=True)
        presence.release(key)
        table.clock.advance(400)
        await presence.check_away(key)  # still within the grace period
        assert (await _presence(table))[0] == live.CONNECTED
        table.clock.advance(200)
        await presence.check_away(key)
        await presence.check_away(key)  # a second check writes nothing more
        assert (await _presence(table))[0] == live.AWAY
        assert (await table.events()).count(env.PLAYER_DISCONNECTED) == 1
    finally:
        await table.runtime.close()


async def _recorded_away(table, seat: int) -> None:
    """The seat's stream held, let go, and the grace period (0.5 s) past: recorded away."""
    presence = table.runtime.presence
    record = await table.runtime.load(table.game_id)
    key = presence.hold(record, seat)
    await presence.present(record, seat, Identity(table.players[seat], "player"), holding=True)
    presence.release(key)
    table.clock.advance(1_000)
    await presence.check_away(key)
    assert (await _presence(table))[seat] == live.AWAY


async def test_a_seat_recorded_away_that_calls_again_is_connected_again():
    table = await clocked_table(grace_s=0.5)
    try:
        await _recorded_away(table, 1)
        await table.runtime.view(Identity("bob", "player"), table.game_id, 1)
        assert (await _presence(table))[1] == live.CONNECTED
        assert (await table.events()).count(env.PLAYER_CONNECTED) == 2
    finally:
        await table.runtime.close()


async def test_a_seat_another_replica_marked_connected_a_moment_earlier_is_taken_as_written():
    # given bob recorded away, and another replica that records him connected a moment before
    # this one does (its clock stamps another time: to the store, another command of that id)
    table = await clocked_table(grace_s=0.5)
    try:
        await _recorded_away(table, 1)
        append, raced = table.store.append, []

        async def another_replica_first(subject, events, expected_version, command_id, **rest):
            if command_id.startswith("presence:1:") and not raced:
                raced.append(command_id)
                stamped_then = [dict(e, data={**e["data"], "at_ms": e["data"]["at_ms"] - 1})
                                if e["type"] == env.TIME_RECORDED else e for e in events]
                await append(subject, stamped_then, expected_version, command_id)
            return await append(subject, events, expected_version, command_id, **rest)

        table.store.append = another_replica_first
        # when bob calls this replica
        await table.runtime.view(Identity("bob", "player"), table.game_id, 1)
        # then his call is answered, and he is connected once, as the other replica wrote it
        assert raced and (await _presence(table))[1] == live.CONNECTED
        assert (await table.events()).count(env.PLAYER_CONNECTED) == 2
    finally:
        await table.runtime.close()


async def test_another_player_s_call_does_not_make_a_seat_present():
    table = await clocked_table(grace_s=0.5)
    try:
        record = await table.runtime.load(table.game_id)
        await table.runtime.presence.present(record, 1, Identity("ann", "player"))
        assert (await _presence(table))[1] == live.AWAY
    finally:
        await table.runtime.close()

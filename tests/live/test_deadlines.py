"""The pure part of live tables (shared/runtime/live.py): what falls due when, from the
stream's events alone."""
from __future__ import annotations

from shared import gamestream as env
from shared.runtime import live

PLAYERS = ("ann", "bob")
POLICY = live.LivePolicy(takeover_after_timeouts=2, takeover_after_away_s=60, no_show_s=60)


def table(*commands) -> live.Table:
    t = live.Table()
    for command_id, events in commands:
        t = live.fold(t, command_id, "2026-01-01T00:00:00+00:00", events, PLAYERS)
    return t


def created(ranked: bool = False):
    return ("create", [env.record(env.GAME_CREATED, {"players": list(PLAYERS), "ranked": ranked}),
                       *live.first_stamp(live.ClockSpec(10_000, 0, "bot"), PLAYERS, 1_000)])


CREATED = created()


def bot_move(seat: int, at: int, bank: int):
    return (f"move:{seat}:takeover-{at}", [env.record(env.TIME_RECORDED, {"at_ms": at, "banks": {"ann": bank, "bob": 5000}}),
                                           env.record(env.BOT_MOVED, {"player": PLAYERS[seat], "seat": seat,
                                                                       "reason": "takeover"}),
                                           env.record("Added", {"amount": 1})])


def test_a_running_clock_falls_due_when_its_bank_is_spent():
    t = table(CREATED)
    [due] = live.deadlines(t, frozenset({0}), POLICY)
    assert (due.kind, due.seat, due.at_ms) == ("timeout", 0, 11_000)
    assert live.remaining(t, frozenset({0}), 4_000) == (7_000, 10_000)


def test_a_taken_over_seat_is_moved_for_at_once_but_not_again_in_a_loop():
    taken = ("takeover:0:9", [env.record(env.TIME_RECORDED, {"at_ms": 2_000, "banks": {"ann": 0, "bob": 5000}}),
                              env.record(env.BOT_TOOK_OVER, {"player": "ann", "seat": 0, "reason": "away"})])
    t = table(CREATED, taken)
    assert [(d.kind, d.at_ms) for d in live.deadlines(t, frozenset({0}), POLICY)] == [("bot", 2_000)]
    # her bot moved and she may still act (an offer withdrawn, say): it waits, at least the pause
    t = table(CREATED, taken, bot_move(0, 3_000, 0))
    assert [(d.kind, d.at_ms) for d in live.deadlines(t, frozenset({0}), POLICY)] == [
        ("bot", 3_000 + live.BOT_PAUSE_MS)]
    # another seat's move between: at once again
    bobs = ("move:1:m1", [env.record(env.TIME_RECORDED, {"at_ms": 3_500, "banks": {"ann": 0, "bob": 5000}}),
                          env.record("Added", {"amount": 1})])
    t = table(CREATED, taken, bot_move(0, 3_000, 0), bobs)
    assert [(d.kind, d.at_ms) for d in live.deadlines(t, frozenset({0}), POLICY)] == [("bot", 3_500)]


def test_a_ranked_table_nobody_came_to_is_cancelled_at_the_no_show_deadline():
    t = table(created(ranked=True))
    assert ("cancel", None, 61_000) in [(d.kind, d.seat, d.at_ms) for d in live.deadlines(t, frozenset(), POLICY)]
    came = ("presence:0:5", [env.record(env.PLAYER_CONNECTED, {"player": "bob", "seat": 1})])
    assert "cancel" not in [d.kind for d in live.deadlines(table(created(ranked=True), came), frozenset(), POLICY)]
    assert "cancel" not in [d.kind for d in live.deadlines(table(CREATED), frozenset(), POLICY)], "casual"

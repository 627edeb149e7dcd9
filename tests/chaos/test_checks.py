"""The chaos checker finds what it is there to find: a game really played on JetStream passes
every check, and the same game with one planted fault (an acknowledged move the stream lacks,
a command stored twice, a view that is not the replay's, a stream without its end, a ranked
game rated twice or not at all) fails the check named for it."""
from __future__ import annotations

import dataclasses
import time
import uuid

import pytest

from apps.chaos import checks
from apps.chaos.ledger import AckedMove, GameLedger
from shared.auth import Identity
from tests.games.counter import RULES
from tests.runtime.conftest import MATCHMAKER, start_counter

PLAYERS = ("ann", "bob")


@pytest.fixture
async def played(settings, nats_url):
    """A counter game played to its end through the runtime; its ledger (every acknowledged
    move, the views the seats saw last) and its stream."""
    server, nc = await start_counter(settings, nats_url)
    runtime = server.runtime
    try:
        game_id = (await runtime.create_game(MATCHMAKER, PLAYERS, {"target": 12}, ranked=True)).game_id
        ledger = GameLedger("counter", game_id, PLAYERS, True, "direct")
        record = await runtime.settle(game_id)
        while not RULES.is_terminal(record.state):
            seat = record.state.turn
            move_id = uuid.uuid4().hex
            outcome = await runtime.submit_move(Identity(PLAYERS[seat], "player"), game_id, seat, move_id, None,
                                                {"type": "add", "amount": 2})
            ledger.acked.append(AckedMove(move_id, seat, outcome.version, time.monotonic()))
            record = await runtime.load(game_id)
        await runtime.settle(game_id)
        for seat in range(len(PLAYERS)):
            ledger.final_views[seat] = (await runtime.view(Identity(PLAYERS[seat], "player"), game_id, seat))[1]
        stored = await runtime.store.read_commands(runtime.subject(game_id))
        yield ledger, stored
    finally:
        await server.stop(grace=None)
        await server.runtime.close()
        await nc.drain()


def found(violations) -> set[str]:
    return {v.check for v in violations}


async def test_a_game_played_to_its_end_passes_every_check(played):
    ledger, stored = played
    assert len(ledger.acked) >= 6
    assert checks.check_game(ledger, stored, RULES) == []
    assert checks.rated_once(ledger, stored, {p: [ledger.game_id] for p in PLAYERS}) == []


async def test_an_acknowledged_move_missing_from_the_stream_is_a_lost_move(played):
    ledger, stored = played
    ledger.acked.append(AckedMove("never-stored", 0, ledger.acked[-1].version, time.monotonic()))
    violations = checks.check_game(ledger, stored, RULES)
    assert found(violations) == {checks.LOST}
    assert "never-stored" in str(violations[0])


async def test_a_stream_that_lost_its_last_move_is_a_lost_move_and_an_unsettled_game(played):
    ledger, stored = played
    violations = checks.check_game(ledger, stored[:-3], RULES)  # the last move, its GameOver and reveal
    assert checks.LOST in found(violations) and checks.UNSETTLED in found(violations)


async def test_a_command_stored_twice_is_a_move_applied_twice(played):
    ledger, stored = played
    move = next(i for i, c in enumerate(stored) if c.command_id.startswith("move:"))
    again = dataclasses.replace(stored[move], version=stored[move].version + len(stored[move].events))
    doctored = stored[:move + 1] + [again] + [dataclasses.replace(c, version=c.version + len(again.events))
                                              for c in stored[move + 1:]]
    assert checks.TWICE in found(checks.check_game(ledger, doctored, RULES))


async def test_a_view_the_replay_does_not_give_is_a_replay_difference(played):
    ledger, stored = played
    ledger.final_views[1] = dict(ledger.final_views[1], total=ledger.final_views[1]["total"] + 1)
    violations = checks.check_game(ledger, stored, RULES)
    assert found(violations) == {checks.REPLAY}
    assert "seat 1" in str(violations[0]) and "total" in str(violations[0])


async def test_a_ranked_game_rated_twice_or_never_breaks_rated_exactly_once(played):
    ledger, stored = played
    twice = checks.rated_once(ledger, stored, {"ann": [ledger.game_id] * 2, "bob": [ledger.game_id]})
    never = checks.rated_once(ledger, stored, {"ann": [], "bob": ["another-game"]})
    assert [v.text.split(" has ")[0] for v in twice] == ["ann"]
    assert len(never) == 2 and found(never) == {checks.RATED}


def test_a_process_still_alive_after_the_run_is_left_behind():
    assert checks.left_behind([202]) == [
        checks.Violation(checks.PROCESS, "", "process 202 still runs after the stack stopped")]

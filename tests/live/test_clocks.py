"""Turn clocks kept in the game's stream: a seat that runs out of time is timed out by the
server itself, exactly once however many replicas race, even across a SIGKILL of the engine;
its bot moves for it (or it forfeits); the clocks are in every view."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from dataclasses import replace

import grpc
from foodgames.v1 import game_pb2

from services.leaderboard.consumer import ConsumerSettings, parse_message
from services.leaderboard.ratings import RatingConfig
from apps.sdk.gamecalls import time_left_ms, turn_clock
from shared.eventstore.jetstream import JetStreamEventStore
from shared.protojson import to_struct
from shared.runtime.live import wall_ms
from tests.live.conftest import POLICY, clients, create, engine, events_of, eventually, stored
from tests.stacklib import ROOT, free_port_base, this_tree_first

JSON = game_pb2.VIEW_ENCODING_JSON


def clock(initial: int, increment: int = 0, forfeit: bool = False) -> game_pb2.Clock:
    return turn_clock(initial, increment, "forfeit" if forfeit else "bot")


async def test_a_seat_that_never_moves_is_timed_out_and_its_bot_finishes_the_game(settings, nats_url):
    async with engine(settings, nats_url) as server, clients(settings, server.port, "ann") as (ann,):
        game_id = await create(settings, server.port, ["ann", "bob"], clock(1, 1), options={"target": 12})
        seen = []

        async def ann_plays():  # ann moves on her turns; bob never does anything
            n = 0
            while True:
                r = await ann.api.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0, view_encoding=JSON))
                view = json.loads(r.view_json)
                seen.append(view)
                if r.finished:
                    return
                if view["to_act"] == ["ann"]:
                    n += 1
                    try:
                        await ann.api.SubmitMove(game_pb2.SubmitMoveRequest(
                            game_id=game_id, seat=0, move_id=f"m{n}", expected_version=r.version,
                            move=to_struct({"type": "add", "amount": 1})))
                    except grpc.aio.AioRpcError as exc:
                        assert exc.code() == grpc.StatusCode.ABORTED, exc  # bob's bot moved meanwhile
                await asyncio.sleep(0.05)

        await asyncio.wait_for(ann_plays(), 30)
        commands = await eventually(lambda: _revealed(server.runtime.store, game_id))
        live_record = await server.runtime.load(game_id)
        replayed = await server.runtime.replay(game_id)

    bob_moves = [c for c in commands if c.command_id.startswith("move:1:")]
    assert bob_moves, "bob's seat moved"
    assert all(any(e.type == "BotMoved" for e in c.events) for c in bob_moves), "every move of bob's was his bot's"
    timed_out = events_of(commands, "TimedOut")
    assert [e.data["player"] for e in timed_out] == ["bob", "bob"], "bob timed out twice, then his bot took over"
    took_over = events_of(commands, "BotTookOver")
    assert [(e.data["player"], e.data["reason"]) for e in took_over] == [("bob", "missed turns")]
    reasons = [next(e.data["reason"] for e in c.events if e.type == "BotMoved") for c in bob_moves]
    assert reasons[:2] == ["timeout", "timeout"] and set(reasons[2:]) <= {"takeover"}
    assert all(c.move is not None and c.move["seat"] == 1 for c in bob_moves), "the bot's moves are stored as moves"
    assert events_of(commands, "GameOver"), "the game was played to its end"
    # every view of the clocked table shows each seat's clock and presence
    for view in seen:
        assert set(view["clocks"]) == {"ann", "bob"} and set(view["presence"]) == {"ann", "bob"}
        assert all(isinstance(c["remaining_ms"], int) and isinstance(c["running"], bool)
                   for c in view["clocks"].values())
    assert "bot" in [v["presence"]["bob"] for v in seen] and seen[0]["presence"]["bob"] == "away"
    running = next(v for v in seen if v["clocks"]["bob"]["running"])
    assert time_left_ms(running, "bob", 0.25) == max(0, running["clocks"]["bob"]["remaining_ms"] - 250)
    assert time_left_ms(running, "ann", 0.25) == running["clocks"]["ann"]["remaining_ms"], "ann's clock is stopped"
    assert seen[-1]["presence"]["ann"] == "connected"
    # replay equals live: the stream alone gives the same game and the same table
    assert replayed.state == live_record.state and replayed.table == live_record.table


async def _revealed(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "SeedRevealed") else None


async def test_two_replicas_racing_on_an_expiry_write_exactly_one_timeout(settings, nats_url):
    now = [wall_ms()]
    policy = replace(POLICY, now_ms=lambda: now[0], takeover_after_timeouts=99)
    async with engine(settings, nats_url, policy) as one, engine(settings, nats_url, policy) as two:
        game_id = await create(settings, one.port, ["ann", "bob"], clock(60))
        await one.runtime.settle(game_id)
        both = asyncio.Barrier(2)
        tried = []
        for server in (one, two):
            append = server.runtime.store.append

            async def racing(subject, events, expected, command_id, *args, _append=append, **kwargs):
                if command_id.startswith("move:0:timeout-"):
                    tried.append(command_id)
                    async with asyncio.timeout(10):
                        await both.wait()  # both replicas decided on the same state: now they race
                return await _append(subject, events, expected, command_id, *args, **kwargs)

            server.runtime.store.append = racing
            await server.runtime.load(game_id)  # each replica holds the game and its deadline
        now[0] += 61_000  # ann's minute runs out, as both replicas see it
        await asyncio.gather(one.runtime.clocks.run_due(game_id), two.runtime.clocks.run_due(game_id))
        commands = await stored(one.runtime.store, game_id)
        states = [(await s.runtime.load(game_id)).state for s in (one, two)]
    assert len(tried) == 2 and tried[0] == tried[1], "both replicas tried to write the timeout"
    assert [e.data["player"] for e in events_of(commands, "TimedOut")] == ["ann"]
    assert len([c for c in commands if c.command_id.startswith("move:0:timeout-")]) == 1
    assert states[0] == states[1]


async def test_a_timeout_still_fires_on_time_after_the_engine_is_killed_and_restarted(settings, nats_url, nc):
    port = free_port_base(1)
    env = this_tree_first(dict(os.environ))
    start = [sys.executable, "-m", "tests.live.engine_process", nats_url, str(port), settings.token_key]

    def launch():
        proc = subprocess.Popen(start, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout.readline().strip() == b"serving"
        return proc

    store = JetStreamEventStore(nc)
    proc = await asyncio.to_thread(launch)
    try:
        game_id = await create(settings, port, ["ann", "bob"], clock(2))
        dealt = await eventually(lambda: _dealt(store, game_id))
        deadline = events_of(dealt, "TimeRecorded")[-1].data["at_ms"] + 2000  # ann's 2 s from the deal
        proc.send_signal(signal.SIGKILL)  # with ann's clock running
        await asyncio.to_thread(proc.wait)
        proc = await asyncio.to_thread(launch)  # a new process: nothing of the old one's timers
        commands = await eventually(lambda: _timed_out(store, game_id))
    finally:
        proc.kill()
        await asyncio.to_thread(proc.wait)
    timeout = next(c for c in commands if any(e.type == "TimedOut" for e in c.events))
    fired_at = next(e.data["at_ms"] for e in timeout.events if e.type == "TimeRecorded")
    assert [e.data["player"] for e in events_of(commands, "TimedOut")] == ["ann"]
    assert fired_at >= deadline, "never before ann's time is up"
    assert fired_at < deadline + 10_000, "and as soon as the restarted engine is up"


async def _dealt(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "CardsDealt") else None


async def _timed_out(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "TimedOut") else None


async def test_a_ranked_seat_out_of_time_forfeits_and_is_rated_last(settings, nats_url):
    async with engine(settings, nats_url) as server:
        game_id = await create(settings, server.port, ["ann", "bob", "cy"], clock(1, forfeit=True), ranked=True)
        commands = await eventually(lambda: _revealed(server.runtime.store, game_id))
    assert [e.data["player"] for e in events_of(commands, "Forfeited")] == ["ann"]
    [over] = events_of(commands, "GameOver")
    assert over.data["placings"] == [3, 1, 1] and over.data["forfeited"] == 0
    # the leaderboard rates it as GameOver says: ann last
    config = RatingConfig(games=("counter",))
    rated = [g for c in commands for g in _parse(c, config)]
    assert [g.placings for g in rated] == [(3, 1, 1)]


def _parse(command, config):
    from shared.gamestream import encode_body
    body = encode_body(command.command_id, command.version, command.recorded_at, [e.record() for e in command.events])
    return parse_message(command.subject, body, ConsumerSettings(), config)


async def test_the_increment_is_earned_once_per_turn_not_per_move(settings, nats_url):
    """docs/live-tables.md: a turn of several moves (the counter's per_turn, as Food Fight's servings
    or Forestaurant's actions) earns its seat the increment once, with the move that ends the
    turn (the seat leaves to_act): no run of moves buys time."""
    now = [10_000_000]
    policy = replace(POLICY, now_ms=lambda: now[0])
    async with engine(settings, nats_url, policy) as server, clients(settings, server.port, "ann") as (ann,):
        game_id = await create(settings, server.port, ["ann", "bob"], clock(60, 10), options={"per_turn": 3})

        async def dealt():
            return (await server.runtime.load(game_id)).state.hands

        await eventually(dealt)  # the clocks run from the deal on
        banks = []
        for n in range(1, 4):
            now[0] += 1000  # each move takes ann a second
            r = await ann.api.SubmitMove(game_pb2.SubmitMoveRequest(
                game_id=game_id, seat=0, move_id=f"m{n}", move=to_struct({"type": "add", "amount": 1}),
                view_encoding=JSON))
            view = json.loads(r.view_json)
            banks.append(view["clocks"]["ann"]["remaining_ms"])
            assert view["to_act"] == (["ann"] if n < 3 else ["bob"])
    # given 60 s and 10 s a turn, when ann spends 1 s on each of her turn's three moves,
    # then her first two moves earn nothing and the third, which ends her turn, earns 10 s once
    assert banks == [59_000, 58_000, 67_000]

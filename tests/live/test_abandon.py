"""Issue 29 (house bots that never run out), item 1: a casual table whose players have all left
ends, cancelled and not rated, and frees its bots (shared/runtime/abandon.py).

The rule, pure, on tables; then the runtime on the in-process store with a clock the test moves
(written once, not before its time, a player who comes back keeps the table, ranked tables are
not ended, the audit verifies); then over real gRPC and NATS: the bots' streams are told and the
house's seats go back."""
from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import replace

import grpc
import pytest
from foodgames.v1 import game_pb2

from apps.audit.record import audit_bundle
from services.deck.bundle import ClientSeed, build_bundle, command_rows
from services.deck.checkpoint import Checkpoint
from services.leaderboard.consumer import ConsumerSettings, parse_message
from services.leaderboard.ratings import RatingConfig
from shared import games
from shared.auth import Identity
from shared.eventstore.memory import MemoryEventStore
from shared.gamestream import encode_body
from shared.runtime import abandon
from shared.runtime.game import GameRuntime
from shared.runtime.live import AWAY, CONNECTED, ClockSpec, LivePolicy, Table
from tests.deck.record_games import SIGNER, LogDeck
from tests.games.counter import MOVES, RULES
from tests.live.conftest import POLICY, Client, create, engine, events_of, eventually, stored
from tests.runtime.memory_table import MATCHMAKER, FakeClock

T0 = 1_700_000_000_000
POLICY_45 = LivePolicy(abandon_after_s=45.0, no_show_s=60.0)
GAME = "counter"
BOT = "bot-counter-h29-1"  # a house bot's name (bot-<game>-...)


def table(presence, away_ms, ranked=False, clock=True) -> Table:
    n = len(presence)
    return Table(seats=n, ranked=ranked, clock=ClockSpec(60_000) if clock else None, created_ms=T0, at_ms=T0,
                 banks=(60_000,) * n, presence=tuple(presence), away_ms=tuple(away_ms),
                 taken_over=(False,) * n, missed=(0,) * n)


# -- the rule ---------------------------------------------------------------------------------

def test_a_casual_table_is_abandoned_once_its_one_player_was_away_for_the_abandonment_time():
    # "A table whose humans have all left ends (casual: cancelled, not rated) within a minute"
    left = table([AWAY, CONNECTED], [T0 + 1_000, 0])
    players = ("ann", BOT)
    assert abandon.abandoned_at(GAME, left, players, POLICY_45) == T0 + 1_000 + 45_000
    assert not abandon.is_abandoned(GAME, left, players, POLICY_45, T0 + 45_999)
    assert abandon.is_abandoned(GAME, left, players, POLICY_45, T0 + 46_000)


def test_the_last_player_to_leave_starts_the_countdown_and_one_still_there_keeps_the_table():
    players = ("ann", "bob", BOT)
    both_left = table([AWAY, AWAY, CONNECTED], [T0 + 1_000, T0 + 9_000, 0])
    assert abandon.abandoned_at(GAME, both_left, players, POLICY_45) == T0 + 9_000 + 45_000
    bob_there = table([AWAY, CONNECTED, CONNECTED], [T0 + 1_000, 0, 0])
    assert abandon.abandoned_at(GAME, bob_there, players, POLICY_45) is None


def test_ranked_tables_tables_without_a_clock_and_tables_of_bots_alone_are_never_abandoned():
    # ranked: "Ranked games are NOT ended this way (their clocks take over the seats)"
    assert abandon.abandoned_at(GAME, table([AWAY, CONNECTED], [T0, 0], ranked=True), ("ann", BOT), POLICY_45) is None
    # no clock, no presence: nothing tells who is there
    assert abandon.abandoned_at(GAME, table([AWAY, CONNECTED], [T0, 0], clock=False), ("ann", BOT), POLICY_45) is None
    # nobody but bots (names starting bot- are reserved for them, shared.names)
    assert abandon.abandoned_at(GAME, table([AWAY, AWAY], [T0, T0]), (BOT, "bot-a1b2-3"), POLICY_45) is None
    # and the operator may turn it off
    assert abandon.abandoned_at(GAME, table([AWAY, CONNECTED], [T0, 0]), ("ann", BOT),
                                replace(POLICY_45, abandon_after_s=0)) is None


def test_a_table_without_house_bots_is_left_to_its_clocks():
    # "... and frees its bots": people alone (a tournament's table), or with bots of their own
    for players in (("ann", "bob"), ("ann", "bot-a1b2-3")):
        assert abandon.abandoned_at(GAME, table([AWAY, AWAY], [T0, T0]), players, POLICY_45) is None, players


def test_a_player_who_has_not_come_yet_has_not_left():
    # the table's clocks deal with a seat that never came (its bot moves when its time runs out)
    never = table([AWAY, CONNECTED], [0, 0])
    assert abandon.abandoned_at(GAME, never, ("ann", BOT), POLICY_45) is None
    one_left_one_never_came = table([AWAY, AWAY, CONNECTED], [T0, 0, 0])
    assert abandon.abandoned_at(GAME, one_left_one_never_came, ("ann", "bob", BOT), POLICY_45) is None
    assert abandon.is_bot("Bot-Foodie-Forest-x") and not abandon.is_bot("robot-ann")


def test_the_event_says_why_and_names_the_seats_that_left():
    record = abandon.abandoned_record(table([AWAY, CONNECTED], [T0, 0]), ("ann", BOT), POLICY_45)
    assert record["type"] == "GameCancelled"
    assert record["data"]["seats"] == [0] and record["data"]["players"] == ["ann"]
    assert record["data"]["reason"].startswith("every player left the table for 45 s")


def test_the_abandonment_reads_in_english_and_german():
    # the frame's events have their log lines in shared/texts/{en,de}.ftl
    from shared.runtime.narrate import Narrator, runtime_message

    narrator = Narrator()
    read = {}
    for left in (["ann"], ["ann", "bob"]):
        data = {"reason": "x", "seats": list(range(len(left))), "players": left}
        message = runtime_message({"type": "GameCancelled", "data": data}, ["ann", "bob", BOT], 2)
        assert message.key == "event-GameCancelled-abandoned" and message.args["count"] == len(left)
        for language in ("en", "de"):
            assert narrator.texts.variables(message.key, language) <= set(message.args)
            read[language, len(left)] = narrator.render(message, language).text
    assert read["en", 1] == "The game was cancelled: ann has left the table and not come back. It is not rated."
    assert "ann and bob have left the table" in read["en", 2]
    assert "ann hat den Tisch verlassen und ist nicht" in read["de", 1]
    assert "ann und bob haben den Tisch verlassen und sind nicht" in read["de", 2]


# -- the runtime (in-process store, the test's clock) ------------------------------------------

async def counter_table(ranked: bool = False, players=("ann", BOT)):
    clock = FakeClock()
    store = MemoryEventStore()
    runtime = GameRuntime(RULES, store, LogDeck({}), moves=MOVES,
                          policy=LivePolicy(grace_s=1.0, abandon_after_s=45.0, no_show_s=60.0, now_ms=clock))
    record = await runtime.create_game(MATCHMAKER, list(players), {}, ranked=ranked, clock=ClockSpec(600_000))
    await runtime.settle(record.game_id)
    keys = []
    for seat, player in enumerate(players):  # everyone sits down, each holding a stream
        record = await runtime.load(record.game_id)
        keys.append(runtime.presence.hold(record, seat))
        await runtime.presence.present(record, seat, Identity(player, "player"), holding=True)
    return runtime, store, clock, record.game_id, keys


async def leaves(runtime, clock, key):
    """The seat's stream closes and the grace period passes: it is recorded away."""
    runtime.presence.release(key)
    clock.advance(1_001)
    await runtime.presence.check_away(key)
    assert (await runtime.load(key[0])).table.presence[key[1]] == AWAY


async def kinds(store, runtime, game_id):
    return [e.type for c in await store.read_commands(runtime.subject(game_id)) for e in c.events]


async def test_the_runtime_cancels_an_abandoned_casual_table_once_when_its_time_comes_and_reveals_its_seed():
    runtime, store, clock, game_id, keys = await counter_table()
    try:
        await leaves(runtime, clock, keys[0])
        clock.advance(45_000 - 1)
        await runtime.clocks.run_due(game_id)
        assert "GameCancelled" not in await kinds(store, runtime, game_id)  # not a moment early
        clock.advance(1)
        await runtime.clocks.run_due(game_id)
        await runtime.clocks.run_due(game_id)  # a second look writes nothing more
        record = await runtime.settle(game_id)
        commands = await store.read_commands(runtime.subject(game_id))
        assert [c.command_id.split(":")[0] for c in commands][-2:] == ["abandon", "reveal"]
        [event] = events_of(commands, "GameCancelled")
        assert event.data["seats"] == [0] and event.data["players"] == ["ann"]
        assert record.table.cancelled and not record.over and record.revealed
        assert runtime.clocks.running(record) == frozenset(), "its clocks stop"
        # the leaderboard's consumer finds nothing to rate in any of the game's messages
        config = RatingConfig(games=("counter",))
        for c in commands:
            body = encode_body(c.command_id, c.version, c.recorded_at, [e.record() for e in c.events])
            assert parse_message(c.subject, body, ConsumerSettings(), config) == []
    finally:
        await runtime.close()


async def test_a_player_who_comes_back_in_time_keeps_the_table_and_a_later_leave_counts_afresh():
    runtime, store, clock, game_id, keys = await counter_table()
    try:
        await leaves(runtime, clock, keys[0])
        clock.advance(30_000)
        await runtime.view(Identity("ann", "player"), game_id, 0)  # back before the 45 s
        clock.advance(20_000)
        await runtime.clocks.run_due(game_id)
        assert "GameCancelled" not in await kinds(store, runtime, game_id)
        # gone again (her call's grace ran out long ago): 45 s from now, not from the first leave
        await runtime.presence.check_away((game_id, 0))
        assert (await runtime.load(game_id)).table.presence[0] == AWAY
        clock.advance(44_999)
        await runtime.clocks.run_due(game_id)
        assert "GameCancelled" not in await kinds(store, runtime, game_id)
        clock.advance(1)
        await runtime.clocks.run_due(game_id)
        assert (await kinds(store, runtime, game_id)).count("GameCancelled") == 1
    finally:
        await runtime.close()


async def test_a_ranked_table_in_the_same_situation_is_not_ended():
    runtime, store, clock, game_id, keys = await counter_table(ranked=True)
    try:
        await leaves(runtime, clock, keys[0])
        clock.advance(46_000)
        await runtime.clocks.run_due(game_id)
        assert "GameCancelled" not in await kinds(store, runtime, game_id)
        assert not (await runtime.load(game_id)).table.cancelled
    finally:
        await runtime.close()


async def test_an_abandoned_foodie_forest_table_audits_offline():
    game = games.get("foodie-forest")
    clock = FakeClock()
    deck, store = LogDeck({0: b"seed of ann"}), MemoryEventStore()
    runtime = GameRuntime(game.rules, store, deck, moves=game.moves, bot=game.bots[game.default_bot],
                          policy=LivePolicy(grace_s=1.0, abandon_after_s=45.0, now_ms=clock))
    players = ["ann", "bot-foodie-forest-h29-1", "bot-foodie-forest-h29-2"]
    record = await runtime.create_game(MATCHMAKER, players, {}, ranked=False, clock=ClockSpec(600_000),
                                       game_id=f"abandoned-{uuid.uuid4().hex[:6]}")
    game_id = record.game_id
    try:
        await runtime.settle(game_id)
        record = await runtime.load(game_id)
        key = runtime.presence.hold(record, 0)
        await runtime.presence.present(record, 0, Identity("ann", "player"), holding=True)
        await leaves(runtime, clock, key)
        clock.advance(45_000)
        await runtime.clocks.run_due(game_id)
        record = await runtime.settle(game_id)
        assert record.table.cancelled and record.revealed
        commands = await store.read_commands(runtime.subject(game_id))
    finally:
        await runtime.close()
    note = SIGNER.sign(Checkpoint(SIGNER.name, deck.log.size, deck.log.root()))
    bundle = json.loads(json.dumps(build_bundle(
        game_id=game_id, game=game.name, server_seed=deck.server_seed,
        client_seeds=[ClientSeed(s, players[s], seed) for s, seed in deck.client_seeds.items()],
        commitment_index=deck.commitment_index, shuffles=deck.shuffles, reveal_index=deck.reveal_index,
        events=[e.record() for c in commands for e in c.events], log=deck.log, checkpoint_note=note,
        public_key=SIGNER.verifier_key, commands=command_rows(commands))))
    report = audit_bundle(bundle, expected_public_key=SIGNER.verifier_key)
    assert report.ok, [(c.name, c.reason) for c in report.checks if not c.ok]


# -- over gRPC and NATS ---------------------------------------------------------------------------

SHORT = replace(POLICY, abandon_after_s=0.6)


async def test_over_grpc_the_bots_stream_is_told_and_the_ranked_twin_plays_on(settings, nats_url):
    async with engine(settings, nats_url, SHORT) as server:
        store = server.runtime.store
        clock = game_pb2.Clock(initial_seconds=600)
        ann, bot = Client(settings, server.port, "ann"), Client(settings, server.port, BOT)
        casual = await create(settings, server.port, ["ann", BOT], clock)
        ranked = await create(settings, server.port, ["ann", BOT], clock, ranked=True)
        try:
            bot_streams = {g: bot.api.WatchGame(game_pb2.WatchGameRequest(game_id=g, seat=1)) for g in (casual, ranked)}
            for g in (casual, ranked):  # ann sits down at both, then closes her streams
                watch = ann.api.WatchGame(game_pb2.WatchGameRequest(game_id=g, seat=0))
                await watch.read()
                watch.cancel()

            async def cancelled(game_id):
                return events_of(await stored(store, game_id), "GameCancelled")

            [event] = await eventually(lambda: cancelled(casual))
            assert event.data["players"] == ["ann"]
            # the bot's stream ends, saying why (so the house's seat goes free)
            with pytest.raises(grpc.aio.AioRpcError) as told:
                async for _ in bot_streams[casual]:
                    pass
            assert told.value.code() == grpc.StatusCode.FAILED_PRECONDITION
            assert told.value.details().startswith("game cancelled: every player left the table")
            await eventually(lambda: _revealed(store, casual))
            # the ranked table, left at the same moment, is not ended (after another abandonment time)
            await asyncio.sleep(SHORT.abandon_after_s + SHORT.grace_s)
            assert not await cancelled(ranked)
        finally:
            for s in bot_streams.values():
                s.cancel()
            await ann.close()
            await bot.close()


async def _revealed(store, game_id):
    found = await stored(store, game_id)
    return found[-1].command_id == "reveal"


async def test_the_house_bots_at_an_abandoned_table_leave_and_the_house_has_their_seats_back(settings, nats_url):
    from apps.bots.house import House, Seated
    from shared.runtime.bootstrap import open_game_store, start_rules_server
    from shared.runtime.deck import SeededDeck

    game = games.get("foodie-forest")
    nc, store = await open_game_store(nats_url, game.name)
    server = await start_rules_server(game, settings, 0, store, SeededDeck(), policy=SHORT)
    sdk = settings.with_(addresses={game.name: f"127.0.0.1:{server.port}", "deck": "127.0.0.1:9"})
    house = House(sdk, max_bots=2)
    bots = [f"bot-{game.name}-h29{uuid.uuid4().hex[:4]}-{n}" for n in (1, 2)]
    ann = Client(settings, server.port, "ann")
    try:
        # given a casual table of ann and two house bots, the house playing their seats
        game_id = await create(settings, server.port, ["ann", *bots], game_pb2.Clock(initial_seconds=600))
        house.handle_seated(Seated(game.name, game_id, ((1, bots[0]), (2, bots[1]))))
        assert house.playing == 2
        watch = ann.api.WatchGame(game_pb2.WatchGameRequest(game_id=game_id, seat=0))
        await watch.read()
        # when ann leaves for good
        watch.cancel()
        # then the table ends and the house's two seats are free again, neither of them failed
        await eventually(lambda: house.playing == 0, timeout=20)
        assert house.failed == 0 and house.finished == 2
        assert events_of(await store.read_commands(server.runtime.subject(game_id)), "GameCancelled")
    finally:
        await house.close()
        await ann.close()
        await server.stop(grace=None)
        await server.runtime.close()
        await nc.drain()

"""Spectators over the real SpectateGame stream of every registered game's rules engine (real
gRPC, real NATS JetStream): a spectator sees the public view and public events only, never a
seat's private cards; a delay holds back exactly N moves; a game that allows no spectators
refuses them with PERMISSION_DENIED."""
from __future__ import annotations

import asyncio
import random

import grpc
import orjson
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from apps.bots import make_bot
from shared import games
from shared.codec import to_jsonable
from shared.gamestream import RUNTIME_EVENTS
from shared.protojson import to_dict
from shared.runtime.game import GameRecord
from tests.replay.conftest import SHORT, create, play_random

JSON = game_pb2.VIEW_ENCODING_JSON


def strings(value) -> set[str]:
    """Every text in a JSON-like value."""
    found, stack = set(), [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def hands(rules, state, players: int) -> set[str]:
    """The cards some seat holds privately and sees where nobody else does: its private cards
    (rules.private_cards) that its own view shows beyond the public one. (Card names repeat
    across copies, and a served card may stay among a seat's private ones once shown, so a
    private card's name alone may be public elsewhere.)"""
    public = strings(rules.view(state, None))
    return {card for seat in range(players) for card in rules.private_cards(state, seat)
            if card in strings(rules.view(state, seat)) and card not in public}


async def states_by_version(runtime, game_id) -> dict[int, object]:
    """The game's state after each stored command, folded from the stream."""
    record, states = GameRecord(game_id), {}
    for command in await runtime.store.read_commands(runtime.subject(game_id)):
        record = runtime.fold(record, [command])
        states[record.version] = record.state
    return states


async def collect(call) -> list:
    return [message async for message in call]


@pytest.mark.parametrize("name", games.names())
async def test_a_spectator_never_sees_a_seats_hand(tables, name):
    """Given a two-player bot game, watched from
    its creation by a spectator who plays in none of them, when the bots play them to the end,
    then every spectator message is the public view at its version and the public redaction of
    its commands' events, and shows none of the cards that only a seat's own view or redaction
    of an event shows (a hand, a face-down choice, a deal to a seat)."""
    game, rules, runtime = games.get(name), games.get(name).rules, tables.runtime(name)
    channel = tables.channel_to(name, "watcher")
    api = game_pb2_grpc.GameServiceStub(channel)
    hidden = 0  # seat-only cards met: the games had hands to hide
    try:
        for n in (max(2, game.min_players),):
            players = [f"s{n}p{i}" for i in range(n)]
            game_id = await create(runtime, players, SHORT.get(name))
            stream = aiter(api.SpectateGame(game_pb2.SpectateGameRequest(game_id=game_id, view_encoding=JSON)))
            first = await anext(stream)  # watching before the first move
            watching = asyncio.create_task(collect(stream))
            bots = [make_bot(name, "random", seed=f"{name}/{n}/{i}") for i in range(n)]
            await play_random(runtime, game_id, random.Random(n), bots=bots)
            messages = [first, *await asyncio.wait_for(watching, 30)]
            commands = await runtime.store.read_commands(runtime.subject(game_id))
            states = await states_by_version(runtime, game_id)
            private = {card for state in states.values() for seat in range(n)
                       for card in rules.private_cards(state, seat)}
            # without a delay, one message per stored command after the first
            assert [m.version for m in messages[1:]] == [c.version for c in commands if c.version > first.version]
            assert messages[-1].finished and messages[-1].version == max(states)
            shown_from = 0
            for message in messages:
                state = states[message.version]
                view = orjson.loads(message.view_json)
                assert view == rules.view(state, None)
                view_only = {c for seat in range(n) for c in strings(rules.view(state, seat)) - strings(view)} & private
                assert not strings(view) & view_only
                events = [runtime.codec.decode(stored.record()) for command in commands
                          if shown_from < command.version <= message.version
                          for stored in command.events if stored.type not in RUNTIME_EVENTS]
                public = [rules.event_view(e, None) for e in events]
                seat_only = {c for e in events for seat in range(n) if rules.event_view(e, seat) is not None
                              for c in strings(to_jsonable(rules.event_view(e, seat)))} - strings(to_jsonable(public))
                seat_only &= private
                hidden += len(seat_only | view_only)
                sent = [to_dict(e.data) for e in message.events if e.type not in RUNTIME_EVENTS]
                assert sent == [to_jsonable(p) for p in public if p is not None]
                leaked = sorted(strings(sent) & seat_only)[:5]
                assert not leaked, f"{name}: the spectator at version {message.version} sees {leaked}, seats' only"
                assert "ShuffleApplied" not in {e.type for e in message.events}
                shown_from = message.version
        assert hidden
    finally:
        await channel.close()


async def test_a_spectator_delay_holds_back_the_last_n_moves(tables):
    """Given a Foodie Forest game created with spectator_delay_moves=3, when its players move one
    at a time, then after each move the spectator is shown the game as it stood just before the
    3rd most recent move (nothing of the 3 last moves), and at the end the whole game at once."""
    name, delay = "foodie-forest", 3
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"], {"spectators": True, "spectator_delay_moves": delay})
    channel = tables.channel_to(name, "watcher")
    updates: asyncio.Queue = asyncio.Queue()

    async def follow():
        async for message in game_pb2_grpc.GameServiceStub(channel).SpectateGame(
                game_pb2.SpectateGameRequest(game_id=game_id, view_encoding=JSON)):
            await updates.put(message)

    follower = asyncio.create_task(follow())
    try:
        first = await asyncio.wait_for(updates.get(), 10)
        start_version = (await runtime.load(game_id)).version
        assert first.version == start_version and first.delay_moves == delay
        before_move: list[int] = []  # the version just before each move was stored
        rng = random.Random(7)
        for k in range(1, 40):
            before_move.append((await runtime.load(game_id)).version)
            await play_random(runtime, game_id, rng, max_moves=1)
            if k <= delay:
                continue  # the first `delay` moves are all held back: the table as dealt
            update = await asyncio.wait_for(updates.get(), 10)
            # shown: everything before the (k - delay + 1)-th move: the (k - delay)-th and its deal, no later
            assert update.version == before_move[k - delay], (k, update.version, before_move)
            assert orjson.loads(update.view_json) == runtime.rules.view(runtime.live[game_id][update.version], None)
        assert updates.empty()
        await play_random(runtime, game_id, rng)
        last = (await runtime.load(game_id)).version
        seen = []
        while not seen or seen[-1].version < last:
            seen.append(await asyncio.wait_for(updates.get(), 10))
        finished = next(u for u in seen if u.finished)
        assert finished.version > before_move[-1]  # the end came at once, not held back
    finally:
        follower.cancel()
        await asyncio.gather(follower, return_exceptions=True)
        await channel.close()


@pytest.mark.parametrize("options, ranked", [({}, True), ({"spectators": False}, False)],
                         ids=["ranked-by-default", "casual-with-spectators-false"])
async def test_spectating_a_game_that_allows_no_spectators_is_refused(tables, options, ranked):
    """Given a ranked game (no spectators by default) or a casual one created with
    spectators=false, when someone asks to spectate it, then the stream is refused with
    PERMISSION_DENIED saying the game allows no spectators, and nothing is written; an operator
    may still watch."""
    name = "forestaurant"
    runtime = tables.runtime(name)
    game_id = await create(runtime, ["ann", "bob"], options, ranked=ranked)
    version = await runtime.store.version(runtime.subject(game_id))
    for who in ("watcher", "ann"):
        channel = tables.channel_to(name, who)
        try:
            call = game_pb2_grpc.GameServiceStub(channel).SpectateGame(game_pb2.SpectateGameRequest(game_id=game_id))
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await asyncio.wait_for(anext(aiter(call)), 10)  # refused before any message
            call.cancel()
        finally:
            await channel.close()
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "does not allow spectators" in refused.value.details()
    assert await runtime.store.version(runtime.subject(game_id)) == version
    channel = tables.channel_to(name, "operator", "operator")
    try:
        call = game_pb2_grpc.GameServiceStub(channel).SpectateGame(game_pb2.SpectateGameRequest(game_id=game_id))
        first = await anext(aiter(call))
        call.cancel()
    finally:
        await channel.close()
    assert first.version == version and list(first.players) == ["ann", "bob"]


@pytest.mark.parametrize("options, words", [({"spectators": "yes"}, "true or false"),
                                            ({"spectator_delay_moves": -1}, "whole number of moves"),
                                            ({"spectator_delay_moves": 2.5}, "whole number of moves")])
async def test_a_bad_spectator_option_is_refused_at_creation(tables, options, words):
    """Given spectator options that are not a true/false and a whole number of moves, when a game
    is created with them, then CreateGame is refused with INVALID_ARGUMENT naming the option."""
    channel = tables.channel_to("forestaurant", "svc:matchmaking", "service")
    from shared.protojson import to_struct

    try:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await game_pb2_grpc.GameServiceStub(channel).CreateGame(game_pb2.CreateGameRequest(
                players=["ann", "bob"], options=to_struct(options)))
    finally:
        await channel.close()
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT and words in refused.value.details()


def test_the_audit_of_a_game_record_keeps_its_spectator_policy():
    """Given the audit bundle of a finished game (its GameCreated carries the table's spectator
    policy, a setting of the table like its options and ranked flag), when the record is audited
    as it is, then it holds; when the policy is made malformed, then the record check fails at
    event 0."""
    from apps.audit import record as rec
    from tests.deck.record_games import finished_game_bundle

    bundle = finished_game_bundle("forestaurant")
    created = bundle["events"][0]
    assert created["type"] == "GameCreated" and created["data"]["spectators"] == {"allowed": True, "delay_moves": 0}
    assert rec.audit_bundle(bundle).ok
    created["data"]["spectators"] = {"allowed": "yes", "delay_moves": -1}
    check = next(c for c in rec.audit_bundle(bundle).checks if c.name == rec.RECORD_CHECK)
    assert not check.ok and check.reason.startswith("game event 0 ")

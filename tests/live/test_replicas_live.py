"""Several replicas of a rules engine decide presence and clocks together (docs/live-tables.md,
"Replicas"): a seat is away only when no replica holds its stream, and a game's clock runs on the
one replica holding its shard's lease, taken over when that replica dies."""
from __future__ import annotations

import asyncio
import time

from foodgames.v1 import game_pb2

from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME
from tests.live.conftest import POLICY, clients, create, engine, events_of, eventually, stored

JSON = game_pb2.VIEW_ENCODING_JSON


def _owner(servers, game_id):
    owners = [s for s in servers if s.runtime.clocks.owns(game_id)]
    return owners[0] if len(owners) == 1 else None


async def _play_stream(client, game_id, seat):
    requests: asyncio.Queue = asyncio.Queue()
    await requests.put(game_pb2.PlayGameRequest(join=game_pb2.PlayGameJoin(game_id=game_id, seat=seat,
                                                                           view_encoding=JSON)))

    async def send():
        while True:
            yield await requests.get()

    stream = client.api.PlayGame(send())
    await anext(aiter(stream))
    return stream


async def test_a_seat_held_on_one_replica_is_not_away_on_another(settings, nats_url):
    # "a seat is away only when no replica holds its stream"
    async with engine(settings, nats_url, replicas=True) as one, engine(settings, nats_url, replicas=True) as two:
        game_id = await create(settings, one.port, ["ann", "bob"], game_pb2.Clock(initial_seconds=600))
        owner = await eventually(lambda: _owner((one, two), game_id))
        other = two if owner is one else one
        async with clients(settings, other.port, "ann") as (ann_there,), \
                clients(settings, owner.port, "ann") as (ann_here,):
            stream = await _play_stream(ann_there, game_id, 0)  # held on the replica not running the clock
            # ann also looks at the table on the clock's replica (a second tab): that replica
            # sees her call, never her stream, and looks again once her grace period is over
            await ann_here.api.GetView(game_pb2.GetViewRequest(game_id=game_id, seat=0, view_encoding=JSON))
            await asyncio.sleep(5 * one.runtime.policy.grace_s + 1.0)
            held = await stored(one.runtime.store, game_id)
            stream.cancel()
            gone = await eventually(lambda: _disconnected(one.runtime.store, game_id))
    anns = [e.type for c in held for e in c.events if e.type.startswith("Player") and e.data["player"] == "ann"]
    assert anns == ["PlayerConnected"], "never away while her stream was held"
    assert [e.data["player"] for e in events_of(gone, "PlayerDisconnected")] == ["ann"], "away once, once closed"


async def test_a_held_seat_is_vouched_for_every_few_seconds_never_less_than_15_s_ahead(settings, nats_url):
    # "a held stream HOLD_S (20 s) ahead, renewed every REFRESH_S (5 s)": a holder cut off from
    # the bucket for 10 s keeps its seats, at the cost of one write a seat every 5 s, not every second
    async with engine(settings, nats_url, replicas=True) as one:
        game_id = await create(settings, one.port, ["ann", "bob"], game_pb2.Clock(initial_seconds=600))
        registry = one.runtime.presence.registry
        async with clients(settings, one.port, "ann") as (ann,):
            stream = await _play_stream(ann, game_id, 0)
            key = registry.key(game_id, 0)
            written, least_ahead_ms = set(), None
            # watched for 7 s by the clock, not for 28 reads: on a loaded machine 28 reads take
            # longer, and more renewals in more time are no fault
            started = time.monotonic()
            while (watched := time.monotonic() - started) < 7.0:
                entry = await registry.kv.get(key)
                until = int(entry.value)
                written.add(until)
                ahead = until - registry.now_ms()
                least_ahead_ms = ahead if least_ahead_ms is None else min(least_ahead_ms, ahead)
                await asyncio.sleep(0.25)
            stream.cancel()
    assert 2 <= len(written) <= 1 + watched / 5.0 + 1, f"{len(written)} writes of the seat's entry in {watched:.1f} s"
    assert least_ahead_ms >= 14_500, f"the entry was only {least_ahead_ms} ms ahead"


async def _disconnected(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "PlayerDisconnected") else None


async def test_the_clock_s_replica_killed_the_timeout_still_fires_once(settings, nats_url, nc):
    # "a timeout is written once, by one replica, and a clock keeps running when the replica
    # that ran it dies"
    store = JetStreamEventStore(nc)
    one, two = await _replica(settings, nats_url), await _replica(settings, nats_url)
    try:
        game_id = await create(settings, one.port, ["ann", "bob"], game_pb2.Clock(initial_seconds=2))
        owner = await eventually(lambda: _owner((one, two), game_id))
        survivor = two if owner is one else one
        dealt = await eventually(lambda: _dealt(store, game_id))
        deadline = events_of(dealt, "TimeRecorded")[-1].data["at_ms"] + 2000  # ann's 2 s from the deal
        await _kill(owner)  # with ann's clock running on it
        commands = await eventually(lambda: _timed_out(store, game_id))
        await asyncio.sleep(1.0)  # a second writer would have written by now
        commands = await stored(store, game_id)
        took_over = survivor.runtime.clocks.owns(game_id)
    finally:
        for server in (one, two):
            await _kill(server)
    timeouts = [c for c in commands if any(e.type == "TimedOut" for e in c.events)]
    fired_at = next(e.data["at_ms"] for e in timeouts[0].events if e.type == "TimeRecorded")
    # ann's timeout once: the next one, if the game went on meanwhile (a loaded machine), is bob's
    # turn running out, never a second writer's copy of ann's
    fired = [e.data["player"] for e in events_of(commands, "TimedOut")]
    assert fired[0] == "ann" and all(a != b for a, b in zip(fired, fired[1:])), f"once: {fired}"
    assert took_over, "the other replica took the clock over"
    assert fired_at >= deadline, "never before ann's time is up"
    assert fired_at < deadline + 10_000, "and once the other replica took the clock over"


async def _replica(settings, nats_url):
    nc, store = await open_game_store(nats_url, GAME.name)
    return await start_rules_server(GAME, settings, 0, store, SeededDeck(), policy=POLICY, replicas=True)


async def _kill(server):
    """The replica dies: its connection drops at once, so it lets go of no lease (they run out)
    and renews no seat; then its server and timers stop."""
    nc = server.runtime.store.nc
    if nc.is_closed:
        return
    await nc.close()
    await server.stop(grace=None)
    await server.runtime.close()


async def _dealt(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "CardsDealt") else None


async def _timed_out(store, game_id):
    commands = await stored(store, game_id)
    return commands if events_of(commands, "TimedOut") else None

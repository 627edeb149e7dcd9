"""Several replicas share one pinned durable: one consumes at a time, in stream order, and
another takes over when it dies or stops. Order is checked the way it matters: the boards
equal a rebuild from the stream (ratings depend on the order of games)."""
from __future__ import annotations

import asyncio
import json
import random
import time

import nats
import pytest
from nats.js import api

from services.leaderboard.pinned import NotPinned
from services.leaderboard.rebuild import rebuild
from tests.leaderboard.conftest import consume_all, random_games, wait_until

FAST = dict(pin_timeout_s=2.5, batch=8, max_ack_pending=32, linger_s=0.02)


@pytest.fixture
async def connections(nats_url):
    made = []

    async def connect():
        made.append(await nats.connect(nats_url))
        return made[-1]

    yield connect
    for nc in made:
        if not nc.is_closed:
            await nc.close()


async def publish_with_moves(lane, games, moves_per_game: int = 5):
    """Each game-over after a few ordinary messages of the same game."""
    for body in games:
        for j in range(moves_per_game):
            move = {"command_id": f"m{j}", "version": j, "recorded_at": body["recorded_at"],
                    "events": [{"type": "CardPlayed", "schema_version": 1, "data": {"card": j}}]}
            await lane.publish(json.dumps(move, separators=(",", ":")).encode(), subject=lane.subject(body))
        await lane.publish(body)


async def rated(store) -> int:
    return await store.r.hlen(f"lb:{await store.live_gen()}:done")


def record_processing(consumer) -> list[int]:
    """The stream sequences `consumer` processes, in the order it does."""
    seqs: list[int] = []
    process_batch = consumer.process_batch

    async def spy(msgs, ack=True, until_done=False):
        seqs.extend(msg.metadata.sequence.stream for msg in msgs)
        return await process_batch(msgs, ack, until_done)

    consumer.process_batch = spy
    return seqs


async def assert_boards_equal_a_rebuild(lane, store):
    live = await store.dump()
    await rebuild(lane.nc, store, lane.settings, grace_s=0)
    assert await store.dump() == live


async def stop_all(consumers, tasks):
    for c in consumers:
        await c.stop()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_given_two_replicas_when_the_pinned_one_crashes_then_the_other_takes_over_in_stream_order(
        lane, store, connections):
    games = random_games(random.Random(21), 80, pool=10)
    replicas = [lane.consumer(store, nc=await connections(), **FAST) for _ in range(2)]
    tasks = [asyncio.create_task(r.run()) for r in replicas]
    try:
        await publish_with_moves(lane, games[:40])
        await wait_until(lambda: rated(store), timeout=15)
        pinned = [r for r in replicas if r.puller.pin]
        assert len(pinned) == 1, "one replica at a time holds the pin"
        crashed, survivor = pinned[0], next(r for r in replicas if r is not pinned[0])

        # the pinned replica dies: no unpin, no ack for what it holds
        await crashed.nc.close()
        await publish_with_moves(lane, games[40:])
        started = time.monotonic()
        await wait_until(lambda: _at_least(store, 80), timeout=30)
        assert time.monotonic() - started < 15  # pin timeout 2.5 s + ack wait 2 s, with room
    finally:
        await stop_all(replicas, tasks)
    assert crashed.stats["games"] > 0 and survivor.stats["games"] > 0
    await assert_boards_equal_a_rebuild(lane, store)


async def test_given_a_replica_stalled_on_a_batch_when_another_takes_over_then_it_goes_on_after_that_batch_only(
        lane, store, connections):
    games = random_games(random.Random(8), 30, pool=6)
    await publish_with_moves(lane, games, moves_per_game=2)
    # a long ack wait: what the stalled replica holds does not come back by itself in time
    settings = dict(FAST, ack_wait_s=30.0, batch=10)
    stalled = lane.consumer(store, nc=await connections(), **settings)
    held = await stalled.fetch()  # pinned, holds the first messages, then stalls
    assert [m.metadata.sequence.stream for m in held] == list(range(1, len(held) + 1))

    other = lane.consumer(store, nc=await connections(), **settings)
    await other.start()
    processed = record_processing(other)
    received: list[int] = []  # what the server hands it, before it is put in order
    take = other.order.take

    async def spy_take(msgs):
        received.extend(m.metadata.sequence.stream for m in msgs)
        return await take(msgs)

    other.order.take = spy_take
    task = asyncio.create_task(other.run())
    try:
        # the pin times out; the other replica gets the messages after the held ones...
        await wait_until(lambda: received, timeout=15)
        assert min(received) > len(held)
        await asyncio.sleep(1.0)
        assert processed == [], "nothing may overtake the messages the stalled replica holds"

        # ...the stalled replica wakes up and processes its batch (it does not know it lost
        # the pin), and the other goes on right after it, long before the ack wait
        for msg in held:
            await stalled.process(msg)
        await wait_until(lambda: _at_least(store, 30), timeout=10)
    finally:
        await stop_all([other], [task])
    assert processed == sorted(processed) and processed[0] == len(held) + 1
    await assert_boards_equal_a_rebuild(lane, store)


async def test_given_redeliveries_in_reverse_order_when_consumed_then_games_are_applied_in_stream_order(
        lane, store, connections):
    games = random_games(random.Random(3), 12, pool=6)
    await publish_with_moves(lane, games, moves_per_game=1)
    first = lane.consumer(store, nc=await connections(), **dict(FAST, batch=24))
    msgs = await first.fetch()
    assert len(msgs) == 24
    for msg in reversed(msgs):  # JetStream redelivers in the order of these naks
        await msg.nak()
    await first.stop()

    second = lane.consumer(store, nc=await connections(), **FAST)
    processed = record_processing(second)
    task = asyncio.create_task(second.run())
    try:
        await wait_until(lambda: _at_least(store, 12), timeout=15)
    finally:
        await stop_all([second], [task])
    assert processed == sorted(processed)
    await assert_boards_equal_a_rebuild(lane, store)


async def test_given_two_replicas_when_the_pinned_one_stops_then_the_other_takes_over_at_once(
        lane, store, connections):
    games = random_games(random.Random(4), 2, pool=6)
    slow_failover = dict(FAST, pin_timeout_s=60.0)
    replicas = [lane.consumer(store, nc=await connections(), **slow_failover) for _ in range(2)]
    tasks = [asyncio.create_task(r.run()) for r in replicas]
    try:
        await lane.publish(games[0])
        await wait_until(lambda: _at_least(store, 1), timeout=15)
        pinned = next(r for r in replicas if r.puller.pin)
        await pinned.stop()  # gives the pin up
        await lane.publish(games[1])
        await wait_until(lambda: _at_least(store, 2), timeout=10)  # not after the 60 s pin timeout
    finally:
        await stop_all(replicas, tasks)


async def test_given_a_store_with_games_when_a_new_durable_starts_then_it_resumes_after_the_last_game(lane, store):
    games = random_games(random.Random(6), 20, pool=6)
    await publish_with_moves(lane, games[:10], moves_per_game=2)
    await consume_all(lane.consumer(store), 10)  # e.g. the durable of an earlier version
    await publish_with_moves(lane, games[10:], moves_per_game=2)

    resumed = lane.consumer(store, durable=lane.settings.durable + "-next", resume_from_store=True)
    await consume_all(resumed, 10)
    assert resumed.stats["duplicates"] == 0 and resumed.stats["games"] == 10

    replay = lane.consumer(store, durable=lane.settings.durable + "-replay")  # from the start
    await replay.start()
    task = asyncio.create_task(replay.run())
    try:
        await wait_until(lambda: replay.stats["duplicates"] >= 20)
    finally:
        await stop_all([replay], [task])
    assert replay.stats["games"] == 0


async def test_given_a_durable_without_the_priority_group_when_starting_then_it_is_refused(lane, store):
    await lane.js.add_consumer(lane.settings.stream, api.ConsumerConfig(
        durable_name=lane.settings.durable, ack_policy=api.AckPolicy.EXPLICIT, max_ack_pending=1))
    with pytest.raises(NotPinned):
        await lane.consumer(store).start()


async def test_given_the_durable_is_deleted_while_running_then_it_is_made_again_and_consumption_goes_on(
        lane, store):
    consumer = lane.consumer(store, **FAST)
    task = asyncio.create_task(consumer.run())
    try:
        await delete_the_durable_between_two_games(lane, store, random_games(random.Random(9), 2, pool=6))
    finally:
        await stop_all([consumer], [task])


async def delete_the_durable_between_two_games(lane, store, games) -> None:
    """One game rated, the durable deleted, a second game published; returns once it is rated."""
    await lane.publish(games[0])
    await wait_until(lambda: _at_least(store, 1), timeout=15)
    await lane.js.delete_consumer(lane.settings.stream, lane.settings.durable)
    await lane.publish(games[1])
    await wait_until(lambda: _at_least(store, 2), timeout=15)


async def _at_least(store, n: int) -> bool:
    return await rated(store) >= n


async def test_given_making_the_deleted_durable_again_fails_once_then_it_tries_again_and_goes_on(
        lane, store, monkeypatch):
    from services.leaderboard import consumer as consumer_module

    real, failures = consumer_module.ensure_pinned_consumer, []

    async def fails_once(*args, **kwargs):
        if not failures:
            failures.append("refused")
            raise RuntimeError("creating consumer: the server was still deleting it")
        return await real(*args, **kwargs)

    consumer = lane.consumer(store, **FAST)
    await consumer.start()  # made at start the normal way
    monkeypatch.setattr(consumer_module, "ensure_pinned_consumer", fails_once)
    task = asyncio.create_task(consumer.run())
    try:
        await delete_the_durable_between_two_games(lane, store, random_games(random.Random(11), 2, pool=6))
        assert failures == ["refused"] and not task.done()
    finally:
        await stop_all([consumer], [task])

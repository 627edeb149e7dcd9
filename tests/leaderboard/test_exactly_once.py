"""A game counts once however often its game-over event arrives."""
from __future__ import annotations

import asyncio
import json
import random

from services.leaderboard.consumer import GameOverConsumer
from tests.leaderboard.conftest import consume_all, random_games, wait_until


async def test_duplicates_reorders_and_restarts_give_the_clean_boards(lane, store):
    rng = random.Random(7)
    games = random_games(rng, 60, pool=12)

    # 1. the clean pass: each game once, in order
    for body in games:
        await lane.publish(body)
    await consume_all(lane.consumer(store), len(games))
    clean = await store.dump(ledger=False)
    assert len(await store.r.hkeys("lb:1:done")) == 60
    await store.r.flushdb()
    await lane.delete()

    # 2. the messy stream: every game, plus copies of earlier games re-published
    #    later (new message ids, out of order across games), the same message id
    #    twice (JetStream drops it) and events of other types in between
    messy = await lane.create()
    published = 0
    for i, body in enumerate(games):
        await messy.publish(body, msg_id=f"m-{i}")
        await messy.publish(body, msg_id=f"m-{i}")  # deduplicated by the server
        other = {"command_id": f"x{i}", "version": 3, "recorded_at": body["recorded_at"],
                 "events": [{"type": "CardPlayed", "schema_version": 1, "data": {"card": "bug-3"}}]}
        await messy.publish(other, subject=messy.subject(body))
        published += 2
        if i % 3 == 2:
            old = games[rng.randrange(0, i + 1)]
            await messy.publish(old)  # a replayed copy of some earlier game
            published += 1

    # a consumer takes a batch, rates part of it without acking and "crashes"
    crashing = messy.consumer(store, max_ack_pending=5, batch=5, ack_wait_s=1.0)
    await crashing.start()
    msgs = await crashing.fetch()
    assert len(msgs) == 5
    for msg in msgs[:3]:
        await crashing.process(msg, ack=False)
    await crashing.stop()

    # the restarted consumer (same durable) gets the unacked batch again and goes on
    restarted = messy.consumer(store, max_ack_pending=5, batch=5, ack_wait_s=1.0)
    task = asyncio.create_task(restarted.run())
    info = await messy.js.stream_info(messy.settings.stream)
    assert info.state.messages == published
    await wait_until(lambda: _drained(messy), timeout=30)
    await restarted.stop()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert restarted.stats["duplicates"] >= 20

    # a second, independent consumer replays the whole stream: nothing changes
    replay = messy.consumer(store, durable=messy.settings.durable + "-replay")
    await replay.start()
    task = asyncio.create_task(replay.run())
    await wait_until(lambda: replay.stats["duplicates"] >= 80, timeout=30)
    await replay.stop()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert replay.stats["games"] == 0

    assert await store.dump(ledger=False) == clean
    ledger = await store.r.hgetall("lb:1:done")
    assert len(ledger) == 60
    # the ledger keeps the sequence of the copy that counted: the first one
    seqs = sorted(json.loads(v)["seq"] for v in ledger.values())
    assert seqs == sorted(set(seqs))


async def _drained(lane) -> bool:
    info = await lane.js.consumer_info(lane.settings.stream, lane.settings.durable)
    return info.num_pending == 0 and info.num_ack_pending == 0


async def test_rating_updated_events_are_published(lane, store, nc):
    seen = []

    async def collect(msg):
        seen.append((msg.subject, json.loads(msg.data)))

    sub = await nc.subscribe(lane.settings.ratings_prefix + ".>", cb=collect)
    body = random_games(random.Random(1), 1, games=("foodie-forest",))[0]
    body["events"][-1]["data"]["players"][0] = "ann.the*great"
    await lane.publish(body)
    consumer: GameOverConsumer = lane.consumer(store)
    await consume_all(consumer, 1)
    await wait_until(lambda: len(seen) == len(body["events"][-1]["data"]["players"]), timeout=5)
    await sub.unsubscribe()
    subjects = {s for s, _ in seen}
    assert f"{lane.settings.ratings_prefix}.foodie-forest.ann%2Ethe%2Agreat" in subjects
    event = next(e for s, e in seen if e["player"] == "ann.the*great")
    assert event["type"] == "rating.updated" and event["games"] == 1
    assert set(event) >= {"mu", "sigma", "rating", "provisional", "game_id", "season"}


async def test_a_casual_game_is_acknowledged_but_not_rated(lane, store):
    casual, ranked = random_games(random.Random(5), 2, games=("foodie-forest",))
    casual["events"][-1]["data"]["ranked"] = False
    ranked["events"][-1]["data"]["ranked"] = True
    await lane.publish(casual)
    await lane.publish(ranked)
    consumer: GameOverConsumer = lane.consumer(store)
    await consume_all(consumer, 1)
    rated = {p for p, _, known in await store.ratings("foodie-forest", casual["events"][-1]["data"]["players"], 0)
             if known}
    assert not rated - set(ranked["events"][-1]["data"]["players"]), "a casual game's players were rated"
    assert await store.last_seq() >= 1

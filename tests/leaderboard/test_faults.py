"""Bad events go to the dead-letter subject; Redis going away loses nothing."""
from __future__ import annotations

import asyncio
import json
import random
from collections import Counter

from services.leaderboard.boards import Store
from tests.leaderboard.conftest import FOUR_GAMES
from apps.embedded import start_valkey
from tests.leaderboard.conftest import T0, consume_all, game_over_body, random_games, wait_until


async def test_dead_letters_carry_the_reason_and_processing_goes_on(lane, store):
    p = lane.settings.subject_prefix
    good = game_over_body("foodie-forest", "ok1", ["ann", "bob"], [1, 2], T0)
    await lane.publish(b"{broken", subject=f"{p}.foodie-forest.x1")
    await lane.publish(game_over_body("chess", "x2", ["ann", "bob"], [1, 2], T0))
    await lane.publish(game_over_body("foodie-forest", "x3", ["ann", "bob"], [1, 2], T0, schema_version=9))
    await lane.publish(game_over_body("foodie-forest", "x4", ["ann", "bob"], [1, 7], T0))
    await lane.publish(game_over_body("foodie-forest", "x5", ["ann", "bob"], [1, 2], T0),
                       subject=f"{p}.foodie-forest.other-id")
    await lane.publish(good)
    consumer = lane.consumer(store)
    await consume_all(consumer, 1)
    assert consumer.stats["deadletters"] == 5

    sub = await lane.js.subscribe(lane.settings.deadletter_subject, stream=lane.settings.deadletter_stream,
                                  ordered_consumer=True)
    letters = [json.loads((await sub.next_msg(timeout=2)).data) for _ in range(5)]
    await sub.unsubscribe()
    reasons = [d["reason"] for d in letters]
    assert "not JSON" in reasons[0]
    assert "unknown game 'chess'" in reasons[1]
    assert "schema_version 9" in reasons[2]
    assert "placings" in reasons[3]
    assert "subject" in reasons[4]
    assert letters[1]["original"]["events"][-1]["data"]["game"] == "chess"
    assert letters[0]["original"] == "{broken" and letters[0]["stream_seq"] == 1
    assert (await store.player("foodie-forest", "ann", T0.timestamp()))["entry"].games == 1


async def test_redis_down_then_back_loses_and_doubles_nothing(lane, tmp_path):
    valkey = start_valkey(data_dir=tmp_path / "valkey")
    store = Store.from_url(valkey.url, config=FOUR_GAMES)
    games = random_games(random.Random(3), 40, pool=10)
    consumer = lane.consumer(store)
    task = asyncio.create_task(consumer.run())
    try:
        for body in games[:20]:
            await lane.publish(body)
        await wait_until(lambda: consumer.stats["games"] >= 20)
        valkey.stop()  # Redis goes away
        for body in games[20:]:
            await lane.publish(body)
        await asyncio.sleep(0.5)  # the consumer tries, fails, and waits without acking
        assert consumer.stats["redis_waits"] >= 1
        valkey = start_valkey(data_dir=tmp_path / "valkey", port=valkey.port)
        await wait_until(lambda: consumer.stats["games"] >= 40, timeout=20)
    finally:
        await consumer.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    try:
        assert await store.r.hlen("lb:1:done") == 40
        played = Counter(p for g in games for p in g["events"][-1]["data"]["players"])
        for player, n in played.items():
            games_counted = sum([int((await store.r.hget(f"lb:1:r:{game}:{player}", "games")) or 0)
                                 for game in ("foodie-forest", "food-fight", "foodtown-throwdown", "forestaurant")])
            assert games_counted == n, player
        live = await store.dump(ledger=False)
    finally:
        await store.close()
        valkey.stop()

    # the same games in one clean pass give the same boards
    clean_server = start_valkey()
    clean = Store.from_url(clean_server.url, config=FOUR_GAMES)
    try:
        await lane.delete()
        await lane.create()
        for body in games:
            await lane.publish(body)
        await consume_all(lane.consumer(clean), 40)
        assert await clean.dump(ledger=False) == live
    finally:
        await clean.close()
        clean_server.stop()

"""Games are rated in batches: one read and one write for a whole batch, and the same boards
as rating the games one at a time (docs/leaderboard.md, "Consumer": ratings depend on the
order games are applied in, so a player's second game of a batch is rated after the first)."""
from __future__ import annotations

import asyncio
import json
import random

from services.leaderboard.consumer import parse_message
from services.leaderboard.snapshot import Snapshot
from tests.leaderboard.conftest import FOUR_GAMES, random_games, wait_until


def game_overs(lane, bodies) -> list:
    return [(go, seq) for seq, body in enumerate(bodies, start=1)
            for go in parse_message(lane.subject(body), json.dumps(body).encode(), lane.settings, FOUR_GAMES)]


def count_round_trips(store, monkeypatch) -> dict:
    """How often the store reads a batch's state and runs the write script."""
    counts = {"reads": 0, "writes": 0}
    real_read, real_apply = Snapshot.read, store._apply

    async def read(snap, *args, **kwargs):
        counts["reads"] += 1
        return await real_read(snap, *args, **kwargs)

    async def apply(*args, **kwargs):
        counts["writes"] += 1
        return await real_apply(*args, **kwargs)

    monkeypatch.setattr(Snapshot, "read", read)
    monkeypatch.setattr(store, "_apply", apply)
    return counts


async def test_given_players_in_several_games_of_one_batch_then_it_is_rated_as_one_by_one_in_two_round_trips(
        lane, store, monkeypatch):
    # six players, 80 games of all four games (co-op among them): each player is in dozens
    games = game_overs(lane, random_games(random.Random(17), 80, pool=6))
    for go, seq in games:
        assert (await store.record(go, seq)).status == "ok"
    one_by_one = await store.dump()
    await store.r.flushdb()

    counts = count_round_trips(store, monkeypatch)
    applied = await store.record_batch(games)
    assert [a.status for a in applied] == ["ok"] * len(games)
    assert await store.dump() == one_by_one
    # each game saw its players' ratings as the games before it in the batch left them:
    # a stale read would have been refused by the script and read again
    assert counts == {"reads": 1, "writes": 1}


async def test_given_a_game_twice_in_a_batch_or_already_rated_then_it_counts_once(lane, store):
    first, second = game_overs(lane, random_games(random.Random(4), 2, pool=6, games=("food-fight",)))
    assert (await store.record(*first)).status == "ok"
    applied = await store.record_batch([first, second, second, first])
    assert [a.status for a in applied] == ["dup", "ok", "dup", "dup"]
    assert applied[2].ledger == applied[1].ledger  # the copy reports the game as it counted
    assert await store.r.hlen("lb:1:done") == 2
    for player in set(first[0].players) | set(second[0].players):
        played = (first[0].players + second[0].players).count(player)
        assert int(await store.r.hget(f"lb:1:r:food-fight:{player}", "games")) == played


async def test_given_a_batch_written_but_not_acked_when_it_comes_again_then_nothing_is_rated_twice(
        lane, store, monkeypatch):
    bodies = random_games(random.Random(9), 40, pool=5)
    for body in bodies:
        await lane.publish(body)
    crashing = lane.consumer(store)
    msgs = await crashing.fetch()
    assert len(msgs) == 40
    counts = count_round_trips(store, monkeypatch)
    applied = await crashing.process_batch(msgs, ack=False)  # written, then the replica "crashes"
    assert [a.status for a in applied] == ["ok"] * 40 and counts == {"reads": 1, "writes": 1}
    await crashing.stop()
    rated = await store.dump()

    restarted = lane.consumer(store)
    task = asyncio.create_task(restarted.run())
    try:
        await wait_until(lambda: restarted.stats["duplicates"] >= 40)  # the unacked batch again
    finally:
        await restarted.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert restarted.stats["games"] == 0 and restarted.stats["duplicates"] == 40
    assert await store.dump() == rated

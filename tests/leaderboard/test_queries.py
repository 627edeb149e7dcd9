"""Queries against a board of 100,000 players (loaded with pipelines)."""
from __future__ import annotations

import random

import pytest

from services.leaderboard import seasons
from services.leaderboard.bulkload import bulk_load
from services.leaderboard.keys import WINS
from services.leaderboard.ratings import Rating

N = 100_000
NOW = 1_795_000_000.0


@pytest.fixture
async def big_board(store):
    rng = random.Random(11)
    rows = []
    for i in range(N):
        mu = rng.gauss(25, 5)
        sigma = rng.uniform(1.5, 8.3)
        # a few exact ties: same rating, different times
        if i % 1000 == 0:
            mu, sigma = 30.0, 2.0
        rows.append((f"u{i:06d}", Rating(mu, sigma, games=rng.randint(1, 200), wins=rng.randint(0, 50),
                                         last_played=NOW - rng.randint(0, 30 * 86400))))
    season = seasons.season_id(NOW)
    await bulk_load(store, "food-fight", rows, season=season)
    # the expected order: rating in thousandths, then earlier time first
    order = sorted(rows, key=lambda r: (-round(r[1].shown() * 1000), int(r[1].last_played)))
    return rows, order, season


async def test_top_page_around_player_and_season(store, big_board):
    rows, order, season = big_board
    top, total = await store.top("food-fight", 10, NOW)
    assert total == N
    assert [e.rank for e in top] == list(range(1, 11))
    assert [e.player for e in top] == [name for name, _ in order[:10]]
    assert top[0].board_value == pytest.approx(order[0][1].shown(), abs=1e-3)

    page, _ = await store.page("food-fight", 50_001, 25, NOW)
    assert [e.rank for e in page] == list(range(50_001, 50_026))
    assert [e.player for e in page] == [name for name, _ in order[50_000:50_025]]
    last, _ = await store.page("food-fight", N - 2, 10, NOW)
    assert [e.rank for e in last] == [N - 2, N - 1, N]

    name = order[70_000][0]
    around, total, rank = await store.around("food-fight", name, 5, NOW)
    assert rank == 70_001
    assert [e.player for e in around] == [n for n, _ in order[69_995:70_006]]
    assert around[5].player == name and around[5].rank == 70_001
    first, _, rank = await store.around("food-fight", order[1][0], 5, NOW)
    assert rank == 2 and first[0].rank == 1 and len(first) == 7
    assert await store.around("food-fight", "nobody", 5, NOW) == ([], N, None)

    # ties: equal ratings are ordered by who got there first
    near, _, _ = await store.around("food-fight", "u000000", 200, NOW)
    tied = [e for e in near if e.board_value == 24.0]
    times = [e.last_played for e in tied]
    assert len(tied) >= 100 and times == sorted(times)

    # the season board (every player played this season here) and the player call
    season_top, season_total = await store.top("food-fight", 5, NOW, season="current")
    assert season_total == N and [e.player for e in season_top] == [n for n, _ in order[:5]]
    assert (await store.top("food-fight", 5, NOW, season="previous"))[1] == 0
    info = await store.player("food-fight", name, NOW)
    assert info["entry"].rank == 70_001 and info["season"] == season and info["season_rank"] == 70_001
    stored = dict(rows)[name]
    assert info["entry"].mu == pytest.approx(stored.mu)
    assert info["entry"].sigma >= stored.sigma  # grown by the days away
    wins_top, wins_total = await store.top("food-fight", 3, NOW, kind=WINS)
    assert wins_top[0].board_value == 50 and wins_total == sum(1 for _, r in rows if r.wins)

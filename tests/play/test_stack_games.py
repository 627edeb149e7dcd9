"""Bots play complete games of every player count (2-5) through the real services, and every
game's stream, replayed, gives exactly the final views the players saw.

`test_bots_play_200_games_of_each_player_count...` is the full run the issue asks for: 804
games, ~162,000 moves, about 2.5-3 minutes on 2 cores (~1,100-1,250 moves/s; every move
costs ~1.4 ms of CPU over all processes, docs/benchmarks.md). It is marked slow (`make
test-slow`) to keep `make test` near two minutes; the default suite runs the same test with
FOODGAMES_PLAY_GAMES games per count (default 6: 24 games and 4 matched tables).

Most tables are created directly (CreateGame with a service token) and played over one
PlayGame stream per seat (apps.bots.seat_stream.stream_table: the server sends a seat its
view when it must act, its bot answers with a move on the stream); a few tables form through
the matchmaker and are played by bots exactly as `foodgames bots` runs them (ticket, watch
ticket, client seed, WatchGame stream, SubmitMove).
"""
from __future__ import annotations

import asyncio
import os
import time
import uuid

import pytest

from services.foodie_forest.rules import RULES
from shared.auth import service_token
from shared.runtime.live import without_live_fields
from apps.bots import make_bot
from apps.sdk.connection import ChannelPool, Connection
from apps.sdk.gamecalls import create_game
from apps.sdk.seatplayer import run_bot
from apps.bots.seat_stream import stream_table
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime

QUICK_GAMES_PER_COUNT = int(os.environ.get("FOODGAMES_PLAY_GAMES", "6"))
CONCURRENT_TABLES = 200


async def replay_matches(runtime: GameRuntime, game_id: str, players, views) -> None:
    record = await runtime.replay(game_id)
    assert record.over, f"{game_id}: the stream has no GameOver"
    assert record.players == tuple(players)
    assert RULES.is_terminal(record.state)
    for seat, seen in enumerate(views):
        assert RULES.view(record.state, seat) == without_live_fields(seen), \
            f"{game_id} seat {seat}: replay differs from the final view"
    result = RULES.result(record.state)
    assert dict(zip(result.players, result.points)) == views[0]["points"]


@pytest.mark.slow
@pytest.mark.timeout(3600)
async def test_bots_play_200_games_of_each_player_count_and_replays_match(play_stack):
    await play_and_replay(play_stack, 200)


@pytest.mark.timeout(600)
async def test_bots_play_games_of_each_player_count_and_replays_match(play_stack):
    await play_and_replay(play_stack, QUICK_GAMES_PER_COUNT)


async def play_and_replay(settings, games_per_count: int) -> None:
    tag = uuid.uuid4().hex[:5]
    pool = ChannelPool(settings, 4)
    admin = Connection(settings, service_token(settings, "play-tests"), "svc:play-tests", pool=pool)
    gate = asyncio.Semaphore(CONCURRENT_TABLES)
    started = time.perf_counter()

    async def table(n: int, g: int):
        players = [f"t{tag}n{n}g{g}s{s}" for s in range(n)]
        bots = [make_bot("foodie-forest", "heuristic" if (g + s) % 2 else "random", seed=f"{tag}/{n}/{g}/{s}")
                for s in range(n)]
        async with gate:
            created = await create_game(admin, "foodie-forest", players)
            return await stream_table(settings, "foodie-forest", created.game_id, players, bots, pool=pool)

    async def through_matchmaker(n: int, tables: int):
        names = [f"m{tag}n{n}b{i}" for i in range(n * tables)]
        return await asyncio.gather(*(run_bot(settings, name, "foodie-forest", "heuristic", ranked=False,
                                              min_players=n, max_players=n) for name in names))

    direct, matched = await asyncio.gather(
        asyncio.gather(*(table(n, g) for g in range(games_per_count) for n in (2, 3, 4, 5))),
        asyncio.gather(through_matchmaker(2, 2), through_matchmaker(3, 1), through_matchmaker(4, 1)))
    played = time.perf_counter() - started
    await pool.close()

    counts: dict[int, int] = {}
    for result in direct:
        assert result.rejections == 0 and all(v["finished"] for v in result.views), result.game_id
        counts[len(result.players)] = counts.get(len(result.players), 0) + 1
    assert counts == {n: games_per_count for n in (2, 3, 4, 5)}
    tables: dict[str, dict] = {}
    for bots in matched:
        for b in bots:
            assert b.view["finished"] and b.rejections == 0
            # the seed went at once; on a loaded machine the deck may find it past its window
            assert b.seed_ok or "too late" in b.seed_text, b.seed_text
            tables.setdefault(b.game_id, {})[b.seat] = b
    assert len(tables) == 4 and all(len(t) == len(next(iter(t.values())).view["players"]) for t in tables.values())

    nc = await connect(settings.nats_url)
    runtime = GameRuntime(RULES, JetStreamEventStore(nc), SeededDeck(), cache_size=1)
    reading = asyncio.Semaphore(32)  # replays overlap their reads from NATS

    async def replayed(game_id, players, views):
        async with reading:
            await replay_matches(runtime, game_id, players, views)
    try:
        await asyncio.gather(
            *(replayed(r.game_id, r.players, r.views) for r in direct),
            *(replayed(game_id, seats[min(seats)].view["players"], [seats[s].view for s in sorted(seats)])
              for game_id, seats in tables.items()))
    finally:
        await nc.drain()
    moves = sum(r.moves for r in direct)
    print(f"\n{len(direct) + len(tables)} games, {moves} moves played in {played:.1f}s "
          f"({moves / played:.0f} moves/s); replays checked in {time.perf_counter() - started - played:.1f}s")


async def test_tables_stopped_at_their_move_limit_end_every_seats_stream_cleanly(play_stack):
    # as `foodgames bench moves` plays: the limit cancels every seat's call, whatever it is doing
    pool = ChannelPool(play_stack, 2)
    admin = Connection(play_stack, service_token(play_stack, "play-tests"), "svc:play-tests", pool=pool)
    tag = uuid.uuid4().hex[:5]
    try:
        tables = [[f"x{tag}g{g}s{s}" for s in range(4)] for g in range(30)]
        created = await asyncio.gather(*(create_game(admin, "foodie-forest", t) for t in tables))
        results = await asyncio.gather(*(
            stream_table(play_stack, "foodie-forest", c.game_id, t,
                         [make_bot("foodie-forest", "random", seed=f"{tag}/{g}/{s}") for s in range(4)],
                         pool=pool, max_moves=12 + g % 7)
            for g, (c, t) in enumerate(zip(created, tables))))
        for g, result in enumerate(results):
            # recipes are chosen at the same time: a few may be in flight when the limit is hit
            assert 12 + g % 7 <= result.moves <= 12 + g % 7 + 3 and result.rejections == 0
    finally:
        await pool.close()

"""Every registered game through the real stack of `make run`: its own rules engine answers,
bots play whole games of its smallest and largest tables over PlayGame streams, each game's
stream replays to exactly the views the players saw, a ranked table formed by the matchmaker
reaches the leaderboard, and `foodgames audit verify` holds for it. (Foodie Forest's many
games are in test_stack_games.py.)"""
from __future__ import annotations

import asyncio
import uuid

import pytest

from apps.bots import make_bot
from apps.bots.seat_stream import stream_table
from apps.cli.play import audit_verify, wait_rated
from apps.sdk.connection import ChannelPool, Connection
from apps.sdk.gamecalls import create_game
from apps.sdk.seatplayer import run_bot
from tests.stacklib import cli_env
from shared import games
from shared.auth import service_token
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRuntime

OTHER_GAMES = [name for name in games.names() if name != "foodie-forest"]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", OTHER_GAMES)
async def test_bots_play_the_game_through_the_stack_and_it_replays_rates_and_verifies(play_stack, name):
    game = games.get(name)
    settings, tag = play_stack, uuid.uuid4().hex[:5]
    pool = ChannelPool(settings, 2)
    admin = Connection(settings, service_token(settings, "play-tests"), "svc:play-tests", pool=pool)
    sizes = sorted({game.min_players, game.max_players})

    async def table(n: int):
        players = [f"e{tag}n{n}s{s}" for s in range(n)]
        bots = [make_bot(name, "random" if s % 2 else None, seed=f"{tag}/{n}/{s}") for s in range(n)]
        created = await create_game(admin, name, players)
        return await stream_table(settings, name, created.game_id, players, bots, pool=pool)

    n = game.min_players
    ranked_names = [f"r{tag}b{i}" for i in range(n)]
    # a co-op table forms by difficulty: the ranked table asks for the hard one
    options = {"difficulty": "hard"} if game.cooperative else None
    try:
        direct, matched = await asyncio.gather(
            asyncio.gather(*(table(size) for size in sizes)),
            asyncio.gather(*(run_bot(settings, b, name, None, ranked=True, min_players=n, max_players=n,
                                     options=options) for b in ranked_names)))
    finally:
        await pool.close()
    for result in direct:
        assert all(v["finished"] for v in result.views), result.game_id
        # seats acting at the same time may lose a race (an offer to a cook just committed):
        # such a move is refused as no longer possible, never as malformed or not theirs
        assert all(r.startswith("FAILED_PRECONDITION") for r in result.refusals), result.refusals
    assert all(b.view["finished"] and b.rejections == 0 for b in matched)
    ranked_id = matched[0].game_id
    assert {b.game_id for b in matched} == {ranked_id}
    if options:
        assert matched[0].view["difficulty"] == "hard"

    # replay equals live
    nc = await connect(settings.nats_url)
    runtime = GameRuntime(game.rules, JetStreamEventStore(nc), SeededDeck(), cache_size=1)
    try:
        for result in direct:
            record = await runtime.replay(result.game_id)
            assert record.over and game.rules.is_terminal(record.state)
            for seat, seen in enumerate(result.views):
                assert game.rules.view(record.state, seat) == seen
    finally:
        await nc.drain()

    # the ranked table's players reach the leaderboard, and its shuffles verify
    await wait_rated(settings, name, ranked_names, timeout=30)
    from foodgames.v1 import leaderboard_pb2 as lb

    conn = Connection(settings, service_token(settings, "play-tests"), "svc:play-tests")
    try:
        rated = await conn.leaderboard().GetPlayer(lb.GetPlayerRequest(game=name, player=ranked_names[0]), timeout=5)
    finally:
        await conn.close()
    assert rated.entry.games == 1
    ok, report = await asyncio.to_thread(audit_verify, ranked_id, env=cli_env(settings))
    assert ok, report
    # the record replays through the game's rules, and the leaderboard rated it as it ended
    for check in ("game record", "final result", "leaderboard rating"):
        assert f"ok      {check}" in report, report

"""Cooperative games (Forestaurant): the record per player and difficulty (games, wins,
losses, best result) and the wins and best-result boards per difficulty, with real
NATS and Valkey, through the consumer, a rebuild and gRPC."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import random
from datetime import timedelta

import grpc
import pytest
from foodgames.v1 import leaderboard_pb2 as pb
from foodgames.v1 import leaderboard_pb2_grpc as pb_grpc

from apps.cli import leaderboard as cli
from services.leaderboard import bootstrap, seasons
from services.leaderboard.keys import BEST, WINS, key_part
from services.leaderboard.scores import best_q, decode_best, encode_best
from services.leaderboard.consumer import parse_message
from services.leaderboard.snapshot import Snapshot
from services.leaderboard.rebuild import rebuild
from shared.auth import mint_token
from shared.channels import client_channel
from shared.config import Settings
from tests.leaderboard.conftest import (
    FOUR_GAMES,
    T0,
    consume_all,
    game_over_body,
    random_games,
    wait_until,
)

GAME = "forestaurant"
WEEK_A = T0  # Monday of one ISO week
WEEK_B = T0 + timedelta(days=7)  # the next week
SEASON_A = seasons.season_id(WEEK_A.timestamp())
SEASON_B = seasons.season_id(WEEK_B.timestamp())
NOW = (WEEK_B + timedelta(days=1)).timestamp()


def coop(game_id, players, won, points, at, difficulty):
    return game_over_body(GAME, game_id, players, [1] * len(players), at, points=[points] * len(players),
                          team_won=won, difficulty=difficulty)


def h(week, hours):
    return week + timedelta(hours=hours)


# (game id, players, won, points, time, difficulty)
GAMES = [
    coop("c1", ["ann", "bob"], False, 10, h(WEEK_A, 1), "easy"),
    coop("c2", ["ann", "bob"], True, 8, h(WEEK_A, 2), "easy"),  # a win, lower than the loss before
    coop("c3", ["cid"], True, 14, h(WEEK_A, 3), "easy"),
    coop("c4", ["ann"], True, 14, h(WEEK_A, 4), "easy"),  # ties cid's 14, later
    coop("c5", ["ann"], False, 20, h(WEEK_A, 5), "hard"),
    coop("c6", ["bob", "cid"], True, 12, h(WEEK_B, 1), "hard"),
    coop("c7", ["bob", "cid", "dan"], False, 25, h(WEEK_B, 2), "hard"),  # a loss above every win
    coop("c8", ["dan"], False, 22, h(WEEK_B, 3), "hard"),
    coop("c9", ["bob"], True, 14, h(WEEK_B, 4), "easy"),
    coop("c10", ["eve"], True, 5, h(WEEK_B, 5), None),  # no difficulty: "standard"
    coop("c11", ["eve"], False, 3, h(WEEK_B, 6), "very:hard"),  # a key separator in a difficulty
    # a difficulty that, unescaped, would name the easy boards of season A
    coop("c12", ["fay"], True, 30, h(WEEK_B, 7), f"easy:{SEASON_A}"),
]

# player -> difficulty -> (games, wins, losses, best result)
RECORDS = {
    "ann": {"easy": (3, 2, 1, 14.0), "hard": (1, 0, 1, 20.0)},
    "bob": {"easy": (3, 2, 1, 14.0), "hard": (2, 1, 1, 12.0)},
    "cid": {"easy": (1, 1, 0, 14.0), "hard": (2, 1, 1, 12.0)},
    "dan": {"hard": (2, 0, 2, 25.0)},
    "eve": {"standard": (1, 1, 0, 5.0), "very:hard": (1, 0, 1, 3.0)},
    "fay": {f"easy:{SEASON_A}": (1, 1, 0, 30.0)},
}


async def records_of(store, player):
    return {c["difficulty"]: (c["games"], c["wins"], c["losses"], c["best_result"])
            for c in await store.coop_records(GAME, player)}


async def board(store, kind, difficulty, season=None):
    entries, total = await store.top(GAME, 50, NOW, kind, season, difficulty)
    assert total == len(entries)
    return [(e.player, e.board_value) for e in entries]


def test_best_result_order_and_keys():
    # any win beats any loss, then more points; hundredths count; the board score round-trips
    assert best_q(True, 0) > best_q(False, 655.35) > best_q(False, 25) > best_q(False, 24.99)
    assert best_q(True, 12.5) > best_q(True, 12.49)
    at = WEEK_A.timestamp()
    assert decode_best(encode_best(True, 12.5, at)) == (True, 12.5)
    assert decode_best(encode_best(False, 25, at)) == (False, 25.0)
    assert encode_best(False, 25, at) > encode_best(False, 25, at + 1)  # who got there first
    assert key_part("very:hard") == "very%3Ahard" and key_part("a%b c") == "a%25b%20c"


async def test_records_and_boards_per_difficulty(lane, store):
    for body in GAMES:
        await lane.publish(body)
    await consume_all(lane.consumer(store), len(GAMES))

    for player, expected in RECORDS.items():
        assert await records_of(store, player) == expected, player
    # the game-wide line is untouched by the difficulty: all of ann's games, all of her wins
    ann = (await store.ratings(GAME, ["ann"], NOW))[0][1]
    assert (ann.games, ann.wins) == (4, 2)

    # all-time boards: wins at a difficulty (ties: who got there first)
    assert await board(store, WINS, "easy") == [("ann", 2), ("bob", 2), ("cid", 1)]
    hard_wins = await board(store, WINS, "hard")
    assert sorted(hard_wins) == [("bob", 1), ("cid", 1)]  # same game: Redis's order by name
    # best results: a won result above every lost one, then points, then who got there first
    assert await board(store, BEST, "easy") == [("cid", 14), ("ann", 14), ("bob", 14)]
    hard_best = await board(store, BEST, "hard")
    assert sorted(hard_best[:2]) == [("bob", 12), ("cid", 12)] and hard_best[2:] == [("dan", 25), ("ann", 20)]
    assert await board(store, BEST, "standard") == [("eve", 5)]
    assert await board(store, BEST, "very:hard") == [("eve", 3)]
    assert await board(store, WINS, "very:hard") == []
    assert await board(store, WINS, "normal") == []  # never played
    assert await board(store, WINS, f"easy:{SEASON_A}") == [("fay", 1)]

    # season boards: only that season's games count
    assert await board(store, WINS, "easy", SEASON_A) == [("ann", 2), ("bob", 1), ("cid", 1)]
    assert await board(store, WINS, "easy", SEASON_B) == [("bob", 1)]
    assert await board(store, BEST, "easy", SEASON_A) == [("cid", 14), ("ann", 14), ("bob", 8)]
    assert await board(store, BEST, "easy", SEASON_B) == [("bob", 14)]
    assert await board(store, WINS, "hard", SEASON_A) == []
    assert await board(store, BEST, "hard", SEASON_A) == [("ann", 20)]
    assert sorted(await board(store, BEST, "hard", SEASON_B)) == [("bob", 12), ("cid", 12), ("dan", 25)]
    assert (await board(store, BEST, "hard", SEASON_B))[-1] == ("dan", 25)
    assert await board(store, WINS, "easy", "current") == [("bob", 1)]  # NOW is in week B

    # around a player and the player call with ranks per difficulty
    around, total, rank = await store.around(GAME, "ann", 1, NOW, BEST, None, "hard")
    assert (rank, total) == (4, 4) and [e.player for e in around] == ["dan", "ann"]
    info = await store.player(GAME, "bob", NOW)
    by_d = {c["difficulty"]: c for c in info["coop"]}
    assert [c["difficulty"] for c in info["coop"]] == ["easy", "hard"]
    assert by_d["easy"]["wins_rank"] == 2 and by_d["easy"]["best_rank"] == 3
    assert by_d["hard"]["best_rank"] in (1, 2)
    assert (await store.player(GAME, "dan", NOW))["coop"][0]["wins_rank"] is None


async def test_a_redelivered_coop_game_counts_once(lane, store, monkeypatch):
    first, second = GAMES[0], GAMES[1]
    await lane.publish(first, msg_id="m1")
    await lane.publish(first, msg_id="m1")  # dropped by the server (same message id)
    await lane.publish(second)
    await lane.publish(first)  # the same game again under a new message id
    await lane.publish(second)
    consumer = lane.consumer(store)
    task = asyncio.create_task(consumer.run())
    try:
        await wait_until(lambda: consumer.stats["games"] + consumer.stats["duplicates"] >= 4, timeout=10)
    finally:
        await consumer.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert (consumer.stats["games"], consumer.stats["duplicates"]) == (2, 2)
    for player in ("ann", "bob"):
        assert await records_of(store, player) == {"easy": (2, 1, 1, 8.0)}

    # a writer whose ledger pre-check missed the game (it was written just after the
    # check, by another replica): the script itself finds it in the ledger
    go = parse_message(lane.subject(second), json.dumps(second).encode(), lane.settings, FOUR_GAMES)[0]
    real_read, missed = Snapshot.read, []

    async def ledger_missing_once(snap, *args):
        await real_read(snap, *args)
        if not missed:
            missed.extend(f for f, v in snap.done.items() if v is not None)
            snap.done = dict.fromkeys(snap.done)

    monkeypatch.setattr(Snapshot, "read", ledger_missing_once)
    assert (await store.record(go, 99)).status == "dup" and missed
    monkeypatch.setattr(Snapshot, "read", real_read)
    # two writers with the same new game at once: one writes it
    third = parse_message(lane.subject(GAMES[2]), json.dumps(GAMES[2]).encode(), lane.settings, FOUR_GAMES)[0]
    applied = await asyncio.gather(store.record(third, 100), store.record(third, 100))
    assert sorted(a.status for a in applied) == ["dup", "ok"]

    assert await records_of(store, "cid") == {"easy": (1, 1, 0, 14.0)}
    for player in ("ann", "bob"):
        assert await records_of(store, player) == {"easy": (2, 1, 1, 8.0)}
    assert sorted(await board(store, WINS, "easy")) == [("ann", 1), ("bob", 1), ("cid", 1)]
    assert await board(store, BEST, "easy") == [("cid", 14), ("bob", 8), ("ann", 8)]


async def test_rebuild_gives_the_same_coop_boards(lane, store):
    extra = random_games(random.Random(31), 120, pool=12, start=WEEK_B + timedelta(days=1), games=(GAME,))
    for body in GAMES + extra:
        await lane.publish(body)
    await consume_all(lane.consumer(store), len(GAMES) + len(extra))
    live = await store.dump()
    coop_keys = sorted(k for k in live if k.startswith(("c:", "dw:", "db:")))
    assert "dw:forestaurant:very%3Ahard" not in live and "db:forestaurant:very%3Ahard" in live
    assert any(k.startswith(f"db:{GAME}:hard:") for k in coop_keys) and len(coop_keys) > 20

    await rebuild(lane.nc, store, lane.settings, grace_s=0)
    assert await store.live_gen() == 2
    rebuilt = await store.dump()
    assert sorted(k for k in rebuilt if k.startswith(("c:", "dw:", "db:"))) == coop_keys
    assert {k: rebuilt[k] for k in coop_keys} == {k: live[k] for k in coop_keys}
    assert rebuilt == live
    assert await records_of(store, "dan") == RECORDS["dan"]


async def test_coop_queries_over_grpc(lane, redis_url, nats_url, tmp_path, monkeypatch):
    monkeypatch.setattr(bootstrap, "rating_config", lambda env=None: FOUR_GAMES)
    settings = Settings(nats_url=nats_url, redis_url=redis_url, data_dir=tmp_path,
                        token_key="leaderboard-test-key-0123456789abcdef")
    for body in GAMES:
        await lane.publish(body)
    competitive = game_over_body("foodie-forest", "f1", ["ann", "bob"], [1, 2], h(WEEK_B, 7))
    await lane.publish(competitive)
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, lane.settings, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    address = f"127.0.0.1:{ready.server.port}"
    token = mint_token(settings, "ann")
    try:
        await wait_until(lambda: store_count(redis_url, len(GAMES) + 1), timeout=20)
        async with client_channel(address, token) as channel:
            stub = pb_grpc.LeaderboardServiceStub(channel)

            def ref(kind=pb.BOARD_KIND_UNSPECIFIED, difficulty="", game=GAME, season=""):
                return pb.BoardRef(game=game, kind=kind, difficulty=difficulty, season=season)

            wins = await stub.GetTop(pb.GetTopRequest(board=ref(pb.BOARD_KIND_WINS, "easy")))
            assert [(e.player, e.board_value) for e in wins.entries] == [("ann", 2), ("bob", 2), ("cid", 1)]
            assert wins.total == 3 and [e.rank for e in wins.entries] == [1, 2, 3]
            assert wins.entries[0].games == 4  # the rest of an entry is the game-wide line
            default = await stub.GetTop(pb.GetTopRequest(board=ref(difficulty="easy")))
            assert [e.player for e in default.entries] == ["ann", "bob", "cid"]  # unspecified: wins
            best = await stub.GetTop(pb.GetTopRequest(board=ref(pb.BOARD_KIND_BEST_RESULT, "hard")))
            assert [(e.player, e.board_value) for e in best.entries][2:] == [("dan", 25), ("ann", 20)]
            season = await stub.GetTop(pb.GetTopRequest(board=ref(pb.BOARD_KIND_BEST_RESULT, "easy",
                                                                   season=SEASON_A)))
            assert [e.player for e in season.entries] == ["cid", "ann", "bob"] and season.season == SEASON_A
            page = await stub.GetPage(pb.GetPageRequest(board=ref(pb.BOARD_KIND_BEST_RESULT, "easy"),
                                                        start_rank=2, limit=5))
            assert [e.player for e in page.entries] == ["ann", "bob"]
            around = await stub.GetAroundPlayer(pb.GetAroundPlayerRequest(
                board=ref(pb.BOARD_KIND_BEST_RESULT, "hard"), player="dan", radius=1))
            assert around.player_rank == 3 and [e.player for e in around.entries][1:] == ["dan", "ann"]
            game_wide = await stub.GetTop(pb.GetTopRequest(board=ref(pb.BOARD_KIND_WINS)))
            assert {e.player for e in game_wide.entries} == {"ann", "bob", "cid", "eve", "fay"}

            player = await stub.GetPlayer(pb.GetPlayerRequest(game=GAME, player="ann"))
            assert [(c.difficulty, c.games, c.wins, c.losses, c.best_result) for c in player.coop] == [
                ("easy", 3, 2, 1, 14.0), ("hard", 1, 0, 1, 20.0)]
            assert (player.coop[0].wins_rank, player.coop[0].best_rank) == (1, 2)
            assert (player.coop[1].wins_rank, player.coop[1].best_rank) == (0, 4)
            other = await stub.GetPlayer(pb.GetPlayerRequest(game="foodie-forest", player="ann"))
            assert list(other.coop) == []

            refused = [
                (ref(pb.BOARD_KIND_WINS, "easy", game="foodie-forest"), "not cooperative"),
                (ref(pb.BOARD_KIND_BEST_RESULT, game="foodie-forest"), "not cooperative"),
                (ref(pb.BOARD_KIND_BEST_RESULT), "per difficulty"),
                (ref(pb.BOARD_KIND_RATING, "easy"), "per game"),
                (ref(pb.BOARD_KIND_WINS, "x" * 40), "not a difficulty"),
            ]
            for board_ref, why in refused:
                with pytest.raises(grpc.aio.AioRpcError) as err:
                    await stub.GetTop(pb.GetTopRequest(board=board_ref))
                assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT and why in err.value.details()
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.GetAroundPlayer(pb.GetAroundPlayerRequest(
                    board=ref(pb.BOARD_KIND_WINS, "hard", game="food-fight"), player="ann"))
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT

        # the CLI: `leaderboard top GAME --difficulty D [--best]` and `leaderboard player GAME NAME`
        doc = await cli.fetch_top(address, token, GAME, difficulty="hard", best=True)
        assert doc["board"] == "best" and doc["difficulty"] == "hard"
        assert [(e["player"], e["board_value"]) for e in doc["entries"]][2:] == [("dan", 25), ("ann", 20)]
        one = await cli.fetch_player(address, token, "bob", GAME)
        assert [(c["difficulty"], c["games"], c["wins"], c["losses"], c["best_result"]) for c in one["coop"]] == [
            ("easy", 3, 2, 1, 14.0), ("hard", 2, 1, 1, 12.0)]
        monkeypatch.setenv("FOODGAMES_LEADERBOARD_ADDR", address)
        monkeypatch.setenv("FOODGAMES_TOKEN", token)
        top_args = argparse.Namespace(game=GAME, season="", n=5, wins=False, difficulty="easy", best=True,
                                      json=False)
        printed = io.StringIO()

        def run_cli():  # not capsys: the service's logger, set up once per process, would keep its stream
            with contextlib.redirect_stdout(printed):
                return (cli.run_top(top_args),
                        cli.run_player(argparse.Namespace(game=GAME, name="ann", json=False)))

        assert await asyncio.to_thread(run_cli) == (0, 0)
        out = printed.getvalue()
        assert "easy best" in out and "cid" in out
        assert "easy: 3 games, 2 wins, 1 loss, best (won) 14" in out
        assert "hard: 1 game, 0 wins, 1 loss, best (no win yet) 20" in out
        bad = argparse.Namespace(game=GAME, season="", n=5, wins=False, difficulty="", best=True, json=False)
        assert cli.run_top(bad) == 2
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def store_count(redis_url, n):
    import redis.asyncio as aioredis

    r = aioredis.Redis.from_url(redis_url)
    try:
        return await r.hlen("lb:1:done") >= n
    finally:
        await r.aclose()

"""The boards list people: a house bot is rated (its game rates the people it played, and its own
rating is kept) but listed on no board, so the ladders are not filled with bots' one-game names
(services/leaderboard/writes.py)."""
from __future__ import annotations

from services.leaderboard.keys import BEST, WINS
from services.leaderboard.ratings import parse_game_over
from shared.names import house_bot_prefix
from tests.leaderboard.conftest import FOUR_GAMES

T = 1_795_000_000.0


def game_over(game, game_id, players, placings, team_won=None, difficulty=None):
    return parse_game_over({"type": "GameOver", "schema_version": 1, "data": {
        "game": game, "game_id": game_id, "players": players, "points": [10 * (5 - p) for p in placings],
        "placings": placings, "team_won": team_won, "difficulty": difficulty}}, T, FOUR_GAMES)


async def test_a_ranked_game_with_house_bots_lists_only_its_people(store):
    bot = house_bot_prefix("foodie-forest")
    ann, bots = "ann-people", [f"{bot}t1-1", f"{bot}t1-2", f"{bot}t1-3"]
    # given a ranked table of ann and three house bots, one of whom wins
    await store.record(game_over("foodie-forest", "people-1", [ann, *bots], [2, 1, 3, 4]), 1)
    # then the rating board and the wins board list ann alone
    top, total = await store.top("foodie-forest", 10, T)
    assert [e.player for e in top] == [ann] and total == 1 and top[0].rank == 1
    wins, _ = await store.top("foodie-forest", 10, T, WINS)
    assert wins == []
    # while each bot was rated (ann's rating moved against them) and has its rating kept, at no rank
    found = await store.player("foodie-forest", bots[0], T)
    assert found["entry"].games == 1 and found["entry"].rank == 0 and found["wins_rank"] is None
    assert (await store.player("foodie-forest", ann, T))["entry"].rank == 1


async def test_a_cooperative_table_with_a_house_bot_lists_only_its_people_at_its_difficulty(store):
    bot = f"{house_bot_prefix('forestaurant')}t2-1"
    # given a won Forestaurant table of bea and a house bot
    await store.record(game_over("forestaurant", "people-2", ["bea-people", bot], [1, 1], team_won=True,
                                 difficulty="easy"), 2)
    # then the difficulty's wins and best-result boards list bea alone; the bot keeps its record
    wins, _ = await store.top("forestaurant", 10, T, WINS, None, "easy")
    best, _ = await store.top("forestaurant", 10, T, BEST, None, "easy")
    assert [e.player for e in wins] == ["bea-people"] and [e.player for e in best] == ["bea-people"]
    assert [(c["games"], c["wins"]) for c in await store.coop_records("forestaurant", bot)] == [(1, 1)]

"""The pure rating core against the openskill library itself."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from services.leaderboard import seasons
from tests.leaderboard.conftest import FOUR_GAMES
from services.leaderboard.scores import decode_score, encode_score
from services.leaderboard.ratings import (BadEvent, Rating, RatingConfig, at_time, decayed_sigma,
                                          is_provisional, opponent_key, parse_game_over, rate_game)

CONFIG = replace(FOUR_GAMES, model="PlackettLuce")
T = 1_795_000_000.0


def event(game, players, placings, team_won=None, difficulty=None, version=1, game_id="g1"):
    return {"type": "GameOver", "schema_version": version,
            "data": {"game": game, "game_id": game_id, "players": players, "points": [0] * len(players),
                     "placings": placings, "team_won": team_won, "difficulty": difficulty}}


CASES = [
    (["ann", "bob"], [2, 1]),
    (["ann", "bob"], [1, 1]),
    (["ann", "bob", "cid"], [1, 3, 1]),
    (["ann", "bob", "cid", "dan"], [2, 1, 4, 2]),
    (["ann", "bob", "cid", "dan", "eve"], [3, 1, 3, 5, 1]),
    (["ann", "bob", "cid", "dan", "eve"], [1, 2, 3, 4, 5]),
]


@pytest.mark.parametrize("players,placings", CASES)
@pytest.mark.parametrize("model_name,model_cls", [("PlackettLuce", PlackettLuce),
                                                  ("ThurstoneMostellerFull", ThurstoneMostellerFull)])
def test_matches_openskill(players, placings, model_name, model_cls):
    config = replace(FOUR_GAMES, model=model_name)
    # players start from different, already-rated positions (played just now: no inactivity)
    current = {p: Rating(20 + 3 * i, 8 - i, games=i, wins=0, last_played=T) for i, p in enumerate(players)}
    go = parse_game_over(event("foodie-forest", players, placings), T, config)
    result = rate_game(config.make_rater(), config, go, current)

    lib = model_cls()
    teams = [[lib.rating(mu=current[p].mu, sigma=current[p].sigma)] for p in players]
    expected = lib.rate(teams, ranks=placings)
    for update, team, placing in zip(result.updates, expected, placings):
        assert update.after.mu == pytest.approx(team[0].mu, abs=1e-12)
        assert update.after.sigma == pytest.approx(team[0].sigma, abs=1e-12)
        assert update.after.games == current[update.player].games + 1
        assert update.won == (placing == 1)
    # tied players started equal -> tied players with equal ratings stay ordered as the library says
    if placings == [1, 1] and len(players) == 2:
        assert result.updates[0].after.mu > current["ann"].mu  # the weaker one gains from a draw


def test_new_players_start_at_defaults_and_ties_are_equal():
    go = parse_game_over(event("food-fight", ["a", "b", "c"], [1, 3, 1]), T, CONFIG)
    result = rate_game(CONFIG.make_rater(), CONFIG, go, {})
    a, b, c = result.updates
    assert a.after.mu == c.after.mu and a.after.sigma == c.after.sigma
    assert a.after.mu > 25 > b.after.mu
    lib = PlackettLuce()
    exp = lib.rate([[lib.rating()], [lib.rating()], [lib.rating()]], ranks=[1, 3, 1])
    assert b.after.mu == pytest.approx(exp[1][0].mu)


def test_default_model_is_the_benchmark_winner():
    assert RatingConfig().model == "ThurstoneMostellerPart"  # see docs/ratings.md


def test_coop_rates_the_table_against_the_game():
    go = parse_game_over(event("forestaurant", ["a", "b", "c"], [1, 1, 1], team_won=True, difficulty="hard"),
                         T, CONFIG)
    result = rate_game(CONFIG.make_rater(), CONFIG, go, {})
    assert result.opponent.player == opponent_key(go) == "game hard/3"
    lib = PlackettLuce()
    team = [lib.rating() for _ in range(3)]
    opp = lib.rating(mu=75, sigma=CONFIG.sigma * math.sqrt(3))
    new_team, new_opp = lib.rate([team, [opp]], ranks=[1, 2])
    for u, r in zip(result.updates, new_team):
        assert u.after.mu == pytest.approx(r.mu) and u.won and u.after.wins == 1
    assert result.opponent.after.mu == pytest.approx(new_opp[0].mu)
    lost = parse_game_over(event("forestaurant", ["a"], [1], team_won=False), T, CONFIG)
    r2 = rate_game(CONFIG.make_rater(), CONFIG, lost, {})
    assert r2.updates[0].after.mu < 25 and not r2.updates[0].won and r2.opponent.player == "game standard/1"


def test_inactivity_grows_sigma_up_to_the_start():
    assert decayed_sigma(4.0, T, T, CONFIG) == 4.0
    assert decayed_sigma(4.0, T, T + 90 * 86400, CONFIG) == pytest.approx(6.0)
    assert decayed_sigma(4.0, T, T + 10_000 * 86400, CONFIG) == CONFIG.sigma
    r = Rating(30.0, 4.0, games=50, last_played=T)
    assert not is_provisional(r, CONFIG)
    assert is_provisional(at_time(r, T + 91 * 86400, CONFIG), CONFIG)
    # the update after a long break starts from the grown sigma
    go = parse_game_over(event("foodie-forest", ["x", "y"], [1, 2]), T + 200 * 86400, CONFIG)
    result = rate_game(CONFIG.make_rater(), CONFIG, go, {"x": r, "y": r})
    lib = PlackettLuce()
    s = decayed_sigma(4.0, T, T + 200 * 86400, CONFIG)
    exp = lib.rate([[lib.rating(mu=30, sigma=s)], [lib.rating(mu=30, sigma=s)]], ranks=[1, 2])
    assert result.updates[0].after.sigma == pytest.approx(exp[0][0].sigma)


@pytest.mark.parametrize("ev,reason", [
    (event("chess", ["a", "b"], [1, 2]), "unknown game"),
    (event("foodie-forest", ["a", "b"], [1, 2], version=2), "schema_version"),
    (event("foodie-forest", ["a", "a"], [1, 2]), "twice"),
    (event("foodie-forest", ["a", "b"], [1]), "placings"),
    (event("foodie-forest", ["a", "b"], [2, 2]), "nobody is placed first"),
    (event("foodie-forest", ["a"], [1]), "at least 2"),
    (event("forestaurant", ["a", "b"], [1, 1]), "team_won"),
    ({"type": "GameOver", "schema_version": 1}, "no data"),
])
def test_bad_events_are_rejected_with_a_reason(ev, reason):
    with pytest.raises(BadEvent, match=reason):
        parse_game_over(ev, T, CONFIG)


def test_seasons():
    t = 1_795_000_000.0  # 2026-11-18 (Wednesday), ISO week 47
    assert seasons.season_id(t) == "2026-W47"
    assert seasons.season_id(t, "monthly") == "2026-11"
    assert seasons.season_id(t, "days:1") == "2026-11-18"
    assert seasons.season_id(t, "days:7") == "2026-11-16"  # weeks from a Monday
    assert seasons.resolve("current", t) == "2026-W47"
    assert seasons.resolve("previous", t) == "2026-W46"
    assert seasons.resolve("2026-W01", t) == "2026-W01"
    with pytest.raises(ValueError):
        seasons.validate("fortnightly")


def test_scores_order_by_value_then_by_who_got_there_first():
    assert encode_score(20.0, T) > encode_score(19.999, T - 10**6)
    assert encode_score(20.0, T) > encode_score(20.0, T + 1)  # equal rating: earlier first
    assert encode_score(-3.5, T) < encode_score(-3.499, T)
    assert decode_score(encode_score(-3.5, T)) == -3.5
    assert decode_score(encode_score(17, T, 1), 1) == 17
    assert encode_score(10**6, T) < 2**53

"""The plain rating functions (wenglin.py) against openskill's own `rate`, on many random games."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from openskill.models import BradleyTerryPart, PlackettLuce, ThurstoneMostellerPart

from services.leaderboard import wenglin
from services.leaderboard.ratings import GameOver, Rating, RatingConfig, rate_game
from tests.leaderboard.conftest import FOUR_GAMES

GAMES = 3000
TOLERANCE = 1e-9


def random_game(rng: random.Random) -> tuple[list[list[tuple[float, float]]], list[int]]:
    """A game as the leaderboard rates one: one-player teams with placings 1..n (ties
    included), or a table of 1-6 against one opponent (cooperative). Some spreads are far
    wider than real ratings, so that openskill's guards for vanishing denominators are hit."""
    spread = rng.choice([1.0, 1.0, 10.0])
    if rng.random() < 0.2:
        table = [(rng.uniform(-10, 60) * spread, rng.uniform(0.01, 12)) for _ in range(rng.randint(1, 6))]
        opponent = (rng.uniform(0, 200) * spread, rng.uniform(0.5, 30))
        return [table, [opponent]], rng.choice([[1, 2], [2, 1]])
    n = rng.randint(2, 6)
    teams = [[(rng.uniform(-10, 60) * spread, rng.uniform(0.01, 12))] for _ in range(n)]
    ranks = [rng.randint(1, n) for _ in range(n)]
    if 1 not in ranks:
        ranks[rng.randrange(n)] = 1
    return teams, ranks


@pytest.mark.parametrize("name,cls", [("ThurstoneMostellerPart", ThurstoneMostellerPart),
                                      ("PlackettLuce", PlackettLuce)])
# openskill's defaults (the service's), another scale, and a beta so small that a player's
# own uncertainty dominates (Plackett-Luce then reaches the kappa floor on sigma)
@pytest.mark.parametrize("params", [{}, {"mu": 1500.0, "sigma": 500.0, "beta": 250.0, "tau": 5.0},
                                    {"beta": 0.01, "tau": 0.001}])
def test_equals_openskill_rate(name, cls, params):
    model = cls(**params)
    update = wenglin.FAST[name]
    rng = random.Random(f"{name}-{sorted(params.items())}")
    scale = params.get("mu", 25.0) / 25.0
    worst = 0.0
    for _ in range(GAMES):
        teams, ranks = random_game(rng)
        teams = [[(mu * scale, sigma * scale) for mu, sigma in team] for team in teams]
        mine = update(teams, ranks, model.beta, model.tau)
        theirs = model.rate([[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
                            ranks=list(ranks))
        assert [len(t) for t in mine] == [len(t) for t in teams]
        for team, expected in zip(mine, theirs):
            for (mu, sigma), r in zip(team, expected):
                worst = max(worst, abs(mu - r.mu), abs(sigma - r.sigma))
    assert worst <= TOLERANCE * scale


def test_the_service_rates_with_the_plain_functions_and_others_with_openskill():
    assert isinstance(RatingConfig().make_rater(), wenglin.FastRater)
    assert isinstance(replace(RatingConfig(), model="PlackettLuce").make_rater(), wenglin.FastRater)
    assert isinstance(RatingConfig().make_rater(fast=False), wenglin.OpenskillRater)
    assert isinstance(replace(RatingConfig(), model="BradleyTerryPart").make_rater(), wenglin.OpenskillRater)
    # the slow path is openskill's own numbers
    teams, ranks = [[(25.0, 8.0)], [(30.0, 4.0)], [(20.0, 6.0)]], [2, 1, 2]
    lib = BradleyTerryPart()
    expected = lib.rate([[lib.rating(mu=m, sigma=s)] for (m, s), in teams], ranks=ranks)
    got = replace(RatingConfig(), model="BradleyTerryPart").make_rater()(teams, ranks)
    assert got == [[(r.mu, r.sigma)] for r, in expected]


@pytest.mark.parametrize("model", ["ThurstoneMostellerPart", "PlackettLuce"])
def test_rate_game_is_the_same_either_way(model):
    """Whole games through rate_game (inactivity, cooperative tables, their opponent) give the
    same ratings with the plain function as with openskill's `rate`."""
    config = replace(FOUR_GAMES, model=model)
    fast, slow = config.make_rater(), config.make_rater(fast=False)
    rng = random.Random(model)
    t = 1_795_000_000.0
    for i in range(300):
        coop = rng.random() < 0.3
        n = rng.randint(1 if coop else 2, 5)
        names = [f"p{rng.randrange(40)}x{j}" for j in range(n)]
        placings = tuple([1] * n) if coop else tuple(rng.randint(1, n) for _ in range(n))
        if 1 not in placings:
            placings = (1,) + placings[1:]
        go = GameOver("forestaurant" if coop else "food-fight", f"g{i}", tuple(names), tuple([3] * n), placings,
                      rng.random() < 0.5 if coop else None, "hard" if coop else None, t)
        current = {p: Rating(rng.uniform(10, 40), rng.uniform(2, 8.3), 5, 2, t - rng.uniform(0, 300) * 86400)
                   for p in names if rng.random() < 0.8}
        a, b = rate_game(fast, config, go, current), rate_game(slow, config, go, current)
        for x, y in zip(a.updates + ((a.opponent,) if coop else ()), b.updates + ((b.opponent,) if coop else ())):
            assert x.player == y.player and x.before == y.before and x.grown_sigma == y.grown_sigma
            assert x.after.mu == pytest.approx(y.after.mu, abs=TOLERANCE)
            assert x.after.sigma == pytest.approx(y.after.sigma, abs=TOLERANCE)
            assert (x.after.games, x.after.wins, x.placing, x.won) == (y.after.games, y.after.wins, y.placing, y.won)


@pytest.mark.parametrize("name,cls", [("ThurstoneMostellerPart", ThurstoneMostellerPart),
                                      ("PlackettLuce", PlackettLuce)])
def test_sigma_floor_equals_openskill(name, cls):
    """kappa keeps a sigma from collapsing; no game of six reaches it, so: twelve level
    players, the last with nearly all the game's uncertainty (Plackett-Luce then floors it)."""
    model = cls(beta=0.01, tau=0.001)
    teams = [[(25.0, 0.01)] for _ in range(11)] + [[(25.0, 50.0)]]
    ranks = list(range(1, 13))
    mine = wenglin.FAST[name](teams, ranks, model.beta, model.tau)
    theirs = model.rate([[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], ranks=ranks)
    for (team,), (r,) in zip(mine, theirs):
        assert team == pytest.approx((r.mu, r.sigma), abs=TOLERANCE)
    if name == "PlackettLuce":
        floored = (50.0 ** 2 + 0.001 ** 2) ** 0.5 * wenglin.KAPPA ** 0.5
        assert mine[-1][0][1] == pytest.approx(floored, rel=1e-12)

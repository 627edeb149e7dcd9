"""Swiss tables against brute force on small cases: no more repeats than the fewest possible,
and among those, the tables closest in score."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from services.tournament import pairing


def partitions(players, size):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for tail in partitions(left, size):
            yield [(first,) + others] + tail


def spread(tables, points):
    return sum(abs(points[a] - points[b]) for t in tables for a, b in combinations(t, 2))


def cost(tables, met, points):
    return sum(pairing.repeats(t, met) for t in tables), spread(tables, points)


@pytest.mark.parametrize("players, seed", [(8, s) for s in range(6)] + [(12, s) for s in range(4)])
def test_swiss_tables_have_the_fewest_repeats_and_no_swap_brings_scores_closer(players, seed):
    # given players in standing order, with points and pairs that met in two earlier rounds
    rng = random.Random(seed)
    players = [f"p{i:02d}" for i in range(players)]
    points = dict(zip(players, sorted((Fraction(rng.randint(0, 12), 2) for _ in players), reverse=True)))
    met = pairing.met_counts([t for _ in range(2) for t in pairing.chunk(rng.sample(players, len(players)), [4] * (len(players) // 4))])
    # when they are paired at tables of 4
    tables = pairing.swiss_tables(players, [4] * (len(players) // 4), met, points)
    assert sorted(p for t in tables for p in t) == players
    # then no partition of the players has fewer repeat meetings (brute force)
    fewest = min(sum(pairing.repeats(t, met) for t in p) for p in partitions(players, 4))
    mine = cost(tables, met, points)
    assert mine[0] == fewest
    # and no swap of two players lowers (repeats, score spread): a local optimum of the search
    for a, b in combinations(range(len(tables)), 2):
        for i in range(4):
            for j in range(4):
                other = [list(t) for t in tables]
                other[a][i], other[b][j] = other[b][j], other[a][i]
                assert cost(other, met, points) >= mine

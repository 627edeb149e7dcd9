"""The pure matching logic: windows, table sizes, parties, order, seats, quality."""
from __future__ import annotations

import math
import random

import pytest

from services.matchmaking.config import MatchmakingConfig, parse_expansions
from services.matchmaking.matcher import Candidate, draw_probability, find_matches, quality, seat_order

CONFIG = MatchmakingConfig(expansions=((0, 2.0), (15, 5.0), (30, 10.0)))


def c(tid, size=1, lo=2, hi=5, t=0.0, mu=25.0):
    return Candidate(tid, size, lo, hi, t, mu, tuple((mu, 8.3) for _ in range(size)))


def match(cands, now=1.0, game_min=2, game_max=5, config=CONFIG):
    return find_matches(cands, now, config.window, game_min, game_max)


def test_window_widens_in_steps():
    assert CONFIG.window(0) == 2.0
    assert CONFIG.window(14.9) == 2.0
    assert CONFIG.window(15) == 5.0
    assert CONFIG.window(31) == 10.0
    assert parse_expansions("0:2, 15:5,60:inf")[-1] == (60.0, math.inf)
    with pytest.raises(ValueError):
        parse_expansions("5:2")
    with pytest.raises(ValueError):
        parse_expansions("0:5,10:2")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_n_compatible_players_form_one_table_of_n(n):
    tables = match([c(f"t{i}", lo=n, hi=n, t=i) for i in range(n)])
    assert len(tables) == 1
    assert tables[0].table_size == n
    assert sorted(tables[0].ticket_ids) == sorted(f"t{i}" for i in range(n))


def test_larger_tables_first_never_below_the_minimum():
    tables = match([c(f"t{i}", t=i) for i in range(7)])
    assert [t.table_size for t in tables] == [5, 2]
    assert match([c("a", lo=3), c("b", lo=3)]) == []  # two players cannot make a table of 3
    assert match([c("a", lo=2, hi=2)], game_min=2) == []


def test_table_size_capped_by_the_game():
    tables = match([c(f"t{i}", lo=2, hi=6) for i in range(6)], game_max=4)
    assert [t.table_size for t in tables] == [4, 2]


def test_incompatible_ratings_wait_for_the_window():
    cands = [c("low", t=0, mu=20), c("high", t=1, mu=24)]
    assert match(cands, now=10) == []  # 4 apart, window 2
    tables = match(cands, now=16)  # the older waited 16 s: window 5
    assert len(tables) == 1 and tables[0].spread == 4 and tables[0].window == 5


def test_spread_is_bounded_not_just_the_distance_to_the_anchor():
    # anchor 25 with window 2: 23.5 and 26.5 are each within 2 but span 3
    tables = match([c("a", t=0, mu=25, lo=3, hi=3), c("b", t=1, mu=23.5, lo=3, hi=3),
                    c("d", t=2, mu=26.5, lo=3, hi=3)])
    assert tables == []


def test_parties_stay_together():
    # the nearest is the duo, but only the trio and the other single make exactly five
    cands = [c("single", t=0), c("duo", size=2, t=1, mu=24.9), c("trio", size=3, t=2, mu=25.5),
             c("single2", t=3, mu=26)]
    tables = match(cands)
    assert [(sorted(t.ticket_ids), t.table_size) for t in tables] == [(["single", "single2", "trio"], 5),
                                                                       (["duo"], 2)]  # a duo accepting 2 plays alone
    tables = match([c("trio", size=3, lo=4, hi=4), c("duo", size=2, lo=4, hi=4)])
    assert tables == []  # 3 + 2 is not 4 and a party is never split
    tables = match([c("big", size=4, lo=2, hi=4), c("x", lo=2, hi=5)])
    assert [t.ticket_ids for t in tables] == [("big",)]  # 4 + 1 is over the party's own limit of 4


def test_longest_waiting_ticket_is_served_first():
    cands = [c("young", t=5, lo=2, hi=2), c("old", t=0, lo=2, hi=2), c("mid", t=3, lo=2, hi=2)]
    tables = match(cands, now=6)
    assert tables[0].ticket_ids[0] == "old"
    assert len(tables) == 1  # one player is left waiting: the youngest two did not pair first


def test_acceptable_counts_must_overlap():
    assert match([c("a", lo=2, hi=2), c("b", lo=3, hi=5), c("d", lo=3, hi=5)]) == []
    tables = match([c("a", lo=2, hi=2, t=0), c("b", lo=2, hi=5, t=1), c("d", lo=3, hi=5, t=2)])
    assert [(t.ticket_ids, t.table_size) for t in tables] == [(("a", "b"), 2)]


def test_seats_are_deterministic_and_keep_parties_adjacent():
    parties = [["a"], ["b", "c"], ["d"], ["e"]]
    first = seat_order("mm-1", parties)
    assert first == seat_order("mm-1", parties)
    assert sorted(first) == ["a", "b", "c", "d", "e"]
    assert first.index("c") == first.index("b") + 1
    orders = {tuple(seat_order(f"mm-{i}", parties)) for i in range(50)}
    assert len(orders) > 5  # shuffled per match


def test_quality():
    even = quality([(25, 8.3)] * 4)
    uneven = quality([(15, 3), (25, 3), (35, 3), (45, 3)])
    assert even["rating_spread"] == 0 and uneven["rating_spread"] == 30
    assert 0 < uneven["draw_probability"] < even["draw_probability"] <= 1


def test_the_draw_probability_is_openskills_plackett_luce_prediction_for_one_player_teams():
    # given tables of 2 to 8 players with ratings from brand new to long played, wide apart or close
    from openskill.models import PlackettLuce

    model, rng = PlackettLuce(), random.Random(7)
    for _ in range(2000):
        n = rng.randint(2, 8)
        ratings = [(rng.uniform(-10, 60), rng.uniform(0.5, 25 / 3)) for _ in range(n)]
        # when both predict a draw, then they agree (to the rounding of the last bits)
        expected = model.predict_draw([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings])
        assert draw_probability(ratings) == pytest.approx(expected, rel=1e-12, abs=1e-15), ratings
    assert draw_probability([(25.0, 8.0)]) == 1.0  # one player alone: nobody to lose to

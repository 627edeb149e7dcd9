"""Swiss tournaments of Foodie Forest at tables of 4, simulated in-process: draws and results
come from a seeded random in the test, fed to the chance nodes as the deck service will."""
from __future__ import annotations

import pytest

from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament.state import FINISHED

from .sim import paired, repeat_pairs, swiss


def test_a_16_player_foodie_forest_swiss_of_4_rounds_finishes():
    # given 16 entrants of a 4-round Swiss of Foodie Forest at tables of 4
    sim = swiss(16, rounds=4, seed=7)
    # when every round is paired, drawn, played with random placings and closed
    for _ in range(4):
        sim.play_round()
    sim.do(d.Finish())
    # then it is finished, every round had 4 full tables and no bye, everyone played 4 games
    s = sim.state
    assert s.phase == FINISHED
    assert [len(r.tables) for r in s.rounds] == [4, 4, 4, 4]
    assert all(len(t.players) == 4 and t.result is not None for r in s.rounds for t in r.tables)
    assert all(not r.byes for r in s.rounds)
    rows = s.standings.rows
    assert sorted(row.player for row in rows) == sorted(f"p{i:02d}" for i in range(16))
    assert [row.rank for row in rows] == list(range(1, 17))
    assert s.finished.winners == (rows[0].player,)
    # and the tournament points are 3+2+1+0 = 6 per table: 24 a round, 96 in all
    assert sum(row.points for row in rows) == 96
    # and the order follows points, then game points, then opponents' average
    keys = [(-r.points, -r.game_points, -r.opponents_average) for r in rows]
    assert keys == sorted(keys)


@pytest.mark.parametrize("seed", range(6))
def test_no_pair_meets_more_often_than_necessary(seed):
    # given a 16-player Swiss at tables of 4 played for 4 rounds
    sim = swiss(16, rounds=4, seed=seed)
    for _ in range(4):
        sim.play_round()
    rounds = paired(sim.events)
    # then rounds 2 and 3 repeat no pair (always possible: rounds 1-2 form a 4x4 grid that a
    # Latin square of order 4 completes), and round 4 repeats at most one pair per table
    per_round = repeat_pairs(rounds)
    assert per_round[:3] == [0, 0, 0]
    assert per_round[3] <= 4
    earlier = {frozenset((a, b)) for tables in rounds[:3] for t in tables for a in t for b in t if a < b}
    for table in rounds[3]:
        again = [(a, b) for a in table for b in table if a < b and frozenset((a, b)) in earlier]
        assert len(again) <= 1, table
    # and no pair meets three times
    meetings = {}
    for tables in rounds:
        for t in tables:
            for a in t:
                for b in t:
                    if a < b:
                        meetings[(a, b)] = meetings.get((a, b), 0) + 1
    assert max(meetings.values()) <= 2


def test_round_two_groups_by_score_the_round_one_winners_meet():
    # given round 1 of a 16-player Swiss is played
    sim = swiss(16, rounds=2, seed=3)
    sim.play_round()
    winners = {p for t in sim.state.rounds[0].tables
               for p, place in zip(t.result.players, t.result.placings) if place == 1}
    # when round 2 is paired
    sim.do(d.PairRound())
    # then the four winners (who never met) make the top table
    assert set(sim.state.rounds[1].tables[0].players) == winners


def test_round_one_is_the_draw_cut_into_tables_and_seats_are_drawn_per_table():
    # given 8 entrants
    sim = swiss(8, rounds=1)
    sim.do(d.PairRound())
    # then round 1 waits for a shuffle of the entrants (a chance node, cards sorted)
    node = d.chance(sim.state)
    assert (node.deck, node.k, node.cards) == (ev.ENTRANTS_DECK, 0, tuple(f"p{i:02d}" for i in range(8)))
    # when the draw is fed
    draw = ["p05", "p02", "p07", "p00", "p01", "p06", "p04", "p03"]
    sim._apply(d.resolve_chance(sim.state, draw))
    # then the tables are the draw in order, and each waits for its seat order
    assert sim.state.current.tables[0].players == tuple(draw[:4])
    assert sim.state.current.tables[1].players == tuple(draw[4:])
    node = d.chance(sim.state)
    assert (node.deck, node.k, node.cards) == (ev.SEATS_DECK, 0, tuple(sorted(draw[:4])))
    sim._apply(d.resolve_chance(sim.state, ["p07", "p05", "p00", "p02"]))
    assert sim.state.current.tables[0].seats == ("p07", "p05", "p00", "p02")
    node = d.chance(sim.state)
    assert (node.deck, node.k) == (ev.SEATS_DECK, 1)
    # and an order that is not a shuffle of the cards is refused
    with pytest.raises(d.MalformedMove):
        d.resolve_chance(sim.state, ["p01", "p06", "p04", "p04"])

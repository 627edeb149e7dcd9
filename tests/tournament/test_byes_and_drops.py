"""Entrant counts that do not divide into tables of 4, and entrants who drop out."""
from __future__ import annotations

from collections import Counter

import pytest

from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament import pairing

from .sim import swiss


@pytest.mark.parametrize("entrants, byes_per_round", [(17, 1), (18, 2)])
def test_with_byes_the_rest_sit_out_and_nobody_gets_a_second_bye(entrants, byes_per_round):
    # given a Swiss that gives byes rather than smaller tables
    sim = swiss(entrants, rounds=4, seed=11, odd_entrants=ev.BYES)
    # when it is played for 4 rounds
    for _ in range(4):
        sim.play_round()
    rounds = sim.state.rounds
    # then every round has only full tables and the rest as byes
    assert all(len(t.players) == 4 for r in rounds for t in r.tables)
    assert [len(r.byes) for r in rounds] == [byes_per_round] * 4
    # and round 1's byes are the last of the draw
    assert rounds[0].byes == sim.state.seeds[-byes_per_round:]
    # and nobody gets a second bye while someone has had none
    byes = Counter(p for r in rounds for p in r.byes)
    assert max(byes.values()) == 1
    # and a bye scores 1.5 (the average of 3, 2, 1, 0), no game points and no opponent
    rows = {row.player: row for row in sim.state.standings.rows}
    for p in byes:
        assert rows[p].byes == 1
    played = {p: sum(1 for r in rounds for t in r.tables if p in t.players) for p in rows}
    for p, row in rows.items():
        won = sum(dict(zip(t.result.players, d.standings.table_points(t.result.placings, 4)))[p]
                  for r in rounds for t in r.tables if p in t.players)
        assert row.points == float(won) + 1.5 * row.byes
        assert played[p] + row.byes == 4


@pytest.mark.parametrize("entrants, sizes", [(17, [4, 4, 3, 3, 3]), (18, [4, 4, 4, 3, 3])])
def test_with_smaller_tables_everyone_plays(entrants, sizes):
    # given a Swiss that makes smaller tables (the default)
    sim = swiss(entrants, rounds=3, seed=5)
    for _ in range(3):
        sim.play_round()
    # then each round has tables as equal as possible (larger first in round 1; later rounds
    # list tables by their best player's rank) and no bye
    assert [len(t.players) for t in sim.state.rounds[0].tables] == sizes
    for r in sim.state.rounds:
        assert sorted((len(t.players) for t in r.tables), reverse=True) == sizes
        assert r.byes == ()


def test_a_smaller_table_scores_best_3_and_last_0():
    # 3 players: 3, 1.5, 0; 2 players: 3, 0; ties share the places they cover
    assert [float(x) for x in d.standings.table_points((1, 2, 3), 4)] == [3, 1.5, 0]
    assert [float(x) for x in d.standings.table_points((2, 1), 4)] == [0, 3]
    assert [float(x) for x in d.standings.table_points((1, 1, 3, 4), 4)] == [2.5, 2.5, 1, 0]
    assert [float(x) for x in d.standings.table_points((1, 2, 2, 2), 4)] == [3, 1, 1, 1]


def test_smaller_tables_fall_back_to_byes_below_the_games_minimum():
    # a game for 3-4 players: 5 entrants cannot make 3 + 2, so one full table and one bye
    assert pairing.table_sizes(5, 4, 3, ev.SMALLER_TABLES) == ([4], 1)
    assert pairing.table_sizes(6, 4, 3, ev.SMALLER_TABLES) == ([3, 3], 0)
    assert pairing.table_sizes(17, 4, 2, ev.BYES) == ([4, 4, 4, 4], 1)
    assert pairing.table_sizes(3, 4, 2, ev.BYES) == ([3], 0)


def test_a_drop_out_mid_tournament_is_not_paired_again_and_keeps_its_results():
    # given a 16-player Swiss after 2 rounds
    sim = swiss(16, rounds=4, seed=2)
    sim.play_round()
    sim.play_round()
    # when p03 drops
    sim.do(d.Drop("p03"))
    sim.play_round()
    # then round 3 pairs the 15 others at tables of 4, 4, 4, 3 and p03 at none
    r3 = sim.state.rounds[2]
    assert "p03" not in r3.players
    assert all("p03" not in t.players for t in r3.tables)
    assert sorted(len(t.players) for t in r3.tables) == [3, 4, 4, 4]
    # and p03 stays in the standings, marked dropped, with the points of its 2 games
    row = next(r for r in sim.state.standings.rows if r.player == "p03")
    assert row.dropped and row.points == sum(
        float(dict(zip(t.result.players, d.standings.table_points(t.result.placings, 4)))["p03"])
        for r in sim.state.rounds[:2] for t in r.tables if "p03" in t.players)
    # and dropping twice is refused
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.Drop("p03"))


def test_a_drop_during_a_round_finishes_that_table_then_leaves():
    # given round 1 in play
    sim = swiss(8, rounds=2, seed=4)
    sim.do(d.PairRound())
    sim.draw()
    # when an entrant drops before its table finishes
    sim.do(d.Drop("p01"))
    # then the table still reports its result with p01, and round 2 pairs the 7 others
    assert sim.state.dropped == {"p01": 1}
    r = sim.state.current
    for t, table in enumerate(r.tables):
        sim.do(d.StartTable(1, t, f"g{t}"))
        sim.do(d.FinishTable(1, t, f"g{t}", table.seats, (1, 2, 3, 4), (4, 3, 2, 1)))
    sim.do(d.CloseRound())
    sim.do(d.PairRound())
    assert "p01" not in {p for t in sim.state.current.tables for p in t.players}
    assert sorted(len(t.players) for t in sim.state.current.tables) == [3, 4]


def test_a_drop_during_registration_withdraws_the_entry():
    sim = swiss(5, rounds=1)
    sim.do(d.Drop("p04"))
    assert sim.state.entrants == ("p00", "p01", "p02", "p03")
    sim.do(d.PairRound())
    assert d.chance(sim.state).cards == ("p00", "p01", "p02", "p03")

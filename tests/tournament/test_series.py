"""Co-op games (Forestaurant): fixed tables playing a series, ranked by wins then best score."""
from __future__ import annotations

import pytest

from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament import verify

from .sim import Sim


def series(entrants: int, rounds: int, seed: int = 1) -> Sim:
    sim = Sim(seed)
    sim.do(d.Create("coop", "forestaurant", rounds=rounds))
    for i in range(entrants):
        sim.do(d.Join(f"p{i:02d}"))
    return sim


def test_a_coop_series_keeps_its_tables_and_ranks_them_by_wins_then_best_score():
    # given 10 entrants of a 3-game Forestaurant series (tables of up to 4)
    sim = series(10, rounds=3, seed=8)
    # when the three rounds are played
    for _ in range(3):
        sim.play_round()
    sim.do(d.Finish())
    rounds = sim.state.rounds
    # then the draw made tables of 4, 3, 3 that stay together, and seats are drawn each round
    assert [len(t.players) for t in rounds[0].tables] == [4, 3, 3]
    assert all(r.tables[i].players == rounds[0].tables[i].players for r in rounds for i in range(3))
    seatings = sum(1 for e in sim.events if isinstance(e, ev.TableSeated))
    assert seatings == 9
    # and the teams are ranked by wins, then best score, then total score
    teams = sim.state.standings.teams
    assert [t.games for t in teams] == [3, 3, 3]
    keys = [(-t.wins, -t.best_points, -t.total_points) for t in teams]
    assert keys == sorted(keys)
    assert sim.state.finished.winners == teams[0].players
    wins = {t.players: sum(1 for r in rounds for tb in r.tables
                           if tb.players == t.players and tb.result.team_won) for t in teams}
    assert all(t.wins == wins[t.players] for t in teams)
    assert verify.check(sim.events) == []


def test_a_coop_table_plays_on_without_a_dropped_player_and_withdraws_when_empty():
    # given a 6-entrant series after one game (tables of 3 and 3)
    sim = series(6, rounds=3, seed=2)
    sim.play_round()
    first, second = sim.state.rounds[0].tables
    # when one player of the first table drops, and the whole second table
    sim.do(d.Drop(first.players[0]))
    for p in second.players:
        sim.do(d.Drop(p))
    sim.play_round()
    # then the first table plays on with two, and the second is withdrawn with its record
    (only,) = sim.state.rounds[1].tables
    assert only.players == first.players[1:]
    withdrawn = next(t for t in sim.state.standings.teams if t.players == second.players)
    assert withdrawn.withdrawn and withdrawn.games == 1


def test_a_coop_result_needs_team_won():
    sim = series(2, rounds=1)
    sim.do(d.PairRound())
    sim.draw()
    sim.do(d.StartTable(1, 0, "g"))
    seats = sim.state.current.tables[0].seats
    with pytest.raises(d.MalformedMove):
        d.decide(sim.state, d.FinishTable(1, 0, "g", seats, (1, 1), (5, 5)))
    sim.do(d.FinishTable(1, 0, "g", seats, (1, 1), (5, 5), team_won=True))


def test_tables_are_counted_from_one_to_players_and_operators_as_rounds_are():
    # given a co-op series of 10 entrants: three tables, played for one round
    from services.tournament.service import standings_pb, tournament_pb
    from services.tournament.stream import Loaded

    sim = series(10, rounds=1, seed=3)
    sim.play_round()
    sim.do(d.Finish())
    # when the service answers GetTournament and GetStandings
    reply = tournament_pb(Loaded(sim.state, len(sim.events), tuple(sim.events)))
    standings = standings_pb(sim.state)
    # then the tables are numbered 1, 2, 3, as the round is 1 (the events keep their index)
    assert [r.number for r in reply.round_list] == [1]
    assert [t.number for t in reply.round_list[0].tables] == [1, 2, 3]
    assert sorted(team.table for team in standings.teams) == [1, 2, 3]
    # and each team's number is the table its players sat at
    tables = {tuple(t.players): t.number for t in reply.round_list[0].tables}
    assert all(tables[tuple(team.players)] == team.table for team in standings.teams)

"""What the decider refuses, and the tie-breaks of the standings."""
from __future__ import annotations

from fractions import Fraction

import pytest

from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament import standings as st
from services.tournament.state import State

from .sim import Sim, swiss


def test_a_tournament_is_created_with_the_games_table_range():
    sim = Sim()
    # Foodie Forest is for 2 to 5 players: a table of 6 is refused, the default is 4
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "foodie-forest", rounds=3, table_size=6))
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "no-such-game", rounds=3))
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "foodie-forest", rounds=0))
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "foodie-forest", rounds=3, time_control=ev.TimeControl(per_move_s=0)))
    (created,) = d.decide(sim.state, d.Create("t", "foodie-forest", rounds=3, ranked=False,
                                              time_control=ev.TimeControl(per_move_s=30)))
    assert (created.format, created.table_size, created.min_table, created.bye_points) == (ev.SWISS, 4, 2, 1.5)
    assert created.time_control.per_move_s == 30 and created.ranked is False


def test_formats_follow_the_kind_of_game():
    sim = Sim()
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "forestaurant", rounds=3, format=ev.SWISS))
    with pytest.raises(d.InvalidSetup):
        d.decide(sim.state, d.Create("t", "food-fight", rounds=3, format=ev.SERIES))
    (created,) = d.decide(sim.state, d.Create("t", "forestaurant", rounds=3))
    assert created.format == ev.SERIES and created.cooperative


def test_commands_out_of_turn_are_refused():
    sim = swiss(8, rounds=1, seed=1)
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.Join("p00"))  # already joined
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.CloseRound())  # no round in play
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.Finish())  # no round closed
    sim.do(d.PairRound())
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.Join("late"))  # registration closed
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.StartTable(1, 0, "g0"))  # waits for the draw
    sim.draw()
    table = sim.state.current.tables[0]
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.FinishTable(1, 0, "g0", table.seats, (1, 2, 3, 4), (0, 0, 0, 0)))  # not started
    sim.do(d.StartTable(1, 0, "g0"))
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.StartTable(1, 1, "g0"))  # game id used twice
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.FinishTable(1, 0, "g0", tuple(reversed(table.seats)), (1, 2, 3, 4), (0, 0, 0, 0)))
    with pytest.raises(d.MalformedMove):
        d.decide(sim.state, d.FinishTable(1, 0, "g0", table.seats, (2, 2, 3, 4), (0, 0, 0, 0)))
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.CloseRound())  # table 1 still playing
    sim.do(d.FinishTable(1, 0, "g0", table.seats, (1, 2, 3, 4), (9, 5, 3, 1)))
    sim.do(d.StartTable(1, 1, "g1"))
    sim.do(d.FinishTable(1, 1, "g1", sim.state.current.tables[1].seats, (1, 2, 3, 4), (9, 5, 3, 1)))
    sim.do(d.CloseRound())
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.PairRound())  # all rounds played
    sim.do(d.Finish())
    with pytest.raises(d.IllegalMove):
        d.decide(sim.state, d.Drop("p00"))


def _tally(results, size=4):
    t = st.Tally(size, Fraction(3, 2))
    for players, placings, points in results:
        t.add_result(ev.TableFinished(1, 0, "g", players, placings, points))
    return t


def test_ties_break_on_game_points_then_opponents_average_then_head_to_head_then_seed():
    state = State(seeds=("a", "b", "c", "d", "e", "f", "g", "h"))
    # a and b both won their table (3 points); b scored more game points
    t = _tally([(("a", "c"), (1, 2), (10, 0)), (("b", "d"), (1, 2), (20, 0))], size=2)
    assert st.swiss_order(state, ["a", "b"], t) == ["b", "a"]
    # equal points and game points: the one whose opponents scored more is ahead
    t = _tally([(("a", "c"), (1, 2), (10, 0)), (("b", "d"), (1, 2), (10, 0)),
                (("c", "e"), (1, 2), (0, 0))], size=2)
    assert st.swiss_order(state, ["a", "b"], t) == ["a", "b"]
    assert t.opponents_average("a") == 1 and t.opponents_average("b") == 0
    # equal on all three: the one who placed ahead of the other where they met, else the seed
    t = _tally([(("a", "b", "c", "d"), (2, 1, 3, 4), (0, 0, 0, 0)),
                (("a", "e", "f", "g"), (1, 2, 3, 4), (0, 0, 0, 0)),
                (("b", "e", "f", "g"), (2, 1, 3, 4), (0, 0, 0, 0))])
    assert t.points["a"] == t.points["b"] == 5
    assert t.opponents_average("a") == t.opponents_average("b")
    assert st.head_to_head(["a", "b"], t) == {"a": -1, "b": 1}
    assert st.swiss_order(state, ["a", "b"], t) == ["b", "a"]
    t.add_result(ev.TableFinished(2, 0, "g", ("a", "b"), (1, 1), (0, 0)))  # a draw: still b
    assert st.swiss_order(state, ["a", "b"], t) == ["b", "a"]
    level = _tally([(("a", "c"), (1, 2), (0, 0)), (("b", "d"), (1, 2), (0, 0)),
                    (("c", "d"), (1, 1), (0, 0))], size=2)
    assert st.swiss_order(state, ["b", "a"], level) == ["a", "b"]  # all level: the seed decides


async def test_a_tournament_takes_up_to_1024_entrants_and_refuses_more_by_the_number():
    # every entrant is a player of the draws' deck game, which seats as many (services/deck MAX_PLAYERS)
    from services.deck.checks import MAX_PLAYERS
    from services.tournament.app import MAX_ENTRANTS, CreateRequest, TournamentApp
    from shared.auth import Identity
    from shared.errors import InvalidArgument

    assert MAX_ENTRANTS == 1024 <= MAX_PLAYERS
    app = TournamentApp(None, None, None)
    too_many = tuple(f"p{i:04d}" for i in range(MAX_ENTRANTS + 1))
    with pytest.raises(InvalidArgument, match="1 to 1024 entrants, not 1025"):
        await app.create(Identity("ops", "operator"), CreateRequest("big", "foodie-forest", too_many, 2))

"""A tournament's time control becomes its tables' turn clock (services/tournament/tables.py)."""
from foodgames.v1 import game_pb2

from services.tournament.events import TimeControl
from services.tournament.tables import table_clock


def test_per_game_time_is_the_bank_and_per_move_time_the_increment():
    clock = table_clock(TimeControl(per_move_s=7, per_game_s=90), cooperative=False)
    assert (clock.initial_seconds, clock.increment_seconds) == (90, 7)
    assert clock.on_timeout == game_pb2.ON_TIMEOUT_FORFEIT


def test_a_per_move_time_alone_is_also_the_first_moves_bank():
    clock = table_clock(TimeControl(per_move_s=30), cooperative=False)
    assert (clock.initial_seconds, clock.increment_seconds) == (30, 30)


def test_a_co_op_table_out_of_time_plays_on_with_the_bot():
    assert table_clock(TimeControl(per_game_s=600), cooperative=True).on_timeout == game_pb2.ON_TIMEOUT_BOT


def test_no_time_control_no_clock():
    assert table_clock(None, False) is None and table_clock(TimeControl(), False) is None

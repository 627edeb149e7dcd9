"""Forestaurant as a shared.rules.Rules object."""
from __future__ import annotations

from . import decide as _d
from . import flow as _f
from .choices import choices, moves_complete
from .events import EVENT_TYPES
from .state import evolve
from .view import GAME_NAME, event_view, private_cards, view


def turn_number(state) -> int:
    """Which player turn the table is at, for the turn clock (shared.runtime: the increment is
    earned once per turn): a lone player who starts the next turn at once has ended one."""
    return state.turn


class ForestaurantRules:
    name = GAME_NAME
    min_players = 1
    max_players = 5
    event_types = EVENT_TYPES

    initial_state = staticmethod(_f.initial_state)
    start = staticmethod(_f.start)
    decide = staticmethod(_d.decide)
    evolve = staticmethod(evolve)
    chance = staticmethod(_f.chance)
    resolve_chance = staticmethod(_f.resolve_chance)
    is_terminal = staticmethod(_d.is_terminal)
    to_act = staticmethod(_d.to_act)
    legal_moves = staticmethod(_d.legal_moves)
    view = staticmethod(view)
    event_view = staticmethod(event_view)
    private_cards = staticmethod(private_cards)
    result = staticmethod(_d.result)
    choices = staticmethod(choices)
    moves_complete = staticmethod(moves_complete)
    turn_number = staticmethod(turn_number)


RULES = ForestaurantRules()

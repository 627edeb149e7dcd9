"""Foodie Forest as a shared.rules.Rules object."""
from __future__ import annotations

from . import choices as _c
from . import decide as _d
from .events import EVENT_TYPES
from .state import evolve
from .view import GAME_NAME, event_view, private_cards, view


def turn_number(state) -> tuple:
    """Which turn the game is at, for the turn clock (shared.runtime: the increment is earned
    once per turn): every card played and every recipe chosen is a turn, so the winner of a pot
    who leads the next one at once has still ended a turn."""
    return (state.deal, state.phase, sum(len(hand) for hand in state.hands),
            sum(1 for recipe in state.chosen if recipe))


class FoodieForestRules:
    name = GAME_NAME
    min_players = 2
    max_players = 5
    event_types = EVENT_TYPES

    initial_state = staticmethod(_d.initial_state)
    start = staticmethod(_d.start)
    decide = staticmethod(_d.decide)
    evolve = staticmethod(evolve)
    chance = staticmethod(_d.chance)
    resolve_chance = staticmethod(_d.resolve_chance)
    is_terminal = staticmethod(_d.is_terminal)
    to_act = staticmethod(_d.to_act)
    legal_moves = staticmethod(_d.legal_moves)
    view = staticmethod(view)
    event_view = staticmethod(event_view)
    private_cards = staticmethod(private_cards)
    result = staticmethod(_d.result)
    choices = staticmethod(_c.choices)
    moves_complete = staticmethod(_c.moves_complete)
    turn_number = staticmethod(turn_number)


RULES = FoodieForestRules()

"""The seat's whole move space (shared.choices): a Foodie Forest move is one card to play or one
recipe to choose, so the listed legal moves are all of them, each offered as it is."""
from __future__ import annotations

from typing import Any

from shared import choices as _choices

from .decide import legal_moves
from .state import State


def choices(state: State, seat: int) -> dict[str, Any]:
    return _choices.of_moves(legal_moves(state, seat))


def moves_complete(state: State, seat: int) -> bool:
    return True

"""Reading a move's fields, and the preconditions the move handlers share: whose turn and which
phase it is, a hand above the minimal size, someone to cook with."""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from shared.rules import IllegalMove, NotYourTurn

from .flow import min_hand
from .state import ACTIONS, State


# ---- a move's fields -------------------------------------------------------------------------

def _cards(move: Mapping[str, Any], name: str) -> tuple[str, ...]:
    v = move.get(name)
    if v is None:
        return ()
    if isinstance(v, str) or not all(isinstance(x, str) for x in v):
        raise IllegalMove(f"'{name}' must be a list of ids", key="not-a-list", field=name)
    return tuple(v)


def _str(move: Mapping[str, Any], name: str) -> str:
    v = move.get(name)
    if not isinstance(v, str):
        raise IllegalMove(f"this move needs '{name}' (an id)", key="needs-id", field=name)
    return v


def _int(move: Mapping[str, Any], name: str) -> int:
    v = move.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 9:
        raise IllegalMove(f"'{name}' must name one of the nine tables (0 to 8 in a move, tables 1 to 9 "
                          f"on the board)", key="not-a-table", field=name)
    return v


def _holds(multiset: Sequence[str], items: Sequence[str]) -> bool:
    return not (Counter(items) - Counter(multiset))


# ---- preconditions ---------------------------------------------------------------------------

# what only the active player does, in words (the refusals' `action`, a selector in the texts)
ACTION_WORDS = {"resolve": "resolve the events", "seat": "seat guests", "order": "take orders",
                "purchase": "purchase ingredients", "cook": "cook", "propose": "propose a meal",
                "commit": "commit the meal", "withdraw": "withdraw the meal",
                "discard": "discard ingredients"}


def _need_active(state: State, seat: int, phase: str, action: str) -> None:
    words = ACTION_WORDS[action]
    if seat != state.active:
        player = state.players[state.active]
        raise NotYourTurn(f"it is {player}'s turn: only the active player may {words}",
                          key="not-active", player=player, action=action)
    if state.phase != phase:
        raise IllegalMove(f"you cannot {words} now: the game is in the {state.phase} phase",
                          key="wrong-phase", action=action, phase=state.phase)


def _need_action(state: State, seat: int, action: str) -> None:
    _need_active(state, seat, ACTIONS, action)
    if len(state.hands[seat]) <= min_hand(state):
        raise IllegalMove(f"your hand is at the minimal hand size ({min_hand(state)}): no more actions",
                          key="no-more-actions", size=min_hand(state))


def _need_company(state: State, action: str) -> None:
    """Cooking together needs someone to cook with: "he can ask the others for help"."""
    if len(state.players) < 2:
        raise IllegalMove(f"you play alone: nobody can help you cook, so you cannot "
                          f"{ACTION_WORDS[action]} (cook alone instead)", key="cooking-alone", action=action)

"""A seat's whole move space as choices (shared.choices): what a client builds a move from.

`legal_moves` lists every move where the space is small (events, seating, orders, purchases,
discards, a commit) but only a sample of the card sets of cooking (alone, proposed, offered).
Here those are described whole: a table from these, cards from this hand (each copy at most
once, at least one, never below the minimal hand), ingredients from these (depends_on the
table). Two constraints across fields cannot be said in this shape and are left to `decide`,
which refuses with a keyed reason: the cards of a meal reach the guest's value (`meal-value`), a
helper gives no more ingredients than cards (`helper-cards`), and a commit completes the meal
(`meal-ingredients`, `meal-value`)."""
from __future__ import annotations

from typing import Any

from shared.choices import of_moves

from .cards import catalogue
from .decide import legal_moves, to_act
from .flow import min_hand
from .guests import _menu_available, _seatable
from .kitchen import helpers
from .state import ACTIONS, COOKING, DISCARD, EVENTS, State


def _one_of(values) -> dict[str, Any]:
    return {"one_of": list(values)}


def _cards(hand, spare: int) -> dict[str, Any]:
    return {"subset_of": list(hand), "min": 1, "max": max(1, spare), "ordered": False}


def _by_table(cases: dict[int, dict[str, Any]]) -> dict[str, Any]:
    return {"depends_on": "table", "cases": {str(t): spec for t, spec in cases.items()}}


def _events(state: State, seat: int) -> list[dict[str, Any]]:
    """One entry per table whose event is left ("on all three tables of the marked row in any
    order"): the table fixed, a card only where guests sit down. An event that needs no card is
    a whole move, so a client offers it as its own button that names its table."""
    moves = []
    for t in state.events_left:
        fits = _seatable(state, seat, t) if state.tables[t].status == "empty" else []
        moves.append({"type": "resolve_event", "fields": [{"name": "table", "const": t},
                                                          {"name": "card", **(_one_of(fits) if fits else {"absent": True})}]})
    return moves


def _actions(state: State, seat: int) -> list[dict[str, Any]]:
    cat = catalogue()
    hand = state.hands[seat]
    distinct = sorted(set(hand))
    spare = len(hand) - min_hand(state)
    moves: list[dict[str, Any]] = []
    seat_at = {t: _seatable(state, seat, t) for t, tab in enumerate(state.tables) if tab.status == "empty"}
    seat_at = {t: cards for t, cards in seat_at.items() if cards}
    if seat_at:
        moves.append({"type": "seat", "fields": [{"name": "table", **_one_of(seat_at)},
                                                 {"name": "card", **_by_table({t: _one_of(c) for t, c in seat_at.items()})}]})
    orders = [t for t, tab in enumerate(state.tables)
              if tab.status == "bell" and _menu_available(state, cat.animals[tab.guest].species)]
    if orders:
        moves.append({"type": "take_order", "fields": [{"name": "table", **_one_of(orders)},
                                                       {"name": "card", **_one_of(distinct)}]})
    menus = {t: cat.menus[tab.menu].ingredients for t, tab in enumerate(state.tables) if tab.status == "menu"}
    storage = state.storage[seat]
    alone = {t: req for t, req in menus.items() if all(k in storage for k in req)}
    if alone:
        moves.append({"type": "cook", "fields": [
            {"name": "table", **_one_of(alone)},
            {"name": "cards", **_cards(hand, spare)},
            {"name": "ingredients", **_by_table({t: {"subset_of": list(req), "min": 2, "max": 2, "ordered": False}
                                                 for t, req in alone.items()})}]})
    together = {t: [k for k in req if k in storage] for t, req in menus.items() if t not in state.withdrawn}
    if len(state.players) > 1 and together:
        moves.append({"type": "propose_cook", "fields": [
            {"name": "table", **_one_of(together)},
            {"name": "cards", **_cards(hand, spare)},
            {"name": "ingredients", **_by_table({t: {"subset_of": held, "min": 0, "max": len(held),
                                                     "ordered": False, "optional": True}
                                                 for t, held in together.items()})}]})
    moves.append({"type": "purchase", "fields": [{"name": "card", **_one_of(distinct)}]})
    return moves


def _cooking(state: State, seat: int) -> list[dict[str, Any]]:
    p = state.proposal
    if seat == state.active:
        names = [state.players[o.seat] for o in p.offers]
        return [{"type": "commit_cook", "fields": [{"name": "accept", "subset_of": names, "min": 0,
                                                    "max": len(names), "ordered": False, "optional": True}]},
                {"type": "withdraw_cook", "fields": []}]
    if seat not in helpers(state):
        return []
    hand = state.hands[seat]
    required = catalogue().menus[state.tables[p.table].menu].ingredients
    held = [k for k in required if k in state.storage[seat]]
    spare = len(hand) - min_hand(state)
    return [{"type": "offer_help", "fields": [
                {"name": "cards", **_cards(hand, spare)},
                {"name": "ingredients", "subset_of": held, "min": 0, "max": len(held), "ordered": False,
                 "optional": True}]},
            {"type": "decline_help", "fields": []}]


def choices(state: State, seat: int) -> dict[str, Any]:
    if seat not in to_act(state):
        return {"moves": []}
    if state.phase == EVENTS:
        return {"moves": _events(state, seat)}
    if state.phase == ACTIONS:
        return {"moves": _actions(state, seat)}
    if state.phase == COOKING:
        return {"moves": _cooking(state, seat)}
    if state.phase == DISCARD:
        return of_moves(legal_moves(state, seat))
    return {"moves": []}


def moves_complete(state: State, seat: int) -> bool:
    """Whether `legal_moves` lists every legal move: not while a meal can be cooked, proposed or
    helped with (those list a sample of the card sets)."""
    if seat not in to_act(state):
        return True
    if state.phase == ACTIONS:
        return not any(t.status == "menu" for t in state.tables)
    if state.phase == COOKING:
        return seat == state.active
    return True

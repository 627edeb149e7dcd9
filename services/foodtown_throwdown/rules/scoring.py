"""Stars: a pure function of what lies in front of a player, so a territory's bonus is
re-evaluated whenever its condition's inputs change (a recipe completed, closed or a territory
taken)."""
from __future__ import annotations

from typing import Any

from .cards import Catalogue, catalogue
from .state import State


def condition_holds(cat: Catalogue, condition: tuple[str, Any], menu) -> bool:
    kind, value = condition
    recipes = [cat.recipes[r] for r, _ in menu]
    if kind == "type":
        return any(value in r.ingredients for r in recipes)
    if kind == "tag":
        return any(value in r.tags for r in recipes)
    if kind == "recipes":
        return len(recipes) >= value
    return any(r.stars >= value for r in recipes)  # "stars"


def bonus_territories(state: State, seat: int) -> list[str]:
    """The territories in front of `seat` whose bonus star its menu earns now, in table order."""
    cat = catalogue()
    menu = state.menus[seat]
    return [c for c in state.tables[seat]
            if cat.cards[c].kind == "territory" and condition_holds(cat, cat.cards[c].condition, menu)]


def breakdown(state: State, seat: int) -> dict[str, int]:
    cat = catalogue()
    menu = state.menus[seat]
    recipes = sum(cat.recipes[r].stars for r, _ in menu)
    territories = bonus = publicity = 0
    for c in state.tables[seat]:
        card = cat.cards[c]
        if card.kind == "territory":
            territories += 1
            bonus += condition_holds(cat, card.condition, menu)
        else:
            publicity += 1
    return {"recipes": recipes, "territories": territories, "territory_bonus": bonus,
            "publicity": publicity, "total": recipes + territories + bonus + publicity}


def stars(state: State, seat: int) -> int:
    return breakdown(state, seat)["total"]


def all_stars(state: State) -> tuple[int, ...]:
    return tuple(stars(state, s) for s in state.seats)

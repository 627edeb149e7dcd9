"""A seat's whole move space as choices (shared.choices), from which every legal move is built.

`legal_moves` lists a canonical sample where the space is large (a recipe's ingredients picked
one way, `cards` given); the choices say every way: which recipe, then any of the held
ingredients of its types (or none: the game picks); which card to play, at whom, and what to pick
in front of that player. Offered beyond the rules: ingredient cards of the recipe's types in a
count that does not match it (two breads for a one-bread recipe); decide refuses them with the
reason `wrong-ingredients`.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from .cards import catalogue
from .decide import INSPECTION_DISCARDS, MAX_COMBINATIONS, _canonical_ingredients, to_act
from .state import DRAW, HAND_LIMIT, INSPECTION, MAIN, State


def _subset(cards, k: int, **extra: Any) -> dict[str, Any]:
    """Exactly k of `cards` (a held id as often as it is held), in any order."""
    return {"subset_of": sorted(cards), "min": k, "max": k, "ordered": False, **extra}


def _main(state: State, seat: int) -> list[dict[str, Any]]:
    cat = catalogue()
    hand = state.hands[seat]
    entries: list[dict[str, Any]] = []
    recipes = [r for r in state.display
               if not state.blocked[seat] and _canonical_ingredients(hand, cat.recipes[r].ingredients) is not None]
    if recipes:
        cases = {}
        for r in recipes:
            needs = cat.recipes[r].ingredients
            cards = [c for c in hand if cat.cards[c].kind == "ingredient" and cat.cards[c].type in needs]
            cases[r] = _subset(cards, len(needs), optional=True)
        entries.append({"type": "complete", "fields": [{"name": "recipe", "one_of": recipes},
                                                       {"name": "cards", "depends_on": "recipe", "cases": cases}]})
    held = sorted(set(hand))
    table = [c for c in held if cat.cards[c].kind in ("territory", "publicity")]
    if table:
        entries.append({"type": "play", "fields": [{"name": "card", "one_of": table}]})
    if not state.action_used:
        opponents = [state.players[t] for t in state.seats if t != seat]
        plain = [c for c in held if cat.cards[c].kind == "action" and cat.cards[c].effect not in ("remove", "review")]
        if plain:
            entries.append({"type": "play", "fields": [{"name": "card", "one_of": plain},
                                                       {"name": "target", "one_of": opponents}]})
        for c in held:
            effect = cat.cards[c].effect if cat.cards[c].kind == "action" else None
            if effect not in ("remove", "review"):
                continue
            picks = {}
            for t in state.seats:
                if t == seat:
                    continue
                there = state.tables[t] if effect == "remove" else [r for r, _ in state.menus[t]]
                if there:
                    picks[state.players[t]] = {"one_of": sorted(set(there))}
            if picks:
                entries.append({"type": "play", "fields": [
                    {"name": "card", "const": c}, {"name": "target", "one_of": sorted(picks)},
                    {"name": "pick", "depends_on": "target", "cases": picks}]})
    if len(hand) >= 2:
        entries.append({"type": "discard_two", "fields": [{"name": "cards", **_subset(hand, 2)}]})
    entries.append({"type": "pass", "fields": []})
    return entries


def choices(state: State, seat: int) -> dict[str, Any]:
    if seat not in to_act(state):
        return {"moves": []}
    hand = state.hands[seat]
    if state.phase == DRAW:
        return {"moves": [{"type": "draw", "fields": []}]}
    if state.phase == INSPECTION:
        ingredients = [c for c in hand if catalogue().cards[c].kind == "ingredient"]
        return {"moves": [{"type": "discard", "fields": [{"name": "cards", **_subset(ingredients, INSPECTION_DISCARDS)}]}]}
    if state.phase == HAND_LIMIT:
        return {"moves": [{"type": "discard", "fields": [{"name": "cards", **_subset(hand, state.excess)}]}]}
    if state.phase == MAIN:
        return {"moves": _main(state, seat)}
    return {"moves": []}


def moves_complete(state: State, seat: int) -> bool:
    """Whether legal_moves lists every legal move: not when a recipe can be completed (its
    ingredients are listed one way, and `cards` may be left out), nor when a forced discard has
    more than MAX_COMBINATIONS choices (then one per card is listed)."""
    if seat not in to_act(state):
        return True
    cat = catalogue()
    hand = state.hands[seat]
    if state.phase == MAIN:
        return not any(e["type"] == "complete" for e in _main(state, seat))
    if state.phase == INSPECTION:
        pool, k = [c for c in hand if cat.cards[c].kind == "ingredient"], INSPECTION_DISCARDS
    elif state.phase == HAND_LIMIT:
        pool, k = list(hand), state.excess
    else:
        return True
    return len(set(combinations(sorted(pool), k))) <= MAX_COMBINATIONS

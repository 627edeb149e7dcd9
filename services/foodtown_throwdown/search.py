"""Foodtown Throwdown's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, the play deck's order and the recipe deck's. The view
shows every public pile (display, discard, menus, what lies in front of each player, closed
recipes) and the sizes of hands and decks, so the other hands and the play deck are dealt at
random from the play cards it does not show, the recipe deck from the recipes it does not show.
Playouts go HORIZON_ROUNDS rounds on (a whole game of random play costs ~13 ms): the value is the
seat's stars against the best other player's, or its placing when the game ended.
"""
from __future__ import annotations

import math
import random
from typing import Any, Mapping

from shared.search import deal, placing_value, unseen

from .rules import RULES
from .rules.cards import catalogue
from .rules.decide import PLAY_DECK, RECIPE_DECK
from .rules.options import Options
from .rules.scoring import breakdown
from .rules.state import INSPECTION, State

HORIZON_ROUNDS = 2


def sample(view: Mapping[str, Any], rng: random.Random) -> State:
    cat = catalogue()
    names = tuple(view["players"])
    n = len(names)
    me = view["seat"]
    hand = tuple(view["hand"])
    menus = tuple(tuple((m["recipe"], tuple(m["cards"])) for m in view["menus"][p]) for p in names)
    tables = tuple(tuple(view["tables"][p]) for p in names)
    shown = [hand, view["discard"], *[c for menu in menus for _, c in menu], *tables]
    pool = unseen(cat.play_deck, *shown)
    others = [s for s in range(n) if s != me]
    parts = deal(rng, pool, [view["hand_sizes"][names[s]] for s in others] + [view["play_deck_size"]])
    hands = [hand] * n
    for s, part in zip(others, parts):
        hands[s] = tuple(sorted(part))
    recipes = unseen(cat.recipe_deck, view["display"], view["closed_recipes"], [r for m in menus for r, _ in m])
    (recipe_deck,) = deal(rng, recipes, [view["recipe_deck_size"]])
    current = names.index(view["current"])
    inspection = view["inspection"]
    return State(players=names, options=Options(**view["options"]), phase=view["phase"], first=0,
                 recipe_deck=recipe_deck, display=tuple(view["display"]), closed=tuple(view["closed_recipes"]),
                 play_deck=parts[-1], discard=tuple(view["discard"]),
                 shuffles=((PLAY_DECK, 1), (RECIPE_DECK, 1)), hands=tuple(hands), menus=menus, tables=tables,
                 current=current, turn=view["turn"], action_used=view["action_used"],
                 just_drawn=view["just_drawn"] if me == current else None,
                 blocked=tuple(p in view["blocked"] for p in names),
                 skips=tuple(view["skips"].get(p, 0) for p in names),
                 pending=names.index(inspection) if view["phase"] == INSPECTION else None,
                 pending_reason="inspection" if view["phase"] == INSPECTION else "",
                 excess=view["excess"])


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def searches(view: Mapping[str, Any]) -> bool:
        """Not yet: against the heuristic the search won 27.5 % of 40 two-player games (95 %:
        16-43 %, docs/bots.md), worse than the heuristic itself, so the strong level plays the
        heuristic here until its playouts or value are better."""
        return False

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        return state.turn >= start.turn + HORIZON_ROUNDS * len(state.players)

    @staticmethod
    def value(state: State, seat: int) -> float:
        result = RULES.result(state)
        if result is not None:
            return placing_value(result, seat)
        stars = [breakdown(state, s)["total"] for s in state.seats]
        best = max(v for s, v in enumerate(stars) if s != seat)
        return 0.5 + 0.5 * math.tanh((stars[seat] - best) / 3)


SAMPLER = _Sampler()


"""Foodtown Throwdown's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, the play deck's order and the recipe deck's. The view
shows every public pile (display, discard, menus, what lies in front of each player, closed
recipes) and the sizes of hands and decks, so the other hands and the play deck are dealt at
random from the play cards it does not show, the recipe deck from the recipes it does not show.
Every seat plays the heuristic in the playouts (shared.search.HeuristicPolicy; random play
never completes a recipe and misjudged the game), a round on (at two players, the turn); the
value is the seat's stars, recipe progress and hand against the best other player's, or its
placing when the game ended. Of the many discards only the few the hand misses least are weighed (`candidates`).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Mapping

from shared.search import deal, placing_value, unseen

from .bots import card_value
from .rules import RULES
from .rules.cards import catalogue
from .rules.decide import PLAY_DECK, RECIPE_DECK
from .rules.options import Options
from .rules.scoring import breakdown
from .rules.state import INSPECTION, State

# a playout ends when every seat has begun one more turn (a round on), at two players when the
# opponent's turn begins: 400 two-player games (seeds 1-8) gave 56.5 % to the turn's end, 52.2 %
# to the round's; at four players the turn's end saw too little (25.8 %, a round 30.1 %)
HORIZON_ROUNDS = 1
HORIZON_TURNS_AT_TWO = 1
MAX_CANDIDATES = 12
DISCARDS_KEPT = 2  # trades and hand-limit discards weighed per decision
PROGRESS_WEIGHT = 0.5  # a star of the recipe the hand is closest to, per ingredient held of it
HAND_WEIGHT = 0.15  # stars a card in hand is worth (what a trade of two for one gives up)


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


def progress(state: State, seat: int) -> float:
    """The stars the seat's hand is on its way to: of the displayed recipe it is nearest,
    its stars times the share of its ingredients the hand holds."""
    cat = catalogue()
    have = Counter(cat.cards[c].type for c in state.hands[seat] if cat.cards[c].kind == "ingredient")
    best = 0.0
    for r in state.display:
        recipe = cat.recipes[r]
        need = Counter(recipe.ingredients)
        held = sum((need & have).values())
        best = max(best, recipe.stars * held / max(1, len(recipe.ingredients)))
    return best


def candidates(view: Mapping[str, Any], legal: list[dict], rng: random.Random) -> list[dict]:
    """The moves worth a playout: every recipe, table card and action, passing, and of the many
    discards (pairs to trade, sets to meet the hand limit) the few the hand misses least."""
    hand = list(view["hand"])
    plain = [m for m in legal if m["type"] not in ("discard_two", "discard")]
    for kind, keep in (("discard_two", DISCARDS_KEPT), ("discard", DISCARDS_KEPT)):
        moves = [m for m in legal if m["type"] == kind]
        moves.sort(key=lambda m: (sum(card_value(view, hand, c) for c in m["cards"]), m["cards"]))
        plain += moves[:keep]
    if len(plain) > MAX_CANDIDATES:
        plain = rng.sample(plain, MAX_CANDIDATES)
    return plain


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        n = len(state.players)
        return state.turn >= start.turn + (HORIZON_TURNS_AT_TWO if n == 2 else HORIZON_ROUNDS * n)

    @staticmethod
    def value(state: State, seat: int) -> float:
        result = RULES.result(state)
        if result is not None:
            return placing_value(result, seat)
        worth = [breakdown(state, s)["total"] + PROGRESS_WEIGHT * progress(state, s)
                 + HAND_WEIGHT * len(state.hands[s]) for s in state.seats]
        best = max(v for s, v in enumerate(worth) if s != seat)
        return 0.5 + 0.5 * math.tanh((worth[seat] - best) / 3)


SAMPLER = _Sampler()

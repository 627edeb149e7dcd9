"""Building blocks for the Foodie Forest tests: set up a game, deal chosen hands, play."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from services.foodie_forest.rules import RULES
from services.foodie_forest.rules.state import CHOOSING, DEALING, PLAYING

PLAYERS3 = ("ann", "bob", "cid")


def apply(state, events):
    for e in events:
        state = RULES.evolve(state, e)
    return state


def started(players: Sequence[str] = PLAYERS3, **options):
    state = RULES.initial_state(list(players), options)
    return apply(state, RULES.start(state))


def order_for(state, hands: Mapping[int, Sequence[str]]) -> list[str]:
    """A deck order that deals `hands[seat]` (completed from the canonical order) to each seat."""
    node = RULES.chance(state)
    n = len(state.players)
    size = state.options.table().hand_size[n]
    rest = Counter(node.cards)
    for seat, cards in hands.items():
        assert len(cards) <= size, f"seat {seat} can hold only {size} cards"
        for c in cards:
            assert rest[c] > 0, f"{c} is not left in the deck"
            rest[c] -= 1
    pool = sorted(rest.elements())
    full = {}
    for seat in range(n):
        given = list(hands.get(seat, ()))
        full[seat] = given + [pool.pop(0) for _ in range(size - len(given))]
    order = []
    for i in range(size * n):
        seat = (state.dealer + 1 + i) % n
        order.append(full[seat][i // n])
    return order + pool


def dealt(state, hands: Mapping[int, Sequence[str]] | None = None):
    assert state.phase == DEALING
    return apply(state, RULES.resolve_chance(state, order_for(state, hands or {})))


def act(state, seat: int, move: Mapping[str, Any]):
    events = RULES.decide(state, seat, move)
    return apply(state, events), events


def play(state, seat: int, card: str):
    return act(state, seat, {"type": "play", "card": card})


def choose(state, seat: int, recipe: str):
    return act(state, seat, {"type": "choose_recipe", "recipe": recipe})


def choose_all(state, recipes: Sequence[str]):
    """Everyone chooses (in the order the game asks for); recipes[seat]."""
    events = []
    while state.phase == CHOOSING:
        seat = min(RULES.to_act(state))
        state, evs = choose(state, seat, recipes[seat])
        events += evs
    return state, events


def ready(players=PLAYERS3, hands=None, recipes=None, **options):
    """A game in its first deal, recipes revealed, waiting for the first card."""
    state = dealt(started(players, **options), hands)
    recipes = recipes or ["bug"] * len(players)
    state, _ = choose_all(state, recipes)
    assert state.phase == PLAYING
    return state


def finish_deal(state, pick=0):
    """Play the deal to its end, each player playing their `pick`-th legal card (cyclic)."""
    events = []
    while state.phase == PLAYING:
        seat = state.turn
        legal = RULES.legal_moves(state, seat)
        state, evs = act(state, seat, legal[pick % len(legal)])
        events += evs
    return state, events


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of_type(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def table(state):
    return state.options.table()


def with_state(state, **changes):
    return replace(state, **changes)


def playout(seed: int, players: Sequence[str], options: Mapping[str, Any] | None = None):
    """A game of random legal moves: yields (state, events) after every step, the events of
    that step included (the shuffles' too), until the game is over."""
    import random

    rng = random.Random(seed)
    state = RULES.initial_state(list(players), dict(options or {}))
    events = RULES.start(state)
    state = apply(state, events)
    yield state, events
    while not RULES.is_terminal(state):
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            seat = rng.choice(sorted(RULES.to_act(state)))
            events = RULES.decide(state, seat, rng.choice(RULES.legal_moves(state, seat)))
        state = apply(state, events)
        yield state, events


# option sets the property tests play: the default, the German description, the Variant
OPTION_SETS = ({}, {"edition": "de-description"},
               {"recipe_choice": "sequential", "missing_cards": "zero", "trash_keeps_colour": True})

"""Building blocks for the Foodtown Throwdown tests: set up a game with chosen deck orders, act."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from services.foodtown_throwdown.rules import RULES
from services.foodtown_throwdown.rules.cards import catalogue
from services.foodtown_throwdown.rules.decide import HAND_SIZE

PLAYERS4 = ("jacy", "chris", "justin", "jen")
PLAYERS3 = ("ann", "bob", "cid")

CAT = catalogue()


def apply(state, events):
    for e in events:
        state = RULES.evolve(state, e)
    return state


def started(players: Sequence[str] = PLAYERS3, **options):
    state = RULES.initial_state(list(players), options)
    return apply(state, RULES.start(state))


def _complete(given: Sequence[str], full: Sequence[str]) -> list[str]:
    rest = Counter(full)
    for c in given:
        assert rest[c] > 0, f"{c} is not left in the deck"
        rest[c] -= 1
    return list(given) + sorted(rest.elements())


def play_order(n: int, hands: Mapping[int, Sequence[str]] | None = None,
               draws: Sequence[str] = (), first: int = 0) -> list[str]:
    """A play deck order dealing `hands[seat]` (filled from the canonical order, non-action
    fillers preferred so tests stay quiet) and then `draws` from the top."""
    hands = hands or {}
    rest = Counter(CAT.play_deck)
    for cards in list(hands.values()) + [list(draws)]:
        for c in cards:
            assert rest[c] > 0, f"{c} is not left in the deck"
            rest[c] -= 1
    pool = sorted(rest.elements(), key=lambda c: (CAT.cards[c].kind != "ingredient", c))
    full = {}
    for seat in range(n):
        given = list(hands.get(seat, ()))
        assert len(given) <= HAND_SIZE
        full[seat] = given + [pool.pop(0) for _ in range(HAND_SIZE - len(given))]
    order = [full[(first + i) % n][i // n] for i in range(HAND_SIZE * n)]
    return order + list(draws) + pool


def dealt(state, recipes: Sequence[str] = (), hands=None, draws: Sequence[str] = ()):
    """Resolve both opening shuffles: `recipes` on top of the recipe deck, then the hands."""
    node = RULES.chance(state)
    assert node.deck == "recipes"
    state = apply(state, RULES.resolve_chance(state, _complete(recipes, node.cards)))
    node = RULES.chance(state)
    assert node.deck == "play"
    return apply(state, RULES.resolve_chance(state, play_order(len(state.players), hands, draws)))


def ready(players=PLAYERS3, recipes=(), hands=None, draws=(), **options):
    return dealt(started(players, **options), recipes, hands, draws)


def act(state, seat: int, move: Mapping[str, Any]):
    events = RULES.decide(state, seat, move)
    return apply(state, events), events


def draw(state, seat=None):
    return act(state, state.current if seat is None else seat, {"type": "draw"})


def pass_turn(state, seat=None):
    return act(state, state.current if seat is None else seat, {"type": "pass"})


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of_type(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def with_state(state, **changes):
    return replace(state, **changes)


def hand_of(state, seat):
    return sorted(state.hands[seat])

"""Building blocks for the Forestaurant tests: set up a game with chosen shuffles, then put the
table in the position a rule needs (dataclasses.replace) and act through decide/evolve."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping, Sequence

from services.forestaurant.rules import RULES
from services.forestaurant.rules.cards import catalogue
from services.forestaurant.rules.state import Table

NAMES = ("ann", "bob", "cid", "dan", "eve")
CAT = catalogue()


def apply(state, events):
    for e in events:
        state = RULES.evolve(state, e)
    return state


def started(n: int = 2, **options):
    state = RULES.initial_state(list(NAMES[:n]), options)
    return apply(state, RULES.start(state))


def shuffled(state, orders: Mapping[str, Sequence[str]] | None = None, seed: int = 1):
    """Resolve pending shuffles: `orders[deck]` puts those cards on top (rest in a seeded order)."""
    orders = dict(orders or {})
    rng = random.Random(seed)
    while (node := RULES.chance(state)) is not None:
        rest = list(node.cards)
        rng.shuffle(rest)
        top = list(orders.pop(node.deck, []))
        for c in top:
            rest.remove(c)
        state = apply(state, RULES.resolve_chance(state, top + rest))
    return state


def ready(n: int = 2, orders=None, seed: int = 1, **options):
    """A game whose first turn has started (events phase)."""
    return shuffled(started(n, **options), orders, seed)


def act(state, seat: int, move: Mapping[str, Any]):
    events = RULES.decide(state, seat, move)
    return apply(state, events), events


def table(guest=None, bell=False, menu=None, eating=False, clouds=0) -> Table:
    return Table(guest=guest, bell=bell, menu=menu, eating=eating, clouds=clouds)


def position(state, tables: Mapping[int, Table] | None = None, hands=None, storage=None, **changes):
    """`state` with some tables, hands or storage replaced (cards come from nowhere: these tests
    check a rule, the playouts check conservation)."""
    t = list(state.tables)
    for i, tab in (tables or {}).items():
        t[i] = tab
    if hands is not None:
        h = list(state.hands)
        for seat, cards in hands.items():
            h[seat] = CAT.sort_animals(cards)
        changes["hands"] = tuple(h)
    if storage is not None:
        s = list(state.storage)
        for seat, toks in storage.items():
            s[seat] = CAT.sort_tokens(toks)
        changes["storage"] = tuple(s)
    return replace(state, tables=tuple(t), **changes)


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of_type(events, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def clouds_total(state) -> int:
    return state.mushrooms + state.stars + sum(t.clouds for t in state.tables)


def empty_board(state):
    return replace(state, tables=(Table(),) * 9)

"""Forestaurant's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, the animal deck's order and the cards a reshuffle put
out of the game, the menu deck under its face-up top card and the menus discarded face down,
and the order of both ingredient piles. The view shows every table, storage, discard, the
satisfied rows and the sizes of the rest, so each hidden place is dealt at random from the cards
of its kind the view does not show, in the count the view gives. Playouts go to the end of the
game (the table wins or loses together); the value is the win, then the score.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from shared.search import deal, unseen

from .rules import RULES
from .rules.cards import PILES, catalogue
from .rules.events import Contribution
from .rules.options import Options
from .rules.state import Proposal, State, Table


def sample(view: Mapping[str, Any], rng: random.Random) -> State:
    cat = catalogue()
    names = tuple(view["players"])
    n = len(names)
    me = view["seat"]
    hand = tuple(view["hand"])
    tables = tuple(Table(guest=t["guest"]["id"] if t["guest"] else None, bell=t["bell"],
                         menu=t["menu"]["id"] if t["menu"] else None,
                         eating=bool(t["menu"]) and not t["menu"]["face_up"], clouds=t["clouds"])
                   for t in view["tables"])
    satisfied = tuple(tuple(view["satisfied"][sp]["cards"]) for sp in cat.species)
    # animals: the other hands, the deck, the cards out of the game
    # the cards a cooking proposal and its offers name are in their players' hands, face up
    p = view["proposal"]
    named: list[list[str]] = [[] for _ in range(n)]
    if p is not None:
        named[p["seat"]] += p["cards"]
        for o in p["offers"]:
            named[o["seat"]] += o["cards"]
    others = [s for s in range(n) if s != me]
    animals = unseen(cat.animal_deck, hand, view["animal_discard"], [t.guest for t in tables if t.guest],
                     *satisfied, *[named[s] for s in others])
    parts = deal(rng, animals, [view["hand_sizes"][s] - len(named[s]) for s in others]
                 + [view["animal_deck"], view["out_of_game"]])
    hands = [hand] * n
    for s, part in zip(others, parts):
        hands[s] = tuple(cat.sort_animals((*part, *named[s])))
    animal_deck, out_of_game = parts[-2], parts[-1]
    # menus: under the face-up top card, and the discarded ones
    top = [view["menu_top"]] if view["menu_top"] else []
    menus = unseen(cat.menu_deck, [t.menu for t in tables if t.menu], view["menus_aside"], top)
    under, menu_discard = deal(rng, menus, [max(0, view["menu_deck"] - len(top)), view["menu_discard"]])
    # ingredient piles
    storage = tuple(tuple(s) for s in view["storage"])
    piles = []
    for pile in PILES:
        held = [t for s in storage for t in s if cat.pile_of_kind[t] == pile]
        (order,) = deal(rng, unseen(cat.piles[pile], held, view["pile_discards"][pile]), [view["piles"][pile]])
        piles.append(order)
    proposal = None if p is None else Proposal(
        p["table"], p["seat"], tuple(p["cards"]), tuple(p["ingredients"]),
        tuple(Contribution(o["seat"], tuple(o["cards"]), tuple(o["ingredients"])) for o in p["offers"]),
        tuple(names.index(a) for a in p["answered"]))
    return State(players=names, options=Options(**view["options"]), phase=view["phase"],
                 active=view["active_seat"], turn=view["turn"], line=tuple(view["line"]),
                 events_left=tuple(view["events_left"]), hands=tuple(hands), storage=storage, tables=tables,
                 animal_deck=animal_deck, animal_discard=tuple(view["animal_discard"]), out_of_game=out_of_game,
                 menu_deck=tuple(top) + under, menu_discard=menu_discard, menus_aside=tuple(view["menus_aside"]),
                 piles=tuple(piles), pile_discards=tuple(tuple(view["pile_discards"][k]) for k in PILES),
                 mushrooms=view["mushrooms"], stars=view["stars_covered"], satisfied=satisfied,
                 shuffles=(2 if view["animal_reshuffled"] else 1, 1, 1, 1), pending=None, proposal=proposal,
                 withdrawn=tuple(view["withdrawn_tables"]), won=view["won"], end_reason=view["end_reason"] or "",
                 score=view["score"])


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def searches(view: Mapping[str, Any]) -> bool:
        """Not yet: with random playouts the search led a whole table to lose at once (mean
        score 0.5 against the heuristic team's 31, docs/bots.md), so the strong level plays the
        heuristic here until its playouts or value are better."""
        return False

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        return False

    @staticmethod
    def value(state: State, seat: int) -> float:
        result = RULES.result(state)
        return (0.8 if result.team_won else 0.0) + 0.2 * min(1.0, state.score / 60)


SAMPLER = _Sampler()


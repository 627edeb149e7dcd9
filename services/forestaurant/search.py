"""Forestaurant's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, the animal deck's order and the cards a reshuffle put
out of the game, the menu deck under its face-up top card and the menus discarded face down,
and the order of both ingredient piles. The view shows every table, storage, discard, the
satisfied rows and the sizes of the rest, so each hidden place is dealt at random from the cards
of its kind the view does not show, in the count the view gives. Every seat plays the heuristic
in the playouts (shared.search.HeuristicPolicy: random play loses at once), to the end of the
turn; the value is the table's (it wins or loses together): a win, else the chance of one that
value.py's model, fitted on heuristic-team games, gives the position.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from shared.search import deal, unseen

from .bots import HeuristicBot
from .rules import RULES
from .rules.cards import PILES, catalogue
from .rules.events import Contribution
from .rules.options import Options
from .rules.state import Proposal, State, Table
from .value import win_chance

HORIZON_TURNS = 1  # a playout ends when this many more turns have begun (the end-of-turn draw in)
# the heuristic's best few: spread over every kind of move (8, the change before) the search
# mostly weighed moves the heuristic rightly ranks low and took them on noise
MAX_CANDIDATES = 4
# the decisions searched: the active player's actions (rules/state.py: ACTIONS). Its events too
# lost to the heuristic with the hand-made value of the change before (docs/bots.md)
SEARCHED_PHASES: tuple[str, ...] = ("actions",)


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


def candidates(view: Mapping[str, Any], legal: list[dict], rng: random.Random) -> list[dict]:
    """The MAX_CANDIDATES moves the heuristic likes best (its own move is added by the search)."""
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    judge = HeuristicBot(0)
    return sorted(legal, key=lambda m: -judge.score(view, m))[:MAX_CANDIDATES]


def spread(view: Mapping[str, Any], legal: list[dict], rng: random.Random, size: int = 8) -> list[dict]:
    """`size` moves, a few of each kind: an even spread over seating, orders, purchases, cooking
    and events (fit_value's other actions)."""
    if len(legal) <= size:
        return list(legal)
    kinds: dict[str, list[dict]] = {}
    for m in legal:
        kinds.setdefault(m["type"], []).append(m)
    for moves in kinds.values():
        rng.shuffle(moves)
    out: list[dict] = []
    while len(out) < size:
        for moves in kinds.values():
            if moves and len(out) < size:
                out.append(moves.pop())
    return out


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def searches(view: Mapping[str, Any]) -> bool:
        """The active player's decisions of SEARCHED_PHASES; a helper's answer, a proposer's
        commit and the storage discards stay the heuristic's (they follow from its proposal)."""
        return view["phase"] in SEARCHED_PHASES and view["active_seat"] == view["seat"]

    @staticmethod
    def first_to_act(state: State) -> int:
        """As the view's `to_act` lists them: the helpers before the cook who commits (asked
        first, the cook would commit or withdraw before any offer came)."""
        return min(RULES.to_act(state), key=lambda s: (s == state.active, s))

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        return state.turn >= start.turn + HORIZON_TURNS

    @staticmethod
    def value(state: State, seat: int) -> float:
        """The table's, the same for every seat: a win (the score breaks ties), else its learnt
        chance of winning (value.py)."""
        score = min(1.0, state.score / 60)
        result = RULES.result(state)
        if result is not None:
            return (0.9 + 0.1 * score) if result.team_won else 0.1 * score
        return 0.1 + 0.8 * win_chance(state)


SAMPLER = _Sampler()

"""Foodie Forest's part of the search bot (shared.search): a full state from one seat's view.

Hidden from the seat: the other hands, the cards set aside, the recipes chosen face down and
which cards each seat took in earlier tricks of the deal (the view keeps only their count).
They are dealt at random from the deck less every card the view shows (the seat's hand and
the trick on the table), in the counts the view gives. A playout ends with the deal: its value
is the seat's points against the best other player's.
"""
from __future__ import annotations

import math
import random
from typing import Any, Mapping

from shared.search import deal, unseen

from .rules.events import DealScored
from .rules.options import Options
from .rules.state import CHOOSING, DEALING, OVER, PLAYING, State


def sample(view: Mapping[str, Any], rng: random.Random) -> State:
    names = tuple(view["players"])
    n = len(names)
    me = view["seat"]
    options = Options(**view["options"])
    table = options.table()
    phase = view["phase"]
    trick = tuple((names.index(c["player"]), c["card"]) for c in view["trick"]["cards"])
    hand = tuple(view["hand"])
    in_deal = phase in (CHOOSING, PLAYING)
    sizes = [len(hand) if s == me else view["hand_sizes"][names[s]] for s in range(n)]
    taken_counts = [view["cards_taken"][names[s]] for s in range(n)]
    pool = unseen(table.deck, hand, [c for _, c in trick]) if in_deal else []
    others = [s for s in range(n) if s != me]
    aside = len(table.deck) - sum(sizes) - sum(taken_counts) - len(trick) if in_deal else 0
    parts = deal(rng, pool, [sizes[s] for s in others] + taken_counts + [aside]) if in_deal else []
    hands = [hand if s == me else () for s in range(n)]
    for s, part in zip(others, parts):
        hands[s] = tuple(table.sorted_cards(part))
    taken = tuple(parts[len(others):len(others) + n]) if in_deal else ((),) * n
    set_aside = tuple(sorted(parts[-1])) if in_deal else ()
    recipes_left = tuple(tuple(view["recipes_left"][p]) for p in names)
    chosen = []
    for s, p in enumerate(names):
        shown = view["my_recipe"] if s == me else view["recipes"][p]
        if shown is None and in_deal and view["chosen"][p]:
            # a face-down recipe: one of those the player has left (before the reveal it is
            # still among them)
            shown = rng.choice(recipes_left[s])
        chosen.append(shown)
    revealed = phase == PLAYING
    history = tuple(DealScored(h["deal"], tuple(h["recipes"][p] for p in names), tuple(h["gains"][p] for p in names),
                               tuple(h["points"][p] for p in names), 0) for h in view["history"])
    turn = names.index(view["turn"]) if view["turn"] is not None else None
    return State(players=names, options=options, phase=phase, deal=view["deal"],
                 dealer=names.index(view["dealer"]), points=tuple(view["points"][p] for p in names),
                 recipes_left=recipes_left, chosen=tuple(chosen), revealed=revealed,
                 hands=tuple(hands), set_aside=set_aside, trick=trick, total=view["trick"]["total"],
                 required_colour=view["trick"]["required_colour"], turn=turn, taken=taken,
                 tricks_taken=tuple(view["tricks_taken"][p] for p in names),
                 announced=tuple(names.index(p) for p in view["last_card_announced"]),
                 history=history)


class _Sampler:
    sample = staticmethod(sample)

    @staticmethod
    def horizon(start: State, state: State) -> bool:
        return state.phase in (DEALING, OVER)

    @staticmethod
    def value(state: State, seat: int) -> float:
        mine = state.points[seat]
        best = max(p for s, p in enumerate(state.points) if s != seat)
        return 0.5 + 0.5 * math.tanh((mine - best) / 6)


SAMPLER = _Sampler()


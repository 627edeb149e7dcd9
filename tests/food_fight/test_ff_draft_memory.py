"""The strong bot's memory of the Day's draft (services/food_fight/search.py, DraftMemory): from
its own seat's views alone, a packet that comes back lacks the seat's pick and the cards the
other seat took from it, so at two players the seat knows nearly every card the other drafted."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from services.food_fight.bots import HeuristicBot
from services.food_fight.rules import RULES
from services.food_fight.rules.state import PLATING
from services.food_fight.search import DraftMemory
from shared.rules import shuffled_at_random


def plating_of_the_first_day(seed: int):
    """Seat 0 (the heuristic) and seat 1 (picking at random, so that no guess of what it would
    take stands in for what the packets show) draft the first Day; seat 0's memory saw only seat
    0's views and moves. (seat 0's memory, its view at its first plating, seat 1's drafted hand)"""
    rng, chooser = random.Random(seed), random.Random(-seed)
    bot = HeuristicBot(seed)
    state = RULES.initial_state(["ann", "bob"], {})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    memory = DraftMemory()
    while True:
        events = shuffled_at_random(RULES, state, rng)
        if events is None:
            seat = min(RULES.to_act(state))
            view = RULES.view(state, seat)
            legal = RULES.legal_moves(state, seat)
            move = bot.choose(view, legal) if seat == 0 else chooser.choice(legal)
            if seat == 0:
                memory.saw(view, move)
                if view["phase"] == PLATING and view["my_army"] is None:
                    return memory, view, state.hands[1]
            events = RULES.decide(state, seat, move)
        for e in events:
            state = RULES.evolve(state, e)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_at_two_players_the_seat_knows_all_but_two_of_the_cards_the_other_drafted(seed):
    # given the first Day's draft at two players, remembered by seat 0 from its own views
    memory, view, their_hand = plating_of_the_first_day(seed)
    # when it plates, then what it says seat 1 took is in seat 1's hand, and it is most of it
    known = memory.known(view)
    assert set(known) == {1}
    assert not Counter(known[1]) - Counter(their_hand), (known[1], their_hand)
    assert len(known[1]) >= len(their_hand) - 2, (known[1], their_hand)
    # and nothing of seat 0's own cards is taken for seat 1's
    assert not set(known[1]) & set(view["hand"]) - set(their_hand)

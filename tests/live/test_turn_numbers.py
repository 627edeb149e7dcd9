"""The turn clock's increment is earned once per turn (issue 31, docs/live-tables.md). Where a
seat starts its next turn at once, without leaving `to_act`, the game says that a turn ended by
its `turn_number`: the winner of a Foodie Forest pot who leads the next one, a lone Forestaurant
player. Random playouts find such moves and check the runtime's rule gives the increment there,
and never to a move in the middle of a turn."""
from __future__ import annotations

import random

from services.foodie_forest.rules import RULES as FOODIE
from services.forestaurant.rules import RULES as FOREST
from shared.runtime.clocks import ends_turn


def _playout(rules, players, seed, options=None):
    """(state, seat, events) of every move of a random game, shuffles resolved at random."""
    rng = random.Random(seed)
    state = rules.initial_state(players, options or {})
    for e in rules.start(state):
        state = rules.evolve(state, e)
    for _ in range(3000):
        if rules.is_terminal(state):
            return
        node = rules.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            for e in rules.resolve_chance(state, order):
                state = rules.evolve(state, e)
            continue
        seat = min(rules.to_act(state))
        move = rng.choice(rules.legal_moves(state, seat))
        events = rules.decide(state, seat, move)
        yield state, seat, move, events
        for e in events:
            state = rules.evolve(state, e)


def _ends_turn(rules, state, seat, events) -> bool:
    return ends_turn(rules, state, seat, events)


def _after(rules, state, events):
    for e in events:
        state = rules.evolve(state, e)
    return state


def test_every_card_played_in_foodie_forest_ends_a_turn_even_when_its_player_leads_next():
    # given games in which a pot's winner leads the next pot
    leads_again = 0
    for seed in range(3):
        for state, seat, move, events in _playout(FOODIE, ["ann", "bob"], seed):
            after = _after(FOODIE, state, events)
            if move["type"] == "play" and seat in FOODIE.to_act(after):
                leads_again += 1
            # then every card played (and every recipe chosen) earns the increment once
            assert _ends_turn(FOODIE, state, seat, events), move
    assert leads_again > 0


def test_a_lone_forestaurant_player_earns_the_increment_once_per_turn():
    ended = within = reshuffled = 0
    for seed in range(2):
        for state, seat, move, events in _playout(FOREST, ["ann"], seed):
            after = _after(FOREST, state, events)
            if FOREST.is_terminal(after):
                continue
            # the player acts again at once (or after a shuffle of the menus): only a new turn
            # earns the increment
            assert seat in FOREST.to_act(after) or FOREST.chance(after) is not None
            if after.turn != state.turn:
                ended += 1
                assert _ends_turn(FOREST, state, seat, events)
            else:
                within += 1
                reshuffled += FOREST.chance(after) is not None
                assert not _ends_turn(FOREST, state, seat, events), move
    assert ended > 0 and within > 0 and reshuffled > 0

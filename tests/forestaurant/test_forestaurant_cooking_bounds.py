"""Cooking together has an end: "Cooking together: if the player cannot or does not want to cook
the meal alone, he can ask the others for help." A proposal withdrawn for a table is not made
again for it in the same turn, and no sequence of moves brings a turn back to an earlier state
(issue 31). Asking others needs others: alone there is nobody to ask."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from forestaurant_helpers import RULES, act, apply, empty_board, position, ready, table
from services.forestaurant.bots import RandomBot
from services.forestaurant.rules.state import ACTIONS, COOKING
from shared.rules import IllegalMove

HAND = ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1"]
MENU = "bear-fish-berries"
PROPOSE = {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]}


def _acting(n=3, hands=None, storage=None):
    hs = {0: HAND, 1: ["deer-4", "wolf-2", "hare-3", "boar-1", "fox-1", "fox-2"],
          2: ["bear-1", "bear-2", "hare-1", "hare-2", "deer-1"]}
    hs = {s: h for s, h in hs.items() if s < n}
    hs.update(hands or {})
    return position(empty_board(ready(n)), tables={0: table("bear-5", bell=True, menu=MENU)},
                    hands=hs, storage=storage or {0: ["fish"]}, line=(0, 1, 2), events_left=(),
                    phase=ACTIONS, active=0)


def test_a_withdrawn_proposal_cannot_be_made_again_for_that_table_this_turn():
    state = _acting()
    state, _ = act(state, 0, PROPOSE)
    state, _ = act(state, 1, {"type": "decline_help"})
    state, _ = act(state, 0, {"type": "withdraw_cook"})
    assert state.phase == ACTIONS and state.withdrawn == (0,)
    with pytest.raises(IllegalMove, match="withdrew the meal at table 1 ") as refused:
        RULES.decide(state, 0, PROPOSE)  # the move's table 0 is table 1 on the board
    assert refused.value.key == "withdrawn-this-turn" and refused.value.values["table"] == 1
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "propose_cook"]


def test_the_stall_by_proposing_declining_and_withdrawing_is_refused_at_its_second_round():
    state = _acting()
    seen = {state}
    refused = None
    for _ in range(3):
        try:
            for seat, move in ((0, PROPOSE), (1, {"type": "decline_help"}),
                               (2, {"type": "decline_help"}), (0, {"type": "withdraw_cook"})):
                state, _ = act(state, seat, move)
                assert state not in seen  # every accepted move leads somewhere new
                seen.add(state)
        except IllegalMove as e:
            refused = e
            break
    assert refused is not None and refused.key == "withdrawn-this-turn"
    assert len(seen) == 5  # one round of four moves, then nothing more


def test_a_withdrawn_table_may_still_be_cooked_alone_and_proposed_again_next_turn():
    state = _acting(storage={0: ["fish", "berries"]})
    state, _ = act(state, 0, PROPOSE)
    state, _ = act(state, 0, {"type": "withdraw_cook"})
    RULES.decide(state, 0, {"type": "cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish", "berries"]})
    # the turn ends with a purchase down to the minimal hand; the next turn forgets the withdrawal
    state = position(state, hands={0: HAND[:5]})  # 3 players: minimal hand 4
    state, events = act(state, 0, {"type": "purchase", "card": "hare-1"})
    assert [type(e).__name__ for e in events][-1] == "TurnStarted" and state.withdrawn == ()


def _progress(state):
    """The state with the withdrawn tables as a set: a second withdrawal of the same table is no
    progress."""
    return replace(state, withdrawn=tuple(sorted(set(state.withdrawn))))


def test_no_sequence_of_moves_returns_a_game_to_an_earlier_state():
    # random play (which withdrew proposals without end before the fix) at 2 and 5 players:
    # every move leads to a state not seen before in the game
    for n, seed in ((2, 3), (5, 4)):
        rng = random.Random(seed)
        bots = [RandomBot(seed=seed * 10 + i) for i in range(n)]
        state = ready(n, seed=seed)
        seen = {_progress(state)}
        for _ in range(400):
            if RULES.is_terminal(state):
                break
            node = RULES.chance(state)
            if node is not None:
                order = list(node.cards)
                rng.shuffle(order)
                state = apply(state, RULES.resolve_chance(state, order))
                continue
            seat = rng.choice(sorted(RULES.to_act(state)))
            legal = RULES.legal_moves(state, seat)
            state, _ = act(state, seat, bots[seat].choose(RULES.view(state, seat), legal))
            assert _progress(state) not in seen
            seen.add(_progress(state))


def test_alone_nobody_can_be_asked_to_help():
    state = _acting(n=1, hands={0: HAND + ["bear-1"]})  # one player: minimal hand 7
    with pytest.raises(IllegalMove, match="you play alone") as refused:
        RULES.decide(state, 0, PROPOSE)
    assert refused.value.key == "cooking-alone"
    cooking = position(state, phase=COOKING)
    with pytest.raises(IllegalMove, match="you play alone"):
        RULES.decide(cooking, 0, {"type": "withdraw_cook"})


def test_a_seat_at_the_minimal_hand_cannot_decline_either():
    # "The helping players cannot discard below the minimal hand size": such a seat is not asked
    state = _acting(hands={1: ["deer-4", "wolf-2", "hare-3", "boar-1"]})  # 3 players: minimal 4
    state, _ = act(state, 0, PROPOSE)
    assert 1 not in RULES.to_act(state)
    with pytest.raises(IllegalMove, match="cannot help") as refused:
        RULES.decide(state, 1, {"type": "decline_help"})
    assert refused.value.key == "cannot-help"
    RULES.decide(state, 2, {"type": "decline_help"})

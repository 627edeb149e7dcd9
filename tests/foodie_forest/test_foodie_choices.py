"""The whole move space (issue 24): in random reachable states a seat's choices offer every move
the rules accept and nothing they refuse without a reason in words.

A Foodie Forest move is one card ("On your turn, you must play a card of the required color, if
possible") or one recipe ("choose 1 of the Recipe cards you still have"), so choices are the
listed legal moves and `moves_complete` is true."""
from __future__ import annotations

import random

import pytest

from services.foodie_forest.rules import RULES
from services.foodie_forest.texts import TEXTS
from shared import choices
from shared.rules import RulesError

from foodie_helpers import OPTION_SETS, playout

NAMES = ["ann", "bob", "cid", "dan", "eve"]


def candidates(state, seat):
    """Every move a client could send: its hand's cards and every other card of the table,
    every recipe of the edition, each as a play and as a recipe choice."""
    view = RULES.view(state, seat)
    table = state.options.table()
    cards = list(dict.fromkeys(list(view["hand"] or []) + sorted(table.cards)))
    return ([{"type": "play", "card": c} for c in cards]
            + [{"type": "choose_recipe", "recipe": r} for r in table.recipes])


def accepted(state, seat, move, refusals):
    try:
        RULES.decide(state, seat, move)
    except RulesError as err:
        refusals.append(err)
        return False
    return True


def check_state(state, rng, refusals):
    for seat in state.seats:
        offered = RULES.choices(state, seat)
        choices.validate(offered)
        legal = RULES.legal_moves(state, seat)
        assert all(choices.contains(offered, m) for m in legal), (seat, legal, offered)
        assert RULES.moves_complete(state, seat) is True
        # built the way a client builds a move, field by field
        for _ in range(3):
            built = choices.sample(offered, rng)
            if built is None:
                assert not legal
                break
            accepted(state, seat, built, refusals)
            assert accepted(state, seat, built, []), built  # the whole space is listed: all accepted
        # choices never offer less than the rules accept (and, being complete, no more)
        taken = [m for m in candidates(state, seat) if accepted(state, seat, m, refusals)]
        assert all(choices.contains(offered, m) for m in taken), (seat, taken, offered)
        assert choices.count(offered) == len(taken) == len(legal)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["en", "de-description", "variant"])
def test_every_accepted_move_is_buildable_from_the_choices_and_every_built_move_is_accepted(players, options):
    """Given random reachable states of a game (one seeded playout per player count and option
    set), when each seat's choices are compared with every move a client could send, then the
    moves the rules accept are exactly those the choices build, and every refusal names a text
    in both languages with the arguments its templates use."""
    rng = random.Random(players * 31 + len(options))
    refusals: list[RulesError] = []
    stride = 2 if players == 2 else 6  # about 70 states of each game, all its phases
    for i, (state, _events) in enumerate(playout(players * 7 + len(options), NAMES[:players], options)):
        if i % stride == 0 or RULES.is_terminal(state):
            check_state(state, rng, refusals)
    keys = {err.key for err in refusals}
    assert None not in keys, [str(e) for e in refusals if e.key is None][:3]
    assert {"not-in-hand", "recipes-revealed"} <= keys  # the generator reached real refusals
    for key, values in {(f"refused-{e.key}", frozenset(e.values)) for e in refusals}:
        for language in ("en", "de"):
            assert TEXTS.has(key, language), (key, language)
            assert TEXTS.variables(key, language) <= values, (key, language, values)


def test_a_seat_that_may_not_act_is_offered_nothing():
    """Given the first deal's tricks, when it is ann's turn, then bob's choices are empty and
    every move bob could send is refused."""
    for state, _ in playout(3, NAMES[:2]):
        if state.phase == "playing":
            break
    waiting = 1 - state.turn
    assert RULES.choices(state, waiting) == {"moves": []}
    assert not any(accepted(state, waiting, m, []) for m in candidates(state, waiting))

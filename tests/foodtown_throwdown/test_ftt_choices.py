"""The whole move space (shared.choices) in random reachable states: every listed legal move is
in the choices, moves built from the choices are accepted or refused with a reason in words,
and every move a broad generator finds accepted is in the choices (they never offer less)."""
from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from ftt_helpers import CAT, RULES, act, draw, ready, with_state
from services.foodtown_throwdown import GAME
from shared import choices as ch
from shared.rules import RulesError

NAMES = ["p0", "p1", "p2", "p3", "p4"]
TEXTS = GAME.texts


def states(n: int, seed: int, every: int = 1, limit: int = 260):
    """Decision states of one seeded random game (each `every`-th, at most `limit` moves in)."""
    rng = random.Random(seed)
    state = RULES.initial_state(NAMES[:n], {"max_rounds": 20})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    moves = 0
    while not RULES.is_terminal(state) and moves < limit:
        node = RULES.chance(state)
        if node is not None:
            order = list(node.cards)
            rng.shuffle(order)
            events = RULES.resolve_chance(state, order)
        else:
            seat = next(iter(RULES.to_act(state)))
            if moves % every == 0:
                yield state, seat, rng
            legal = RULES.legal_moves(state, seat)
            # mostly plays cards and hoards the rest, so that actions, Health Inspections and
            # the hand limit come up
            busy = [m for m in legal if m["type"] in ("complete", "play")]
            passes = [m for m in legal if m["type"] == "pass"]
            if not busy or rng.random() < 0.3:
                busy = passes if passes and rng.random() < 0.7 else legal
            events = RULES.decide(state, seat, rng.choice(busy))
            moves += 1
        for e in events:
            state = RULES.evolve(state, e)


def candidates(state, seat):
    """Moves far beyond what the rules accept: every held card, every recipe, every player."""
    hand = sorted(state.hands[seat])
    names = [*state.players, None]
    picks = {c for t in state.tables for c in t} | {r for m in state.menus for r, _ in m} | {None, "downtown"}
    yield {"type": "draw"}
    yield {"type": "pass"}
    for r in [*state.display, "hot-dog"]:
        yield {"type": "complete", "recipe": r}
        for k in (2, 3, 4):
            for cards in set(combinations(hand, k)):
                yield {"type": "complete", "recipe": r, "cards": list(cards)}
    for card in [*sorted(set(hand)), "flat-tire"]:
        for target in names:
            for pick in picks:
                move = {"type": "play", "card": card}
                if target is not None:
                    move["target"] = target
                if pick is not None:
                    move["pick"] = pick
                yield move
    for k in range(0, 4):
        for cards in set(combinations(hand, k)):
            yield {"type": "discard_two", "cards": list(cards)}
            yield {"type": "discard", "cards": list(cards)}
    if state.excess > 3:
        for cards in set(combinations(hand, state.excess)):
            yield {"type": "discard", "cards": list(cards)}


def _sig(move) -> str:
    return json.dumps(move, sort_keys=True)


def _accepted(state, seat, move) -> bool:
    try:
        RULES.decide(state, seat, move)
    except RulesError:
        return False
    return True


def _refusal_in_words(err: RulesError) -> None:
    assert err.key, f"refusal without a key: {err}"
    for language in ("en", "de"):
        key = f"refused-{err.key}"
        assert TEXTS.has(key, language), (key, language)
        assert TEXTS.variables(key, language) <= set(err.values), (key, language, err.values)


@pytest.mark.parametrize("n, seed", [(2, 1), (2, 2), (5, 3), (5, 4)])
def test_every_listed_move_is_in_the_choices_and_built_moves_are_accepted_or_explained(n, seed):
    seen = 0
    for state, seat, rng in states(n, seed):
        choices = RULES.choices(state, seat)
        ch.validate(choices)
        legal = RULES.legal_moves(state, seat)
        for move in legal:
            assert ch.contains(choices, move), (move, choices)
        if RULES.moves_complete(state, seat):  # then the list is the whole space
            built = {_sig(ch.canonical(m, choices)) for m in ch.enumerate_moves(choices)}
            assert built == {_sig(ch.canonical(m, choices)) for m in legal}, (legal, choices)
        for _ in range(4):
            move = ch.sample(choices, rng)
            assert move is not None
            try:
                RULES.decide(state, seat, move)
            except RulesError as err:
                _refusal_in_words(err)
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("n, seed", [(2, 5), (5, 6)])
def test_the_choices_never_offer_less_than_the_rules_accept(n, seed):
    checked = 0
    for state, seat, _ in states(n, seed, every=2, limit=200):
        choices = RULES.choices(state, seat)
        for move in candidates(state, seat):
            if _accepted(state, seat, move):
                assert ch.contains(choices, move), (state.phase, move, choices)
                checked += 1
    assert checked > 40


def test_a_recipe_may_be_completed_with_any_of_the_held_ingredients_of_its_types():
    # given ann holds two breads and a meat, and Sloppy Joe (bread, meat) is on display
    state = ready(recipes=["sloppy-joe", "nachos"],
                  hands={0: ["sourdough-loaf", "whole-wheat-bread", "pulled-pork", "lettuce"]}, draws=["onions"])
    state, _ = draw(state)
    choices = RULES.choices(state, 0)
    # then the listed move takes one bread, the choices offer the other as well, and the game
    # may pick (cards left out)
    listed = [m for m in RULES.legal_moves(state, 0) if m["type"] == "complete"]
    assert listed == [{"type": "complete", "recipe": "sloppy-joe", "cards": ["sourdough-loaf", "pulled-pork"]}]
    other = {"type": "complete", "recipe": "sloppy-joe", "cards": ["whole-wheat-bread", "pulled-pork"]}
    assert ch.contains(choices, other) and ch.contains(choices, {"type": "complete", "recipe": "sloppy-joe"})
    assert not RULES.moves_complete(state, 0)
    act(state, 0, other)
    # two breads fit the shape but not the recipe: refused with the reason in words
    with pytest.raises(RulesError) as err:
        RULES.decide(state, 0, {"type": "complete", "recipe": "sloppy-joe",
                                "cards": ["whole-wheat-bread", "sourdough-loaf"]})
    assert err.value.key == "wrong-ingredients"


def test_an_action_card_names_its_target_and_what_it_picks_in_front_of_that_target():
    state = ready(hands={0: ["hostile-takeover", "flat-tire", "onions", "cheddar"]})
    state = with_state(state, tables=((), ("downtown",), ("viral-video", "stadium")))
    state, _ = draw(state)
    choices = RULES.choices(state, 0)
    takeover = [e for e in choices["moves"] if e["type"] == "play"
                and e["fields"][0].get("const") == "hostile-takeover"]
    assert len(takeover) == 1
    assert ch.contains(choices, {"type": "play", "card": "hostile-takeover", "target": "cid", "pick": "stadium"})
    assert not ch.contains(choices, {"type": "play", "card": "hostile-takeover", "target": "bob", "pick": "stadium"})
    assert ch.contains(choices, {"type": "play", "card": "flat-tire", "target": "bob"})
    assert not ch.contains(choices, {"type": "play", "card": "flat-tire", "target": "ann"})
    # once an action card is played, no other is offered this turn
    state, _ = act(state, 0, {"type": "play", "card": "flat-tire", "target": "bob"})
    assert not any(e["type"] == "play" for e in RULES.choices(state, 0)["moves"])


def test_a_seat_that_may_not_act_has_no_choices():
    state = ready()
    assert RULES.choices(state, 1) == {"moves": []}
    assert RULES.choices(state, 0) == {"moves": [{"type": "draw", "fields": []}]}
    assert RULES.moves_complete(state, 0)
    assert sorted(CAT.cards[c].kind for c in state.hands[0])  # dealt

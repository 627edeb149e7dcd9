"""A turn: draw one, then any number of moves (one action card at most), then pass; hand limit."""
from __future__ import annotations

import pytest

from ftt_helpers import (RULES, act, draw, hand_of, pass_turn, ready, types,
                         with_state)
from shared.rules import IllegalMove, MalformedMove, NotYourTurn


def test_a_turn_begins_by_drawing_the_top_card_of_the_play_deck():
    # given ann's turn and a known top card
    state = ready(draws=["lettuce"])
    # when she tries anything else first, it is refused; then she draws
    with pytest.raises(IllegalMove, match="drawing"):
        act(state, 0, {"type": "pass"})
    top = state.play_deck[0]
    state, events = draw(state)
    # then the top card is in her hand
    assert top == "lettuce" and "lettuce" in state.hands[0]
    assert types(events) == ["CardDrawn"] and state.phase == "main"


def test_you_draw_only_once_a_turn():
    state, _ = draw(ready())
    with pytest.raises(IllegalMove, match="only once"):
        draw(state)


def test_only_the_player_whose_turn_it_is_may_move():
    state = ready()
    with pytest.raises(NotYourTurn, match="ann's turn"):
        act(state, 1, {"type": "draw"})


def test_an_empty_play_deck_is_replaced_by_the_shuffled_discard_pile_never_drawn_from_directly():
    # given an empty play deck and three discards
    state = with_state(ready(), play_deck=(), discard=("cheddar", "lettuce", "onions"))
    # when ann draws
    state, events = draw(state)
    # then the discard pile is to be shuffled (a chance node, play deck k=1) before she gets a card
    assert types(events) == ["DeckRanOut"]
    node = RULES.chance(state)
    assert (node.deck, node.k, node.cards) == ("play", 1, ("cheddar", "lettuce", "onions"))
    with pytest.raises(NotYourTurn):
        act(state, 0, {"type": "pass"})
    events = RULES.resolve_chance(state, ["onions", "cheddar", "lettuce"])
    from ftt_helpers import apply
    state = apply(state, events)
    assert types(events) == ["DeckShuffled", "CardDrawn"]
    assert "onions" in state.hands[0] and state.play_deck == ("cheddar", "lettuce") and state.discard == ()


def test_nothing_is_drawn_when_deck_and_discards_are_empty():
    state = with_state(ready(), play_deck=(), discard=())
    state, events = draw(state)
    assert types(events) == ["NothingDrawn"] and state.phase == "main"


def test_completing_a_recipe_puts_it_and_its_ingredients_in_front_of_you_and_refills_the_display():
    # given ann holds bread, meat and potatoes and the hot dog is displayed
    state = ready(recipes=["hot-dog", "nachos", "tacos"],
                  hands={0: ["whole-wheat-bread", "hamburger-meat", "potato-medley", "lettuce"]})
    state, _ = draw(state)
    # when she completes it
    state, events = act(state, 0, {"type": "complete", "recipe": "hot-dog",
                                   "cards": ["hamburger-meat", "potato-medley", "whole-wheat-bread"]})
    # then it scores 2 stars, the ingredients left her hand and the next recipe is shown at once
    assert types(events) == ["RecipeCompleted", "RecipesFlipped"]
    assert state.menus[0] == (("hot-dog", ("hamburger-meat", "potato-medley", "whole-wheat-bread")),)
    assert RULES.view(state, 1)["stars"]["ann"] == 2
    assert state.display == ("nachos", "tacos")
    assert hand_of(state, 0) == sorted(["lettuce", state.hands[0][-1]])


def test_a_recipe_needs_ingredients_of_its_exact_types():
    state = ready(recipes=["hot-dog", "nachos"],
                  hands={0: ["whole-wheat-bread", "hamburger-meat", "lettuce", "viral-video"]})
    state, _ = draw(state)
    with pytest.raises(IllegalMove, match="needs bread, meat, potatoes"):
        act(state, 0, {"type": "complete", "recipe": "hot-dog",
                       "cards": ["whole-wheat-bread", "hamburger-meat", "lettuce"]})
    with pytest.raises(IllegalMove, match="displayed recipe"):
        act(state, 0, {"type": "complete", "recipe": "tacos"})
    with pytest.raises(IllegalMove, match="do not hold"):
        act(state, 0, {"type": "complete", "recipe": "hot-dog",
                       "cards": ["whole-wheat-bread", "hamburger-meat", "potato-medley"]})


def test_any_matching_cards_complete_a_recipe_not_only_the_listed_canonical_ones():
    state = ready(recipes=["grilled-cheese", "nachos"],
                  hands={0: ["sourdough-loaf", "whole-wheat-bread", "cheddar", "mozzarella"]})
    state, _ = draw(state)
    listed = [m for m in RULES.legal_moves(state, 0) if m["type"] == "complete"]
    assert listed == [{"type": "complete", "recipe": "grilled-cheese", "cards": ["sourdough-loaf", "cheddar"]}]
    state, _ = act(state, 0, {"type": "complete", "recipe": "grilled-cheese",
                              "cards": ["whole-wheat-bread", "mozzarella"]})
    assert state.menus[0][0] == ("grilled-cheese", ("whole-wheat-bread", "mozzarella"))


def test_several_recipes_may_be_completed_in_one_turn():
    state = ready(recipes=["grilled-cheese", "veggie-hash", "nachos"],
                  hands={0: ["sourdough-loaf", "cheddar", "french-fries", "onions"]})
    state, _ = draw(state)
    state, _ = act(state, 0, {"type": "complete", "recipe": "grilled-cheese"})
    state, _ = act(state, 0, {"type": "complete", "recipe": "veggie-hash"})
    assert [r for r, _ in state.menus[0]] == ["grilled-cheese", "veggie-hash"]


def test_only_one_action_card_a_turn():
    state = ready(hands={0: ["flat-tire", "road-closed", "lettuce", "onions"]})
    state, _ = draw(state)
    state, _ = act(state, 0, {"type": "play", "card": "flat-tire", "target": "bob"})
    assert not any(m["type"] == "play" and m["card"] == "road-closed" for m in RULES.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="one action card a turn"):
        act(state, 0, {"type": "play", "card": "road-closed", "target": "cid"})


def test_action_cards_are_aimed_at_an_opponent():
    state, _ = draw(ready(hands={0: ["flat-tire", "lettuce", "onions", "cheddar"]}))
    with pytest.raises(IllegalMove, match="another player"):
        act(state, 0, {"type": "play", "card": "flat-tire", "target": "ann"})
    with pytest.raises(IllegalMove, match="needs a target"):
        act(state, 0, {"type": "play", "card": "flat-tire"})


def test_discard_any_two_cards_to_draw_one():
    state = ready(hands={0: ["flat-tire", "lettuce", "onions", "cheddar"]}, draws=["tomatoes", "pinto-beans"])
    state, _ = draw(state)
    state, events = act(state, 0, {"type": "discard_two", "cards": ["flat-tire", "onions"]})
    assert types(events) == ["CardsDiscarded", "CardDrawn"]
    assert state.discard[-2:] == ("flat-tire", "onions")
    assert sorted(state.hands[0]) == ["cheddar", "lettuce", "pinto-beans", "tomatoes"]


def test_hand_limit_eight_at_the_end_of_your_turn_you_choose_the_discards():
    # given ann with ten cards at the end of her turn
    hand = ("black-beans", "cheddar", "lettuce", "onions", "tomatoes", "pinto-beans", "mozzarella",
            "pulled-pork", "french-fries", "hash-browns")
    state = with_state(draw(ready())[0], hands=(hand,) + ready().hands[1:])
    # when she passes she must discard two, of her choice
    state, events = pass_turn(state)
    assert types(events) == ["HandLimitReached"] and state.phase == "hand-limit"
    with pytest.raises(IllegalMove, match="discard exactly 2"):
        act(state, 0, {"type": "discard", "cards": ["lettuce"]})
    legal = RULES.legal_moves(state, 0)
    assert all(m["type"] == "discard" and len(m["cards"]) == 2 for m in legal)
    state, events = act(state, 0, {"type": "discard", "cards": ["pulled-pork", "lettuce"]})
    assert types(events)[:2] == ["CardsDiscarded", "TurnEnded"]
    assert len(state.hands[0]) == 8 and state.current == 1


def test_a_pass_at_eight_cards_or_fewer_ends_the_turn():
    state, _ = draw(ready())
    state, events = pass_turn(state)
    assert types(events) == ["TurnEnded", "TurnStarted"] and state.current == 1


def test_a_malformed_move_is_refused():
    state = ready()
    with pytest.raises(MalformedMove):
        RULES.decide(state, 0, {"type": "eat"})


def test_a_recipe_may_need_two_ingredients_of_one_type():
    state = ready(recipes=["club-sandwich", "nachos"],
                  hands={0: ["sourdough-loaf", "flour-tortilla", "pulled-pork", "lettuce"]})
    state, _ = draw(state)
    [move] = [m for m in RULES.legal_moves(state, 0) if m["type"] == "complete"]
    assert sorted(move["cards"]) == ["flour-tortilla", "lettuce", "pulled-pork", "sourdough-loaf"]
    state, events = act(state, 0, move)
    assert events[0].stars == 3


def test_many_possible_hand_limit_discards_are_listed_canonically_and_any_valid_one_is_accepted():
    hand = ("black-beans", "cheddar", "lettuce", "onions", "tomatoes", "pinto-beans", "mozzarella",
            "pulled-pork", "french-fries", "hash-browns", "sourdough-loaf", "viral-video")
    state = with_state(draw(ready())[0], hands=(hand,) + ready().hands[1:])
    state, _ = pass_turn(state)
    legal = RULES.legal_moves(state, 0)
    assert 0 < len(legal) <= 40 and all(len(m["cards"]) == 4 for m in legal)
    chosen = ["viral-video", "sourdough-loaf", "onions", "black-beans"]
    assert sorted(chosen) not in [sorted(m["cards"]) for m in legal]
    state, _ = act(state, 0, {"type": "discard", "cards": chosen})
    assert len(state.hands[0]) == 8 and state.current == 1

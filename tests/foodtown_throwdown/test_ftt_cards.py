"""Territories, publicity and action cards."""
from __future__ import annotations

import pytest

from ftt_helpers import RULES, act, apply, draw, pass_turn, ready, types, with_state
from shared.rules import IllegalMove, NotYourTurn


def _menu(*recipes):
    return tuple((r, ()) for r in recipes)


def test_a_territory_is_worth_one_star_and_one_more_while_its_condition_holds():
    # given ann plays Downtown (bonus: a recipe with meat on your menu)
    state = ready(hands={0: ["downtown", "lettuce", "onions", "cheddar"]})
    state, _ = draw(state)
    state, events = act(state, 0, {"type": "play", "card": "downtown"})
    assert types(events) == ["CardPlayed"]
    assert RULES.view(state, None)["stars"]["ann"] == 1
    # when a meat recipe joins her menu, the bonus star counts; a veggie one does not
    meatless = with_state(state, menus=(_menu("nachos"),) + state.menus[1:])
    assert RULES.view(meatless, None)["stars"]["ann"] == 1 + 2
    meaty = with_state(state, menus=(_menu("sloppy-joe"),) + state.menus[1:])
    assert RULES.view(meaty, None)["star_breakdown"]["ann"] == {
        "recipes": 1, "territories": 1, "territory_bonus": 1, "publicity": 0, "total": 3}


@pytest.mark.parametrize("territory, menu, bonus", [
    ("college-campus", ["grilled-cheese"], 1), ("college-campus", ["nachos"], 0),
    ("arts-district", ["nachos"], 1), ("arts-district", ["sloppy-joe"], 0),
    ("stadium", ["nachos", "tacos", "poutine"], 1), ("stadium", ["nachos", "tacos"], 0),
    ("county-fair", ["burrito-bowl"], 1), ("county-fair", ["tacos"], 0),
    ("old-town", ["three-bean-salad"], 1), ("dairy-row", ["three-bean-salad"], 0)])
def test_territory_conditions(territory, menu, bonus):
    state = ready()
    state = with_state(state, tables=((territory,), (), ()), menus=(_menu(*menu), (), ()))
    assert RULES.view(state, 0)["star_breakdown"]["ann"]["territory_bonus"] == bonus
    # and the view names the territory that earns it, for a client to draw the star there
    assert RULES.view(state, 0)["bonus_territories"]["ann"] == ([territory] if bonus else [])


def test_a_bad_review_takes_a_recipe_and_the_territory_bonus_it_gave_away():
    # given bob's Downtown holds thanks to his Sloppy Joe
    state = ready(hands={0: ["bad-review", "lettuce", "onions", "cheddar"]})
    state = with_state(state, tables=((), ("downtown",), ()),
                       menus=((), (("sloppy-joe", ("sourdough-loaf", "pulled-pork")),), ()))
    assert RULES.view(state, None)["stars"]["bob"] == 3
    state, _ = draw(state)
    # when ann gives it a bad review
    state, events = act(state, 0, {"type": "play", "card": "bad-review", "target": "bob", "pick": "sloppy-joe"})
    # then the recipe leaves the game, its ingredients are discarded and Downtown is back to 1 star
    assert types(events) == ["ActionPlayed", "RecipeClosed"]
    assert state.closed == ("sloppy-joe",) and state.menus[1] == ()
    assert state.discard[-2:] == ("sourdough-loaf", "pulled-pork")
    assert RULES.view(state, None)["stars"]["bob"] == 1


def test_publicity_played_the_moment_it_is_drawn_becomes_public():
    # given ann draws a publicity card
    state = ready(draws=["viral-video"])
    state, events = draw(state)
    # the draw is secret from bob ...
    assert "card" not in RULES.event_view(events[0], 1)
    assert RULES.event_view(events[0], 0)["card"] == "viral-video"
    assert RULES.view(state, 0)["just_drawn"] == "viral-video"
    # ... until she plays it at once: one star, in front of her, flagged as played at once
    state, events = act(state, 0, {"type": "play", "card": "viral-video"})
    assert events[0].at_once and RULES.event_view(events[0], 1)["card"] == "viral-video"
    assert state.tables[0] == ("viral-video",) and RULES.view(state, 1)["stars"]["ann"] == 1


def test_publicity_may_be_held_for_later_turns():
    state = ready(hands={0: ["viral-video", "lettuce", "onions", "cheddar"]})
    state, _ = draw(state)
    state, events = act(state, 0, {"type": "play", "card": "viral-video"})
    assert not events[0].at_once and RULES.view(state, 1)["stars"]["ann"] == 1


def test_health_inspection_makes_the_target_choose_two_ingredients_to_discard():
    # given bob holds four ingredients
    state = ready(hands={0: ["health-inspection", "lettuce", "onions", "cheddar"],
                         1: ["black-beans", "pinto-beans", "cheddar", "viral-video"]})
    state, _ = draw(state)
    # when ann inspects him, bob (out of turn) chooses
    state, events = act(state, 0, {"type": "play", "card": "health-inspection", "target": "bob"})
    assert types(events) == ["ActionPlayed", "DiscardDemanded"]
    assert RULES.to_act(state) == {1}
    with pytest.raises(NotYourTurn, match="bob to discard"):
        act(state, 0, {"type": "pass"})
    with pytest.raises(IllegalMove, match="ingredient"):
        act(state, 1, {"type": "discard", "cards": ["viral-video", "cheddar"]})
    assert all(len(m["cards"]) == 2 for m in RULES.legal_moves(state, 1))
    state, events = act(state, 1, {"type": "discard", "cards": ["black-beans", "cheddar"]})
    # then the turn goes back to ann
    assert sorted(state.hands[1]) == ["pinto-beans", "viral-video"]
    assert RULES.to_act(state) == {0} and state.phase == "main"


def test_health_inspection_on_two_or_fewer_ingredients_discards_them_all():
    state = ready(hands={0: ["health-inspection", "lettuce", "onions", "cheddar"],
                         1: ["black-beans", "viral-video", "flat-tire", "downtown"]})
    state, _ = draw(state)
    state, events = act(state, 0, {"type": "play", "card": "health-inspection", "target": "bob"})
    assert types(events) == ["ActionPlayed", "CardsDiscarded"]
    assert events[1].cards == ("black-beans",) and state.phase == "main"


def test_hostile_takeover_discards_a_card_in_front_of_an_opponent_and_awards_no_stars():
    """ "They do not award any stars but instead are played to stifle your opponents' progress." """
    # given bob has Downtown (his Sloppy Joe holds its bonus: 2 stars) and a Viral Video in front of him
    state = ready(hands={0: ["hostile-takeover", "lettuce", "onions", "cheddar"]})
    state = with_state(state, tables=((), ("downtown", "viral-video"), ()),
                       menus=((), (("sloppy-joe", ("sourdough-loaf", "pulled-pork")),), ()))
    state, _ = draw(state)
    before = RULES.view(state, None)["stars"]
    legal = [m for m in RULES.legal_moves(state, 0) if m.get("card") == "hostile-takeover"]
    assert {m["pick"] for m in legal} == {"downtown", "viral-video"} and {m["target"] for m in legal} == {"bob"}
    # when ann plays Hostile Takeover on bob's Downtown
    state, events = act(state, 0, {"type": "play", "card": "hostile-takeover", "target": "bob", "pick": "downtown"})
    # then Downtown goes to the discard pile: bob loses its two stars and ann gains none
    assert types(events) == ["ActionPlayed", "TableCardDiscarded"]
    assert state.tables == ((), ("viral-video",), ())
    assert state.discard[-2:] == ("hostile-takeover", "downtown")
    after = RULES.view(state, None)["stars"]
    assert after["ann"] == before["ann"] == 0
    assert after["bob"] == before["bob"] - 2
    # and a card that is not in front of the target cannot be picked
    with pytest.raises(IllegalMove):
        act(with_state(state, action_used=False, hands=(("hostile-takeover",),) + state.hands[1:]), 0,
            {"type": "play", "card": "hostile-takeover", "target": "cid", "pick": "viral-video"})


def test_menu_mix_up_makes_the_target_redraw_their_hand_and_gives_the_player_nothing():
    """ "They do not award any stars but instead are played to stifle your opponents' progress." """
    # given bob has gathered four cards and ann holds Menu Mix-Up
    state = ready(hands={0: ["menu-mix-up", "lettuce", "onions", "cheddar"],
                         1: ["black-beans", "pinto-beans", "pulled-pork", "viral-video"]},
                  draws=["tomatoes"])
    state, _ = draw(state)
    ann_before = sorted(state.hands[0])
    ann_before.remove("menu-mix-up")
    top = state.play_deck[:4]
    # when ann plays it on bob
    state, events = act(state, 0, {"type": "play", "card": "menu-mix-up", "target": "bob"})
    # then bob's hand goes face up to the discard pile and he draws four new cards; ann's hand is
    # as it was (less the action card), and nobody's stars change
    assert types(events) == ["ActionPlayed", "CardsDiscarded"] + ["CardDrawn"] * 4
    assert events[1].cards == ("black-beans", "pinto-beans", "pulled-pork", "viral-video")
    assert sorted(state.hands[0]) == ann_before
    assert sorted(state.hands[1]) == sorted(top)
    assert state.just_drawn is None and RULES.view(state, 0)["stars"] == {"ann": 0, "bob": 0, "cid": 0}
    # bob's new cards are secret from the others
    assert all("card" not in RULES.event_view(e, 0) for e in events[2:])
    assert [RULES.event_view(e, 1)["card"] for e in events[2:]] == list(top)


def test_menu_mix_up_draws_the_rest_from_the_shuffled_discard_pile_when_the_deck_runs_out():
    # given only one card is left in the play deck
    state = ready(hands={0: ["menu-mix-up", "lettuce", "onions", "cheddar"],
                         1: ["black-beans", "pinto-beans", "pulled-pork", "viral-video"]})
    state, _ = draw(state)
    state = with_state(state, play_deck=state.play_deck[:1], discard=())
    state, events = act(state, 0, {"type": "play", "card": "menu-mix-up", "target": "bob"})
    # then bob draws that card and waits for the discard pile to be shuffled for the other three
    assert types(events)[-2:] == ["CardDrawn", "DeckRanOut"] and events[-1].count == 3
    node = RULES.chance(state)
    assert node is not None and node.deck == "play"
    state = apply(state, events := RULES.resolve_chance(state, list(node.cards)))
    assert types(events) == ["DeckShuffled"] + ["CardDrawn"] * 3
    assert len(state.hands[1]) == 4 and RULES.to_act(state) == {0} and state.phase == "main"


@pytest.mark.parametrize("card, target_pick", [
    ("health-inspection", None), ("hostile-takeover", "viral-video"), ("menu-mix-up", None),
    ("bad-review", "sloppy-joe"), ("road-closed", None), ("flat-tire", None)])
def test_no_action_card_awards_the_player_anything(card, target_pick):
    """ "They do not award any stars but instead are played to stifle your opponents' progress." """
    # given ann, with a star card in hand and stars in front of her, plays an action card at bob
    state = ready(hands={0: [card, "lettuce", "onions", "local-news-spot"],
                         1: ["black-beans", "pinto-beans", "pulled-pork", "cheddar"]})
    state = with_state(state, tables=(("radio-shout-out",), ("downtown", "viral-video"), ()),
                       menus=((), (("sloppy-joe", ("sourdough-loaf", "pulled-pork")),), ()))
    state, _ = draw(state)
    stars = RULES.view(state, None)["stars"]
    hand = sorted(state.hands[0])
    move = {"type": "play", "card": card, "target": "bob"}
    if target_pick:
        move["pick"] = target_pick
    state, events = act(state, 0, move)
    # then ann has no more stars, no new card and nothing new in front of her; bob has no more stars
    after = RULES.view(state, None)["stars"]
    assert after["ann"] == stars["ann"] and after["bob"] <= stars["bob"]
    hand.remove(card)
    assert sorted(state.hands[0]) == hand and state.tables[0] == ("radio-shout-out",)
    assert not any(getattr(e, "seat", None) == 0 for e in events if type(e).__name__ != "ActionPlayed")


def test_road_closed_stops_the_target_completing_recipes_in_their_next_turn():
    state = ready(recipes=["grilled-cheese", "nachos"],
                  hands={0: ["road-closed", "lettuce", "onions", "cheddar"],
                         1: ["sourdough-loaf", "mozzarella", "lettuce", "onions"]})
    state, _ = draw(state)
    state, _ = act(state, 0, {"type": "play", "card": "road-closed", "target": "bob"})
    state, _ = pass_turn(state)
    state, _ = draw(state)
    assert not any(m["type"] == "complete" for m in RULES.legal_moves(state, 1))
    with pytest.raises(IllegalMove, match="Road Closed"):
        act(state, 1, {"type": "complete", "recipe": "grilled-cheese"})
    # the block ends with that turn
    state, _ = pass_turn(state)
    assert state.blocked == (False, False, False)


def test_flat_tire_skips_the_targets_next_turn():
    state = ready(hands={0: ["flat-tire", "lettuce", "onions", "cheddar"]})
    state, _ = draw(state)
    state, _ = act(state, 0, {"type": "play", "card": "flat-tire", "target": "bob"})
    state, events = pass_turn(state)
    assert types(events) == ["TurnEnded", "TurnSkipped", "TurnStarted"]
    assert state.current == 2 and state.skips == (0, 0, 0)


def test_action_cards_can_only_be_played_on_your_turn():
    state = ready(hands={1: ["flat-tire", "lettuce", "onions", "cheddar"]})
    state, _ = draw(state)
    with pytest.raises(NotYourTurn, match="only be played on your turn"):
        act(state, 1, {"type": "play", "card": "flat-tire", "target": "ann"})

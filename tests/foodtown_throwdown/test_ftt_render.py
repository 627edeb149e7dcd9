"""The terminal renderer draws a seat's view; its event lines and move labels are the game's
English messages (one source with every client)."""
from __future__ import annotations

import io

from rich.console import Console

from ftt_helpers import RULES, act, draw, ready
from services.foodtown_throwdown import render
from shared.codec import to_jsonable


def _text(renderable) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_the_screen_shows_my_hand_the_display_and_my_moves_but_no_other_hand():
    state = ready(recipes=["hot-dog", "nachos"],
                  hands={0: ["whole-wheat-bread", "hamburger-meat", "potato-medley", "viral-video"],
                         1: ["menu-mix-up", "lettuce", "onions", "cheddar"]})
    state, _ = draw(state)
    text = _text(render.screen(RULES.view(state, 0)))
    assert "Hot Dog" in text and "Whole Wheat Bread" in text and "Complete Hot Dog" in text
    assert "Your turn: complete a recipe, play a publicity card," in text  # what ann can do now
    assert "Menu Mix-Up" not in text
    other = _text(render.screen(RULES.view(state, 1)))
    assert "Whole Wheat Bread" not in other and "Menu Mix-Up" in other and "Waiting for ann" in other


def test_event_lines_and_move_labels_are_the_english_messages():
    state = ready(recipes=["hot-dog", "nachos"], draws=["viral-video"],
                  hands={0: ["whole-wheat-bread", "hamburger-meat", "potato-medley", "flat-tire"]})
    state, events = draw(state)
    line = render.event_line({"type": "CardDrawn", "data": RULES.event_view(events[0], 1)}, state.players, "bob")
    assert line == "ann draws a card."
    line = render.event_line({"type": "CardDrawn", "data": RULES.event_view(events[0], 0)}, state.players, "ann")
    assert line == "You draw Viral Video."
    state, events = act(state, 0, {"type": "complete", "recipe": "hot-dog"})
    line = render.event_line({"type": "RecipeCompleted", "data": to_jsonable(events[0])}, state.players, "ann")
    assert line == "You complete Hot Dog with Whole Wheat Bread, Hamburger Meat, Potato Medley: +2 stars."
    shuffled = {"type": "DeckShuffled", "data": {"deck": "play", "k": 1, "size": 30}}
    assert render.event_line(shuffled, state.players, "ann") is None  # internal bookkeeping
    for move in RULES.legal_moves(state, 0):
        assert render.move_label(move)
    assert render.move_label({"type": "play", "card": "flat-tire", "target": "bob"}) == "Play Flat Tire on bob"
    assert render.move_label({"type": "pass"}) == "Pass (end your turn)"


def test_the_table_drawn_in_german_has_german_headers_and_none_of_the_english_ones():
    # given ann's view with a recipe to complete
    import re
    state = ready(recipes=["hot-dog", "nachos"],
                  hands={0: ["whole-wheat-bread", "hamburger-meat", "potato-medley", "viral-video"]})
    state, _ = draw(state)
    # when it is drawn in German
    text = _text(render.screen(RULES.view(state, 0), language="de"))
    # then the table's headers and labels are the German ones (Runde, Spielstapel, Ausliegende Rezepte)
    for german in ("Foodtown Throwdown - Runde 1 - Rezepte übrig", "Spielstapel", "Ablage", "Sterne",
                   "Speisekarte", "Ausliegende Rezepte", "Hot Dog [Brot+Fleisch+Kartoffeln] 2*",
                   "Vollkornbrot (Brot)", "Virales Video (Werbung)", "Deine Hand (5)", "Deine Züge"):
        assert german in text, (german, text)
    # and none of the English ones
    for english in ("round", "recipes left", "play deck", "discards", "stars", "Recipes on display", "Your hand",
                    "Bread", "Publicity"):
        assert not re.search(rf"\b{english}\b", text), (english, text)

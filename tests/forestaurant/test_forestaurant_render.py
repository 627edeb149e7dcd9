"""The renderer draws any view and labels every move, from the seat's view only."""
from __future__ import annotations

import io

from rich.console import Console

from forestaurant_helpers import RULES
from services.forestaurant import GAME, render
from services.forestaurant.balance import play
from shared.codec import EventCodec


def _text(renderable) -> str:
    console = Console(file=io.StringIO(), width=110, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def test_screens_events_and_moves_render_through_a_game():
    state, _ = play(3, 5, {})
    for seat in (0, 1, None):
        text = _text(render.screen(RULES.view(state, seat)))
        assert "Forestaurant" in text and "satisfied" in text
        assert ("Your hand" in text) == (seat is not None)  # a spectator holds no hand
    # a mid-game view with moves
    from forestaurant_helpers import ready
    s = ready(3)
    view = RULES.view(s, 0)
    text = _text(render.screen(view))
    assert "Your moves" in text and "Event at table" in text and "Your turn: resolve the events" in text
    codec = EventCodec(RULES.event_types)
    from services.forestaurant.rules.events import TurnStarted
    line = render.event_line(codec.encode(TurnStarted(0, 1, 3, (6, 7, 8))), ["ann", "bob"], "ann")
    # "3 marks the bottom row": the board's tables 7, 8 and 9 (the event holds their indices)
    assert line == "Turn 1: the 3 marks tables 7, 8, 9, where events take place."
    assert render.event_line({"type": "EventResolved", "data": {"table": 6}}, ["ann", "bob"], "ann") is None
    label = render.move_label({"type": "cook", "table": 4, "cards": ["bear-6"], "ingredients": ["fish", "berries"]})
    assert label == "Cook at table 5 with Bear 6, Fish, Berries"  # the middle one, index 4


def test_the_restaurant_reads_tables_1_to_9_as_the_board_numbers_them():
    # "The restaurant is made of 9 tables" numbered 1 to 9 on the board, row by row
    from forestaurant_helpers import ready
    text = _text(render.board(RULES.view(ready(2), 0)))
    shown = [f"#{n} (" for n in range(1, 10)]
    assert all(s in text for s in shown) and "#0 (" not in text
    assert text.index("#1 (") < text.index("#2 (") < text.index("#4 (") < text.index("#9 (")


def test_the_game_declaration():
    assert GAME.name == "forestaurant" and GAME.cooperative and GAME.port == 20056
    assert GAME.min_players == 1 and GAME.max_players == 5
    cat = GAME.catalogue()
    assert len(cat["decks"]["animals"]) == 96 and len(cat["decks"]["menus"]) == 30
    assert len(cat["decks"]["vegetables"]) + len(cat["decks"]["meats"]) == 40
    assert all(c in cat["cards"] for deck in cat["decks"].values() for c in deck)
    import json
    json.dumps(cat)
    schema = GAME.moves.schema()
    assert {v["title"] for v in schema["oneOf"]} >= {"resolve_event", "cook", "offer_help"}


def test_the_prompt_names_the_tables_left_as_the_board_numbers_them_one_or_several():
    from services.forestaurant import messages
    from services.forestaurant.texts import TEXTS
    view = {"to_act": ["ann"], "you": "ann", "phase": "events", "events_left": [4]}
    one = messages.prompt_message(view, 0)
    assert TEXTS.render(one, "en") == "Your turn: resolve the event of table 5."
    assert TEXTS.render(one, "de") == "Du bist am Zug: Handle das Ereignis an Tisch 5 ab."
    several = messages.prompt_message({**view, "events_left": [0, 3, 6]}, 0)
    assert TEXTS.render(several, "en") == "Your turn: resolve the events of tables 1, 4, and 7."
    # (a list in words: "tables 1, 3" read as a list cut short)
    two = messages.prompt_message({**view, "events_left": [0, 2]}, 0)
    assert TEXTS.render(two, "en") == "Your turn: resolve the events of tables 1 and 3."
    assert TEXTS.render(two, "de") == "Du bist am Zug: Handle die Ereignisse an den Tischen 1 und 3 ab."


def test_the_bookkeeping_events_name_a_table_as_the_board_numbers_it_and_a_phase_in_words():
    # given the events a client reading every message also shows (internal: the table's log hides them)
    from services.forestaurant import messages
    from services.forestaurant.texts import TEXTS

    def read(kind, data, language):
        message = messages.event_message({"type": kind, "data": data}, ["ann", "bob"], 0)
        assert message.internal
        return TEXTS.render(message, language)
    # then the first table is table 1, as in the prompt and on the board
    assert read("EventResolved", {"table": 0}, "en") == "The event of table 1 is done."
    assert read("EventResolved", {"table": 0}, "de") == "Das Ereignis an Tisch 1 ist erledigt."
    assert read("MenusDrawn", {"table": 4, "cards": ["menu-1"]}, "de") == "Menükarten für Tisch 5 gezogen."
    # and a phase reads as the rules panel names it
    assert read("PhaseChanged", {"phase": "discard"}, "en") == "Now: discarding ingredients."
    assert read("PhaseChanged", {"phase": "cooking"}, "de") == "Jetzt: gemeinsames Kochen."


def test_the_restaurant_drawn_in_german_has_german_headers_and_none_of_the_english_ones():
    # given ann's view of a turn's start (her events to resolve)
    import re
    from forestaurant_helpers import ready
    view = RULES.view(ready(3), 0)
    # when it is drawn in German
    text = _text(render.screen(view, language="de"))
    # then the table's labels are the German rulebook's (Tisch, Stühle, Pilze, Tierstapel, Mindesthandgröße)
    for german in ("Forestaurant - Zug 1 - Ereignisse - Linie", "Stühle)", "Wolken auf den Pilzen", "Tierstapel",
                   "zufrieden (je 5 nötig): Hase 0", "Das Team", "ann (du): 7 Karten, Vorrat -",
                   "Deine Hand (Mindestgröße 4)", "Deine Züge"):
        assert german in text, (german, text)
    # and none of the English ones
    for english in ("turn", "chairs", "mushrooms", "animal deck", "satisfied", "Your hand", "storage", "hare"):
        assert not re.search(rf"\b{english}\b", text), (english, text)

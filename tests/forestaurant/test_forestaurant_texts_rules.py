"""Texts that state a rule of the rulebook (/work/shared/rulebooks/forestaurant.txt), in English and
German, as a player reads them: who cooked a meal, and the Game Variations' advice for five."""
from __future__ import annotations

import pytest

from services.forestaurant import GAME, messages
from services.forestaurant.texts import TEXTS
from shared.describe import describe

PLAYERS = ["eve-a", "eve-b", "eve-c"]
# "Cooking together ... Other players can also discard ingredients and/or animal cards."
MEAL = {"type": "MealCooked", "data": {"table": 3, "contributions": [
    {"seat": 0, "cards": ["marten-5"], "ingredients": ["carrot", "clover"]},
    {"seat": 1, "cards": ["boar-6"], "ingredients": []}]}}


def _meal(seat, language):
    return TEXTS.render(messages.event_message(MEAL, PLAYERS, seat), language)


@pytest.mark.parametrize("language, you, other", [("en", "by you and eve-a", "eve-a"),
                                                   ("de", "von dir und eve-a", "eve-a")])
def test_given_a_meal_cooked_together_with_the_reader_when_the_log_reads_it_then_the_reader_is_you(
        language, you, other):
    # given the reader (seat 1) helped eve-a cook; when the reader's log says who cooked
    text = _meal(1, language)
    # then the reader reads "you", as in "You offer Boar 6", never their own name
    assert you in text and "eve-b" not in text, text


@pytest.mark.parametrize("language", ["en", "de"])
def test_given_a_meal_cooked_together_when_someone_else_reads_it_then_every_cook_is_named(language):
    for seat in (2, None):  # a player who did not cook, a spectator
        text = _meal(seat, language)
        assert "eve-a" in text and "eve-b" in text, text
    alone = dict(MEAL, data={**MEAL["data"], "contributions": MEAL["data"]["contributions"][:1]})
    text = TEXTS.render(messages.event_message(alone, PLAYERS, 0), language)
    assert "eve-a" not in text and ("by you with" in text if language == "en" else "von dir mit" in text), text


@pytest.mark.parametrize("language", ["en", "de"])
def test_given_a_table_of_five_when_the_advice_reads_then_it_names_the_options_as_players_see_them(language):
    # "When playing with 5 players, it is recommended to use some of these modifications!"
    [advice] = messages.table_advice(5, {})
    text = TEXTS.render(advice, language)
    described = {o["name"]: o for o in describe(GAME, language)["options"]}
    # then every variation is named by the label the options' form shows, never by its id
    for name in ("stars_covered", "satisfied_needed", "ignore_eating_clouds"):
        assert described[name]["label"] in text, (name, text)
        assert name not in text, text
    assert described["difficulty"]["label"] in text and " easy " not in text, text


def _turn_start(seat, language):
    """The log's lines for the start of ann's turn (she draws Deer 4, which marks column 1), as
    `seat` reads them (the drawn card only to its owner: rules.view.event_view)."""
    from services.forestaurant.rules.events import CardsDrawn, TurnStarted
    from services.forestaurant.rules.view import event_view
    from shared.codec import EventCodec
    codec = EventCodec(GAME.rules.event_types)
    lines = []
    for event in (CardsDrawn(0, ("deer-4",), "turn"), TurnStarted(0, 6, 4, (0, 3, 6))):
        shown = codec.encode(event) if not isinstance(event, CardsDrawn) else \
            {"type": "CardsDrawn", "data": {k: v for k, v in event_view(event, seat).items() if k != "type"}}
        lines.append(TEXTS.render(messages.event_message(shown, ["ann", "bob"], seat), language))
    return lines


@pytest.mark.parametrize("language, drawn, draw_words, past", [
    ("en", "You draw Deer 4 to start your turn.", ("draw", "drew"), "drew"),
    ("de", "Du ziehst Hirsch 4 für den Beginn deines Zugs.", ("zieh", "gezogen"), "gezogen")])
def test_given_the_active_player_draws_the_card_that_marks_the_line_when_the_log_reads_the_turns_start_then_it_says_the_draw_once_in_the_present(
        language, drawn, draw_words, past):
    # "The active player first draws a card from the animal deck. The value of the card marks the
    # three tables where events take place."
    for seat in (0, 1, None):
        draw_line, turn_line = _turn_start(seat, language)
        assert not any(w in turn_line.lower() for w in draw_words), turn_line  # the draw is the line before
        assert "4" in turn_line and "1, 4, 7" in turn_line and "6" in turn_line, turn_line
        assert past not in draw_line, draw_line
    assert _turn_start(0, language)[0] == drawn


@pytest.mark.parametrize("language", ["en", "de"])
def test_given_a_menu_card_when_the_log_names_it_then_its_ingredients_have_the_names_of_their_tokens(language):
    # "A matching card shows the same species as the animal card at the table" and its two
    # ingredients: the log ("The guests at table 8 order Fox menu (Fish, Carrot)") names them as
    # the ingredient tokens are named, the words the board shows ("Fish", not "fish")
    cards = GAME.catalogue()["cards"]
    menus = [c for c, card in cards.items() if card["kind"] == "menu"]
    assert len(menus) == 30
    for menu in menus:
        name = TEXTS.card_name(menu, language)
        for token in cards[menu]["ingredients"]:
            assert TEXTS.card_name(token, language) in name, (menu, name)


@pytest.mark.parametrize("language, line", [
    ("en", "The menu deck ran out: its discards were shuffled into a new menu deck."),
    ("de", "Der Menüstapel ist aufgebraucht: Die abgeworfenen Menükarten wurden zu einem neuen Menüstapel gemischt.")])
def test_given_the_menu_deck_runs_out_when_the_log_reads_its_reshuffle_then_one_line_says_both(language, line):
    # "If the menu deck runs out during the action, shuffle the discard pile to form a new deck and
    # continue drawing": the pile running out and its reshuffle are one line, not the same twice
    ran_out = {"type": "PileRanOut", "data": {"pile": "menus", "pending": {"kind": "order", "seat": 0}}}
    shuffled = {"type": "DeckShuffled", "data": {"deck": "menus", "k": 1, "count": 22, "kept": 22}}
    assert messages.event_message(ran_out, PLAYERS, 0).internal
    assert TEXTS.render(messages.event_message(shuffled, PLAYERS, 0), language) == line


@pytest.mark.parametrize("language, words", [("en", "the next 5-level"), ("de", "die nächste Fünferstufe")])
def test_given_a_species_reaches_5_when_the_log_says_so_then_it_is_the_rulebooks_next_5_level(language, words):
    # "When its cloud would go on a star but the next 5-level is reached at the same time ..."
    for data in ({"table": 3, "src": "guest", "dst": "mushrooms", "cause": "semi-step", "about": "bear"},
                 {"table": -1, "src": "stars", "dst": "mushrooms", "cause": "step", "about": "bear"}):
        text = TEXTS.render(messages.event_message({"type": "CloudMoved", "data": data}, PLAYERS, 0), language)
        assert words in text and "step" not in text, text


def test_given_the_german_texts_when_they_speak_of_covered_stars_then_they_say_abgedeckt_never_verdeckt():
    # "verdeckt" is a face-down card (the eating guests' menu, "Menü verdeckt"); a cloud on a star
    # covers it, "abgedeckt", as the board's "5 von 5 Sternen abgedeckt" says
    import re
    from pathlib import Path
    text = (Path(__file__).parents[2] / "services/forestaurant/texts/de.ftl").read_text(encoding="utf8")
    starry = [line for line in text.splitlines() if re.search(r"Stern", line) and re.search(r"verdeck", line, re.I)]
    assert not starry, starry

"""Foodie Forest's texts (issue 24): both languages complete, every card, event, move, prompt and
refusal readable, and every template fed the arguments it names."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from rich.console import Console

from services.foodie_forest import GAME, messages, render
from services.foodie_forest.catalogue import catalogue
from services.foodie_forest.rules.cards import catalogue as card_data
from services.foodie_forest.rules.events import EVENT_TYPES
from services.foodie_forest.rules.options import OPTION_NAMES
from services.foodie_forest.texts import TEXTS
from shared.i18n import LANGUAGES, Message

from foodie_helpers import OPTION_SETS, playout

NAMES = ["ann", "bob", "cid", "dan", "eve"]
RULES_DIR = Path(__file__).parents[2] / "services" / "foodie_forest" / "rules"


@lru_cache(maxsize=None)
def variables(key: str, language: str) -> frozenset[str]:
    return frozenset(TEXTS.variables(key, language))


def check_message(message: Message, where) -> None:
    """The message's key is in both languages, names only arguments it has, and reads as words:
    no card id shows through where a card's name belongs."""
    assert message.key, where
    for language in LANGUAGES:
        assert TEXTS.has(message.key, language), (message.key, language, where)
        missing = variables(message.key, language) - set(message.args)
        assert not missing, (message.key, language, missing, where)
        text = TEXTS.render(message, language)
        assert text and "{" not in text and not re.search(r"\b[a-z]+-(\d+|herb)\b", text), (text, where)


def test_every_key_is_in_both_languages():
    assert TEXTS.keys("en") == TEXTS.keys("de")
    for key in TEXTS.keys("en"):
        assert TEXTS.attributes(key, "en") == TEXTS.attributes(key, "de"), key
        assert TEXTS.variables(key, "en") == TEXTS.variables(key, "de"), key


def test_every_card_any_table_deals_has_a_name_and_a_text_in_both_languages():
    cards = catalogue()["cards"]
    assert {"bug-herb", "bug-0", "trash-3", "boot-3", "empty-pot", "boot"} <= set(cards)
    for cid in cards:
        key = f"card-{TEXTS.card_key(cid)}"
        for language in LANGUAGES:
            assert TEXTS.has(key, language) and "text" in TEXTS.attributes(key, language), (key, language)
            assert TEXTS.card_name(cid, language) != cid


def test_the_catalogue_reads_its_names_and_texts_from_the_english_catalogue():
    card = catalogue()["cards"]["bug-10"]
    assert card["name"] == "Bug 10" and card["text"] == TEXTS.text("card-bug-10", attribute="text")
    assert catalogue()["cards"]["empty-pot"]["name"] == "Empty pot recipe"


def test_the_terms_a_client_draws_cards_with_are_there():
    editions = card_data().editions.values()
    for colour in {c.name for e in editions for c in e.colours}:
        assert all(TEXTS.has(f"colour-{colour}", lang) for lang in LANGUAGES), colour
    for kind in {c["kind"] for c in catalogue()["cards"].values()}:
        assert all(TEXTS.has(f"kind-{kind}", lang) for lang in LANGUAGES), kind
    for recipe in {r for e in editions for r in e.recipes}:
        assert all(TEXTS.has(f"recipe-{recipe}", lang) for lang in LANGUAGES), recipe


def test_every_option_and_each_of_its_choices_has_a_label_and_a_sentence():
    assert [o.name for o in GAME.options] == list(OPTION_NAMES)
    for option in GAME.options:
        assert option.default in option.choices
        for language in LANGUAGES:
            assert "sentence" in TEXTS.attributes(f"option-{option.name}", language)
            for value in option.choices:
                shown = str(value).lower() if isinstance(value, bool) else value
                assert TEXTS.has(f"option-{option.name}-{shown}", language), (option.name, value)


def test_the_rules_sections_a_player_reads_at_the_table_are_there():
    assert {"goal", "turn", "end", "scoring", "choices"} <= set(messages.RULES_SECTIONS)
    for section in messages.RULES_SECTIONS:
        assert all(TEXTS.has(f"rules-{section}", lang) for lang in LANGUAGES), section


def test_every_event_type_and_move_type_has_a_template():
    for event_type in EVENT_TYPES:
        assert TEXTS.keys("en", f"event-{event_type.__name__}"), event_type.__name__
    assert GAME.moves.names() == ["choose_recipe", "play"]
    for move_type in GAME.moves.names():
        assert all(TEXTS.has(f"move-{move_type}", lang) for lang in LANGUAGES), move_type


def test_every_refusal_key_the_rules_raise_has_a_template_in_both_languages():
    raised = set()
    for path in RULES_DIR.glob("*.py"):
        raised |= set(re.findall(r'key="([a-z-]+)"', path.read_text()))
    assert {"must-follow", "not-in-hand", "dealer-must-differ", "bad-option"} <= raised
    for key in raised:
        assert all(TEXTS.has(f"refused-{key}", lang) for lang in LANGUAGES), key


@pytest.mark.parametrize("players", [2, 5])
def test_every_event_move_and_prompt_of_a_game_reads_in_both_languages(players):
    """Given seeded games at 2 and 5 players (each option set), when every event is read by each
    seat and a spectator, and every legal move and every seat's prompt is labelled, then each
    message has a template in both languages whose arguments it carries."""
    seen = set()
    for n, options in enumerate(OPTION_SETS):
        for state, events in playout(100 + players * 3 + n, NAMES[:players], options):
            for seat in [*state.seats, None]:
                for event in events:
                    shown = GAME.rules.event_view(event, seat)
                    data = {k: v for k, v in shown.items() if k != "type"}
                    message = messages.event_message({"type": type(event).__name__, "data": data},
                                                     state.players, seat)
                    assert message is not None, type(event).__name__
                    check_message(message, (type(event).__name__, seat))
                    seen.add(message.key)
                    line = render.event_line({"type": type(event).__name__, "data": data},
                                             state.players, state.players[seat] if seat is not None else None)
                    assert line == (None if message.internal else TEXTS.render(message))
                view = GAME.rules.view(state, seat)
                prompt = messages.prompt_message(view, seat)
                if prompt is not None:
                    check_message(prompt, ("prompt", seat))
                    seen.add(prompt.key)
                for move in view["legal_moves"]:
                    label = messages.move_message(move, state.players, seat)
                    check_message(label, move)
                    assert render.move_label(move) == TEXTS.render(label)
    # every variant of the log was read at least once over these games
    assert {"event-RecipeChosen-hidden", "event-RecipeChosen-secret", "event-RecipeChosen",
            "event-CardPlayed", "event-CardPlayed-free", "event-CardPlayed-full",
            "prompt-lead", "prompt-follow", "prompt-waiting", "prompt-choose",
            "prompt-choose-face-up", "prompt-over"} <= seen


def test_the_german_texts_are_german():
    """A spot check that the German catalogue is not the English one, in the German edition's
    terms."""
    assert TEXTS.card_name("bug-herb", "de") == "Käfer-Kräuter"
    assert TEXTS.card_name("empty-pot", "de") == "Sparrezept"
    assert TEXTS.card_name("boot", "de") == "Stinkstiefelrezept"
    assert TEXTS.text("colour-boot", language="de") == "Stiefel"
    assert TEXTS.text("refused-must-follow", {"colour": "bug", "cards": ["bug-3", "bug-herb"]}, "de") \
        == "Du musst Käfer bedienen: Du hast Käfer 3, Käfer-Kräuter."
    same = {k for k in TEXTS.keys("en") if TEXTS.template(k, "en") == TEXTS.template(k, "de")}
    assert same == {"game-title", "player-bot"}  # a name, and "Bot" is German too


@pytest.mark.parametrize("language, one, many", [
    ("en", "ann wins with 1 victory point.", "share the victory with 27 victory points."),
    ("de", "ann gewinnt mit 1 Siegpunkt.", "teilen sich den Sieg mit 27 Siegpunkten."),
])
def test_a_winner_with_one_victory_point_reads_in_the_singular(language, one, many):
    assert one in TEXTS.text("event-GameEnded", {"winners": "ann", "count": 1, "points": 1, "you": False}, language)
    assert many in TEXTS.text("event-GameEnded", {"winners": "ann, bob", "count": 2, "points": 27, "you": False},
                              language)


def _entries(language: str) -> dict[str, str]:
    """Each message of texts/<language>.ftl as written (value and attributes), by key."""
    source = (RULES_DIR.parent / "texts" / f"{language}.ftl").read_text()
    blocks = re.split(r"^(?=[a-z][a-z0-9_-]* =)", source, flags=re.M)
    return {b.split(" =", 1)[0]: b for b in blocks if re.match(r"[a-z][a-z0-9_-]* =", b)}


@pytest.mark.parametrize("language, card, recipe_words", [
    ("en", "Boot", "Stinky boot"), ("de", "Stiefel", "Stinkstiefel")])
def test_the_german_descriptions_boot_card_has_one_name_wherever_it_is_named(language, card, recipe_words):
    """Given the German description's card ("Zutatenkarte (Käfer, Gemüse, Früchte und Stiefel)";
    "Beim Stinkstiefelrezept erhält man einen Punkt für jeden Stiefel"), when an option, a rule or
    a card's text names it, then it is the card's own word (its colour and its name, "Boot 3"),
    and the recipe's word ("Stinky boot", "Stinkstiefel") names only the recipe."""
    assert TEXTS.text("colour-boot", language=language) == card
    assert TEXTS.card_name("boot-3", language) == f"{card} 3"
    recipe_keys = {"recipe-boot", "card-recipe-boot"}
    for key, text in _entries(language).items():
        if key not in recipe_keys:
            assert recipe_words not in text, (key, text)
    for key in recipe_keys:
        assert recipe_words in _entries(language)[key]


@pytest.mark.parametrize("language, header", [("en", "Foodie Forest - Deal 5 of 5\n"),
                                              ("de", "Foodie Forest - Runde 5 von 5\n")])
def test_given_the_game_over_when_the_terminal_screen_is_drawn_then_its_header_names_no_dealer(language, header):
    # the view names no Dealer once the game is over (no 6th deal is dealt): no "Dealer: None"
    *_, (state, _) = playout(5, NAMES[:4])
    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    console.print(render.screen(GAME.rules.view(state, 0), language=language))
    assert console.file.getvalue().startswith(header)

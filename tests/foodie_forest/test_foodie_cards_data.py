"""The card data file: both decks, the recipes, and the checks made when it is loaded."""
from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from services.foodie_forest.rules.cards import CardDataError, catalogue, parse_catalogue, table_for

NUMBERS = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 10]


def _deck(edition="en", missing="herb", scoring="de-description"):
    return table_for(edition, missing, scoring, False)


def test_the_deck_has_52_ingredient_cards_14_bug_14_vegetable_14_fruit_10_trash():
    deck = _deck()
    assert len(deck.deck) == 52
    colours = Counter(deck.cards[c].colour for c in deck.deck)
    assert colours == {"bug": 14, "vegetable": 14, "fruit": 14, "trash": 10}


def test_each_colour_has_the_listed_values_plus_three_herbs_and_trash_has_1_to_5_twice():
    deck = _deck()
    for colour in ("bug", "vegetable", "fruit"):
        cards = [deck.cards[c] for c in deck.deck if deck.cards[c].colour == colour]
        assert sorted(c.value for c in cards if c.kind == "number") == NUMBERS
        assert [c.id for c in cards if c.kind == "herb"] == [f"{colour}-herb"] * 3
    trash = [deck.cards[c].value for c in deck.deck if deck.cards[c].colour == "trash"]
    assert sorted(trash) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_the_chance_node_card_list_is_sorted():
    deck = _deck()
    assert list(deck.deck) == sorted(deck.deck)


def test_option_missing_cards_zero_makes_the_unlisted_cards_0_cards():
    deck = _deck(missing="zero")
    assert Counter(c for c in deck.deck if c.endswith("-0")) == {
        "bug-0": 3, "vegetable-0": 3, "fruit-0": 3}
    assert not [c for c in deck.deck if c.endswith("-herb")]
    assert deck.cards["bug-0"].resets and deck.cards["bug-0"].colour == "bug"


def test_both_editions_have_five_recipes_each_with_a_scoring():
    cat = catalogue()
    assert set(cat.editions) == {"en", "de-description"}
    for edition in cat.editions.values():
        assert len(edition.recipes) == 5
        for scoring in edition.scorings.values():
            assert set(scoring) == set(edition.recipes)


def _data_text() -> str:
    return resources.files("services.foodie_forest.rules").joinpath("cards.toml").read_text("utf-8")


def test_the_shipped_data_file_passes_its_checks():
    assert parse_catalogue(_data_text()).deals == 5


@pytest.mark.parametrize("old, new, message", [
    ("deck_size = 52\n# EN: \"If the first", "deck_size = 53\n# EN: \"If the first",
     "editions.en: the colours hold 52 cards, but deck_size is 53"),
    ('effect = "reset"', 'effect = "explode"', "effect: 'explode' is not one of add, reset"),
    ('trash = { base = 0, gain = ["trash"], lose = ["herb"] }',
     'trash = { base = 0, gain = ["trash"], lose = ["spice"] }', "unknown card class 'spice'"),
    ('boot = { base = 0, gain = ["boot"], lose = ["herb"] }', "",
     "scores recipes .* but the edition's recipes are"),
    ("format = 1", "format = 2", "format must be 1"),
    ('default_scoring = "de-description"\n# What', 'default_scoring = "nope"\n# What',
     "default_scoring: 'nope' is not one of the scorings"),
    ("5 = 10", "5 = 11", "5 players x 11 cards need more than the 52 cards"),
    ("[hand_size]", "[hand_size", "not valid TOML"),
    ('deal_ends = "player-to-act-has-no-card"', 'deal_ends = "never"', "deal_ends: 'never'"),
    ("unlisted = 3", "unlisted = 3\ncolor = 'x'", r"unknown key\(s\) color"),
])
def test_a_broken_data_file_is_refused_with_an_error_naming_the_entry(old, new, message):
    text = _data_text()
    assert old in text
    with pytest.raises(CardDataError, match=message):
        parse_catalogue(text.replace(old, new, 1))


def test_every_choice_in_the_data_file_cites_a_rulebook_sentence():
    # each CHOICE comment block quotes the rulebook (EN or DE) it fills in
    text = _data_text()
    blocks = text.split("\n\n")
    choices = [b for b in blocks if "CHOICE" in b]
    assert len(choices) >= 6
    for block in choices:
        assert "EN" in block or "DE" in block, block
        assert '"' in block or "\u201e" in block, block

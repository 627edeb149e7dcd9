"""Setting the Table, the chart, the options (Game Variations) and the data file."""
from __future__ import annotations

import pytest

from forestaurant_helpers import CAT, NAMES, RULES, clouds_total, ready, started
from services.forestaurant.rules.cards import CardDataError, parse
from services.forestaurant.rules.state import EVENTS
from shared.rules import InvalidSetup

CHART = {1: (9, 7, 8), 2: (7, 5, 6), 3: (6, 4, 5), 4: (6, 3, 5), 5: (6, 3, 5)}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_starting_hand_minimal_hand_and_storage_follow_the_chart(n):
    start, minimal, storage = CHART[n]
    assert (CAT.starting_hand[n], CAT.minimal_hand[n], CAT.storage_limit[n]) == (start, minimal, storage)
    state = ready(n)
    # the first player has drawn the card that marks the line
    assert [len(h) for h in state.hands] == [start + 1] + [start] * (n - 1)
    v = RULES.view(state, 0)
    assert v["minimal_hand"] == minimal and v["storage_limit"] == storage


def test_ten_clouds_on_the_mushrooms_and_two_on_stars():
    state = ready(3)
    assert (state.mushrooms, state.stars) == (10, 2)
    assert clouds_total(state) == 12


def test_early_bird_guest_sits_at_the_middle_table_as_a_guest_at_the_table():
    # "Draw an early bird guest card from the animal deck and place it on the middle table."
    state = ready(2, orders={"animals": ["bear-5"]})
    middle = state.tables[4]
    assert middle.guest == "bear-5" and middle.status == "seated" and not middle.bell
    assert middle.clouds == 0
    assert all(t.guest is None for i, t in enumerate(state.tables) if i != 4)


def test_four_decks_are_shuffled_one_at_a_time_before_the_deal():
    state = started(2)
    seen = []
    from forestaurant_helpers import apply
    while (node := RULES.chance(state)) is not None:
        seen.append((node.deck, node.k, len(node.cards)))
        state = apply(state, RULES.resolve_chance(state, list(node.cards)))
    assert seen == [("animals", 0, 96), ("menus", 0, 30), ("vegetables", 0, 20), ("meats", 0, 20)]
    assert state.phase == EVENTS and state.active == 0 and state.turn == 1


def test_the_drawn_card_marks_the_line_of_three_tables():
    # the first player draws after the early bird and the deal: put that card in place
    top = ["hare-1"] + [c for c in CAT.animal_deck if c.startswith(("deer", "boar"))][:14] + ["wolf-6"]
    state = ready(2, orders={"animals": top})
    assert state.hands[0].count("wolf-6") == 1
    assert state.line == (2, 5, 8) == CAT.lines[6]


def test_every_table_is_marked_by_some_card_value():
    assert {t for line in CAT.lines.values() for t in line} == set(range(9))
    assert sorted({a.value for a in CAT.animals.values()}) == sorted(CAT.lines)


@pytest.mark.parametrize("players,why", [([], "1 to 5"), (list(NAMES) + ["fay"], "1 to 5"),
                                         (["ann", "ann"], "different name")])
def test_bad_player_lists_are_refused(players, why):
    with pytest.raises(InvalidSetup, match=why):
        RULES.initial_state(players, {})


@pytest.mark.parametrize("options,why", [({"colour": 1}, "unknown option"),
                                         ({"difficulty": "insane"}, "difficulty"),
                                         ({"stars_covered": 4}, "stars_covered"),
                                         ({"satisfied_needed": 8}, "satisfied_needed"),
                                         ({"ignore_eating_clouds": "yes"}, "ignore_eating_clouds")])
def test_bad_options_are_refused(options, why):
    with pytest.raises(InvalidSetup, match=why):
        RULES.initial_state(["ann"], options)


@pytest.mark.parametrize("difficulty,stars", [("easy", 1), ("normal", 2), ("hard", 3)])
def test_difficulty_presets_cover_stars_at_the_start(difficulty, stars):
    state = ready(1, difficulty=difficulty)
    assert (state.stars, state.mushrooms) == (stars, 12 - stars)
    assert state.options.difficulty == difficulty
    # and a seat's view says how many clouds there are in all ("all the 12 clouds are on the mushrooms" wins)
    assert RULES.view(state, 0)["clouds"] == 12


def test_changed_settings_make_a_custom_difficulty():
    assert started(1, satisfied_needed=7).options.difficulty == "custom"
    assert started(1, difficulty="hard", stars_covered=2, satisfied_needed=5).options.difficulty == "normal"


def test_the_catalogue_has_the_rulebooks_components():
    assert len(CAT.animal_deck) == 96 and len(CAT.menu_deck) == 30
    assert sum(len(p) for p in CAT.piles.values()) == 40
    assert len(CAT.species) == 8 and "bear" in CAT.species
    # "Small games are prey for both small and large predators, while big games are only prey for
    # the large predators."
    assert CAT.relation("hare", "fox") == CAT.relation("hare", "wolf") == 1
    assert CAT.relation("deer", "bear") == 1 and CAT.relation("deer", "fox") == 0
    assert CAT.relation("fox", "wolf") == 0 and CAT.relation("bear", "bear") == -1


def test_a_broken_data_file_names_the_bad_entry():
    import tomllib
    from importlib import resources
    text = resources.files("services.forestaurant.rules").joinpath("cards.toml").read_text()
    data = tomllib.loads(text)
    data["menus"]["bear"] = [["fish", "fish"]] + data["menus"]["bear"][1:]
    with pytest.raises(CardDataError, match="bear"):
        parse(data)
    data = tomllib.loads(text)
    data["board"]["lines"]["6"] = [3, 4, 5]
    data["board"]["lines"]["1"] = [3, 4, 5]
    with pytest.raises(CardDataError, match="unhit"):
        parse(data)

"""The terminal client's screen for a known state, its event lines and its input parsing."""
from __future__ import annotations

import random
import re

from services.foodie_forest.rules import RULES
from apps.terminal.typed import parse_input
from services.foodie_forest.moves import MOVES
from apps.terminal.render import event_line, final_lines, placings, screen_text, to_text
from services.foodie_forest.render import hand_by_colour


def known_state():
    """4 players, a fixed shuffle, recipes chosen, bob led bug-3 and cid followed bug-4."""
    state = RULES.initial_state(["ann", "bob", "cid", "dan"], {})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    order = list(RULES.chance(state).cards)
    random.Random(2022).shuffle(order)
    for e in RULES.resolve_chance(state, order):
        state = RULES.evolve(state, e)
    for seat, recipe in enumerate(["bug", "fruit", "empty-pot", "trash"]):
        for e in RULES.decide(state, seat, {"type": "choose_recipe", "recipe": recipe}):
            state = RULES.evolve(state, e)
    for seat, card in ((1, "bug-3"), (2, "bug-4")):
        for e in RULES.decide(state, seat, {"type": "play", "card": card}):
            state = RULES.evolve(state, e)
    return state


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_the_screen_of_a_known_state_shows_the_table_as_dan_sees_it():
    state = known_state()
    view = RULES.view(state, 3)
    assert view["hand"] == list(state.hands[3])  # the client only ever gets this seat's view
    text = screen_text(view, log=["cid played Bug 4: the pot holds 7, follow Bug."], width=100)
    got = lines(text)
    assert got[0] == "Foodie Forest - Deal 1 of 5 - Dealer: ann"
    row: dict[str, list[str]] = {}
    for line in got:
        if line.startswith("│") and line.count("│") == 8:
            cells = [c.strip() for c in line.split("│")[1:-1]]
            if cells[1]:
                row[cells[1]] = last = cells
            else:  # a cell wrapped onto the next line
                last[:] = [f"{a} {b}".strip() for a, b in zip(last, cells)]
    taken = "0 cards in 0 tricks"
    assert row["ann"] == ["", "ann", "5", "Bug", "13", taken, "Empty pot, Vegetable, Fruit, Trash"]
    assert row["bob"] == ["", "bob", "5", "Fruit", "12", taken, "Empty pot, Bug, Vegetable, Trash"]
    assert row["cid"][2:5] == ["5", "Empty pot", "12"]
    assert row["dan (you)"] == [">", "dan (you)", "5", "Trash", "13", taken, "Empty pot, Bug, Vegetable, Fruit"]
    panel = [line.strip("│ ") for line in got]
    assert "bob: Bug 3, cid: Bug 4" in panel  # the pot, who played what
    assert "7 of 10, required colour: Bug" in panel
    # the hand, sorted by colour (the view's order), one line per colour
    assert ["Bug       herb 1 4 5 5 10", "Vegetable herb herb 3 5 10", "Fruit     2", "Trash     5"] == [
        line for line in panel if line.split(" ")[0] in ("Bug", "Vegetable", "Fruit", "Trash") and " " in line]
    assert "Your hand (13 cards)" in text
    assert "Your turn: play a card. The pot holds 7; follow Bug if you can." in got
    # only the legal moves: dan must follow bug
    moves = [l.strip("│ ") for l in got if ") Play " in l]
    assert moves == ["1) Play Bug herb", "2) Play Bug 1", "3) Play Bug 4", "4) Play Bug 5", "5) Play Bug 10"]
    assert "cid played Bug 4: the pot holds 7, follow Bug." in text


def test_the_players_table_says_how_many_cards_and_tricks_each_player_has_taken():
    # given dan's view of the known table, where ann has taken one trick of four cards and bob two
    from services.foodie_forest.render import players_table
    view = dict(RULES.view(known_state(), 3), cards_taken={"ann": 4, "bob": 8, "cid": 0, "dan": 0},
                tricks_taken={"ann": 1, "bob": 2, "cid": 0, "dan": 0})
    # when the players table is drawn, then its "taken" column names what it counts, in plurals
    english = to_text(players_table(view, "en"), width=140)
    for taken in ("4 cards in 1 trick ", "8 cards in 2 tricks", "0 cards in 0 tricks"):
        assert taken in english, (taken, english)
    german = to_text(players_table(view, "de"), width=140)
    for taken in ("4 Karten in 1 Stich ", "8 Karten in 2 Stichen", "0 Karten in 0 Stichen"):
        assert taken in german, (taken, german)


def test_another_seat_sees_whose_turn_it_is_and_no_moves():
    view = RULES.view(known_state(), 0)
    text = screen_text(view)
    assert "Waiting for dan to play a card." in text
    assert ") Play " not in text and "Your moves" not in text
    assert "ann (you)" in text


def test_the_choosing_phase_shows_who_has_chosen_but_not_what():
    state = RULES.initial_state(["ann", "bob"], {})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    for e in RULES.resolve_chance(state, sorted(RULES.chance(state).cards)):
        state = RULES.evolve(state, e)
    for e in RULES.decide(state, 1, {"type": "choose_recipe", "recipe": "fruit"}):
        state = RULES.evolve(state, e)
    text = screen_text(RULES.view(state, 0))
    assert "Your turn: choose a recipe for this deal, face down." in text
    assert "1) Choose the Empty pot recipe" in text
    bob = next(l for l in text.splitlines() if "│ bob" in l)
    assert "chosen" in bob and "Fruit" not in bob.split("│")[4]


def test_event_lines_name_players_and_say_you():
    players = ["ann", "bob"]
    assert event_line({"type": "CardPlayed", "data": {"seat": 1, "card": "bug-3", "total": 7,
                                                      "required_colour": "bug"}}, players, "ann", "foodie-forest") \
        == "bob played Bug 3: the pot holds 7, follow Bug."
    assert event_line({"type": "TrickTaken", "data": {"seat": 0, "cards": ["a", "b"], "total": 11}},
                      players, "ann", "foodie-forest") == "You take the trick: 2 cards."
    assert event_line({"type": "RecipeChosen", "data": {"seat": 1, "face_down": True}}, players, "ann",
                      "foodie-forest") \
        == "bob chose a recipe face down."
    assert event_line({"type": "DealScored", "data": {"deal": 1, "gains": [2, -1], "points": [7, 4]}},
                      players, "ann", "foodie-forest") == "Deal 1 is scored: you score 2 (now 7), bob scores -1 (now 4)."
    assert event_line({"type": "LastCardAnnounced", "data": {"seat": 0}}, players, "ann",
                      "foodie-forest") == "You announce your last card."
    assert event_line({"type": "ShuffleApplied", "data": {}}, players, "ann", "foodie-forest") is None


def test_the_tables_bots_are_named_as_the_table_names_them_on_the_screen_in_the_lines_and_placings():
    bots = ["bot-foodie-forest-d0ba-12", "bot-foodie-forest-d0ba-7"]
    players = ["ann", *bots]
    # given a table of ann and two house bots
    assert event_line({"type": "CardPlayed", "data": {"seat": 2, "card": "bug-3", "total": 7,
                                                      "required_colour": "bug"}}, players, "ann", "foodie-forest") \
        == "Bot 2 played Bug 3: the pot holds 7, follow Bug."
    assert event_line({"type": "GameCreated", "data": {"players": players}}, players, "ann") == "table: ann, Bot 1, and Bot 2"
    state = RULES.initial_state(players, {})
    for e in RULES.start(state):
        state = RULES.evolve(state, e)
    text = screen_text(RULES.view(state, 0), width=100)
    assert "Bot 1" in text and "Bot 2" in text and "bot-" not in text
    final = to_text(final_lines({"you": "ann", "players": players, "points": {"ann": 9, bots[0]: 12, bots[1]: 3}},
                                None, None, ranked=False))
    assert "1. Bot 1: 12 points" in final and "2. ann (you): 9 points" in final and "3. Bot 2: 3 points" in final


def test_placings_and_rating_change():
    view = {"you": "bob", "points": {"ann": 9, "bob": 12, "cid": 9}}
    assert placings(view) == [(1, "bob", 12), (2, "ann", 9), (2, "cid", 9)]
    text = to_text(final_lines(view, 1.5, 3.25))
    assert "1. bob (you): 12 points" in text and "2. ann: 9 points" in text
    assert "Your rating: 1.50 -> 3.25 (+1.75)" in text
    assert "unrated -> 0.40" in to_text(final_lines(view, None, 0.4))
    assert "A casual game: ratings do not change" in to_text(final_lines(view, None, None, ranked=False))


def test_hand_by_colour_and_input_parsing():
    assert hand_by_colour(["bug-herb", "bug-3", "fruit-10"]) == [("bug", ["herb", "3"]), ("fruit", ["10"])]
    legal = [{"type": "play", "card": "bug-3"}, {"type": "play", "card": "bug-5"}]
    assert parse_input("2", legal) == {"type": "play", "card": "bug-5"}
    assert parse_input("play fruit-10", legal, MOVES) == {"type": "play", "card": "fruit-10"}
    assert parse_input("trash-1", legal, MOVES) == {"type": "play", "card": "trash-1"}
    assert parse_input("recipe empty-pot", legal, MOVES) == {"type": "choose_recipe", "recipe": "empty-pot"}
    assert parse_input("9", legal) == "9 is not on the list: pick 1 to 2"
    assert "is not a move" in parse_input("what now?", legal, MOVES)


async def test_a_number_picks_from_the_list_the_player_was_shown_though_the_table_moved_on(tmp_path):
    # given dan's screen listing his moves, and a newer view (the table moved on while he typed)
    # whose list differs
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from apps.terminal.app import ScriptedInput, TerminalClient
    from shared.config import Settings

    state = known_state()
    shown = RULES.view(state, 3)
    legal = list(RULES.legal_moves(state, 3))
    newer = dict(shown, legal_moves=list(reversed(legal)))
    me = TerminalClient(Settings(data_dir=tmp_path, token_key="render-test-key-" + "r" * 32), "dan", "foodie-forest",
                        console=Console(file=io.StringIO(), width=100), input_source=ScriptedInput(["2"]))
    me.player = SimpleNamespace(view=newer)
    try:
        # when he types 2, then the move is the second he was shown, not the newer list's second
        assert await me._choose(shown, legal) == legal[1] != newer["legal_moves"][1]
    finally:
        await me.conn.close()


def test_a_table_drawn_in_german_has_german_headers_and_none_of_the_english_ones():
    # given dan's view of the known table
    view = RULES.view(known_state(), 3)
    # when the screen is drawn in German
    text = screen_text(view, log=["x"], game_id="g-1", width=120, language="de")
    # then the game's headers and labels are its German ones (the German description's terms)
    for german in ("Runde 1 von 5", "Geber: ann", "Mitspielende", "Gestochen", "Übrige Rezepte", "dan (du)",
                   "Deine Hand (13 Karten)", "geforderte Farbe: Käfer", "Käfer     Kräuter 1 4 5 5 10",
                   "Deine Züge", "0 Karten in 0 Stichen", "Partie g-1", "Am Tisch"):
        assert german in text, (german, text)
    # and none of the English ones
    for english in ("Deal", "Dealer", "Players", "recipes left", "taken", "(you)", "Your hand", "required colour",
                    "herb", "Your moves", "Table talk"):
        assert not re.search(rf"\b{re.escape(english)}", text), (english, text)

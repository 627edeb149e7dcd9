"""A bot at a table is named as players read it: "Bot 1", "Bot 2" ... in seat order, "Bot" when it
is the only one (shared.names.bots_at_table); the messages' args keep its name, an id."""
from __future__ import annotations

from shared import games
from shared.names import bots_at_table
from shared.runtime.narrate import Narrator

BOTS = ["bot-foodie-forest-d0ba-12", "bot-foodie-forest-d0ba-7", "bot-foodie-forest-d0ba-9"]


def created(players):
    return {"type": "GameCreated", "data": {"players": players}}


def test_the_bots_of_a_table_are_numbered_in_seat_order_and_a_lone_bot_is_plain_bot():
    assert bots_at_table(["ann", *BOTS]) == {BOTS[0]: 1, BOTS[1]: 2, BOTS[2]: 3}
    assert bots_at_table(["ann", BOTS[1]]) == {BOTS[1]: 0}
    assert bots_at_table(["ann", "robot-fan", "abbot"]) == {}


def test_a_tables_messages_name_its_bots_by_number_in_each_language_and_keep_their_ids_in_args():
    narrator = Narrator.of_game(games.get("foodie-forest"))
    players = ["ann", *BOTS]
    # given a table of ann and three house bots, when its creation is read
    english = narrator.event(created(players), players, 0, "en")
    german = narrator.event(created(players), players, 0, "de")
    # then the text names the bots as the table does, and the args still name them by id
    assert "ann, Bot 1, Bot 2, and Bot 3" in english.text and "ann, Bot 1, Bot 2 und Bot 3" in german.text
    assert "bot-" not in english.text
    assert english.args["players"] == players


def test_one_bot_id_at_two_tables_reads_as_each_table_numbers_it():
    narrator = Narrator.of_game(games.get("foodie-forest"))
    # given the same bot at a table with two bots, then at a table where it is the only one
    two = ["ann", BOTS[0], BOTS[1]]
    alone = ["ann", "bob", BOTS[1]]
    # then each table's text numbers it as that table does (the formatted texts are kept per table)
    assert "ann, Bot 1, and Bot 2" in narrator.event(created(two), two, 0, "en").text
    assert "ann, bob, and Bot was" in narrator.event(created(alone), alone, 0, "en").text

"""The log and prompts read in the rulebook's words, to the reader: "you" where an event is about
the reading seat, Yumminess for a troop's number, nine cards dealt to each player."""
from __future__ import annotations

from services.food_fight import messages
from services.food_fight.texts import TEXTS

PLAYERS = ["ann", "bob", "cy"]


def _read(kind: str, data: dict, seat: int | None, language: str) -> str:
    message = messages.event_message({"type": kind, "data": data}, PLAYERS, seat)
    return TEXTS.render(message, language)


SERVING = {"serving": 5, "troops": [["big-bad-bacon"], ["private-pancake"]], "dog_card": None, "priority": [1, 0]}


def test_given_a_serving_revealed_when_the_reader_acts_first_then_the_log_says_you():
    # "The player with the lowest Yumminess value on his current troop has the option to play an Instant"
    assert _read("ServingRevealed", SERVING, 1, "en").endswith("; you act first.")
    assert _read("ServingRevealed", SERVING, 1, "de").endswith("; du bist zuerst dran.")
    # and another seat, or a spectator, reads the player's name
    for seat in (0, None):
        assert _read("ServingRevealed", SERVING, seat, "en").endswith("; bob acts first.")
        assert _read("ServingRevealed", SERVING, seat, "de").endswith("; bob ist zuerst dran.")


def test_given_a_serving_scored_when_the_reader_takes_the_chip_then_the_log_says_you_and_yumminess():
    # "the player with the highest Yumminess receives a scoring chip"
    scored = {"serving": 5, "yumminess": {"ann": 3, "bob": 8}, "chips": ["bob"], "reason": ""}
    assert _read("ServingScored", scored, 1, "en") == "Serving 5: you take a scoring chip with Yumminess 8."
    assert _read("ServingScored", scored, 1, "de") == "Gang 5: Du bekommst einen Wertungschip mit Leckerheit 8."
    assert _read("ServingScored", scored, 0, "en") == "Serving 5: bob takes a scoring chip with Yumminess 8."
    assert _read("ServingScored", scored, None, "de") == "Gang 5: bob bekommt einen Wertungschip mit Leckerheit 8."
    # two native troops tied: each takes one, the reader among them
    tied = {"serving": 2, "yumminess": {"ann": 6, "bob": 6, "cy": 6}, "chips": ["ann", "cy"], "reason": ""}
    assert _read("ServingScored", tied, 2, "en") == "Serving 2: you and ann take a scoring chip with Yumminess 6."
    assert _read("ServingScored", tied, 2, "de") == "Gang 2: Du und ann bekommt einen Wertungschip mit Leckerheit 6."
    assert _read("ServingScored", tied, 1, "en") == "Serving 2: ann and cy take a scoring chip with Yumminess 6."


def test_given_the_dog_or_nobody_takes_the_chip_then_the_number_is_yumminess_too():
    dog = {"serving": 3, "yumminess": {"ann": 2, "the-dog": 7}, "chips": ["the-dog"], "reason": ""}
    assert _read("ServingScored", dog, 0, "en") == "Serving 3: The Dog takes the scoring chip with Yumminess 7."
    assert _read("ServingScored", dog, 0, "de") == "Gang 3: Der Hund bekommt den Wertungschip mit Leckerheit 7."
    none = {"serving": 1, "yumminess": {"ann": 4, "bob": 4}, "chips": [], "reason": ""}
    assert "(a tie at Yumminess 4 " in _read("ServingScored", none, 0, "en")
    assert "(Gleichstand bei Leckerheit 4 " in _read("ServingScored", none, 0, "de")


def test_given_the_deal_then_each_player_was_dealt_nine_cards():
    # "Deal nine cards to each player"
    assert _read("CardsDealt", {}, None, "en") == "Each player was dealt nine cards."
    hand = _read("CardsDealt", {"hand": ["big-bad-bacon"]}, 0, "en")
    assert hand == "Each player was dealt nine cards; you hold Big Bad Bacon."


def test_given_the_draft_when_it_is_your_pick_then_the_rest_of_the_packet_is_passed():
    # "choose one and only one card ... Then pass the remaining eight cards to the player on your left"
    view = {"players": PLAYERS, "to_act": ["ann"], "you": "ann", "phase": "draft", "draft": {"direction": "left"}}
    prompt = messages.prompt_message(view, 0)
    assert TEXTS.render(prompt, "en") == "Your turn: pick one card from your packet (the rest then goes to the left)."
    assert "der Rest geht nach links" in TEXTS.render(prompt, "de")


def test_given_the_plates_revealed_when_the_reader_plated_then_the_log_says_you_at_that_meal():
    # "All players reveal their chosen plates at the same time"
    plates = {"meals": ["breakfast", "dinner", "breakfast"], "army_sizes": [3, 4, 2], "mascots": [[], [], []]}
    assert _read("PlatesRevealed", plates, 0, "en") == \
        "The plates were revealed: Breakfast you and cy; Lunch nobody; Dinner bob."
    assert _read("PlatesRevealed", plates, 0, "de") == \
        "Die Teller wurden aufgedeckt: Frühstück du und cy; Mittagessen niemand; Abendessen bob."
    assert _read("PlatesRevealed", plates, 1, "en") == \
        "The plates were revealed: Breakfast ann, cy; Lunch nobody; Dinner you."
    assert _read("PlatesRevealed", plates, 1, "de") == \
        "Die Teller wurden aufgedeckt: Frühstück ann, cy; Mittagessen niemand; Abendessen du."
    # a spectator reads every name
    assert _read("PlatesRevealed", plates, None, "en") == \
        "The plates were revealed: Breakfast ann, cy; Lunch nobody; Dinner bob."


MEAL = {"meal": "lunch", "battlefields": ["greasy-spoon"], "fighters": [0, 2], "dog": False, "lone": False}


def test_given_a_meal_started_when_the_reader_fights_then_the_log_says_you_fight():
    # "If there are two or more players who revealed plates for a Meal, the fight is on!"
    en, de = _read("MealStarted", MEAL, 2, "en"), _read("MealStarted", MEAL, 2, "de")
    assert "Lunch began: you and ann fight for " in en and en.endswith(".")
    assert "Das Mittagessen hat begonnen: Du und ann kämpft um " in de
    # The Dog summoned by a Mascot joins the reader's fight
    dog = _read("MealStarted", {**MEAL, "dog": True}, 0, "en")
    assert "you and cy fight for " in dog and dog.endswith(", and The Dog joins you.")
    for seat in (1, None):
        assert "Lunch began: ann and cy fight for " in _read("MealStarted", MEAL, seat, "en")
        assert "hat begonnen: ann und cy kämpfen um " in _read("MealStarted", MEAL, seat, "de")
        assert _read("MealStarted", {**MEAL, "dog": True}, seat, "en").endswith(", and The Dog joins them.")


def test_given_a_meal_tied_when_the_reader_is_among_the_leaders_then_the_log_says_you_draw():
    # "if two or more players are tied for the most scoring chips, shuffle The Dog deck"
    tied = {"meal": "dinner", "seats": [0, 1], "chips": {"ann": 2, "bob": 2}}
    assert _read("MealTied", tied, 1, "en") == ("You and ann tie for the most scoring chips at Dinner: "
                                                "you draw from a freshly shuffled Dog deck.")
    assert _read("MealTied", tied, 1, "de") == ("Du und ann habt beim Abendessen gleich viele Wertungschips: "
                                                "Ihr zieht vom frisch gemischten Hundestapel.")
    for seat in (2, None):
        assert _read("MealTied", tied, seat, "en") == ("ann and bob tie for the most scoring chips at Dinner: "
                                                       "they draw from a freshly shuffled Dog deck.")
        assert _read("MealTied", tied, seat, "de") == ("ann und bob haben beim Abendessen gleich viele Wertungschips: "
                                                       "Sie ziehen vom frisch gemischten Hundestapel.")


def test_given_the_dog_deck_drawn_when_the_reader_drew_the_high_card_then_the_log_says_you_drew():
    # "Each player tied for the most scoring chips draws a card, and the high card wins"
    drawn = {"seats": [0, 1], "cards": ["the-dog-3", "the-dog-8"], "winner": 1}
    en, de = _read("DogDrawn", drawn, 1, "en"), _read("DogDrawn", drawn, 1, "de")
    assert en.startswith("The Dog deck decides: you drew the high card, ")
    assert de.startswith("Der Hundestapel entscheidet: Du hast die höhere Karte gezogen, ")
    for seat in (0, None):
        assert _read("DogDrawn", drawn, seat, "en").startswith("The Dog deck decides: bob drew the high card, ")
        assert _read("DogDrawn", drawn, seat, "de").startswith("Der Hundestapel entscheidet: bob hat die höhere ")


def test_given_the_game_ended_when_the_reader_won_then_the_log_and_prompt_say_you_win():
    # "When any player has 10 or more Victory Points, the game ends"; placings: 1 for the winners
    alone = {"vp": [10, 4, 3], "placings": [1, 2, 3], "reason": ""}
    assert _read("GameEnded", alone, 0, "en") == "The game is over: you win with 10 Victory Points."
    assert _read("GameEnded", alone, 0, "de") == "Das Spiel ist vorbei: Du gewinnst mit 10 Siegpunkten."
    assert _read("GameEnded", alone, 1, "en") == "The game is over: ann wins with 10 Victory Points."
    assert _read("GameEnded", alone, None, "de") == "Das Spiel ist vorbei: ann gewinnt mit 10 Siegpunkten."
    shared = {"vp": [10, 10, 3], "placings": [1, 1, 3], "reason": ""}
    assert _read("GameEnded", shared, 1, "en") == \
        "The game is over: you and ann share first place with 10 Victory Points."
    assert _read("GameEnded", shared, 1, "de") == \
        "Das Spiel ist vorbei: Du und ann teilt euch den ersten Platz mit 10 Siegpunkten."
    assert _read("GameEnded", shared, 2, "en") == \
        "The game is over: ann and bob share first place with 10 Victory Points."
    # the prompt at the end reads the same way
    view = {"players": PLAYERS, "finished": True, "placings": {"ann": 1, "bob": 2, "cy": 3},
            "vp": {"ann": 10, "bob": 4, "cy": 3}, "you": "ann"}
    assert TEXTS.render(messages.prompt_message(view, 0), "en") == "The game is over: you win."
    assert TEXTS.render(messages.prompt_message(view, 0), "de") == "Das Spiel ist vorbei: Du gewinnst."
    spectator = {**view, "you": None}
    assert TEXTS.render(messages.prompt_message(spectator, None), "en") == "The game is over: ann wins."


def test_given_a_table_played_to_3_vp_when_the_game_ended_then_the_end_names_the_target():
    # "Earn 10 Victory Points": a table set to 3 (vp_to_win) ends at 3; its end says so, or "wins
    # with 3 Victory Points" reads as a rule error
    to_three = {"vp": [3, 0, 1], "placings": [1, 3, 2], "reason": "", "vp_to_win": 3}
    assert _read("GameEnded", to_three, 1, "en") == "The game is over: ann wins with 3 Victory Points (3 to win)."
    assert _read("GameEnded", to_three, 0, "de") == "Das Spiel ist vorbei: Du gewinnst mit 3 Siegpunkten (3 zum Sieg)."
    # "If the Battlefield deck runs out, the most VP win" (rules-scoring): short of the target
    short = {"vp": [8, 4, 3], "placings": [1, 2, 3], "reason": "", "vp_to_win": 10}
    assert _read("GameEnded", short, 1, "en") == \
        "The game is over: ann wins with 8 Victory Points (nobody reached 10 before the Battlefield deck ran out)."
    assert _read("GameEnded", short, 1, "de") == \
        "Das Spiel ist vorbei: ann gewinnt mit 8 Siegpunkten (niemand hat 10 erreicht, bevor der Schlachtfeldstapel leer war)."


def test_given_three_fighters_when_one_of_them_reads_the_meal_then_the_others_follow_you_as_a_list():
    # ("you and bob, cy fight" read as two sides; the list ends as every English list of three
    # does, "ann, bob, and cy", the browser's Intl.ListFormat's)
    three = dict(MEAL, fighters=[0, 1, 2])
    assert "Lunch began: you, bob, and cy fight for " in _read("MealStarted", three, 0, "en")
    assert "Du, bob und cy kämpft um " in _read("MealStarted", three, 0, "de")

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
    assert _read("ServingScored", tied, 2, "de") == "Gang 2: Du und ann bekommen einen Wertungschip mit Leckerheit 6."
    assert _read("ServingScored", tied, 1, "en") == "Serving 2: ann, cy take a scoring chip with Yumminess 6."


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
    assert TEXTS.render(prompt, "en") == "Your turn: pick one card of your packet (the rest then goes to the left)."
    assert "der Rest geht nach links" in TEXTS.render(prompt, "de")

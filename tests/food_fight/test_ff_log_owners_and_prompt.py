"""The log names whose troop each Serving revealed, and the Instant round's prompt offers only what
the seat can do (its legal moves): a reviewer read "Serving 5: Club Sandwich Colonel was
revealed" with no owner, and "play an Instant, discard to a troop, or pass" when only Pass was
possible."""
from __future__ import annotations

from services.food_fight import messages
from services.food_fight.texts import TEXTS

PLAYERS = ["ann", "bob", "cy"]


def _read(kind: str, data: dict, seat: int | None, language: str) -> str:
    return TEXTS.render(messages.event_message({"type": kind, "data": data}, PLAYERS, seat), language)


# "each player at the Breakfast battle reveals the top card of his or her Army" (cy does not fight)
TWO = {"serving": 5, "troops": [["club-sandwich-colonel"], ["mean-burrito"], []], "dog_card": None,
       "priority": [1, 0]}
# "When your Army is the only Army at a Meal, The Dog shows up": ann alone, against The Dog
LONE = {"serving": 5, "troops": [["club-sandwich-colonel"], [], []], "dog_card": "begging-dog", "priority": [0]}


def test_given_two_fighters_revealed_when_a_spectator_reads_the_log_then_each_troop_has_its_owner():
    assert _read("ServingRevealed", TWO, None, "en") == \
        "Serving 5: ann's Club Sandwich Colonel and bob's Mean Burrito were revealed; bob acts first."
    assert _read("ServingRevealed", TWO, None, "de") == \
        "Gang 5: Oberst Clubsandwich von ann und Fieser Burrito von bob wurden aufgedeckt; bob ist zuerst dran."
    # a seat that does not fight at this Meal reads the same
    assert _read("ServingRevealed", TWO, 2, "en") == _read("ServingRevealed", TWO, None, "en")


def test_given_two_fighters_revealed_when_one_of_them_reads_the_log_then_their_own_troop_is_yours():
    assert _read("ServingRevealed", TWO, 1, "en") == \
        "Serving 5: your Mean Burrito and ann's Club Sandwich Colonel were revealed; you act first."
    assert _read("ServingRevealed", TWO, 1, "de") == \
        "Gang 5: Fieser Burrito von dir und Oberst Clubsandwich von ann wurden aufgedeckt; du bist zuerst dran."


def test_given_a_lone_army_against_the_dog_when_the_log_reads_the_serving_then_it_names_the_owner():
    assert _read("ServingRevealed", LONE, 0, "en") == \
        "Serving 5: your Club Sandwich Colonel was revealed, The Dog plays Begging Dog; you act first."
    assert _read("ServingRevealed", LONE, 0, "de") == \
        "Gang 5: Oberst Clubsandwich von dir wurde aufgedeckt, der Hund spielt Bettelnder Hund; du bist zuerst dran."
    assert _read("ServingRevealed", LONE, 1, "en") == \
        "Serving 5: ann's Club Sandwich Colonel was revealed, The Dog plays Begging Dog; ann acts first."


def test_given_six_fighters_and_a_joined_troop_when_a_spectator_reads_then_every_owner_is_named():
    # "If a troop 'joins' another troop ... treat it like you flipped two troops that Serving"
    six = ["p0", "p1", "p2", "p3", "p4", "p5"]
    troops = [["locked-and-loaded-spud", "sergeant-spaghetti"], ["mean-burrito"], ["mean-burrito"],
              ["mean-burrito"], ["mean-burrito"], ["club-sandwich-colonel"]]
    event = {"type": "ServingRevealed",
             "data": {"serving": 1, "troops": troops, "dog_card": None, "priority": [0, 1, 2, 3, 4, 5]}}
    en = TEXTS.render(messages.event_message(event, six, None), "en")
    assert en.startswith("Serving 1: p0's Locked and Loaded Spud, Sergeant Spaghetti, p1's Mean Burrito, ")
    assert "p4's Mean Burrito and p5's Club Sandwich Colonel were revealed; p0 acts first." in en
    de = TEXTS.render(messages.event_message(event, six, 3), "de")
    assert de.startswith("Gang 1: Fieser Burrito von dir, Geladene Kartoffel, Unteroffizier Spaghetti von p0, ")
    assert de.endswith("und Oberst Clubsandwich von p5 wurden aufgedeckt; p0 ist zuerst dran.")


def _instant_round(moves: list[dict]) -> dict:
    return {"players": PLAYERS, "to_act": ["ann"], "you": "ann", "phase": "fight", "meal": {"serving": 3},
            "legal_moves": moves}


PASS = {"type": "pass"}
AUTO = {"type": "auto_pass", "on": True}
INSTANT = {"type": "instant", "card": "medic-mustard", "target": "club-sandwich-colonel"}
DISCARD = {"type": "discard", "troop": "mean-burrito", "cards": ["mean-burrito"]}


def _prompt(moves: list[dict], language: str) -> str:
    return TEXTS.render(messages.prompt_message(_instant_round(moves), 0), language)


def test_given_only_pass_is_legal_when_the_instant_round_prompts_then_it_offers_only_pass():
    # "The player with the lowest Yumminess ... has the option to play an Instant ... or pass"
    assert _prompt([PASS, AUTO], "en") == "Your turn in the Instant round of Serving 3: you can only pass."
    assert _prompt([PASS, AUTO], "de") == "Du bist dran in der Sofortrunde von Gang 3: Du kannst nur passen."


def test_given_an_instant_but_no_discard_when_the_instant_round_prompts_then_it_offers_those():
    assert _prompt([INSTANT, PASS], "en") == "Your turn in the Instant round of Serving 3: play an Instant or pass."
    assert _prompt([INSTANT, PASS], "de") == \
        "Du bist dran in der Sofortrunde von Gang 3: Spiele eine Sofortkarte oder passe."


def test_given_a_discard_but_no_instant_when_the_instant_round_prompts_then_it_offers_those():
    # "You can use powers like this whenever you can play an Instant"
    assert _prompt([DISCARD, PASS], "en") == "Your turn in the Instant round of Serving 3: discard to a troop or pass."
    assert _prompt([DISCARD, PASS], "de") == \
        "Du bist dran in der Sofortrunde von Gang 3: Wirf für eine Truppe ab oder passe."


def test_given_everything_is_legal_when_the_instant_round_prompts_then_it_offers_all_three():
    assert _prompt([INSTANT, DISCARD, PASS], "en") == \
        "Your turn in the Instant round of Serving 3: play an Instant, discard to a troop, or pass."
    assert _prompt([INSTANT, DISCARD, PASS], "de") == \
        "Du bist dran in der Sofortrunde von Gang 3: Spiele eine Sofortkarte, wirf für eine Truppe ab oder passe."

"""Texts that state a rule of the rulebook (/work/shared/rulebooks/foodtown-throwdown.txt), in
English and German, as a player reads them."""
from __future__ import annotations

import pytest

from ftt_helpers import RULES, draw, ready, with_state
from services.foodtown_throwdown import GAME, messages

TEXTS = GAME.texts


@pytest.mark.parametrize("language, rule, wrong", [("en", "discard two cards to draw one", "trade"),
                                                   ("de", "zwei Karten abwerfen und eine ziehen", "tauschen")])
def test_given_your_main_phase_when_the_prompt_reads_then_it_says_discard_two_cards_to_draw_one(
        language, rule, wrong):
    # "Discard any two cards to draw one new card." (Playing The Game): a discard, not a trade
    text = TEXTS.render(messages.prompt_message(_main_view(BEANS), 0), language)
    assert rule in text and wrong not in text, text


# a hand that completes no recipe and holds no territory, publicity or action card
BEANS = ("black-beans", "pinto-beans", "refried-beans", "black-beans", "pinto-beans")


def _main_view(hand, **changes):
    """ann's view in her main phase (drawn), holding `hand`; Sloppy Joe on display."""
    state, _ = draw(ready(recipes=("sloppy-joe",)))
    return RULES.view(with_state(state, hands=(tuple(hand),) + state.hands[1:], **changes), 0)


@pytest.mark.parametrize("hand, changes, english, german", [
    (BEANS, {}, "Your turn: discard two cards to draw one or pass.",
     "Du bist am Zug: zwei Karten abwerfen und eine ziehen oder passen."),
    (("sourdough-loaf", "pulled-pork", "stadium", "viral-video", "flat-tire"), {},
     "Your turn: complete a recipe, play a territory or publicity card, play an action card (one per turn), "
     "discard two cards to draw one, or pass.",
     "Du bist am Zug: ein Rezept fertigstellen, eine Gebiets- oder Werbekarte ausspielen, eine Aktionskarte spielen "
     "(eine pro Zug), zwei Karten abwerfen und eine ziehen oder passen."),
    (("stadium", "flat-tire"), {"action_used": True}, "Your turn: play a territory, discard two cards to draw one, or pass.",
     "Du bist am Zug: ein Gebiet ausspielen, zwei Karten abwerfen und eine ziehen oder passen."),
    (("viral-video",), {}, "Your turn: play a publicity card or pass.", "Du bist am Zug: eine Werbekarte ausspielen oder passen."),
    (("sourdough-loaf", "pulled-pork"), {"blocked": (True, False, False)},
     "Your turn: discard two cards to draw one or pass.", "Du bist am Zug: zwei Karten abwerfen und eine ziehen oder passen."),
    (("black-beans",), {}, "Your turn: you can only pass.", "Du bist am Zug: Du kannst nur passen."),
])
def test_given_your_main_phase_when_the_prompt_reads_then_it_names_only_the_moves_you_can_make(
        hand, changes, english, german):
    # "During your turn you may make any number of the following moves: Play an action card ...
    # (limit one action card per turn) / Complete a recipe / Play a territory or publicity card /
    # Discard any two cards to draw one new card / Pass": the prompt offers what the seat's legal
    # moves allow now (no recipe it cannot complete, no card it does not hold, no second action card)
    message = messages.prompt_message(_main_view(hand, **changes), 0)
    assert (TEXTS.render(message, "en"), TEXTS.render(message, "de")) == (english, german)


@pytest.mark.parametrize("language, vague", [("en", "a player"), ("de", "jemand")])
def test_given_a_game_won_by_stars_when_the_reason_reads_then_it_does_not_say_someone(language, vague):
    # "The first player to have ten stars at the end of their turn ... is the winner!": the
    # reason after "X won" speaks of that winner, not of an unnamed player
    text = TEXTS.text("reason-stars", {}, language)
    assert vague not in text.lower(), text


def _publicity() -> list[str]:
    return [c for c, card in GAME.catalogue()["cards"].items() if card["kind"] == "publicity"]


@pytest.mark.parametrize("seat, german", [(0, "Du spielst Gruß im Radio aus, gleich nach dem Ziehen."),
                                          (1, "ann spielt Gruß im Radio aus, gleich nach dem Ziehen.")])
def test_given_publicity_played_as_soon_as_drawn_when_the_german_log_says_so_then_no_pronoun_must_agree_with_its_name(
        seat, german):
    # "Publicity cards each award one star and may be played as soon as they are drawn or held for
    # later turns.": their names are masculine (Gruß im Radio), neuter (Virales Video) or feminine,
    # so the German line says "gleich nach dem Ziehen", not "nachdem du sie gezogen hast"
    assert "radio-shout-out" in _publicity()
    event = {"type": "CardPlayed", "data": {"seat": 0, "card": "radio-shout-out", "at_once": True}}
    assert TEXTS.render(messages.event_message(event, ["ann", "bob"], seat), "de") == german
    for card in _publicity():
        text = TEXTS.text(f"card-{card}", language="de", attribute="text")
        assert "gleich nach dem Ziehen" in text and " sie " not in text, (card, text)
